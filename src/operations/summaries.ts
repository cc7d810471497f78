/**
 * The operations of `client.summaries`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { Summary, SummaryListParams } from '../models/summary.js';

/** The operations of `client.summaries`, by method name. */
export const summariesOperations = {
  retrieve: { name: 'summaries.retrieve', method: 'GET', path: '/v1/summaries/{id}', responses: { 200: Summary } },
  list: { name: 'summaries.list', method: 'GET', path: '/v1/summaries', query: SummaryListParams, list: Summary },
  xml: { name: 'summaries.xml', method: 'GET', path: '/v1/summaries/{id}/xml', file: 'application/xml' },
  cdr: { name: 'summaries.cdr', method: 'GET', path: '/v1/summaries/{id}/cdr', file: 'application/xml' },
} as const satisfies Record<string, Operation>;
