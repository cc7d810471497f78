import type { KyInstance } from 'ky';
import pRetry from 'p-retry';
import { APIPromise, type WithResponse } from './core/api-promise.js';
import * as Errors from './core/errors.js';
import { type ListEnvelope, Page, PagePromise } from './core/pagination.js';
import { type LevelLog, type Logger, type LogLevel, levelLog, parseLogLevel } from './internal/log.js';
import { ignoredRetryAfter, isRetryable, MAX_RETRY_AFTER_SECONDS, retryDelay, sleep } from './internal/retry.js';
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

const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, RedirectError, YupanaError } = Errors;

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

const ACCEPT: Record<ResponseType, string> = { json: 'application/json', text: 'application/xml', bytes: 'application/pdf' };

/** The longest timeout a timer can hold: about 24.8 days. */
const MAX_TIMEOUT = 2 ** 31 - 1;

/** Refuses a `timeout` or `maxRetries` that would make every attempt time out at once, or crash the retry loop. */
function checkLimits({ timeout, maxRetries }: { timeout?: number | undefined; maxRetries?: number | undefined }, where: string): void {
  const issues: Errors.FieldIssue[] = [];
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT)) {
    issues.push({ path: 'timeout', message: `must be milliseconds from 1 to ${MAX_TIMEOUT}` });
  }
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0)) {
    issues.push({ path: 'maxRetries', message: 'must be a whole number ≥ 0' });
  }
  if (issues.length) throw new Errors.ValidationError(where, issues);
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
    throw new YupanaError(`baseURL ${JSON.stringify(raw)} is not a valid URL.`);
  }
  if (!isSecureURL(url)) {
    throw new YupanaError(`baseURL must use https:// (plain http:// only on loopback: localhost, 127.0.0.0/8, [::1]): got ${url.origin}.`);
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
    this.#apiKey = apiKey;
    this.baseURL = resolveBaseURL(options);
    checkLimits(options, 'client options');
    this.timeout = options.timeout ?? 60_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.strictSunatChecks = strictChecks(options.strictSunatChecks);
    this.#fetch = options.fetch;
    this.#headers = lowercase(options.defaultHeaders);
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
   * endpoint this SDK does not model yet. Bad input (a nested object in `query`) throws a
   * `ValidationError` at once, before anything is sent; every failure of the call itself
   * rejects the returned promise.
   *
   * ```ts
   * const stats = await client.request<{ issued: number }>({ method: 'GET', path: '/v1/stats' });
   * ```
   */
  request<T = unknown>(request: APIRequest, options: RequestOptions = {}): APIPromise<T> {
    checkLimits(options, 'request options');
    const url = this.baseURL + request.path + stringifyQuery(request.query);
    return new APIPromise(this.#send<T>(url, request, options));
  }

  /** Fetches a list endpoint as a {@link PagePromise} that pages automatically. */
  getList<T>(path: string, query: object | undefined, options: RequestOptions = {}): PagePromise<T> {
    checkLimits(options, 'request options');
    const fetchPage = (cursor?: string): Promise<WithResponse<Page<T>>> => {
      const url = this.baseURL + path + stringifyQuery(cursor ? { ...query, cursor } : query);
      return this.#send<ListEnvelope<T>>(url, { method: 'GET', path }, options).then((r) => {
        // Responses are not validated, but a page must be a page: no TypeError later in
        // `for await`, and no endless loop on a page that says more follow without a new cursor.
        const page = r.data as Partial<ListEnvelope<T>> | null;
        const next = page?.nextCursor;
        if (!Array.isArray(page?.data) || (page.hasMore === true && (typeof next !== 'string' || next === '' || next === cursor))) {
          throw new APIError(r.response.status, this.#redact(JSON.stringify(r.data)), this.#redactHeaders(r.response.headers));
        }
        return { ...r, data: new Page(r.data, (nextCursor) => new APIPromise(fetchPage(nextCursor))) };
      });
    };
    return new PagePromise(fetchPage());
  }

  async #send<T>(url: string, request: APIRequest, options: RequestOptions): Promise<WithResponse<T>> {
    const responseType = request.responseType ?? 'json';
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = {
      accept: ACCEPT[responseType],
      'yupana-client': (clientTag ??= `yupana-js/${VERSION} ${runtimeTag()}`),
      ...this.#headers,
      ...lowercase(options.headers),
      authorization: `Bearer ${this.#apiKey}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (request.method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? headers['idempotency-key'] ?? uuid();
    const timeout = options.timeout ?? this.timeout;
    const retries = options.maxRetries ?? this.maxRetries;
    const { signal } = options;
    const log = this.#log;
    const call = () => `${request.method} ${logPath(request.path)}`;
    let attempts = 0;

    try {
      return await pRetry(
        (attempt) => {
          attempts = attempt;
          if (attempt > 1) headers['yupana-retry-count'] = String(attempt - 1);
          return this.#attempt<T>(url, request.method, headers, body, responseType, timeout, signal, () => `${call()} attempt ${attempt}`);
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
  }

  /**
   * One HTTP exchange: the timeout covers the headers and the whole body. Redirects are not
   * followed (see {@link RedirectError}); the API key is scrubbed from error bodies and headers.
   */
  async #attempt<T>(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    responseType: ResponseType,
    timeout: number,
    userSignal: AbortSignal | undefined,
    label: () => string,
  ): Promise<WithResponse<T>> {
    const log = this.#log;
    const ky = await loadKy();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    log.debug?.(`${label()} sent`);
    let response: Response;
    let payload: string | Uint8Array;
    try {
      // ky's own timeout covers the wait for the headers (with the controller ky makes anyway),
      // and readWithin() the rest of the body: no extra AbortSignal per attempt, which on Node 20
      // costs more than the rest of the SDK's work on a request. The body joins at the fetch
      // call, not in ky's Request: a Request with a body holds it as a stream, which ky's clone
      // for retries (off here) tees and fetch copies again, about a third of a bare fetch's CPU.
      response = await ky(url, {
        method,
        headers,
        signal: userSignal,
        redirect: 'manual',
        retry: 0,
        timeout,
        throwHttpErrors: false,
        fetch: (input, init) => (this.#fetch ?? globalThis.fetch)(input, { ...init, body }),
      });
      const read: Promise<string | Uint8Array> =
        response.ok && responseType === 'bytes' ? response.arrayBuffer().then((b) => new Uint8Array(b)) : response.text();
      payload = await readWithin(read, timeout - (performance.now() - started), response, userSignal);
    } catch (cause) {
      const error = userSignal?.aborted
        ? new APIUserAbortError({ cause })
        : cause === TIMED_OUT || (cause instanceof Error && cause.name === 'TimeoutError')
          ? new APIConnectionTimeoutError(timeout)
          : new APIConnectionError(undefined, { cause });
      log.debug?.(`${label()}: ${error.name} after ${elapsed()} ms`);
      throw error;
    }
    const requestId = response.headers.get('request-id') ?? undefined;
    const answer = (data: unknown): WithResponse<T> => ({
      data: data as T,
      response,
      requestId,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      rateLimit: parseRateLimit(response.headers),
    });
    log.debug?.(`${label()}: ${response.status} in ${elapsed()} ms${requestId ? `, request ${requestId}` : ''}`);
    if (response.type === 'opaqueredirect') throw new RedirectError(0, '', response.headers);
    if (!response.ok) {
      throw APIError.from(response.status, parseProblem(this.#redact(payload as string)), this.#redactHeaders(response.headers));
    }
    if (responseType !== 'json' || response.status === 204 || response.status === 205) {
      return answer(responseType === 'json' ? undefined : payload);
    }
    try {
      return answer(JSON.parse(payload as string));
    } catch {
      throw new APIError(response.status, this.#redact(payload as string), this.#redactHeaders(response.headers));
    }
  }

  /** `text` without the API key, should a server or proxy echo it back. */
  #redact(text: string): string {
    return text.includes(this.#apiKey) ? text.replaceAll(this.#apiKey, '[redacted]') : text;
  }

  /** `headers`, or a copy without the API key when a value echoes it. */
  #redactHeaders(headers: Headers): Headers {
    let echoed = false;
    headers.forEach((value) => (echoed ||= value.includes(this.#apiKey)));
    if (!echoed) return headers;
    const copy = new Headers();
    headers.forEach((value, name) => copy.append(name, this.#redact(value)));
    return copy;
  }
}

/**
 * A path as log lines show it: no query string, and a RUC or DNI in a path segment (the
 * lookups) replaced by `{number}`, since identity numbers are personal data.
 */
function logPath(path: string): string {
  return path.split('?')[0]!.replace(/\/\d{8,}(?=\/|$)/g, '/{number}');
}

/** Why an attempt failed, for log lines: `503 unavailable, request req_x` or `APIConnectionTimeoutError`. */
function reason(error: Errors.YupanaError): string {
  if (!(error instanceof APIError)) return error.name;
  const what = error.status >= 200 && error.status < 300 ? 'with a body that is not JSON' : (error.code ?? '');
  return `${error.status}${what ? ` ${what}` : ''}${error.requestId ? `, request ${error.requestId}` : ''}`;
}

/** What readWithin() rejects with when the body does not arrive in time. */
const TIMED_OUT = Symbol('timed out');

/**
 * Settles with `body`, or rejects when `ms` run out ({@link TIMED_OUT}) or `signal` aborts
 * first, cancelling the body: not every fetch (msw's, some polyfills) errors a body stream that
 * stalls after the headers.
 */
function readWithin<T>(body: Promise<T>, ms: number, response: Response, signal: AbortSignal | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = (reason: unknown) => {
      response.body?.cancel().catch(() => undefined);
      reject(reason);
    };
    const onAbort = () => stop(signal?.reason);
    const timer = setTimeout(() => stop(TIMED_OUT), Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    body.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
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
