/**
 * The request path of one call, top to bottom: **build** (the URL, the headers, the JSON body,
 * the `Idempotency-Key`; bad input rejects here and nothing is sent), **attempt** (ky sends it),
 * **retry** (p-retry runs the loop with its own backoff), **read** (the body, within the
 * timeout and, for an error, a byte limit) and **error** (a typed error without the API key).
 * One shape, {@link Prepared}, flows through it. The only module that imports ky and p-retry.
 *
 * Each library does its job: ky builds the `Request`, runs the `beforeRequest` and
 * `afterResponse` hooks and sends its own `Request` through the client's `fetch`; p-retry runs the
 * retry loop and sleeps its backoff. Two bridges reach beyond them, each in one commented place:
 * `Retry-After` (in `shouldRetry`) and the timeout over the headers and the whole body (in
 * `#attempt`).
 *
 * @module
 */
import type { KyInstance, Options as KyOptions } from 'ky';
import pRetry from 'p-retry';
import { parseRateLimit, type RateLimit, type WithResponse } from './api-promise.js';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, type FieldIssue, RedirectError, ValidationError, YupanaError } from './errors.js';
import {
  checkLimits,
  headerIssues,
  HTTP_METHODS,
  idempotencyKeyProblem,
  lowercase,
  type APIRequest,
  type HookRequest,
  type Hooks,
  type RequestOptions,
  type ResolvedOptions,
  type ResponseType,
} from './options.js';
import type { ListEnvelope } from './pagination.js';
import type { Problem } from '../models/problem.js';
import { VERSION } from '../version.js';
import { readBody, type ReadBody } from '../internal/body.js';
import { lazily } from '../internal/lazy.js';
import { escapeControls, logPath } from '../internal/log.js';
import { stringifyQuery } from '../internal/query.js';
import { parseRetryAfter } from '../internal/retry-after.js';
import { redactCause, redactHeaders, redactText, redactValue } from '../internal/redact.js';
import { runtimeTag, uuid } from '../internal/runtime.js';
import { sleep } from '../internal/sleep.js';

/**
 * ky, loaded by the first client built (see {@link RequestPath}), not by `import 'yupana'`: at
 * load time ky probes `Request` and `FormData` support, which makes Node load its whole fetch.
 */
const loadKy: () => Promise<KyInstance> = lazily(() => import('ky').then((m) => (loadedKy = m.default)));

/** ky, once loaded: an attempt then takes it without waiting a turn for the load's promise. */
let loadedKy: KyInstance | undefined;

/** The `Yupana-Client` header's value, worked out on the first request. */
let clientTag: string | undefined;

/** The `Accept` of each response type: the success type, beside the problem type every failure uses (docs/contract.md §1). */
const ACCEPT: Record<ResponseType, string> = {
  json: 'application/json, application/problem+json',
  text: 'application/xml, application/problem+json',
  bytes: 'application/pdf, application/problem+json',
};

/** The most of an error body an error keeps (a proxy's 100 MB HTML page is cut here, and its download stopped). */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;

const decoder = new TextDecoder();

const noop = () => undefined;

// ── The retry rules (contract §3) ────────────────────────────────────────────────────────────

/** The longest `Retry-After` (seconds) obeyed inside a call; a longer one is left to the caller (`RateLimitError.retryAfter`). */
export const MAX_RETRY_AFTER_SECONDS = 60;
/** The backoff before the first retry is drawn once per call from [this, twice this) ms; it doubles with every retry. */
const INITIAL_RETRY_DELAY_MS = 500;
/** The longest backoff between two attempts (ms). */
const MAX_RETRY_DELAY_MS = 8_000;
/** Statuses below 500 worth another attempt: request timeout, conflict (idempotency key in use), rate limit. Every 5xx is too. */
const RETRYABLE_STATUSES = new Set([408, 409, 429]);

/**
 * Whether a failed attempt may be tried again: connection failures and timeouts, 408, 409,
 * 429 and 5xx, never another 4xx nor a redirect. A 2xx whose body could not be read (empty,
 * cut short, not JSON) is retried too: the operation may have happened, and its retry gets the
 * stored answer. A `Yupana-Should-Retry: true|false` response header overrides.
 * Safe for POSTs because every attempt of one call carries the same `Idempotency-Key`.
 */
function isRetryable(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true;
  if (!(error instanceof APIError)) return false;
  const override = error.headers.get('yupana-should-retry');
  if (override === 'true') return true;
  if (override === 'false') return false;
  return RETRYABLE_STATUSES.has(error.status) || error.status >= 500 || (error.status >= 200 && error.status < 300);
}

/**
 * How a feature built on this path (createMany) shares one rate budget among many calls: a
 * failure it explains (a 429) pauses every call and uses up no retry. Handed over under
 * {@link RATE_LIMIT_POLICY}.
 * @internal
 */
export interface RateLimitPolicy {
  /** Paces the attempts of every call that shares it (createMany's `RateBudget`). */
  pace: {
    /** Resolves, with a token for `release`, when an attempt may start; rejects when `signal` aborts. */
    acquire(signal: AbortSignal): Promise<number>;
    /** The attempt started with `token` is over; its answer stated `rateLimit`. */
    release(token: number, rateLimit: RateLimit | undefined): void;
    /** No attempt of any call starts for `ms`. */
    pause(ms: number): void;
  };
  /** The pause (ms) a retryable failure imposes on every call, or `undefined` for one retried as usual. */
  pauseOf(error: YupanaError): number | undefined;
  /** Milliseconds one call may spend, in all, in the pauses it imposes; past it the failure is the call's error. */
  maxWaitMs: number;
  /** The error of a call that gave up after `answers` pauses, `waitedMs` in all. */
  gaveUp(error: YupanaError, answers: number, waitedMs: number): YupanaError;
}

/** @internal The key of a {@link RateLimitPolicy} in a call's {@link RequestOptions}: only createMany sets it. */
export const RATE_LIMIT_POLICY: unique symbol = Symbol('yupana.rateLimitPolicy');

/** @internal Request options that may carry a {@link RateLimitPolicy}. */
export type PolicedOptions = RequestOptions & { [RATE_LIMIT_POLICY]?: RateLimitPolicy | undefined };

/** The pause `error` imposes under `policy`, when it is a retryable failure the policy explains. */
const pauseUnder = (policy: RateLimitPolicy | undefined, error: unknown) => (policy && isRetryable(error) ? policy.pauseOf(error as YupanaError) : undefined);

// ── The one shape that flows through the path ────────────────────────────────────────────────

/** A check a JSON answer must pass for the call to resolve with it; a failure is an {@link APIError}. */
type Shape = (data: unknown) => boolean;

/** What every resource method answers: a JSON object (so never `null`, an array, nor the nothing of a 204). */
export const isObject: Shape = (data) => data !== null && typeof data === 'object' && !Array.isArray(data);

/** An object the API identifies: with a non-empty string `id` (a document, a customer...). */
export const isIdentified: Shape = (data) => isObject(data) && typeof (data as { id?: unknown }).id === 'string' && (data as { id: string }).id !== '';

/** A list page: an object with a `data` array, and a non-empty `nextCursor` when `hasMore`. */
export const isPage: Shape = (data) => {
  if (!isObject(data)) return false;
  const { data: items, hasMore, nextCursor } = data as Partial<ListEnvelope<unknown>>;
  return Array.isArray(items) && (hasMore !== true || (typeof nextCursor === 'string' && nextCursor !== ''));
};

/** A call, built and checked: what every attempt of it sends, and how it is retried and read. */
interface Prepared {
  method: APIRequest['method'];
  url: string;
  /** The call in log lines, `POST /v1/documents` (no query, no identity number). */
  path: string;
  /** Names in lower case; a retry adds `yupana-retry-count`. */
  headers: Record<string, string>;
  body: string | undefined;
  responseType: ResponseType;
  /** Milliseconds for the headers and the whole body of one attempt. */
  timeout: number;
  maxRetries: number;
  signal: AbortSignal | undefined;
  policy: RateLimitPolicy | undefined;
}

/** A successful attempt: the result, and the body's text for an error should the result be of the wrong shape. */
interface Answer<T> {
  result: WithResponse<T>;
  text: string;
}

/**
 * `body` as JSON text (`undefined` for no body), or a {@link ValidationError} naming the field JSON
 * cannot carry (a BigInt, a cycle) instead of `JSON.stringify`'s bare `TypeError`. The field is
 * looked for only then.
 */
function bodyText(body: unknown): string | undefined {
  try {
    return JSON.stringify(body);
  } catch (error) {
    const issue = unsendable(body, '', []) ?? { path: '', message: `cannot be sent as JSON: ${(error as Error).message}` };
    throw new ValidationError('request body', [issue]);
  }
}

/** The first field of `value` that JSON cannot carry, with its dot path; `ancestors` are the objects holding it. */
function unsendable(value: unknown, path: string, ancestors: object[]): FieldIssue | undefined {
  if (typeof value === 'bigint') return { path, message: 'is a BigInt, which JSON cannot carry: send a number or a string' };
  if (value === null || typeof value !== 'object') return undefined;
  if (ancestors.includes(value)) return { path, message: 'refers back to an object that holds it: JSON cannot carry a cycle' };
  for (const [key, item] of Object.entries(value)) {
    const issue = unsendable(item, path ? `${path}.${key}` : key, [...ancestors, value]);
    if (issue) return issue;
  }
  return undefined;
}

/**
 * The message of an {@link APIConnectionError}: the origin that could not be reached (scheme,
 * host and port: never the path, its query or the key) and the system's code for why, when the
 * cause carries one. `answered`: the headers came, and the body was cut short.
 */
function connectionFailure(url: string, answered: boolean, cause: unknown): string {
  const origin = new URL(url).origin;
  const code = errorCode(cause, new Set());
  const why = code ? ` (${code})` : '';
  return answered ? `Connection error: the answer from ${origin} was cut short${why}.` : `Connection error: could not reach ${origin}${why}.`;
}

/** The first system error code (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`...) among `cause`, its causes and an `AggregateError`'s errors. */
function errorCode(cause: unknown, seen: Set<unknown>): string | undefined {
  if (cause === null || typeof cause !== 'object' || seen.has(cause)) return undefined;
  seen.add(cause);
  const { code } = cause as { code?: unknown };
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
  const nested = [(cause as { cause?: unknown }).cause, ...(Array.isArray((cause as { errors?: unknown }).errors) ? (cause as { errors: unknown[] }).errors : [])];
  for (const item of nested) {
    const found = errorCode(item, seen);
    if (found) return found;
  }
  return undefined;
}

/** Why an attempt failed, for log lines: `503 unavailable, request req_x` or `APIConnectionTimeoutError`. */
function reason(error: unknown): string {
  if (!(error instanceof APIError)) return error instanceof Error ? error.name : typeof error;
  const what = error.status >= 200 && error.status < 300 ? 'with a body that is not what the operation answers' : (error.code ?? '');
  return escapeControls(`${error.status}${what ? ` ${what}` : ''}${error.requestId ? `, request ${error.requestId}` : ''}`);
}

/**
 * `sent` (ky's promise of the response), or a rejection with `signal`'s reason as soon as the
 * attempt's signal aborts: the timeout then covers the hooks ky runs (a `beforeRequest` that never
 * settles, an `afterResponse` reading its copy of a stalled body) and a custom fetch that ignores
 * the signal. A response that comes after that has its body cancelled, so its connection is freed.
 */
function endedBy(signal: AbortSignal, sent: Promise<Response>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const end = () => reject(signal.reason);
    if (signal.aborted) end();
    else signal.addEventListener('abort', end, { once: true });
    sent.then(
      (response) => {
        signal.removeEventListener('abort', end);
        if (signal.aborted) response.body?.cancel().catch(() => undefined);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', end);
        reject(error);
      },
    );
  });
}

/** Whole milliseconds since `started` (a `performance.now()`), for log lines. */
const msSince = (started: number) => Math.round(performance.now() - started);

/** The call in log lines, `POST /v1/documents`: built only when a line is. */
const label = (call: Prepared) => `${call.method} ${logPath(call.path)}`;

/** A `fetch` that looks `globalThis.fetch` up on every request: msw, or a polyfill installed after the client was built, is seen. */
const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

/**
 * The request path of one client: its key, base URL, `fetch`, default headers and hooks, and
 * {@link send}, which takes a call from its request to its result or its typed error.
 */
export class RequestPath {
  readonly #options: ResolvedOptions;
  /** The `Authorization` header's value, `Bearer <key>`. */
  readonly #authorization: string;
  /** What ky sends through (ky's `fetch` option): the client's `fetch`, else the global one, looked up per request. */
  readonly #fetch: typeof fetch;
  /** The client's `beforeRequest` and `afterResponse` hooks as ky's, or `undefined` without any. */
  readonly #kyHooks: KyOptions['hooks'];

  constructor(options: ResolvedOptions) {
    this.#options = options;
    this.#authorization = `Bearer ${options.apiKey}`;
    const given = options.fetch;
    // Called unbound, as it would be by hand: ky calls its `fetch` option as a method of its
    // options object, and a browser's own fetch refuses any `this` but the window.
    this.#fetch = given ? (input, init) => given(input, init) : globalFetch;
    this.#kyHooks = this.#hooksForKy(options.hooks);
    // ky starts loading with the client, so the first call never waits for it after loading
    // something else. A failed load is not kept: the first attempt loads again and reports it.
    loadKy().catch(() => undefined);
  }

  /** One call: built (bad input rejects, nothing sent), attempted and retried, its answer checked against `shape`. */
  async send<T>(request: APIRequest, options: PolicedOptions, shape: Shape | undefined): Promise<WithResponse<T>> {
    const call = this.#build(request, options);
    const { result, text } = await this.#retry<T>(call);
    // Checked after the retries: another attempt would only fetch the same complete answer again.
    if (shape && call.responseType === 'json' && !shape(result.data)) {
      throw this.malformed(result, text, `the body is not ${shape === isPage ? 'a list page' : shape === isIdentified ? 'an object with an id' : 'an object'}`);
    }
    return result;
  }

  /**
   * Builds a call, or throws a {@link ValidationError} for what the wire cannot carry (a path
   * that does not start with a single `/`, a bad header or idempotency key, bad limits, a body
   * JSON cannot carry): nothing is sent. A `path` starting with a single `/` cannot change the
   * host the API key goes to (a base URL holds no query, fragment or credentials).
   */
  #build(request: APIRequest, options: PolicedOptions): Prepared {
    checkLimits(options, 'request options');
    const { path, method } = request;
    if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path)) {
      throw new ValidationError('request', [{ path: 'path', message: 'must start with a single "/", e.g. "/v1/documents"' }]);
    }
    // Checked here, not left to fetch: a lower-case `post` would go without its Idempotency-Key,
    // and fetch's refusal of a GET with a body would be a retried "connection error".
    if (!(HTTP_METHODS as readonly string[]).includes(method)) {
      throw new ValidationError('request', [{ path: 'method', message: `must be one of ${HTTP_METHODS.join(', ')}` }]);
    }
    if (method === 'GET' && request.body !== undefined) {
      throw new ValidationError('request', [{ path: 'body', message: 'must be left out: a GET request carries no body (send filters as `query`)' }]);
    }
    const query = stringifyQuery(request.query);
    if (typeof query !== 'string') throw new ValidationError('query', [{ path: query.key, message: query.problem }]);
    const url = this.#options.baseURL + path + query;
    const responseType = request.responseType ?? 'json';
    const own = options.headers && lowercase(options.headers);
    const issues = own ? headerIssues(own, 'headers') : [];
    const headers: Record<string, string> = {
      accept: ACCEPT[responseType],
      'yupana-client': (clientTag ??= `yupana-js/${VERSION} ${runtimeTag()}`),
      ...this.#options.headers,
      ...own,
      authorization: this.#authorization,
    };
    const body = bodyText(request.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') {
      const given = options.idempotencyKey ?? headers['idempotency-key'];
      // Only a key the caller gave is checked: a UUID always passes.
      const problem = given == null ? undefined : idempotencyKeyProblem(given);
      if (problem) issues.push({ path: 'idempotencyKey', message: problem });
      headers['idempotency-key'] = given ?? uuid();
    }
    if (issues.length) throw new ValidationError('request options', issues);
    return {
      method,
      url,
      path,
      headers,
      body,
      responseType,
      timeout: options.timeout ?? this.#options.timeout,
      maxRetries: options.maxRetries ?? this.#options.maxRetries,
      signal: options.signal,
      policy: options[RATE_LIMIT_POLICY],
    };
  }

  /**
   * Attempts `call` until it succeeds, fails with what {@link isRetryable} refuses, or its
   * retries run out. p-retry runs the loop and sleeps its own backoff: retry n (from 0) waits
   * min(m × 2ⁿ, 8 s), with m drawn once per call from [0.5 s, 1 s), the jitter that keeps many
   * clients from retrying in lockstep: 0.5–1 s, then 1–2 s, 2–4 s, 4–8 s, then 8 s.
   */
  async #retry<T>(call: Prepared): Promise<Answer<T>> {
    const { maxRetries, signal, policy } = call;
    const { log, hooks } = this.#options;
    const minTimeout = Math.floor(INITIAL_RETRY_DELAY_MS * (1 + Math.random()));
    /** The pause the last failure imposes under `policy` (a 429 it explains), decided in shouldConsumeRetry. */
    let pause: number | undefined;
    let rateLimited = 0;
    let paused = 0;
    let attempts = 0;
    try {
      return await pRetry(
        (attempt) => {
          attempts = attempt;
          return this.#attempt<T>(call, attempt);
        },
        {
          // Under a policy a 429's pause uses up no retry, which p-retry allows only while retries
          // are left: then its count of retries is bounded in shouldRetry instead.
          retries: policy ? Infinity : maxRetries,
          minTimeout,
          factor: 2,
          maxTimeout: MAX_RETRY_DELAY_MS,
          // p-retry's own defaults, given so that it has none to fill in: it copies these options
          // and adds each missing one to the copy, which costs more CPU than the rest of its loop.
          maxRetryTime: Infinity,
          randomize: false,
          onFailedAttempt: noop,
          signal,
          shouldConsumeRetry: ({ error }) => (pause = pauseUnder(policy, error)) === undefined,
          shouldRetry: async ({ error, attemptNumber, retriesConsumed }) => {
            if (!isRetryable(error)) return false;
            const failed = error as YupanaError;
            let wait: number;
            let backoff = 0;
            if (pause !== undefined) {
              // Every call sharing the budget has paused (see #attempt); this call's next attempt waits in `acquire`.
              rateLimited++;
              if (paused + pause > policy!.maxWaitMs) throw policy!.gaveUp(failed, rateLimited, paused);
              paused += pause;
              wait = pause;
              log.info?.(`${label(call)} attempt ${attemptNumber} failed: ${reason(failed)}; pausing ${wait} ms`);
            } else {
              if (retriesConsumed >= maxRetries) return false;
              backoff = Math.min(minTimeout * 2 ** retriesConsumed, MAX_RETRY_DELAY_MS);
              // Bridge (a), Retry-After: obeyed when it asks for at most 60 s and for longer than
              // the backoff; p-retry sleeps the backoff, the rest is slept below. A longer one is
              // not obeyed inside the call: the error keeps it (`RateLimitError.retryAfter`).
              const retryAfter = failed instanceof APIError ? parseRetryAfter(failed.headers.get('retry-after')) : undefined;
              wait = retryAfter === undefined || retryAfter > MAX_RETRY_AFTER_SECONDS ? backoff : Math.max(backoff, retryAfter * 1000);
              if (retryAfter! > MAX_RETRY_AFTER_SECONDS) {
                log.warn?.(
                  `${label(call)}: the server asked to wait ${Math.round(retryAfter!)} s (Retry-After), longer than the ${MAX_RETRY_AFTER_SECONDS} s a call waits; ` +
                    'backing off instead, and the error keeps it if the retries run out',
                );
              }
              log.info?.(`${label(call)} attempt ${attemptNumber} failed: ${reason(failed)}; retry ${retriesConsumed + 1} of ${maxRetries} in ${Math.round(wait)} ms`);
            }
            // Every retry carries its number: the coming attempt's headers, as beforeRetry sees them.
            call.headers['yupana-retry-count'] = String(attemptNumber);
            if (hooks.beforeRetry) {
              const request = { method: call.method, url: call.url, headers: new Headers(call.headers), attempt: attemptNumber + 1 };
              await this.#hook('beforeRetry', hooks.beforeRetry, { request, error: failed, attempt: attemptNumber + 1, delay: wait });
            }
            // Bridge (a), continued: p-retry sleeps the backoff once this returns; the rest of a
            // longer Retry-After is slept here, so that the retry waits exactly the Retry-After.
            if (wait > backoff && pause === undefined) await sleep(wait - backoff, signal);
            return true;
          },
        },
      );
    } catch (error) {
      if (signal?.aborted && !(error instanceof APIUserAbortError)) throw new APIUserAbortError({ cause: error });
      if (isRetryable(error)) log.info?.(`${label(call)} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason(error)}`);
      throw error;
    }
  }

  /**
   * One attempt: ky sends it, its body is read, and its answer becomes a result or a typed error.
   * Redirects are not followed (see {@link RedirectError}); the API key is scrubbed from error
   * bodies, headers and causes.
   */
  async #attempt<T>(call: Prepared, attempt: number): Promise<Answer<T>> {
    const { url, method, headers, body, timeout, signal, policy } = call;
    const { apiKey, log } = this.#options;
    // A failed load (a browser's chunk cut off on the way) is a connection error: retried, and
    // `loadKy` loads again, since a failed load is not kept.
    const ky =
      loadedKy ??
      (await loadKy().catch((cause: unknown) => {
        throw new APIConnectionError(`Connection error: yupana could not load its HTTP client (ky): ${(cause as Error)?.message ?? cause}`, { cause });
      }));
    const token = policy ? await policy.pace.acquire(signal ?? new AbortController().signal) : 0;
    const started = performance.now();
    log.debug?.(`${label(call)} attempt ${attempt} sent`);
    // Bridge (b), the timeout: one timer and one signal per attempt, over the hooks, the headers AND
    // the whole body (ky's own `timeout` covers only the headers, so it is off). When it fires, the
    // attempt ends (endedBy), fetch and the body read with it, and the connection with them.
    const timer = new AbortController();
    const timeLimit = setTimeout(() => timer.abort(), timeout);
    const abort = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
    let response: Response | undefined;
    let read: ReadBody;
    try {
      // ky builds the Request (URL, method, headers, the JSON text, the attempt's signal, redirects
      // not followed), runs the hooks on it, and sends that Request through the client's `fetch`.
      // `retry: 0`: p-retry owns the retries (Retry-After, the rate budget, the idempotency rules);
      // `timeout: false`: ky's covers the headers only, the attempt's covers the body too (above);
      // `throwHttpErrors: false`: every status becomes our own typed error below.
      response = await endedBy(
        abort,
        ky(url, {
          method,
          headers,
          body,
          signal: abort,
          redirect: 'manual',
          fetch: this.#fetch,
          retry: 0,
          timeout: false,
          throwHttpErrors: false,
          ...(this.#kyHooks && { hooks: this.#kyHooks, context: { attempt } }),
        }),
      );
      read = await readBody(response, abort, response.ok ? Infinity : MAX_ERROR_BODY_BYTES);
    } catch (cause) {
      policy?.pace.release(token, undefined);
      const error =
        cause instanceof YupanaError
          ? cause // a hook threw
          : signal?.aborted
            ? new APIUserAbortError({ cause })
            : timer.signal.aborted
              ? new APIConnectionTimeoutError(timeout)
              : new APIConnectionError(redactText(connectionFailure(url, response !== undefined, cause), apiKey), { cause: redactCause(cause, apiKey) });
      log.debug?.(`${label(call)} attempt ${attempt}: ${error.name} after ${msSince(started)} ms`);
      throw error;
    } finally {
      clearTimeout(timeLimit);
    }
    if (!policy) return this.#read<T>(call, attempt, response, read, started);
    try {
      const answer = this.#read<T>(call, attempt, response, read, started);
      policy.pace.release(token, answer.result.rateLimit);
      return answer;
    } catch (error) {
      policy.pace.release(token, parseRateLimit(response.headers));
      // In the same tick as the release, so that no call the release wakes starts before the pause.
      const pause = pauseUnder(policy, error);
      if (pause !== undefined) policy.pace.pause(pause);
      throw error;
    }
  }

  /** The answer of an attempt whose body has been read: a result, or the typed error its status or body calls for. */
  #read<T>(call: Prepared, attempt: number, response: Response, read: ReadBody, started: number): Answer<T> {
    const { status } = response;
    const requestId = response.headers.get('request-id') ?? undefined;
    this.#options.log.debug?.(`${label(call)} attempt ${attempt}: ${status} in ${msSince(started)} ms${requestId ? `, request ${escapeControls(requestId)}` : ''}`);
    if (response.type === 'opaqueredirect') throw new RedirectError(0, '', response.headers);
    if (!response.ok) {
      const text = decoder.decode(read.bytes) + (read.cut ? `\n[cut by yupana: only the first ${MAX_ERROR_BODY_BYTES} bytes of the body were kept]` : '');
      throw APIError.from(status, this.#problem(text), redactHeaders(response.headers, this.#options.apiKey));
    }
    const { responseType } = call;
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
      throw this.malformed(answer(undefined).result, text, text ? 'the body is not JSON' : 'the body is empty');
    }
  }

  /** An {@link APIError} for a 2xx that is not what the operation answers, keeping the raw text; the key is out of both text and headers. */
  malformed(result: WithResponse<unknown>, text: string, why: string): APIError {
    const { apiKey } = this.#options;
    return APIError.malformed(result.response.status, redactText(text, apiKey), redactHeaders(result.response.headers, apiKey), why);
  }

  /**
   * An error body: the parsed problem when it is a JSON object, else the raw text, without the
   * API key either way. Text that is not JSON, and JSON nested too deep to walk for the key (a
   * `RangeError`), are kept as raw text.
   */
  #problem(text: string): Partial<Problem> | string {
    const { apiKey } = this.#options;
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed)) return redactValue(parsed as Partial<Problem>, apiKey);
    } catch {
      // not JSON, or too deep: the raw text below
    }
    return redactText(text, apiKey);
  }

  /** The client's `beforeRequest` and `afterResponse` as ky's hooks, with the attempt number ky's `context` carries. */
  #hooksForKy({ beforeRequest, afterResponse }: Hooks): KyOptions['hooks'] {
    if (!beforeRequest && !afterResponse) return undefined;
    const view = (request: Request, attempt: number): HookRequest => ({ method: request.method, url: request.url, headers: request.headers, attempt });
    const attemptOf = (options: { context: Record<string, unknown> }) => options.context['attempt'] as number;
    return {
      beforeRequest: beforeRequest ? [(request, options) => this.#hook('beforeRequest', beforeRequest, view(request, attemptOf(options)))] : [],
      afterResponse: afterResponse
        ? [
            (request, options, response) => {
              const attempt = attemptOf(options);
              return this.#hook('afterResponse', afterResponse, { request: view(request, attempt), response, attempt });
            },
          ]
        : [],
    };
  }

  /** Runs a hook; what it throws becomes a {@link YupanaError} naming it, without the API key, which ends the call. */
  async #hook<A>(name: keyof Hooks, hook: (argument: A) => void | Promise<void>, argument: A): Promise<void> {
    try {
      await hook(argument);
    } catch (cause) {
      const { apiKey } = this.#options;
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new YupanaError(redactText(`The ${name} hook threw: ${message}`, apiKey), { cause: redactCause(cause, apiKey) });
    }
  }
}
