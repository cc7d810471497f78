import ky from 'ky';
import pRetry from 'p-retry';
import { APIPromise, type WithResponse } from './core/api-promise.js';
import * as Errors from './core/errors.js';
import { type ListEnvelope, Page, PagePromise } from './core/pagination.js';
import { isRetryable, retryDelay, sleep } from './internal/retry.js';
import { stringifyQuery } from './internal/query.js';
import { isBrowser, readEnv, runtimeTag, uuid } from './internal/runtime.js';
import { Documents } from './resources/documents.js';
import { VERSION } from './version.js';

const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, YupanaError } = Errors;

/** The API's base address per environment. The only place these hosts are written. */
export const ENVIRONMENTS = {
  /** Live documents, submitted to SUNAT for real. Use a live key. */
  production: 'https://api.yupana.pe',
  /** Test documents, never reported to SUNAT. Use a test key. */
  sandbox: 'https://sandbox.yupana.pe',
} as const;

/** `'production'` or `'sandbox'`. */
export type Environment = keyof typeof ENVIRONMENTS;

/** Options of `new Client(options)`. Every option is optional where its default applies. */
export interface ClientOptions {
  /**
   * Your API key, sent as `Authorization: Bearer <apiKey>`. Test keys work in the sandbox,
   * live keys in production.
   * @defaultValue the `YUPANA_API_KEY` environment variable; the constructor throws when neither is set.
   */
  apiKey?: string | undefined;
  /**
   * Which API to call. Cannot be combined with `baseURL`.
   * @defaultValue `'production'`
   */
  environment?: Environment | undefined;
  /**
   * Overrides the environment's address, e.g. a proxy or the local mock server
   * (`http://localhost:4010`). Must be `https://`, or `http://` on a loopback host.
   * @defaultValue the `YUPANA_BASE_URL` environment variable, else the environment's address.
   * The variable also redirects an explicit `environment`, so an app can be pointed at the
   * mock server (`npx yupana-mock`) without a code change.
   */
  baseURL?: string | undefined;
  /**
   * Milliseconds one attempt may take, until the whole response body has arrived.
   * @defaultValue `60_000`
   */
  timeout?: number | undefined;
  /**
   * How many times a failed request is retried (connection errors, timeouts, 408, 409, 429, 5xx).
   * `0` makes one attempt.
   * @defaultValue `2`
   */
  maxRetries?: number | undefined;
  /**
   * A `fetch` implementation to use instead of the global one (e.g. one with a proxy agent).
   * @defaultValue `globalThis.fetch`, looked up on every request.
   */
  fetch?: typeof fetch | undefined;
  /**
   * Headers sent with every request; a request's own `headers` win over them.
   * @defaultValue `{}`
   */
  defaultHeaders?: Record<string, string> | undefined;
  /**
   * Lets the client run in a web page. Off, because an API key in a page is readable by anyone
   * who opens it (its source, the network tab) and could issue invoices in your name: call yupana
   * from your backend instead. Turn it on only when the page's users may hold the key anyway (an
   * internal tool), ideally with a key restricted to the permissions the page needs.
   * Deno, Bun, web workers and edge runtimes are servers: they never need it.
   * @defaultValue `false`
   */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** Options every method takes as its last argument. Each overrides the client's setting for one call. */
export interface RequestOptions {
  /**
   * The `Idempotency-Key` of a POST. The server replays the stored answer for 24 hours to a
   * request with the same key and body, so a retried call never issues a second invoice.
   * @defaultValue a fresh UUID per call, reused by every retry of that call.
   */
  idempotencyKey?: string | undefined;
  /** Milliseconds per attempt, body included. @defaultValue the client's `timeout` */
  timeout?: number | undefined;
  /** Retries for this call. @defaultValue the client's `maxRetries` */
  maxRetries?: number | undefined;
  /** Aborts the call (and any wait between retries) with an `APIUserAbortError`. */
  signal?: AbortSignal | undefined;
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined;
}

/** How a successful response body is read: parsed JSON, text (XML), or bytes (PDF). */
export type ResponseType = 'json' | 'text' | 'bytes';

/** A request to any endpoint, for `client.request()`. */
export interface APIRequest {
  /** HTTP method. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the base address, starting with `/v1/`. Encode parameters with care. */
  path: string;
  /** Query parameters: `undefined` dropped, arrays repeated, dates as `YYYY-MM-DD`. */
  query?: object | undefined;
  /** JSON body, sent exactly as given. */
  body?: unknown;
  /** How to read a successful body. @defaultValue `'json'` */
  responseType?: ResponseType | undefined;
}

const ACCEPT: Record<ResponseType, string> = { json: 'application/json', text: 'application/xml', bytes: 'application/pdf' };
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

function resolveBaseURL(options: ClientOptions): string {
  if (options.environment !== undefined && options.baseURL !== undefined) {
    throw new YupanaError('Pass either `environment` or `baseURL`, not both: they would disagree about which API to call.');
  }
  const environment = options.environment ?? 'production';
  if (!Object.hasOwn(ENVIRONMENTS, environment)) {
    throw new YupanaError(`Unknown environment ${JSON.stringify(environment)}; use one of: ${Object.keys(ENVIRONMENTS).join(', ')}.`);
  }
  const raw = options.baseURL ?? readEnv('YUPANA_BASE_URL') ?? ENVIRONMENTS[environment];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new YupanaError(`baseURL ${JSON.stringify(raw)} is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new YupanaError(`baseURL must use https:// (plain http:// is allowed only for localhost): got ${url.origin}.`);
  }
  return raw.replace(/\/+$/, '');
}

/**
 * The yupana API client.
 *
 * ```ts
 * import { Client } from 'yupana';
 * const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });
 * const doc = await client.documents.create({ type: '01', series: 'F001', customer, items });
 * ```
 */
export class Client {
  static readonly YupanaError = Errors.YupanaError;
  static readonly APIError = Errors.APIError;
  static readonly BadRequestError = Errors.BadRequestError;
  static readonly AuthenticationError = Errors.AuthenticationError;
  static readonly PermissionDeniedError = Errors.PermissionDeniedError;
  static readonly NotFoundError = Errors.NotFoundError;
  static readonly ConflictError = Errors.ConflictError;
  static readonly UnprocessableEntityError = Errors.UnprocessableEntityError;
  static readonly RateLimitError = Errors.RateLimitError;
  static readonly InternalServerError = Errors.InternalServerError;
  static readonly APIConnectionError = Errors.APIConnectionError;
  static readonly APIConnectionTimeoutError = Errors.APIConnectionTimeoutError;
  static readonly APIUserAbortError = Errors.APIUserAbortError;
  static readonly ValidationError = Errors.ValidationError;

  /** The address requests go to, without a trailing slash. */
  readonly baseURL: string;
  /** Milliseconds per attempt, body included. */
  readonly timeout: number;
  /** Retries after a failed attempt. */
  readonly maxRetries: number;
  readonly #apiKey: string;
  readonly #fetch: typeof fetch | undefined;
  readonly #headers: Record<string, string>;
  #documents: Documents | undefined;

  constructor(options: ClientOptions = {}) {
    if (isBrowser() && !options.dangerouslyAllowBrowser) {
      throw new YupanaError(
        'yupana refuses to run in a browser: your API key would be readable by anyone who opens the page ' +
          '(in its source or network tab) and could issue invoices in your name. Call yupana from your backend ' +
          "and let the page call your backend. If the page's users may hold the key anyway (an internal tool), " +
          'pass `dangerouslyAllowBrowser: true`, ideally with a key restricted to the permissions the page needs.',
      );
    }
    const apiKey = options.apiKey ?? readEnv('YUPANA_API_KEY');
    if (!apiKey) {
      throw new YupanaError('Missing API key: pass `new Client({ apiKey })` or set the YUPANA_API_KEY environment variable.');
    }
    this.#apiKey = apiKey;
    this.baseURL = resolveBaseURL(options);
    this.timeout = options.timeout ?? 60_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.#fetch = options.fetch;
    this.#headers = lowercase(options.defaultHeaders);
  }

  /** Facturas, boletas and notas: create, retrieve, list, download, void, resend, email. */
  get documents(): Documents {
    return (this.#documents ??= new Documents(this));
  }

  /**
   * Calls any endpoint with the client's auth, retries and errors: the way to reach an
   * endpoint this SDK does not model yet. Bad input (a nested object in `query`) throws a
   * `ValidationError` at once, before anything is sent; every failure of the call itself
   * rejects the returned promise.
   *
   * ```ts
   * const stats = await client.request<{ issued: number }>({ method: 'GET', path: '/v1/stats' });
   * ```
   */
  request<T = unknown>(request: APIRequest, options: RequestOptions = {}): APIPromise<T> {
    const url = this.baseURL + request.path + stringifyQuery(request.query);
    return new APIPromise(this.#send<T>(url, request, options));
  }

  /** Fetches a list endpoint as a {@link PagePromise} that pages automatically. */
  getList<T>(path: string, query: object | undefined, options: RequestOptions = {}): PagePromise<T> {
    const fetchPage = (cursor?: string): Promise<WithResponse<Page<T>>> => {
      const url = this.baseURL + path + stringifyQuery(cursor ? { ...query, cursor } : query);
      return this.#send<ListEnvelope<T>>(url, { method: 'GET', path }, options).then((r) => ({
        ...r,
        data: new Page(r.data, (next) => new APIPromise(fetchPage(next))),
      }));
    };
    return new PagePromise(fetchPage());
  }

  async #send<T>(url: string, request: APIRequest, options: RequestOptions): Promise<WithResponse<T>> {
    const responseType = request.responseType ?? 'json';
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = {
      accept: ACCEPT[responseType],
      'yupana-client': `yupana-js/${VERSION} ${runtimeTag()}`,
      ...this.#headers,
      ...lowercase(options.headers),
      authorization: `Bearer ${this.#apiKey}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (request.method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? uuid();
    const timeout = options.timeout ?? this.timeout;
    const { signal } = options;

    try {
      return await pRetry(
        (attempt) => {
          if (attempt > 1) headers['yupana-retry-count'] = String(attempt - 1);
          return this.#attempt<T>(url, request.method, headers, body, responseType, timeout, signal);
        },
        {
          retries: options.maxRetries ?? this.maxRetries,
          minTimeout: 0,
          maxTimeout: 0,
          shouldRetry: async ({ error, retriesConsumed }) => {
            if (!(error instanceof YupanaError) || !isRetryable(error)) return false;
            await sleep(retryDelay(error, retriesConsumed), signal);
            return true;
          },
        },
      );
    } catch (error) {
      if (signal?.aborted && !(error instanceof APIUserAbortError)) throw new APIUserAbortError({ cause: error });
      throw error;
    }
  }

  /** One HTTP exchange: the timeout covers the headers and the whole body. */
  async #attempt<T>(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    responseType: ResponseType,
    timeout: number,
    userSignal: AbortSignal | undefined,
  ): Promise<WithResponse<T>> {
    const timer = new AbortController();
    const timeoutId = setTimeout(() => timer.abort(), timeout);
    const signal = userSignal ? AbortSignal.any([userSignal, timer.signal]) : timer.signal;
    try {
      let response: Response;
      let payload: string | Uint8Array;
      try {
        response = await ky(url, {
          method,
          headers,
          body,
          signal,
          retry: 0,
          timeout: false,
          throwHttpErrors: false,
          fetch: (input, init) => (this.#fetch ?? globalThis.fetch)(input, init),
        });
        const read: Promise<string | Uint8Array> =
          response.ok && responseType === 'bytes' ? response.arrayBuffer().then((b) => new Uint8Array(b)) : response.text();
        payload = await untilAborted(read, signal, response);
      } catch (cause) {
        if (userSignal?.aborted) throw new APIUserAbortError({ cause });
        if (timer.signal.aborted) throw new APIConnectionTimeoutError(timeout);
        throw new APIConnectionError(undefined, { cause });
      }
      const requestId = response.headers.get('request-id') ?? undefined;
      if (!response.ok) throw APIError.from(response.status, parseProblem(payload as string), response.headers);
      if (responseType !== 'json') return { data: payload as T, response, requestId };
      try {
        return { data: JSON.parse(payload as string) as T, response, requestId };
      } catch {
        throw new APIError(response.status, payload as string, response.headers);
      }
    } finally {
      clearTimeout(timeoutId);
    }
  }
}

/**
 * Settles with `body`, or rejects when `signal` aborts first: not every fetch (msw's, some
 * polyfills) errors a body stream that stalls after the headers when the request is aborted.
 */
function untilAborted<T>(body: Promise<T>, signal: AbortSignal, response: Response): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      response.body?.cancel().catch(() => undefined);
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    body.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function lowercase(headers: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value;
  return result;
}

function parseProblem(text: string): Errors.ProblemBody | string {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Errors.ProblemBody) : text;
  } catch {
    return text;
  }
}
