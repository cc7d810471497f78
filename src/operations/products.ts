/**
 * The operations of `client.products`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { Product, ProductCreateParams, ProductUpdateParams } from '../models/product.js';
import { DeletedObject, ListParams } from '../models/shared.js';

/** The operations of `client.products`, by method name. */
export const productsOperations = {
  create: { name: 'products.create', method: 'POST', path: '/v1/products', body: ProductCreateParams, responses: { 201: Product } },
  retrieve: { name: 'products.retrieve', method: 'GET', path: '/v1/products/{id}', responses: { 200: Product } },
  update: { name: 'products.update', method: 'PATCH', path: '/v1/products/{id}', body: ProductUpdateParams, responses: { 200: Product } },
  list: { name: 'products.list', method: 'GET', path: '/v1/products', query: ListParams, list: Product },
  delete: { name: 'products.delete', method: 'DELETE', path: '/v1/products/{id}', responses: { 200: DeletedObject } },
} as const satisfies Record<string, Operation>;
