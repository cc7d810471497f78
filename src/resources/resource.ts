import type * as z from 'zod/mini';
import { APIPromise, type WithResponse } from '../core/api-promise.js';
import type { Operation } from '../core/operation.js';
import type { APIRequest, RequestOptions } from '../core/options.js';
import { PagePromise } from '../core/pagination.js';
import type { LevelLog } from '../internal/log.js';
import { fillPath } from '../internal/path.js';
import { validate } from '../internal/validate.js';

/** What a resource needs of its client: the request pipeline, and the settings its methods read. */
export interface ResourceClient {
  /** A request whose answer must be a JSON object. */
  _request<T>(request: APIRequest, options?: RequestOptions): Promise<WithResponse<T>>;
  /** A list endpoint, paged. */
  getList<T>(path: string, query: object | undefined, options?: RequestOptions): PagePromise<T>;
  /** The client's retries after a failed attempt. */
  readonly maxRetries: number;
  /** The client's log, by level. */
  readonly _log: LevelLog;
  /** The IGV rate `documents.create` checks lines against, or `false`. */
  readonly strictSunatChecks: false | { readonly igvRate: number };
}

/** What one call of an operation carries: its path parameters, query and body, checked against the declaration. */
export interface OperationInput {
  /** Values of the path template's `{parameters}`. */
  params?: Readonly<Record<string, unknown>>;
  query?: object | undefined;
  body?: unknown;
  /** Checks the body instead of the declared schema (the strict create schema, loaded on first use). */
  bodySchema?: Promise<z.ZodMiniType> | undefined;
}

/** The body type a file answer is read as. */
const READ_AS = { 'application/xml': 'text', 'application/pdf': 'bytes' } as const;

/**
 * The base of every resource: it holds the client whose pipeline its methods call, and turns an
 * operation's declaration (its `*Operations` entry) and a call's input into a request.
 */
export abstract class APIResource<Operations extends Record<string, Operation> = Record<string, Operation>> {
  /** @internal */
  protected readonly _client: ResourceClient;
  /**
   * @internal Loads this resource's operation declarations (`src/operations/`), by method name, on
   * its first call: an app bundles the schemas of the resources it calls, not of every resource.
   */
  protected abstract readonly _operations: () => Promise<Operations>;
  /** @internal */
  constructor(client: ResourceClient) {
    this._client = client;
  }

  /**
   * @internal Calls the operation declared as `name`: fills its path, checks the query and body
   * against its schemas, and sends it. Bad input (a path parameter, a body that fails its schema)
   * rejects the returned promise, never throws, and nothing is sent.
   */
  protected _do<T>(name: keyof Operations, input: OperationInput, options: RequestOptions | undefined): APIPromise<T> {
    return new APIPromise(this.#request(name, input).then((request) => this._client._request<T>(request, options)));
  }

  /** @internal {@link _do} for a list operation: pages automatically; bad filters reject the returned {@link PagePromise}. */
  protected _page<T>(name: keyof Operations, query: object, options: RequestOptions | undefined): PagePromise<T> {
    return new PagePromise(this.#request(name, { query }).then(({ path, query }) => this._client.getList<T>(path, query, options).withResponse()));
  }

  /** The request of one call of `name`, checked against its declaration; throws a {@link ValidationError} for bad input. */
  async #request(name: keyof Operations, { params = {}, query, body, bodySchema }: OperationInput): Promise<APIRequest> {
    const operation = (await this._operations())[name]!;
    const request: APIRequest = { method: operation.method, path: fillPath(operation, params) };
    if (operation.query) request.query = validate(operation.query, query ?? {}, `${operation.name} params`);
    if (operation.body) request.body = validate((await bodySchema) ?? operation.body, body, `${operation.name} body`);
    if (operation.file) request.responseType = READ_AS[operation.file];
    return request;
  }
}
