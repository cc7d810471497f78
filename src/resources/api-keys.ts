import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { APIKey, APIKeyCreateParams, APIKeyWithSecret } from '../models/api-key.js';
import { DeletedObject, ListParams } from '../models/shared.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.apiKeys`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const apiKeysOperations = {
  create: { name: 'apiKeys.create', method: 'POST', path: '/v1/api-keys', body: APIKeyCreateParams, responses: { 201: APIKeyWithSecret } },
  retrieve: { name: 'apiKeys.retrieve', method: 'GET', path: '/v1/api-keys/{id}', responses: { 200: APIKey } },
  list: { name: 'apiKeys.list', method: 'GET', path: '/v1/api-keys', query: ListParams, list: APIKey },
  revoke: { name: 'apiKeys.revoke', method: 'DELETE', path: '/v1/api-keys/{id}', responses: { 200: DeletedObject } },
} as const satisfies Record<string, Operation>;

/**
 * API keys (`key_`) with granular permissions, e.g. a point-of-sale key that may only issue
 * documents. Reach it as `client.apiKeys`.
 */
export class APIKeysResource extends APIResource {
  /**
   * Creates a key. The answer carries the secret `key`, shown only this once.
   *
   * ```ts
   * const { key } = await client.apiKeys.create({ name: 'Reportes', permissions: ['documents:read'] });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: APIKeyCreateParams, options?: RequestOptions): APIPromise<APIKeyWithSecret> {
    return this._do(apiKeysOperations.create, { body }, options);
  }

  /**
   * Fetches one key by its `key_` id (without its secret).
   *
   * ```ts
   * const { name, permissions, lastFour } = await client.apiKeys.retrieve('key_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<APIKey> {
    return this._do(apiKeysOperations.retrieve, { params: { id } }, options);
  }

  /**
   * Lists keys newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const apiKey of client.apiKeys.list()) console.log(apiKey.name, `…${apiKey.lastFour}`);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<APIKey> {
    return this._page(apiKeysOperations.list, params, options);
  }

  /**
   * Revokes a key: from now on, requests with it fail with an `AuthenticationError`.
   *
   * ```ts
   * await client.apiKeys.revoke('key_8KqL1s');
   * ```
   */
  revoke(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._do(apiKeysOperations.revoke, { params: { id } }, options);
  }
}
