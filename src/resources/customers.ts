import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { path } from '../internal/path.js';
import { validate } from '../internal/validate.js';
import { CustomerCreateParams, type CustomerRecord, CustomerUpdateParams } from '../models/customer.js';
import { type DeletedObject, ListParams } from '../models/shared.js';
import { APIResource } from './resource.js';

/** Customers saved on your account (`cus_`), to reuse in documents. Reach it as `client.customers`. */
export class Customers extends APIResource {
  /**
   * Saves a customer.
   *
   * ```ts
   * const customer = await client.customers.create({ documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: CustomerCreateParams, options?: RequestOptions): APIPromise<CustomerRecord> {
    return this._call(() => this._post('/v1/customers', validate(CustomerCreateParams, body, 'customers.create body'), options));
  }

  /**
   * Fetches one customer by its `cus_` id.
   *
   * ```ts
   * const customer = await client.customers.retrieve('cus_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<CustomerRecord> {
    return this._call(() => this._get(path`/v1/customers/${id}`, options));
  }

  /**
   * Changes the given fields of a customer; the others stay as they are.
   *
   * ```ts
   * await client.customers.update('cus_8KqL1s', { email: 'pagos@acme.pe' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  update(id: string, body: CustomerUpdateParams, options?: RequestOptions): APIPromise<CustomerRecord> {
    return this._call(() => this._patch(path`/v1/customers/${id}`, validate(CustomerUpdateParams, body, 'customers.update body'), options));
  }

  /**
   * Lists customers newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const customer of client.customers.list()) console.log(customer.name);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<CustomerRecord> {
    return this._list(() => this._client.getList('/v1/customers', validate(ListParams, params, 'customers.list params'), options));
  }

  /**
   * Deletes a customer. Documents already issued to it keep their copy of its data.
   *
   * ```ts
   * await client.customers.delete('cus_8KqL1s'); // { id: 'cus_8KqL1s', object: 'customer', deleted: true }
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._call(() => this._delete(path`/v1/customers/${id}`, options));
  }
}
