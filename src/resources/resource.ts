import { APIPromise, type WithResponse } from '../core/api-promise.js';
import {
  answersWithId,
  type BodyOf,
  type FileAnswer,
  type ItemOf,
  type ListName,
  type Operation,
  type OutputOf,
  type ParamsOf,
  type PathParamName,
  type QueryOf,
} from '../core/operation.js';
import { type FieldIssue, ValidationError } from '../core/errors.js';
import type { APIRequest, RequestOptions, ResponseType } from '../core/options.js';
import { PagePromise } from '../core/pagination.js';
import type { LevelLog } from '../core/log.js';
import { lazily } from '../internal/lazy.js';
import { fillPath } from '../internal/path.js';
import { validate } from '../core/validate.js';

/**
 * @internal Every resource's operation declarations (`src/operations/`), with their zod/mini
 * schemas, loaded once, on the client's first call of any resource: one unit, so that a bundler
 * gives the declarations, their schemas and zod one chunk, fetched in the same round as ky,
 * rather than a chunk per resource that waits on the models it shares with the others.
 */
export const loadOperations = lazily(() => import('../operations/index.js'));

/**
 * A check of a body that passed its declared schema: the issues it finds, `[]` for none. A body
 * that fails the schema never reaches it, so it reports the schema's issues only.
 */
export type BodyCheck<Body> = (body: Body) => FieldIssue[];

/** What a resource needs of its client: the request pipeline, and the settings its methods read. */
export interface ResourceClient {
  /** A request whose answer must be a JSON object; with `identified`, one with a string `id`. */
  _request<T>(request: APIRequest, options?: RequestOptions, identified?: boolean): Promise<WithResponse<T>>;
  /** A list endpoint, paged. */
  getList<T>(path: string, query: object | undefined, options?: RequestOptions): PagePromise<T>;
  /** The client's retries after a failed attempt. */
  readonly maxRetries: number;
  /** The client's log, by level. */
  readonly _log: LevelLog;
}

/**
 * What one call of the operation `Op` carries, typed by its declaration: the values of its path's
 * `{parameters}`, its query and its body, each only where it declares one. `Body` and `Query` are
 * the types the calling method passes, checked against the declaration's by {@link APIResource._do}.
 */
export type OperationInput<Op extends Operation, Body = BodyOf<Op>, Query = QueryOf<Op>> = ([PathParamName<Op['path']>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<Op> }) &
  ([QueryOf<Op>] extends [never] ? { query?: undefined } : { query?: Query | undefined }) &
  ([BodyOf<Op>] extends [never]
    ? { body?: undefined }
    : {
        body: Body;
        /** Checked once the body passes the declared schema (the strict SUNAT checks, loaded on first use). */
        check?: Promise<BodyCheck<Body>> | undefined;
        /** What a {@link ValidationError} calls the body: `documents.createMany input 3`. @defaultValue `<operation> body`, `documents.create body` */
        bodyName?: string | undefined;
      });

/**
 * Any operation's input, as the request is built from it at run time: {@link OperationInput} has
 * already tied it to its declaration, and the declaration's schemas check it again before it is sent.
 */
interface AnyInput {
  params?: Readonly<Record<string, unknown>> | undefined;
  query?: object | undefined;
  body?: unknown;
  check?: Promise<BodyCheck<unknown>> | undefined;
  bodyName?: string | undefined;
}

/**
 * `unknown` when the type a method declares (`Declared`: its answer, its body, its query) and the
 * one its operation's declaration gives (`Declaration`) are each assignable to the other; else
 * `Mismatch`, a type no operation name is, so the method's call of its operation does not compile.
 */
type Agrees<Declared, Declaration, Mismatch> = [Declared] extends [Declaration] ? ([Declaration] extends [Declared] ? unknown : Mismatch) : Mismatch;

/** The error a call shows when its method declares an answer its operation does not give. */
interface AnswerDiffersFromDeclaration {
  readonly 'the method declares an answer its operation does not give (see its `responses`, `list` or `file`)': never;
}

/** The error a call shows when its method takes a body or a query its operation does not declare. */
interface InputDiffersFromDeclaration {
  readonly 'the method takes a body or a query that is not its operation’s (see its `body` and `query`)': never;
}

/** The path parameters of a call that passes none (its operation's path has no `{parameter}`). */
const NO_PARAMS: Readonly<Record<string, unknown>> = {};

/** How a file answer is read (see {@link FileAnswer}). */
const READ_AS: { readonly [Type in keyof FileAnswer]: ResponseType } = { 'application/xml': 'text', 'application/pdf': 'bytes' };

/**
 * The base of every resource: it holds the client whose pipeline its methods call, and turns an
 * operation's declaration (its `*Operations` entry) and a call's input into a request.
 */
export abstract class APIResource<Operations extends Record<string, Operation> = Record<string, Operation>> {
  /** @internal */
  protected readonly _client: ResourceClient;
  /**
   * @internal Loads this resource's operation declarations, by method name, on the client's
   * first call (`loadOperations`).
   */
  protected abstract readonly _operations: () => Promise<Operations>;
  /** The declarations, once {@link _operations} has loaded them. */
  #operations: Operations | undefined;
  /** @internal */
  constructor(client: ResourceClient) {
    this._client = client;
  }

  /**
   * @internal Calls the operation declared as `name`: fills its path, checks the query and body
   * against its schemas, and sends it. Bad input (a path parameter, a body that fails its schema)
   * rejects the returned promise, never throws, and nothing is sent.
   *
   * Its types come from the declaration: `input` has the path's `{parameters}`, the query and the
   * body it declares; `Declared`, read from the calling method's return type, must be the answer it
   * declares (its 2xx response, or its file as text or bytes), and the method's `Body` and `Query`
   * the input types of its schemas, each assignable to the other.
   */
  protected _do<
    Name extends Exclude<keyof Operations, ListName<Operations>>,
    Declared = OutputOf<Operations[Name]>,
    Body = BodyOf<Operations[Name]>,
    Query = QueryOf<Operations[Name]>,
  >(
    name: Name &
      Agrees<Declared, OutputOf<Operations[Name]>, AnswerDiffersFromDeclaration> &
      Agrees<Body, BodyOf<Operations[Name]>, InputDiffersFromDeclaration> &
      Agrees<Query, QueryOf<Operations[Name]>, InputDiffersFromDeclaration>,
    input: OperationInput<Operations[Name], Body, Query>,
    options: RequestOptions | undefined,
  ): APIPromise<Declared> {
    return new APIPromise(
      this.#request(name, input as AnyInput).then(({ request, operation }) => this._client._request<Declared>(request, options, answersWithId(operation))),
    );
  }

  /**
   * @internal {@link _do} for a list operation: pages automatically; bad filters reject the returned
   * {@link PagePromise}. The method's declared item must be the declaration's `list` item, and its
   * filters the input type of the `query` schema.
   */
  protected _page<Name extends ListName<Operations>, Declared = ItemOf<Operations[Name]>, Query = QueryOf<Operations[Name]>>(
    name: Name & Agrees<Declared, ItemOf<Operations[Name]>, AnswerDiffersFromDeclaration> & Agrees<Query, QueryOf<Operations[Name]>, InputDiffersFromDeclaration>,
    query: Query,
    options: RequestOptions | undefined,
  ): PagePromise<Declared> {
    return new PagePromise(
      this.#request(name, { query } as AnyInput).then(({ request: { path, query } }) => this._client.getList<Declared>(path, query, options).withResponse()),
    );
  }

  /**
   * The request of one call of `name`, checked against its declaration's schemas by zod; rejects
   * with a {@link ValidationError} naming every field zod refuses, and nothing is sent.
   */
  async #request(name: keyof Operations, { params = NO_PARAMS, query, body, check, bodyName }: AnyInput): Promise<{ request: APIRequest; operation: Operation }> {
    let operations = this.#operations;
    let checkBody: BodyCheck<unknown> | undefined;
    if (!operations || check) {
      // The first call loads the operations beside the strict check, both awaited (either may fail).
      [operations, checkBody] = await Promise.all([operations ?? this._operations(), check]);
      this.#operations = operations;
    } else {
      // Later calls wait one turn too, on nothing: what the caller's code does to the body right
      // after the call (fill a field in, or break one) is checked, as it is sent.
      await undefined;
    }
    const operation: Operation = operations[name]!;
    if (operation.params) {
      for (const [param, schema] of Object.entries(operation.params)) validate(schema, params[param], `${operation.name} ${param}`);
    }
    const path = fillPath(operation.path, params);
    if (typeof path !== 'string') throw new ValidationError('path parameter', [{ path: '', message: `${JSON.stringify(path.invalid)} is not a valid identifier` }]);
    const request: APIRequest = { method: operation.method, path };
    if (operation.query) {
      const filters = query ?? {};
      validate(operation.query, filters, `${operation.name} params`);
      request.query = filters;
    }
    if (operation.body) {
      const label = bodyName ?? `${operation.name} body`;
      validate(operation.body, body, label);
      // Checked once the body passes its schema: the strict SUNAT checks report their own issues only.
      const issues = checkBody?.(body);
      if (issues?.length) throw new ValidationError(label, issues);
      request.body = body;
    }
    if (operation.file) request.responseType = READ_AS[operation.file];
    return { request, operation };
  }
}
