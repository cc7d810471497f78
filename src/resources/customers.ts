import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { Customer, CustomerCreateParams, CustomerUpdateParams } from '../models/customer.js';
import type { DeletedObject, ListParams } from '../models/shared.js';
import { APIResource, loadOperations } from './resource.js';
import type { customersOperations } from '../operations/customers.js';

const operations = () => loadOperations().then((m) => m.customersOperations);

/** Customers saved on your account (`cus_`), to reuse in documents. Reach it as `client.customers`. */
export class CustomersResource extends APIResource<typeof customersOperations> {
  protected readonly _operations = operations;

  /**
   * Saves a customer.
   *
   * ```ts
   * const customer = await client.customers.create({ documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: CustomerCreateParams, options?: RequestOptions): APIPromise<Customer> {
    return this._do('create', { body }, options);
  }

  /**
   * Fetches one customer by its `cus_` id.
   *
   * ```ts
   * const customer = await client.customers.retrieve('cus_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Customer> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Changes the given fields of a customer; the others stay as they are.
   *
   * ```ts
   * await client.customers.update('cus_8KqL1s', { email: 'pagos@acme.pe' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  update(id: string, body: CustomerUpdateParams, options?: RequestOptions): APIPromise<Customer> {
    return this._do('update', { params: { id }, body }, options);
  }

  /**
   * Lists customers newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const customer of client.customers.list()) console.log(customer.name);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<Customer> {
    return this._page('list', params, options);
  }

  /**
   * Deletes a customer. Documents already issued to it keep their copy of its data.
   *
   * ```ts
   * await client.customers.delete('cus_8KqL1s'); // { id: 'cus_8KqL1s', object: 'customer', deleted: true }
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._do('delete', { params: { id } }, options);
  }
}
