/**
 * The operations of `client.account`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { Account, AccountUpdateParams } from '../models/account.js';

/** The operations of `client.account`, by method name. */
export const accountOperations = {
  retrieve: { name: 'account.retrieve', method: 'GET', path: '/v1/account', responses: { 200: Account } },
  update: { name: 'account.update', method: 'PATCH', path: '/v1/account', body: AccountUpdateParams, responses: { 200: Account } },
} as const satisfies Record<string, Operation>;
