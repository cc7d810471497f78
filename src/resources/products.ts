import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { Product, ProductCreateParams, ProductUpdateParams } from '../models/product.js';
import { DeletedObject, ListParams } from '../models/shared.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.products`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const productsOperations = {
  create: { name: 'products.create', method: 'POST', path: '/v1/products', body: ProductCreateParams, responses: { 201: Product } },
  retrieve: { name: 'products.retrieve', method: 'GET', path: '/v1/products/{id}', responses: { 200: Product } },
  update: { name: 'products.update', method: 'PATCH', path: '/v1/products/{id}', body: ProductUpdateParams, responses: { 200: Product } },
  list: { name: 'products.list', method: 'GET', path: '/v1/products', query: ListParams, list: Product },
  delete: { name: 'products.delete', method: 'DELETE', path: '/v1/products/{id}', responses: { 200: DeletedObject } },
} as const satisfies Record<string, Operation>;

/** Products and services saved on your account (`prod_`), to reuse in document lines. Reach it as `client.products`. */
export class ProductsResource extends APIResource {
  /**
   * Saves a product or service; `unitCode`, `igvAffectation` and `currency` get their defaults.
   *
   * ```ts
   * const product = await client.products.create({ code: 'SRV-01', description: 'Consultoría', unitPrice: 100, unitCode: 'ZZ' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: ProductCreateParams, options?: RequestOptions): APIPromise<Product> {
    return this._do(productsOperations.create, { body }, options);
  }

  /**
   * Fetches one product by its `prod_` id.
   *
   * ```ts
   * const product = await client.products.retrieve('prod_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Product> {
    return this._do(productsOperations.retrieve, { params: { id } }, options);
  }

  /**
   * Changes the given fields of a product; the others stay as they are.
   *
   * ```ts
   * await client.products.update('prod_8KqL1s', { unitPrice: 120 });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  update(id: string, body: ProductUpdateParams, options?: RequestOptions): APIPromise<Product> {
    return this._do(productsOperations.update, { params: { id }, body }, options);
  }

  /**
   * Lists products newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const product of client.products.list({ limit: 100 })) console.log(product.code, product.unitPrice);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<Product> {
    return this._page(productsOperations.list, params, options);
  }

  /**
   * Deletes a product. Documents already issued keep their lines.
   *
   * ```ts
   * await client.products.delete('prod_8KqL1s');
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._do(productsOperations.delete, { params: { id } }, options);
  }
}
