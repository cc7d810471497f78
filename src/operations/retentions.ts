/**
 * The operations of `client.retentions`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { DocumentVoidParams } from '../models/document.js';
import { RetentionCreateParams, RetentionListItem, RetentionListParams, RetentionReceipt } from '../models/retention.js';

/** The operations of `client.retentions`, by method name. */
export const retentionsOperations = {
  create: { name: 'retentions.create', method: 'POST', path: '/v1/retentions', body: RetentionCreateParams, responses: { 201: RetentionReceipt, 202: RetentionReceipt } },
  retrieve: { name: 'retentions.retrieve', method: 'GET', path: '/v1/retentions/{id}', responses: { 200: RetentionReceipt } },
  list: { name: 'retentions.list', method: 'GET', path: '/v1/retentions', query: RetentionListParams, list: RetentionListItem },
  xml: { name: 'retentions.xml', method: 'GET', path: '/v1/retentions/{id}/xml', file: 'application/xml' },
  pdf: { name: 'retentions.pdf', method: 'GET', path: '/v1/retentions/{id}/pdf', file: 'application/pdf' },
  cdr: { name: 'retentions.cdr', method: 'GET', path: '/v1/retentions/{id}/cdr', file: 'application/xml' },
  void: { name: 'retentions.void', method: 'POST', path: '/v1/retentions/{id}/void', body: DocumentVoidParams, responses: { 200: RetentionReceipt } },
} as const satisfies Record<string, Operation>;
