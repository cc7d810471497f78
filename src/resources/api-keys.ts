import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { path } from '../internal/path.js';
import { validate } from '../internal/validate.js';
import { type ApiKey, ApiKeyCreateParams, type ApiKeyWithSecret } from '../models/api-key.js';
import { type DeletedObject, ListParams } from '../models/shared.js';
import { APIResource } from './resource.js';

/**
 * API keys (`key_`) with granular permissions, e.g. a point-of-sale key that may only issue
 * documents. Reach it as `client.apiKeys`.
 */
export class ApiKeys extends APIResource {
  /**
   * Creates a key. The answer carries the secret `key`, shown only this once.
   *
   * ```ts
   * const { key } = await client.apiKeys.create({ name: 'Reportes', permissions: ['documents:read'] });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: ApiKeyCreateParams, options?: RequestOptions): APIPromise<ApiKeyWithSecret> {
    return this._call(() => this._post('/v1/api-keys', validate(ApiKeyCreateParams, body, 'apiKeys.create body'), options));
  }

  /**
   * Fetches one key by its `key_` id (without its secret).
   *
   * ```ts
   * const { name, permissions, lastFour } = await client.apiKeys.retrieve('key_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ApiKey> {
    return this._call(() => this._get(path`/v1/api-keys/${id}`, options));
  }

  /**
   * Lists keys newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const apiKey of client.apiKeys.list()) console.log(apiKey.name, `…${apiKey.lastFour}`);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<ApiKey> {
    return this._list(() => this._client.getList('/v1/api-keys', validate(ListParams, params, 'apiKeys.list params'), options));
  }

  /**
   * Revokes a key: from now on, requests with it fail with an `AuthenticationError`.
   *
   * ```ts
   * await client.apiKeys.revoke('key_8KqL1s');
   * ```
   */
  revoke(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._call(() => this._delete(path`/v1/api-keys/${id}`, options));
  }
}
