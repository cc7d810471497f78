import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { Customer, CustomerCreateParams, CustomerUpdateParams } from '../models/customer.js';
import { DeletedObject, ListParams } from '../models/shared.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.customers`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const customersOperations = {
  create: { name: 'customers.create', method: 'POST', path: '/v1/customers', body: CustomerCreateParams, responses: { 201: Customer } },
  retrieve: { name: 'customers.retrieve', method: 'GET', path: '/v1/customers/{id}', responses: { 200: Customer } },
  update: { name: 'customers.update', method: 'PATCH', path: '/v1/customers/{id}', body: CustomerUpdateParams, responses: { 200: Customer } },
  list: { name: 'customers.list', method: 'GET', path: '/v1/customers', query: ListParams, list: Customer },
  delete: { name: 'customers.delete', method: 'DELETE', path: '/v1/customers/{id}', responses: { 200: DeletedObject } },
} as const satisfies Record<string, Operation>;

/** Customers saved on your account (`cus_`), to reuse in documents. Reach it as `client.customers`. */
export class CustomersResource extends APIResource {
  /**
   * Saves a customer.
   *
   * ```ts
   * const customer = await client.customers.create({ documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: CustomerCreateParams, options?: RequestOptions): APIPromise<Customer> {
    return this._do(customersOperations.create, { body }, options);
  }

  /**
   * Fetches one customer by its `cus_` id.
   *
   * ```ts
   * const customer = await client.customers.retrieve('cus_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Customer> {
    return this._do(customersOperations.retrieve, { params: { id } }, options);
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
    return this._do(customersOperations.update, { params: { id }, body }, options);
  }

  /**
   * Lists customers newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const customer of client.customers.list()) console.log(customer.name);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<Customer> {
    return this._page(customersOperations.list, params, options);
  }

  /**
   * Deletes a customer. Documents already issued to it keep their copy of its data.
   *
   * ```ts
   * await client.customers.delete('cus_8KqL1s'); // { id: 'cus_8KqL1s', object: 'customer', deleted: true }
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._do(customersOperations.delete, { params: { id } }, options);
  }
}
