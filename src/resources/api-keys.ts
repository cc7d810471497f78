import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { APIKey, APIKeyCreateParams, APIKeyWithSecret } from '../models/api-key.js';
import type { DeletedObject, ListParams } from '../models/shared.js';
import { APIResource, loadOperations } from './resource.js';
import type { apiKeysOperations } from '../operations/api-keys.js';

const operations = () => loadOperations().then((m) => m.apiKeysOperations);

/**
 * API keys (`key_`) with granular permissions, e.g. a point-of-sale key that may only issue
 * documents. Reach it as `client.apiKeys`.
 */
export class APIKeysResource extends APIResource<typeof apiKeysOperations> {
  protected readonly _operations = operations;

  /**
   * Creates a key. The answer carries the secret `key`, shown only this once.
   *
   * ```ts
   * const { key } = await client.apiKeys.create({ name: 'Reportes', permissions: ['documents:read'] });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: APIKeyCreateParams, options?: RequestOptions): APIPromise<APIKeyWithSecret> {
    return this._do('create', { body }, options);
  }

  /**
   * Fetches one key by its `key_` id (without its secret).
   *
   * ```ts
   * const { name, permissions, lastFour } = await client.apiKeys.retrieve('key_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<APIKey> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Lists keys newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const apiKey of client.apiKeys.list()) console.log(apiKey.name, `…${apiKey.lastFour}`);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<APIKey> {
    return this._page('list', params, options);
  }

  /**
   * Revokes a key: from now on, requests with it fail with an `AuthenticationError`.
   *
   * ```ts
   * await client.apiKeys.revoke('key_8KqL1s');
   * ```
   */
  revoke(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._do('revoke', { params: { id } }, options);
  }
}
