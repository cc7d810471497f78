/**
 * One HTTP exchange over ky: the request built and checked (nothing leaves for a bad one), the
 * headers, a timeout over the headers and the whole body, the connection released whatever ends
 * the attempt, and the answer read into a result or a typed error without the API key. The only
 * file that imports ky.
 *
 * @module
 */
import type { KyInstance } from 'ky';
import type { WithResponse } from '../core/api-promise.js';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, type FieldIssue, RedirectError, ValidationError } from '../core/errors.js';
import { checkLimits, lowercase, type APIRequest, type RequestOptions, type ResolvedOptions, type ResponseType } from '../core/options.js';
import type { ListEnvelope } from '../core/pagination.js';
import type { Problem } from '../models/problem.js';
import { VERSION } from '../version.js';
import { readBody, type ReadBody } from './body.js';
import { headerIssues, idempotencyKeyProblem } from './headers.js';
import { lazily } from './lazy.js';
import { escapeControls } from './log.js';
import { stringifyQuery } from './query.js';
import { parseRateLimit } from './rate-limit-headers.js';
import { redactCause, redactHeaders, redactText, redactValue } from './redact.js';
import { runtimeTag, uuid } from './runtime.js';

/**
 * ky is loaded on the first request: at load time it probes `Request` and `FormData` support,
 * which makes Node load its whole fetch implementation, and that belongs to the first request,
 * not to `import 'yupana'`.
 */
const loadKy: () => Promise<KyInstance> = lazily(() => import('ky').then((m) => m.default));

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
export type Shape = (data: unknown) => boolean;

/** What every resource method answers: a JSON object (so never `null`, an array, nor the nothing of a 204). */
export const isObject: Shape = (data) => data !== null && typeof data === 'object' && !Array.isArray(data);

/** A list page: an object with a `data` array, and a non-empty `nextCursor` when `hasMore`. */
export const isPage: Shape = (data) => {
  if (!isObject(data)) return false;
  const { data: items, hasMore, nextCursor } = data as Partial<ListEnvelope<unknown>>;
  return Array.isArray(items) && (hasMore !== true || (typeof nextCursor === 'string' && nextCursor !== ''));
};

/** A successful attempt: the result, and the body's text for an error should the result be of the wrong shape. */
export interface Answer<T> {
  result: WithResponse<T>;
  text: string;
}

/** A call, built and checked: what every attempt of it sends. */
export interface Exchange {
  url: string;
  method: APIRequest['method'];
  /** Names in lower case; a retry adds `yupana-retry-count`. */
  headers: Record<string, string>;
  body: string | undefined;
  responseType: ResponseType;
  /** Milliseconds for the headers and the whole body of one attempt. */
  timeout: number;
  signal: AbortSignal | undefined;
}

/**
 * `body` as JSON text, or a {@link ValidationError} naming the field JSON cannot carry (a BigInt,
 * a cycle) instead of `JSON.stringify`'s bare `TypeError`. The field is looked for only then.
 */
function bodyText(body: unknown): string {
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
  const nested = [(cause as { cause?: unknown }).cause, ...((cause as { errors?: unknown }).errors instanceof Array ? (cause as { errors: unknown[] }).errors : [])];
  for (const item of nested) {
    const found = errorCode(item, seen);
    if (found) return found;
  }
  return undefined;
}

/** The HTTP side of one client: its key, base URL, `fetch` and default headers. */
export class Transport {
  readonly #options: ResolvedOptions;

  constructor(options: ResolvedOptions) {
    this.#options = options;
  }

  /**
   * Builds the exchange of a call, or throws a {@link ValidationError} for what the wire cannot
   * carry (a path that does not start with a single `/`, a bad header or idempotency key, bad limits): nothing is sent.
   */
  prepare(request: APIRequest, options: RequestOptions): Exchange {
    checkLimits(options, 'request options');
    const url = this.#url(request.path, request.query);
    const responseType = request.responseType ?? 'json';
    const own = lowercase(options.headers);
    const issues = headerIssues(own, 'headers');
    const headers: Record<string, string> = {
      accept: ACCEPT[responseType],
      'yupana-client': (clientTag ??= `yupana-js/${VERSION} ${runtimeTag()}`),
      ...this.#options.headers,
      ...own,
      authorization: `Bearer ${this.#options.apiKey}`,
    };
    const body = request.body === undefined ? undefined : bodyText(request.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (request.method === 'POST') {
      const key = options.idempotencyKey ?? headers['idempotency-key'] ?? uuid();
      const problem = idempotencyKeyProblem(key);
      if (problem) issues.push({ path: 'idempotencyKey', message: problem });
      headers['idempotency-key'] = key;
    }
    if (issues.length) throw new ValidationError('request options', issues);
    return { url, method: request.method, headers, body, responseType, timeout: options.timeout ?? this.#options.timeout, signal: options.signal };
  }

  /**
   * The URL of `path` and `query` below the base URL. `path` must start with a single `/`: then
   * nothing after it can change the host the API key goes to (a base URL holds no query, fragment
   * or credentials, so the path starts right after its host or its own path).
   */
  #url(path: unknown, query: object | undefined): string {
    if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path)) {
      throw new ValidationError('request', [{ path: 'path', message: 'must start with a single "/", e.g. "/v1/documents"' }]);
    }
    return this.#options.baseURL + path + stringifyQuery(query);
  }

  /**
   * One attempt: the timeout covers the headers and the whole body, and whatever ends it early
   * releases the connection. Redirects are not followed (see {@link RedirectError}); the API key
   * is scrubbed from error bodies, headers and causes. `label` names the attempt in log lines.
   */
  async attempt<T>({ url, method, headers, body, responseType, timeout, signal }: Exchange, label: () => string): Promise<Answer<T>> {
    const { apiKey, log } = this.#options;
    const ky = await loadKy();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    log.debug?.(`${label()} sent`);
    // One timer and one controller per attempt, over the headers and the whole body: when it
    // fires, fetch and the body read end, and the connection with them.
    const timer = new AbortController();
    const timeLimit = setTimeout(() => timer.abort(), timeout);
    const abort = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
    let response: Response | undefined;
    let read: ReadBody;
    try {
      // ky makes the request; the fetch itself runs in its beforeRequest hook, so ky neither
      // clones its Request for retries (p-retry retries, internal/retry.ts) nor has fetch copy it,
      // the costliest part of a call. The headers and body join there too: ky's own Request
      // never copies them, and the body is never held as a stream.
      response = await ky(url, {
        method,
        retry: 0,
        timeout: false,
        throwHttpErrors: false,
        hooks: { beforeRequest: [() => (this.#options.fetch ?? globalThis.fetch)(url, { method, headers, body, redirect: 'manual', signal: abort })] },
      });
      read = await readBody(response, abort, response.ok ? Infinity : MAX_ERROR_BODY_BYTES);
    } catch (cause) {
      const error = signal?.aborted
        ? new APIUserAbortError({ cause })
        : timer.signal.aborted
          ? new APIConnectionTimeoutError(timeout)
          : new APIConnectionError(redactText(connectionFailure(url, response !== undefined, cause), apiKey), { cause: redactCause(cause, apiKey) });
      log.debug?.(`${label()}: ${error.name} after ${elapsed()} ms`);
      throw error;
    } finally {
      clearTimeout(timeLimit);
    }
    const { status } = response;
    const requestId = response.headers.get('request-id') ?? undefined;
    log.debug?.(`${label()}: ${status} in ${elapsed()} ms${requestId ? `, request ${escapeControls(requestId)}` : ''}`);
    if (response.type === 'opaqueredirect') throw new RedirectError(0, '', response.headers);
    if (!response.ok) {
      const text = decoder.decode(read.bytes) + (read.cut ? `\n[cut by yupana: only the first ${MAX_ERROR_BODY_BYTES} bytes of the body were kept]` : '');
      throw APIError.from(status, this.#problem(text), redactHeaders(response.headers, apiKey));
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
      throw this.malformed(answer(undefined).result, text, text ? 'the body is not JSON' : 'the body is empty');
    }
  }

  /**
   * The result of a JSON answer, once it passes `shape`. A complete answer of the wrong shape is
   * an {@link APIError} keeping the raw text; checked after the retries, since another attempt
   * would only fetch it again.
   */
  expect<T>({ result, text }: Answer<T>, shape: Shape | undefined, responseType: ResponseType): WithResponse<T> {
    if (shape && responseType === 'json' && !shape(result.data)) {
      throw this.malformed(result, text, `the body is not ${shape === isPage ? 'a list page' : 'an object'}`);
    }
    return result;
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
}
