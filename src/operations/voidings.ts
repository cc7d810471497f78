/**
 * The operations of `client.voidings`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { Voiding, VoidingListParams } from '../models/voiding.js';

/** The operations of `client.voidings`, by method name. */
export const voidingsOperations = {
  retrieve: { name: 'voidings.retrieve', method: 'GET', path: '/v1/voidings/{id}', responses: { 200: Voiding } },
  list: { name: 'voidings.list', method: 'GET', path: '/v1/voidings', query: VoidingListParams, list: Voiding },
  xml: { name: 'voidings.xml', method: 'GET', path: '/v1/voidings/{id}/xml', file: 'application/xml' },
  cdr: { name: 'voidings.cdr', method: 'GET', path: '/v1/voidings/{id}/cdr', file: 'application/xml' },
} as const satisfies Record<string, Operation>;
