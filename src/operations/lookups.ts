/**
 * The operations of `client.lookups`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { DniNumber, DniLookup, RucNumber, RucLookup } from '../models/lookup.js';

/** The operations of `client.lookups`, by method name. */
export const lookupsOperations = {
  ruc: { name: 'lookups.ruc', method: 'GET', path: '/v1/lookups/ruc/{number}', params: { number: RucNumber }, responses: { 200: RucLookup } },
  dni: { name: 'lookups.dni', method: 'GET', path: '/v1/lookups/dni/{number}', params: { number: DniNumber }, responses: { 200: DniLookup } },
} as const satisfies Record<string, Operation>;
