import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { Product, ProductCreateParams, ProductUpdateParams } from '../models/product.js';
import type { DeletedObject, ListParams } from '../models/shared.js';
import { APIResource, loadOperations } from './resource.js';
import type { productsOperations } from '../operations/products.js';

const operations = () => loadOperations().then((m) => m.productsOperations);

/** Products and services saved on your account (`prod_`), to reuse in document lines. Reach it as `client.products`. */
export class ProductsResource extends APIResource<typeof productsOperations> {
  protected readonly _operations = operations;

  /**
   * Saves a product or service; `unitCode`, `igvAffectation` and `currency` get their defaults.
   *
   * ```ts
   * const product = await client.products.create({ code: 'SRV-01', description: 'Consultoría', unitPrice: 100, unitCode: 'ZZ' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: ProductCreateParams, options?: RequestOptions): APIPromise<Product> {
    return this._do('create', { body }, options);
  }

  /**
   * Fetches one product by its `prod_` id.
   *
   * ```ts
   * const product = await client.products.retrieve('prod_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Product> {
    return this._do('retrieve', { params: { id } }, options);
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
    return this._do('update', { params: { id }, body }, options);
  }

  /**
   * Lists products newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const product of client.products.list({ limit: 100 })) console.log(product.code, product.unitPrice);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<Product> {
    return this._page('list', params, options);
  }

  /**
   * Deletes a product. Documents already issued keep their lines.
   *
   * ```ts
   * await client.products.delete('prod_8KqL1s');
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._do('delete', { params: { id } }, options);
  }
}
