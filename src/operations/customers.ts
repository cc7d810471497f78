/**
 * The operations of `client.customers`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { Customer, CustomerCreateParams, CustomerUpdateParams } from '../models/customer.js';
import { DeletedObject, ListParams } from '../models/shared.js';

/** The operations of `client.customers`, by method name. */
export const customersOperations = {
  create: { name: 'customers.create', method: 'POST', path: '/v1/customers', body: CustomerCreateParams, responses: { 201: Customer } },
  retrieve: { name: 'customers.retrieve', method: 'GET', path: '/v1/customers/{id}', responses: { 200: Customer } },
  update: { name: 'customers.update', method: 'PATCH', path: '/v1/customers/{id}', body: CustomerUpdateParams, responses: { 200: Customer } },
  list: { name: 'customers.list', method: 'GET', path: '/v1/customers', query: ListParams, list: Customer },
  delete: { name: 'customers.delete', method: 'DELETE', path: '/v1/customers/{id}', responses: { 200: DeletedObject } },
} as const satisfies Record<string, Operation>;
