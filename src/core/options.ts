/**
 * What a client and a call can be told: the options, their defaults and their checks, and the
 * environments' base addresses. The only place those hosts are written.
 *
 * @module
 */
import { type FieldIssue, ValidationError, YupanaError } from './errors.js';
import { headerProblem } from '../internal/headers.js';
import { maxRetriesProblem, timeoutProblem } from '../internal/limits.js';
import { type LevelLog, levelLog, type Logger, type LogLevel, parseLogLevel } from './log.js';
import { isBrowser, readEnv } from '../internal/runtime.js';
import { isSecureURL, trailingSlashes } from '../internal/url.js';
import type { ENVIRONMENT_NAMES } from '../models/shared.js';

/** A request as {@link Hooks} see it. */
export interface HookRequest {
  /** `GET`, `POST`, `PUT`, `PATCH` or `DELETE`. */
  method: string;
  /** The full URL, query string included. */
  url: string;
  /**
   * The headers of this attempt, `Authorization` (your own key) and, on a retry,
   * `Yupana-Retry-Count` included; in `beforeRetry`, those of the attempt about to be made. In
   * `beforeRequest`, `set` or `delete` a header here to change what is sent; elsewhere a copy.
   */
  headers: Headers;
  /** The attempt's number: 1 for the first, 2 for the first retry, and so on. */
  attempt: number;
}

/**
 * Functions the client calls around each attempt of every call, for tracing, metrics and
 * logging. Each may be `async`; the call waits for it (`beforeRequest` and `afterResponse` within
 * the attempt's `timeout`, as the request is). A hook that throws (or rejects) ends the
 * call: it rejects with a `YupanaError` whose message names the hook and whose `cause` is what
 * it threw, and nothing more is sent. Hooks see your API key in `Authorization`; errors and log
 * lines never carry it.
 *
 * ```ts
 * const client = new Client({
 *   hooks: {
 *     beforeRequest: ({ headers }) => headers.set('traceparent', currentTraceparent()),
 *     afterResponse: ({ request, response, attempt }) =>
 *       metrics.timing('yupana', { method: request.method, status: response.status, attempt }),
 *     beforeRetry: ({ error, attempt, delay }) => console.warn(`retry ${attempt - 1} in ${delay} ms: ${error.message}`),
 *   },
 * });
 * ```
 */
export interface Hooks {
  /** Before each attempt is sent (retries included): may add, replace or remove headers. @defaultValue none */
  beforeRequest?: ((request: HookRequest) => void | Promise<void>) | undefined;
  /**
   * When the status and headers of an attempt's response have arrived, before its body is read:
   * `response` is a copy (reading its body does not take the SDK's). @defaultValue none
   */
  afterResponse?: ((context: { request: HookRequest; response: Response; attempt: number }) => void | Promise<void>) | undefined;
  /**
   * After a failed attempt, when it will be retried, before the wait: `delay` is the wait in ms,
   * `attempt` the number of the attempt about to be made, `error` why the last one failed.
   * @defaultValue none
   */
  beforeRetry?: ((context: { request: HookRequest; error: YupanaError; attempt: number; delay: number }) => void | Promise<void>) | undefined;
}

/** What is wrong with a `hooks` option: a hook that is not a function. */
function hookIssues(hooks: Hooks | undefined): FieldIssue[] {
  return Object.entries(hooks ?? {})
    .filter(([, hook]) => hook !== undefined && typeof hook !== 'function')
    .map(([name]) => ({ path: `hooks.${name}`, message: 'must be a function' }));
}

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
   * Milliseconds one attempt may take, until the whole response body has arrived, its
   * `beforeRequest` and `afterResponse` hooks included; past it the attempt fails with an
   * `APIConnectionTimeoutError` and is retried.
   * @defaultValue `60_000`
   */
  timeout?: number | undefined;
  /**
   * How many times a failed request is retried (connection errors, timeouts, 408, 409, 429, 5xx).
   * `0` makes one attempt. Before each retry the client waits 0.5–1 s, then 1–2 s, 2–4 s, 4–8 s,
   * then 8 s (a factor drawn once per call spreads clients apart), or the server's `Retry-After`
   * when it asks for longer, up to 60 s.
   * @defaultValue `2`
   */
  maxRetries?: number | undefined;
  /**
   * A `fetch` implementation to use instead of the global one (e.g. one with a proxy agent):
   * ky's `fetch` option. It is called with the `Request` ky built for the attempt, as the
   * `beforeRequest` hook left it: its method, URL, headers, the JSON body, the attempt's `signal`
   * and `redirect: 'manual'`.
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
   * take a message string (pino, winston...). What one of them throws is ignored: a log line
   * never changes what a call answers.
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
   * Makes `documents.create` check, before sending, SUNAT's rules (`checkDocument` of
   * `yupana/sunat`, the module the service runs: forma de pago and cuotas, operation and customer
   * type, detracción, percepción, retención, ICBPER, free lines, discounts and charges, totals,
   * legends, references, the series, each line's `igv` within 1.00 at the IGV rate) and a RUC
   * customer's check digit. A failure is a `ValidationError` whose issues name the field and
   * carry `sunat_<code>` (`invalid_ruc` for the check digit), and nothing is sent. `true` checks
   * IGV at `IGV_RATE` (18%). A restaurant or hotel in SUNAT's padrón (Ley 31556) passes the
   * setting its account has, `{ igvReducedRate: true }` (`account.igvReducedRate`): each document is
   * then checked at the reduced rate in force on its issue date (10.5% from 2026-02-13), as the
   * service checks it. `{ igvRate }` checks every document at one fixed rate. On, it also makes
   * `retentions.create` and `perceptions.create` check SUNAT's rules of their receipts
   * (`checkRetention` and `checkPerception`: regime, rate, related documents, the payments' month
   * and days, exchange rates), and `despatches.create` those of a guía de remisión
   * (`checkDespatch`: transport, vehicles and drivers, dates, ubigeos, establishments, goods),
   * today in Lima, whatever the IGV setting.
   * @defaultValue `false`
   */
  strictSunatChecks?: boolean | { igvRate: number } | { igvReducedRate: boolean } | undefined;
  /**
   * Functions called around each attempt of every call: before it is sent, when its response
   * arrives, before a retry (see {@link Hooks}). A value that is not a function is an error at
   * construction.
   * @defaultValue none
   */
  hooks?: Hooks | undefined;
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
  /** Milliseconds per attempt, body and hooks included. @defaultValue the client's `timeout` */
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
  /** HTTP method, in capitals as the wire has it. */
  method: (typeof HTTP_METHODS)[number];
  /** Path below the base address, starting with `/v1/`. Encode parameters with care. */
  path: string;
  /** Query parameters: `undefined` dropped, arrays repeated, dates as `YYYY-MM-DD`. @defaultValue none */
  query?: object | undefined;
  /** JSON body, sent exactly as given. @defaultValue none (no body, no `Content-Type`) */
  body?: unknown;
  /** How to read a successful body (see {@link ResponseType}). @defaultValue `'json'` */
  responseType?: ResponseType | undefined;
}

/** @internal The HTTP methods a call may use; the request path refuses any other (a lower-case `post` included). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The client's options checked and resolved, defaults and environment variables applied. */
export interface ResolvedOptions {
  apiKey: string;
  /** Without a trailing slash. */
  baseURL: string;
  timeout: number;
  maxRetries: number;
  fetch: typeof fetch | undefined;
  /** Names in lower case. */
  headers: Record<string, string>;
  webhookSecret: string | undefined;
  log: LevelLog;
  hooks: Hooks;
}

/** Printable ASCII without spaces (0x21–0x7E): what an API key and an idempotency key may hold. */
export const PRINTABLE_ASCII = /^[\x21-\x7E]+$/;

/** The longest `Idempotency-Key` the API stores. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Why `key` cannot be an `Idempotency-Key`, or `undefined` when it can. */
export function idempotencyKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key.length < 1 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !PRINTABLE_ASCII.test(key)) {
    return `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters without spaces (0x21-0x7E)`;
  }
  return undefined;
}

/**
 * What is wrong with `headers` for the wire, one issue per header fetch would refuse (so the
 * call fails here, never inside fetch as a retried "connection error"), each at `where.<name>`.
 */
export function headerIssues(headers: Record<string, string>, where: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const problem = headerProblem(name, value);
    if (problem) issues.push({ path: `${where}.${name}`, message: problem });
  }
  return issues;
}

/** What is wrong with a `timeout` or `maxRetries` that would make every attempt time out at once, or crash the retry loop. */
export function limitIssues({ timeout, maxRetries }: { timeout?: number | undefined; maxRetries?: number | undefined }): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const timeoutIssue = timeout === undefined ? undefined : timeoutProblem(timeout);
  if (timeoutIssue) issues.push({ path: 'timeout', message: timeoutIssue });
  const retriesIssue = maxRetries === undefined ? undefined : maxRetriesProblem(maxRetries);
  if (retriesIssue) issues.push({ path: 'maxRetries', message: retriesIssue });
  return issues;
}

/** Refuses a `timeout` or `maxRetries` that would make every attempt time out at once, or crash the retry loop. */
export function checkLimits(limits: { timeout?: number | undefined; maxRetries?: number | undefined }, where: string): void {
  const issues = limitIssues(limits);
  if (issues.length) throw new ValidationError(where, issues);
}

/** Header names in lower case, so that a call's `Accept` replaces the default one whatever its case. */
export function lowercase(headers: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value;
  return result;
}

/**
 * Checks `options` and applies their defaults: throws a {@link YupanaError} (a
 * {@link ValidationError} for limits and headers) for what a client cannot work with.
 */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
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
  const baseURL = resolveBaseURL(options);
  checkLimits(options, 'client options');
  const headers = lowercase(options.defaultHeaders);
  const problems = [...headerIssues(headers, 'defaultHeaders'), ...hookIssues(options.hooks)];
  if (problems.length) throw new ValidationError('client options', problems);
  const level = parseLogLevel(options.logLevel, 'logLevel') ?? parseLogLevel(readEnv('YUPANA_LOG') || undefined, 'YUPANA_LOG');
  return {
    apiKey,
    baseURL,
    timeout: options.timeout ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    fetch: options.fetch,
    headers,
    webhookSecret: options.webhookSecret,
    log: levelLog(level ?? 'warn', options.logger ?? console),
    hooks: options.hooks ?? {},
  };
}

/** The base URL `options` name (or `YUPANA_BASE_URL`, or the environment's), checked, without a trailing slash. */
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
  // The address as checked: the URL parser drops what it ignores (a space or a line break copied
  // with the address), which the text itself would still carry into every request.
  return url.href.slice(0, url.href.length - trailingSlashes(url.href));
}
