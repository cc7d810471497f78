/**
 * The operations of `client.apiKeys`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { APIKey, APIKeyCreateParams, APIKeyWithSecret } from '../models/api-key.js';
import { DeletedObject, ListParams } from '../models/shared.js';

/** The operations of `client.apiKeys`, by method name. */
export const apiKeysOperations = {
  create: { name: 'apiKeys.create', method: 'POST', path: '/v1/api-keys', body: APIKeyCreateParams, responses: { 201: APIKeyWithSecret } },
  retrieve: { name: 'apiKeys.retrieve', method: 'GET', path: '/v1/api-keys/{id}', responses: { 200: APIKey } },
  list: { name: 'apiKeys.list', method: 'GET', path: '/v1/api-keys', query: ListParams, list: APIKey },
  revoke: { name: 'apiKeys.revoke', method: 'DELETE', path: '/v1/api-keys/{id}', responses: { 200: DeletedObject } },
} as const satisfies Record<string, Operation>;
