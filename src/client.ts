import type { KyInstance } from 'ky';
import pRetry from 'p-retry';
import { APIPromise, type WithResponse } from './core/api-promise.js';
import * as Errors from './core/errors.js';
import { type ListEnvelope, Page, PagePromise } from './core/pagination.js';
import { type LevelLog, type Logger, type LogLevel, levelLog, parseLogLevel } from './internal/log.js';
import { ignoredRetryAfter, isRetryable, MAX_RETRY_AFTER_SECONDS, retryDelay, sleep } from './internal/retry.js';
import { readBody, type ReadBody, TIMED_OUT } from './internal/body.js';
import { limitIssues } from './internal/limits.js';
import { headerIssues, idempotencyKeyProblem, PRINTABLE_ASCII } from './internal/headers.js';
import { redactCause, redactHeaders, redactText, redactValue } from './internal/redact.js';
import { stringifyQuery } from './internal/query.js';
import { parseRateLimit } from './internal/rate-limit.js';
import { isRate, RATE_RULE } from './internal/decimal.js';
import { isBrowser, readEnv, runtimeTag, uuid } from './internal/runtime.js';
import { isSecureURL } from './internal/url.js';
import { AccountResource } from './resources/account.js';
import { ApiKeys } from './resources/api-keys.js';
import { AuditLogs } from './resources/audit-logs.js';
import { Customers } from './resources/customers.js';
import { Documents } from './resources/documents.js';
import { Events } from './resources/events.js';
import { ExchangeRates } from './resources/exchange-rates.js';
import { Lookups } from './resources/lookups.js';
import { Products } from './resources/products.js';
import { SeriesResource } from './resources/series.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';
import { IGV_RATE } from './sunat/amounts.js';
import { VERSION } from './version.js';
import type { ENVIRONMENT_NAMES } from './models/shared.js';
import { Webhooks } from './webhooks.js';

const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, RedirectError, ValidationError, YupanaError } = Errors;

/** The API's base address per environment. The only place these hosts are written. */
export const ENVIRONMENTS = {
  /** Live documents, submitted to SUNAT for real. Use a live key. */
  production: 'https://api.yupana.pe',
  /** Test documents, never reported to SUNAT. Use a test key. */
  sandbox: 'https://sandbox.yupana.pe',
} as const satisfies Record<(typeof ENVIRONMENT_NAMES)[number], string>;

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
   * The signing secret (`whsec_...`) of your webhook endpoint, used by `client.webhooks` to
   * verify deliveries. It never appears in errors or in `util.inspect(client)`.
   * @defaultValue the `YUPANA_WEBHOOK_SECRET` environment variable, read when a delivery is verified.
   */
  webhookSecret?: string | undefined;
  /**
   * How much to log through `logger`: `'off'`, `'error'`, `'warn'` (what the SDK does not throw
   * to you, such as a `Retry-After` too long to obey), `'info'` (each retry with its reason and
   * delay, and a call that failed after its retries) or `'debug'` (a line per request and per
   * response: method, path, attempt, status, request id, duration). Log lines never contain the
   * API key, headers, query strings or bodies. Another value is an error at construction.
   * @defaultValue the `YUPANA_LOG` environment variable, else `'warn'`.
   */
  logLevel?: LogLevel | undefined;
  /**
   * Receives the log lines: any object with `error`, `warn`, `info` and `debug` methods that
   * take a message string (pino, winston...).
   * @defaultValue `console`
   */
  logger?: Logger | undefined;
  /**
   * Lets the client run in a web page. Off, because an API key in a page is readable by anyone
   * who opens it (its source, the network tab) and could issue invoices in your name: call yupana
   * from your backend instead. Turn it on only when the page's users may hold the key anyway (an
   * internal tool), ideally with a key restricted to the permissions the page needs.
   * Deno, Bun, web workers and edge runtimes are servers: they never need it.
   * @defaultValue `false`
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /**
   * Makes `documents.create` check, before sending, the SUNAT rules the API leaves to SUNAT:
   * a RUC customer's check digit, that a factura goes to a RUC customer (exports aside), that
   * the series fits the document type, and that each line's `igv` is within 0.01 of `line()` at
   * the IGV rate. A failure is a `ValidationError` naming the field, and nothing is sent. `true`
   * checks IGV at `IGV_RATE` (18%); pass `{ igvRate: IGV_RATE_REDUCED }` for a business under the
   * reduced rate. Off by default, because sample data everywhere uses RUCs that fail the check digit.
   * @defaultValue `false`
   */
  strictSunatChecks?: boolean | { igvRate: number } | undefined;
}

/** Options every method takes as its last argument. Each overrides the client's setting for one call. */
export interface RequestOptions {
  /**
   * The `Idempotency-Key` of a POST. The server replays the stored answer for 24 hours to a
   * request with the same key and body, so a retried call never issues a second invoice.
   * @defaultValue an `Idempotency-Key` you set in `headers`, else a fresh UUID per call, reused
   * by every retry of that call.
   */
  idempotencyKey?: string | undefined;
  /** Milliseconds per attempt, body included. @defaultValue the client's `timeout` */
  timeout?: number | undefined;
  /** Retries for this call. @defaultValue the client's `maxRetries` */
  maxRetries?: number | undefined;
  /** Aborts the call (and any wait between retries) with an `APIUserAbortError`. @defaultValue none */
  signal?: AbortSignal | undefined;
  /** Extra headers for this call; they win over `defaultHeaders`, never over `Authorization`. @defaultValue `{}` */
  headers?: Record<string, string> | undefined;
}

/**
 * How a successful response body is read, and the `Accept` header that asks for it: `json`
 * (`application/json`, parsed), `text` (`application/xml`, as a string: the XML downloads) or
 * `bytes` (`application/pdf`, as a `Uint8Array`). Pass `headers: { accept }` to ask for another type.
 */
export type ResponseType = 'json' | 'text' | 'bytes';

/** A request to any endpoint, for `client.request()`. */
export interface APIRequest {
  /** HTTP method. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the base address, starting with `/v1/`. Encode parameters with care. */
  path: string;
  /** Query parameters: `undefined` dropped, arrays repeated, dates as `YYYY-MM-DD`. @defaultValue none */
  query?: object | undefined;
  /** JSON body, sent exactly as given. @defaultValue none (no body, no `Content-Type`) */
  body?: unknown;
  /** How to read a successful body (see {@link ResponseType}). @defaultValue `'json'` */
  responseType?: ResponseType | undefined;
}

/**
 * ky does the HTTP (the design's choice: one well-known fetch wrapper, swappable in this one
 * place), used the cheap way: a string body, its own retry, timeout and error throwing off, the
 * body read once. Retries are p-retry's, timeouts and errors this file's.
 *
 * It is loaded on the first request: at load time it probes `Request` and `FormData` support,
 * which makes Node load its whole fetch implementation, and that belongs to the first request,
 * not to `import 'yupana'`.
 */
let kyModule: Promise<KyInstance> | undefined;
const loadKy = () => (kyModule ??= import('ky').then((m) => m.default));

/** The `Yupana-Client` header's value, worked out on the first request. */
let clientTag: string | undefined;

/** The `Accept` of each response type: the success type, beside the problem type every failure uses (contract §1). */
const ACCEPT: Record<ResponseType, string> = {
  json: 'application/json, application/problem+json',
  text: 'application/xml, application/problem+json',
  bytes: 'application/pdf, application/problem+json',
};

/** The most of an error body an error keeps (a proxy's 100 MB HTML page is cut here, and its download stopped). */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;

const decoder = new TextDecoder();

/** A check a JSON answer must pass for the call to resolve with it; a failure is an {@link APIError}. */
type Shape = (data: unknown) => boolean;

/** What every resource method answers: a JSON object (so never `null`, nor the nothing of a 204). */
const isObject: Shape = (data) => data !== null && typeof data === 'object';

/** A list page: an object with a `data` array, and a non-empty `nextCursor` when `hasMore`. */
const isPage: Shape = (data) => {
  if (!isObject(data)) return false;
  const { data: items, hasMore, nextCursor } = data as Partial<ListEnvelope<unknown>>;
  return Array.isArray(items) && (hasMore !== true || (typeof nextCursor === 'string' && nextCursor !== ''));
};

/** A successful attempt: the result, and the body's text for an error should the result be of the wrong shape. */
interface Answer<T> {
  result: WithResponse<T>;
  text: string;
}

/** One HTTP exchange of a call, as the pipeline hands it to {@link Client}'s attempt. */
interface Exchange {
  url: string;
  method: APIRequest['method'];
  headers: Record<string, string>;
  body: string | undefined;
  responseType: ResponseType;
  /** Milliseconds for the headers and the whole body. */
  timeout: number;
  signal: AbortSignal | undefined;
  /** `POST /v1/documents attempt 2`, for log lines. */
  label: () => string;
}

/** Refuses a `timeout` or `maxRetries` that would make every attempt time out at once, or crash the retry loop. */
function checkLimits(limits: { timeout?: number | undefined; maxRetries?: number | undefined }, where: string): void {
  const issues = limitIssues(limits);
  if (issues.length) throw new ValidationError(where, issues);
}

/** The `strictSunatChecks` option as the rate to check lines against, or `false`. */
function strictChecks(option: ClientOptions['strictSunatChecks']): Client['strictSunatChecks'] {
  if (!option) return false;
  const igvRate = option === true ? IGV_RATE : option.igvRate;
  if (!isRate(igvRate)) throw new Errors.ValidationError('client options', [{ path: 'strictSunatChecks.igvRate', message: RATE_RULE }]);
  return { igvRate };
}

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
    // Quoted without what sits between `//` and `@`: a password, when there is one.
    throw new YupanaError(`baseURL ${JSON.stringify(raw.replace(/\/\/[^/]*@/, '//…@'))} is not a valid URL.`);
  }
  if (!isSecureURL(url)) {
    throw new YupanaError(`baseURL must use https:// (plain http:// only on loopback: localhost, 127.0.0.0/8, [::1]): got ${url.origin}.`);
  }
  if (url.username || url.password) {
    throw new YupanaError(`baseURL must not hold credentials (user:password@): the API key is the only credential sent. Got one for ${url.host}.`);
  }
  if (url.search || url.hash || /[?#]/.test(raw)) {
    throw new YupanaError(`baseURL must not have a query or a fragment: every path is appended to it. Got one for ${url.host}.`);
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
  static readonly RedirectError = Errors.RedirectError;
  static readonly APIConnectionError = Errors.APIConnectionError;
  static readonly APIConnectionTimeoutError = Errors.APIConnectionTimeoutError;
  static readonly APIUserAbortError = Errors.APIUserAbortError;
  static readonly ValidationError = Errors.ValidationError;
  static readonly WaitTimeoutError = Errors.WaitTimeoutError;
  static readonly WebhookVerificationError = Errors.WebhookVerificationError;

  /** The address requests go to, without a trailing slash. */
  readonly baseURL: string;
  /** Milliseconds per attempt, body included. */
  readonly timeout: number;
  /** Retries after a failed attempt. */
  readonly maxRetries: number;
  /** The IGV rate `documents.create` checks lines against, or `false` when `strictSunatChecks` is off. */
  readonly strictSunatChecks: false | { readonly igvRate: number };
  readonly #apiKey: string;
  /** The base URL's origin, the only one requests go to. */
  readonly #origin: string;
  readonly #fetch: typeof fetch | undefined;
  readonly #headers: Record<string, string>;
  readonly #webhookSecret: string | undefined;
  readonly #log: LevelLog;
  #documents: Documents | undefined;
  #webhooks: Webhooks | undefined;
  #customers: Customers | undefined;
  #products: Products | undefined;
  #series: SeriesResource | undefined;
  #webhookEndpoints: WebhookEndpoints | undefined;
  #events: Events | undefined;
  #apiKeys: ApiKeys | undefined;
  #auditLogs: AuditLogs | undefined;
  #lookups: Lookups | undefined;
  #account: AccountResource | undefined;
  #exchangeRates: ExchangeRates | undefined;

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
    if (typeof apiKey !== 'string' || !PRINTABLE_ASCII.test(apiKey)) {
      // Never quoted: the message must not carry the key it refuses.
      throw new YupanaError(
        'The API key must be printable ASCII without spaces or line breaks, and this one is not: check how it was copied (a trailing newline from a file or a secret manager is the usual cause).',
      );
    }
    this.#apiKey = apiKey;
    this.baseURL = resolveBaseURL(options);
    this.#origin = new URL(this.baseURL).origin;
    checkLimits(options, 'client options');
    this.timeout = options.timeout ?? 60_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.strictSunatChecks = strictChecks(options.strictSunatChecks);
    this.#fetch = options.fetch;
    this.#headers = lowercase(options.defaultHeaders);
    const headerProblems = headerIssues(this.#headers, 'defaultHeaders');
    if (headerProblems.length) throw new ValidationError('client options', headerProblems);
    this.#webhookSecret = options.webhookSecret;
    const level = parseLogLevel(options.logLevel, 'logLevel') ?? parseLogLevel(readEnv('YUPANA_LOG') || undefined, 'YUPANA_LOG');
    this.#log = levelLog(level ?? 'warn', options.logger ?? console);
  }

  /** Facturas, boletas and notas: create, retrieve, list, download, void, resend, email. */
  get documents(): Documents {
    return (this.#documents ??= new Documents(this));
  }

  /** Verify, parse and sign webhook deliveries, with `webhookSecret` as the default secret. */
  get webhooks(): Webhooks {
    return (this.#webhooks ??= new Webhooks(this.#webhookSecret));
  }

  /** Customers saved on your account (`cus_`): create, retrieve, update, list, delete. */
  get customers(): Customers {
    return (this.#customers ??= new Customers(this));
  }

  /** Products and services saved on your account (`prod_`): create, retrieve, update, list, delete. */
  get products(): Products {
    return (this.#products ??= new Products(this));
  }

  /** Document series (`ser_`) and their next numbers: create, retrieve, update, list. */
  get series(): SeriesResource {
    return (this.#series ??= new SeriesResource(this));
  }

  /** Webhook endpoints (`we_`): create, retrieve, update, list, delete, rotateSecret. */
  get webhookEndpoints(): WebhookEndpoints {
    return (this.#webhookEndpoints ??= new WebhookEndpoints(this));
  }

  /** Events (`evt_`), as webhooks deliver them: retrieve, list. */
  get events(): Events {
    return (this.#events ??= new Events(this));
  }

  /** API keys (`key_`) and their permissions: create, retrieve, list, revoke. */
  get apiKeys(): ApiKeys {
    return (this.#apiKeys ??= new ApiKeys(this));
  }

  /** The audit log (`log_`): retrieve, list. */
  get auditLogs(): AuditLogs {
    return (this.#auditLogs ??= new AuditLogs(this));
  }

  /** RUC and DNI lookups in the national registries: ruc, dni. */
  get lookups(): Lookups {
    return (this.#lookups ??= new Lookups(this));
  }

  /** Your account, the issuer printed on documents: retrieve, update. */
  get account(): AccountResource {
    return (this.#account ??= new AccountResource(this));
  }

  /** SUNAT's daily exchange rates: retrieve. */
  get exchangeRates(): ExchangeRates {
    return (this.#exchangeRates ??= new ExchangeRates(this));
  }

  /**
   * Calls any endpoint with the client's auth, retries and errors: the way to reach an
   * endpoint this SDK does not model yet. `path` must start with a single `/` and the URL must
   * stay on the base URL's origin. Every failure, bad input included (a nested object in
   * `query`, a bad header), rejects the returned promise; bad input sends nothing.
   *
   * ```ts
   * const stats = await client.request<{ issued: number }>({ method: 'GET', path: '/v1/stats' });
   * ```
   */
  request<T = unknown>(request: APIRequest, options: RequestOptions = {}): APIPromise<T> {
    return new APIPromise(this.#send<T>(request, options, undefined));
  }

  /** @internal What resources call: {@link request}, but the answer must be a JSON object (never `null`, nor a 204's nothing). */
  _request<T>(request: APIRequest, options: RequestOptions = {}): APIPromise<T> {
    return new APIPromise(this.#send<T>(request, options, isObject));
  }

  /** Fetches a list endpoint as a {@link PagePromise} that pages automatically. */
  getList<T>(path: string, query: object | undefined, options: RequestOptions = {}): PagePromise<T> {
    // Each cursor a page handed out, with that page's depth. A cursor handed out again by a page
    // at another depth means the pages form a cycle (A → B → A), which would page forever.
    const handedOut = new Map<string, number>();
    const fetchPage = async (cursor: string | undefined, depth: number): Promise<WithResponse<Page<T>>> => {
      const r = await this.#send<ListEnvelope<T>>({ method: 'GET', path, query: cursor ? { ...query, cursor } : query }, options, isPage);
      const next = r.data.nextCursor;
      if (r.data.hasMore && typeof next === 'string') {
        const at = handedOut.get(next);
        if (at !== undefined && at !== depth) {
          throw APIError.malformed(r.response.status, this.#redactText(JSON.stringify(r.data)), r.response.headers, `cursor ${JSON.stringify(next)} was handed out by an earlier page: the pages form a cycle`);
        }
        handedOut.set(next, depth);
      }
      return { ...r, data: new Page(r.data, (nextCursor) => new APIPromise(fetchPage(nextCursor, depth + 1))) };
    };
    return new PagePromise(fetchPage(undefined, 0));
  }

  /** A call: its request checked and built (bad input rejects here, nothing sent), then attempted and retried. */
  async #send<T>(request: APIRequest, options: RequestOptions, shape: Shape | undefined): Promise<WithResponse<T>> {
    checkLimits(options, 'request options');
    const url = this.#url(request.path, request.query);
    const responseType = request.responseType ?? 'json';
    const own = lowercase(options.headers);
    const issues = headerIssues(own, 'headers');
    const headers: Record<string, string> = {
      accept: ACCEPT[responseType],
      'yupana-client': (clientTag ??= `yupana-js/${VERSION} ${runtimeTag()}`),
      ...this.#headers,
      ...own,
      authorization: `Bearer ${this.#apiKey}`,
    };
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (request.method === 'POST') {
      const key = options.idempotencyKey ?? headers['idempotency-key'] ?? uuid();
      const problem = idempotencyKeyProblem(key);
      if (problem) issues.push({ path: 'idempotencyKey', message: problem });
      headers['idempotency-key'] = key;
    }
    if (issues.length) throw new ValidationError('request options', issues);
    const retries = options.maxRetries ?? this.maxRetries;
    const { signal } = options;
    const log = this.#log;
    const call = () => `${request.method} ${logPath(request.path)}`;
    let attempts = 0;
    const exchange: Exchange = {
      url,
      method: request.method,
      headers,
      body,
      responseType,
      timeout: options.timeout ?? this.timeout,
      signal,
      label: () => `${call()} attempt ${attempts}`,
    };

    let answer: Answer<T>;
    try {
      answer = await pRetry(
        (attempt) => {
          attempts = attempt;
          if (attempt > 1) headers['yupana-retry-count'] = String(attempt - 1);
          return this.#attempt<T>(exchange);
        },
        {
          retries,
          minTimeout: 0,
          maxTimeout: 0,
          shouldRetry: async ({ error, attemptNumber, retriesConsumed }) => {
            if (!(error instanceof YupanaError) || !isRetryable(error)) return false;
            const delay = retryDelay(error, retriesConsumed);
            const ignored = ignoredRetryAfter(error);
            if (ignored !== undefined) {
              log.warn?.(
                `${call()}: the server asked to wait ${Math.round(ignored)} s (Retry-After), longer than the ${MAX_RETRY_AFTER_SECONDS} s a call waits; ` +
                  'backing off instead, and the error keeps it if the retries run out',
              );
            }
            log.info?.(`${call()} attempt ${attemptNumber} failed: ${reason(error)}; retry ${retriesConsumed + 1} of ${retries} in ${Math.round(delay)} ms`);
            await sleep(delay, signal);
            return true;
          },
        },
      );
    } catch (error) {
      if (signal?.aborted && !(error instanceof APIUserAbortError)) throw new APIUserAbortError({ cause: error });
      if (error instanceof YupanaError && isRetryable(error)) log.info?.(`${call()} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason(error)}`);
      throw error;
    }
    // A complete JSON answer of the wrong shape is checked here, after the retries: another
    // attempt would only fetch it again.
    const { result, text } = answer;
    if (shape && responseType === 'json' && !shape(result.data)) {
      const { status, headers: responseHeaders } = result.response;
      throw APIError.malformed(status, this.#redactText(text), redactHeaders(responseHeaders, this.#apiKey), `the body is not ${shape === isPage ? 'a list page' : 'an object'}`);
    }
    return result;
  }

  /**
   * The URL of `path` and `query` below the base URL. `path` must start with a single `/`, and
   * the URL must keep the base URL's origin: the API key goes nowhere else.
   */
  #url(path: unknown, query: object | undefined): string {
    if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path)) {
      throw new ValidationError('request', [{ path: 'path', message: 'must start with a single "/", e.g. "/v1/documents"' }]);
    }
    const url = new URL(this.baseURL + path + stringifyQuery(query));
    if (url.origin !== this.#origin) {
      throw new ValidationError('request', [{ path: 'path', message: `must stay on the base URL's origin (${this.#origin})` }]);
    }
    return url.href;
  }

  /**
   * One HTTP exchange: the timeout covers the headers and the whole body, and whatever ends it
   * early releases the connection. Redirects are not followed (see {@link RedirectError}); the
   * API key is scrubbed from error bodies, headers and causes.
   */
  async #attempt<T>({ url, method, headers, body, responseType, timeout, signal, label }: Exchange): Promise<Answer<T>> {
    const log = this.#log;
    const ky = await loadKy();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    log.debug?.(`${label()} sent`);
    let response: Response;
    let read: ReadBody;
    try {
      // ky's own timeout covers the wait for the headers (with the controller ky makes anyway),
      // and readBody() the rest of the body. The body joins at the fetch call, not in ky's
      // Request, so no body stream is built, teed by ky's clone and copied by fetch.
      response = await ky(url, {
        method,
        headers,
        signal,
        redirect: 'manual',
        retry: 0,
        timeout,
        throwHttpErrors: false,
        fetch: (input, init) => (this.#fetch ?? globalThis.fetch)(input, { ...init, body }),
      });
      read = await readBody(response, timeout - (performance.now() - started), signal, response.ok ? Infinity : MAX_ERROR_BODY_BYTES);
    } catch (cause) {
      const error = signal?.aborted
        ? new APIUserAbortError({ cause })
        : cause === TIMED_OUT || (cause instanceof Error && cause.name === 'TimeoutError')
          ? new APIConnectionTimeoutError(timeout)
          : new APIConnectionError(undefined, { cause: redactCause(cause, this.#apiKey) });
      log.debug?.(`${label()}: ${error.name} after ${elapsed()} ms`);
      throw error;
    }
    const { status } = response;
    const requestId = response.headers.get('request-id') ?? undefined;
    log.debug?.(`${label()}: ${status} in ${elapsed()} ms${requestId ? `, request ${escapeControls(requestId)}` : ''}`);
    if (response.type === 'opaqueredirect') throw new RedirectError(0, '', response.headers);
    if (!response.ok) {
      const text = decoder.decode(read.bytes) + (read.cut ? `\n[cut by yupana: only the first ${MAX_ERROR_BODY_BYTES} bytes of the body were kept]` : '');
      throw APIError.from(status, this.#problem(text), redactHeaders(response.headers, this.#apiKey));
    }
    const text = responseType === 'bytes' ? '' : decoder.decode(read.bytes);
    const answer = (data: unknown): Answer<T> => ({
      result: {
        data: data as T,
        response,
        requestId,
        replayed: response.headers.get('idempotent-replayed') === 'true',
        rateLimit: parseRateLimit(response.headers),
      },
      text,
    });
    if (responseType !== 'json') return answer(responseType === 'bytes' ? read.bytes : text);
    if (status === 204 || status === 205) return answer(undefined);
    try {
      return answer(JSON.parse(text));
    } catch {
      // Retried: a body cut short or an HTML page from a proxy may be followed by the real answer.
      throw APIError.malformed(status, this.#redactText(text), redactHeaders(response.headers, this.#apiKey), text ? 'the body is not JSON' : 'the body is empty');
    }
  }

  /** `text` without the API key, should a server or proxy echo it back. */
  #redactText(text: string): string {
    return redactText(text, this.#apiKey);
  }

  /** An error body: the parsed problem when it is a JSON object, else the raw text, without the API key either way. */
  #problem(text: string): Errors.ProblemBody | string {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return redactValue(parsed as Errors.ProblemBody, this.#apiKey);
    } catch {
      // not JSON: the raw text below
    }
    return this.#redactText(text);
  }
}

/**
 * Server text as it may enter a log line: control characters escaped (`\n` as `\\n`), so a
 * value can never start a line of its own.
 */
function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/**
 * A path as log lines show it: no query string, and a RUC or DNI in a path segment (the
 * lookups) replaced by `{number}`, since identity numbers are personal data.
 */
function logPath(path: string): string {
  return escapeControls(String(path).split('?')[0]!.replace(/\/\d{8,}(?=\/|$)/g, '/{number}'));
}

/** Why an attempt failed, for log lines: `503 unavailable, request req_x` or `APIConnectionTimeoutError`. */
function reason(error: Errors.YupanaError): string {
  if (!(error instanceof APIError)) return error.name;
  const what = error.status >= 200 && error.status < 300 ? 'with a body that is not what the operation answers' : (error.code ?? '');
  return escapeControls(`${error.status}${what ? ` ${what}` : ''}${error.requestId ? `, request ${error.requestId}` : ''}`);
}

function lowercase(headers: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value;
  return result;
}
