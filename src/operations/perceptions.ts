/**
 * The operations of `client.perceptions`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { DocumentVoidParams } from '../models/document.js';
import { PerceptionCreateParams, PerceptionListItem, PerceptionListParams, PerceptionReceipt } from '../models/perception.js';

/** The operations of `client.perceptions`, by method name. */
export const perceptionsOperations = {
  create: {
    name: 'perceptions.create',
    method: 'POST',
    path: '/v1/perceptions',
    body: PerceptionCreateParams,
    responses: { 201: PerceptionReceipt, 202: PerceptionReceipt },
  },
  retrieve: { name: 'perceptions.retrieve', method: 'GET', path: '/v1/perceptions/{id}', responses: { 200: PerceptionReceipt } },
  list: { name: 'perceptions.list', method: 'GET', path: '/v1/perceptions', query: PerceptionListParams, list: PerceptionListItem },
  xml: { name: 'perceptions.xml', method: 'GET', path: '/v1/perceptions/{id}/xml', file: 'application/xml' },
  pdf: { name: 'perceptions.pdf', method: 'GET', path: '/v1/perceptions/{id}/pdf', file: 'application/pdf' },
  cdr: { name: 'perceptions.cdr', method: 'GET', path: '/v1/perceptions/{id}/cdr', file: 'application/xml' },
  void: { name: 'perceptions.void', method: 'POST', path: '/v1/perceptions/{id}/void', body: DocumentVoidParams, responses: { 200: PerceptionReceipt } },
} as const satisfies Record<string, Operation>;
