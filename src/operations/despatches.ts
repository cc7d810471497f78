/**
 * The operations of `client.despatches`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { Despatch, DespatchCreateParams, DespatchListItem, DespatchListParams } from '../models/despatch.js';

/** The operations of `client.despatches`, by method name. */
export const despatchesOperations = {
  create: { name: 'despatches.create', method: 'POST', path: '/v1/despatches', body: DespatchCreateParams, responses: { 202: Despatch } },
  retrieve: { name: 'despatches.retrieve', method: 'GET', path: '/v1/despatches/{id}', responses: { 200: Despatch } },
  list: { name: 'despatches.list', method: 'GET', path: '/v1/despatches', query: DespatchListParams, list: DespatchListItem },
  xml: { name: 'despatches.xml', method: 'GET', path: '/v1/despatches/{id}/xml', file: 'application/xml' },
  pdf: { name: 'despatches.pdf', method: 'GET', path: '/v1/despatches/{id}/pdf', file: 'application/pdf' },
  cdr: { name: 'despatches.cdr', method: 'GET', path: '/v1/despatches/{id}/cdr', file: 'application/xml' },
} as const satisfies Record<string, Operation>;
