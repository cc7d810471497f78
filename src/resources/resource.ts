import type { APIRequest, RequestOptions } from '../core/options.js';
import { APIPromise } from '../core/api-promise.js';
import { PagePromise } from '../core/pagination.js';
import type { DeletedObject } from '../models/shared.js';

/** What a resource needs of its client: the request pipeline, and the settings its methods read. */
export interface ResourceClient {
  /** A request whose answer must be a JSON object. */
  _request<T>(request: APIRequest, options?: RequestOptions): APIPromise<T>;
  /** A list endpoint, paged. */
  getList<T>(path: string, query: object | undefined, options?: RequestOptions): PagePromise<T>;
  /** The client's retries after a failed attempt. */
  readonly maxRetries: number;
  /** The IGV rate `documents.create` checks lines against, or `false`. */
  readonly strictSunatChecks: false | { readonly igvRate: number };
}

/** The base of every resource: it holds the client whose pipeline its methods call. */
export abstract class APIResource {
  /** @internal */
  protected readonly _client: ResourceClient;
  /** @internal */
  constructor(client: ResourceClient) {
    this._client = client;
  }

  /**
   * @internal Runs a method's body so that bad input (a path parameter, a body that fails its
   * schema) rejects the returned promise instead of throwing: every method reports every failure
   * as a rejection, and nothing is sent.
   */
  protected _call<T>(send: () => APIPromise<T>): APIPromise<T> {
    try {
      return send();
    } catch (error) {
      return new APIPromise(Promise.reject(error));
    }
  }

  /** @internal {@link _call} for list methods: bad filters reject the returned {@link PagePromise}. */
  protected _list<T>(send: () => PagePromise<T>): PagePromise<T> {
    try {
      return send();
    } catch (error) {
      return new PagePromise(Promise.reject(error));
    }
  }

  /** @internal GETs a JSON object, or with `read` a query and another body type (XML text, PDF bytes). */
  protected _get<T>(path: string, options: RequestOptions | undefined, read: Pick<APIRequest, 'query' | 'responseType'> = {}): APIPromise<T> {
    return this._client._request({ method: 'GET', path, ...read }, options);
  }

  /** @internal POSTs a body that was already validated (or none). */
  protected _post<T>(path: string, body: unknown, options: RequestOptions | undefined): APIPromise<T> {
    return this._client._request({ method: 'POST', path, body }, options);
  }

  /** @internal PATCHes the fields of a body that was already validated. */
  protected _patch<T>(path: string, body: unknown, options: RequestOptions | undefined): APIPromise<T> {
    return this._client._request({ method: 'PATCH', path, body }, options);
  }

  /** @internal DELETEs an object; every delete answers `{ id, object, deleted: true }`. */
  protected _delete(path: string, options: RequestOptions | undefined): APIPromise<DeletedObject> {
    return this._client._request({ method: 'DELETE', path }, options);
  }
}
