/**
 * `createMockSandbox`: a stateful in-memory API (documents and every other resource) as msw
 * handlers, with the behaviour of the contract (auth, permissions, problem+json, idempotency,
 * pagination) and injectable faults.
 *
 * @module
 */
import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import type { Document, DocumentCreateParams } from '../models/document.js';
import type { WebhookDelivery } from './deliveries.js';
import { preflightResponse, withCors } from './cors.js';
import { documentRoutes, type MockRoute, replayOf, routeContext, routePattern } from './handlers.js';
import { codeForStatus, MockAPIError, problemBody, problemResponse } from './problem.js';
import { type MockRateLimit, RateLimiter, type RateLimitDecision } from './rate-limit.js';
import { requiredPermission, ResourceState, resourceRoutes } from './resources.js';
import {
  canonicalJson,
  DocumentStore,
  fingerprintOf,
  IdempotencyStore,
  MAX_SETTLE_AFTER_MS,
  randomId,
  type MockOutcome,
  type MockSettleOutcome,
  type StoredResponse,
} from './state.js';

/** An API key the mock accepts by default, as any key that starts with `sk_test_` is. */
export const MOCK_API_KEY = 'sk_test_yupana_mock';

/** The largest request body the mock reads by default: 1 MiB (see `MockSandboxOptions.maxBodyBytes`). */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * How deep a JSON body may nest (objects and arrays): 64 levels, far more than any request of the
 * API needs. A deeper one is a 400 `bad_request`, found before it is parsed.
 */
const MAX_JSON_DEPTH = 64;

/** How many requests the mock records by default (see `MockSandboxOptions.maxRecordedRequests`). */
const DEFAULT_MAX_RECORDED_REQUESTS = 10_000;

/** Options of {@link createMockSandbox}. */
export interface MockSandboxOptions {
  /**
   * Bearer keys the mock accepts, with every permission; any other key gets a 401. Without it,
   * any key that starts with `sk_test_` is accepted (as stripe-mock does), so an app runs
   * against the mock with its own test key. Keys made with `apiKeys.create` work too, until revoked.
   *
   * @defaultValue any key that starts with `sk_test_`
   */
  apiKeys?: string[];
  /** Decides SUNAT's answer for a new document (and for each resend); default: always accepted with code `'0'`. */
  outcome?: (params: DocumentCreateParams) => MockOutcome;
  /**
   * Milliseconds after which SUNAT answers a document that `outcome` left `'pending'`. Meanwhile
   * the document is `pending` and its `taxAuthority.nextAttemptAt` says when the answer comes
   * (rounded up to the second); then it becomes what `settleOutcome` says, with `attempts` one
   * more, `nextAttemptAt` null, and its `document.accepted` or `document.rejected` event (and
   * webhook deliveries). Each pending document gets a `setTimeout`: under fake timers, advance
   * them (`await vi.advanceTimersByTimeAsync(ms)`), then `flushWebhooks()` delivers the event.
   * A `documents.resend` while pending starts the wait again; `reset()` cancels answers still to come.
   * A void (`documents.void`) completes after the same delay: `voiding`, then `voided` with its
   * `document.voided` event.
   *
   * @defaultValue `undefined`: a pending document stays pending (until `documents.resend`); a
   * void completes on the next timer turn (`setTimeout` of 0)
   */
  settleAfterMs?: number;
  /**
   * SUNAT's later answer to a pending document (see `settleAfterMs`): `'accepted'` (code `0`),
   * `'observed'` (accepted with an observation) or `'rejected'`.
   *
   * @defaultValue `'accepted'`
   */
  settleOutcome?: MockSettleOutcome;
  /**
   * A rate limit per API key, one fixed window each. Every answer (successes and failures, not
   * CORS preflights) then carries `RateLimit: "default";r=<remaining>;t=<seconds to reset>` and
   * `RateLimit-Policy: "default";q=<requests>;w=<windowSeconds>`; past the quota the answer is a
   * 429 `rate_limited` with `Retry-After`, and the request is not handled. The windows run on
   * `Date.now()`: fake timers that fake `Date` (`vi.useFakeTimers()`, `vi.setSystemTime()`) move them.
   *
   * @defaultValue `undefined`: no limit and no `RateLimit` headers
   */
  rateLimit?: MockRateLimit;
  /** Documents to start with (already shaped as `Document`), oldest first. Default: none. */
  documents?: Document[];
  /**
   * Decides the fault of each request that finds none queued by {@link MockSandbox.failNext},
   * e.g. from its `Idempotency-Key` and `Yupana-Retry-Count` headers: a fault plan that holds
   * under concurrent requests. Default: no faults.
   */
  fault?: (request: RecordedRequest) => MockFault | undefined;
  /**
   * The address each document's `pdfUrl` starts with, e.g. `https://sandbox.example.test` when the
   * mock is reached through a proxy. Without it, the address the document was created at: the
   * URL the client called (with msw), the server's own address (with `startMockServer`), never
   * the request's `Host` header.
   *
   * @defaultValue the origin of the create request
   */
  baseURL?: string;
  /**
   * The largest request body, in bytes. A longer one is a 413 `payload_too_large`, known from
   * its `Content-Length` before reading anything, or else found as it is read: the mock stops
   * reading at the limit (`startMockServer` then closes the connection), never buffers a body whole.
   *
   * @defaultValue 1 MiB (1 048 576 bytes)
   */
  maxBodyBytes?: number;
  /**
   * How many requests {@link MockSandbox.requests} keeps: the latest ones, the oldest dropped
   * first, so that a long run (a month-end rehearsal) holds a bounded log.
   *
   * @defaultValue 10 000
   */
  maxRecordedRequests?: number;
}

/**
 * A fault for one request, queued with {@link MockSandbox.failNext}:
 * - `{ status, body?, headers? }` answers that status before any handling. An object `body` is
 *   sent as `application/problem+json`, a string body raw as `text/html`; without a body the
 *   API's problem+json for that status (429 `rate_limited`, 500 `internal_error`, 502-504 `unavailable`...).
 * - `{ network: 'error' }` fails the connection before any handling (msw `HttpResponse.error()`;
 *   the real server destroys the socket).
 * - `{ network: 'hang' }` never answers and handles nothing, like a dead upstream behind a load
 *   balancer: only the client's timeout ends the attempt.
 * - `{ delayMs }` waits, then answers normally. An idempotency key is claimed before the wait,
 *   so a second request with the same key meanwhile gets 409 `idempotency_key_in_use`.
 * - `{ response: 'drop' }` handles the request (a create issues its document and the answer is
 *   stored for replay), then fails the connection instead of answering: the response is lost.
 * - `{ response: 'reset' | 'stall' | 'truncate', afterBytes }` handles the request, sends the
 *   status, the headers and the first `afterBytes` bytes of the body, and then the connection
 *   resets, nothing more ever comes, or the body ends there (well framed, but cut short).
 */
export type MockFault =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { network: 'error' | 'hang' }
  | { delayMs: number }
  | { response: 'drop' }
  | { response: 'reset' | 'stall' | 'truncate'; afterBytes: number };

/** A request the mock received, for assertions. */
export interface RecordedRequest {
  /** Upper-case method. */
  method: string;
  /** Path with query, e.g. `/v1/documents?limit=2`. */
  path: string;
  /** Headers, names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body, the raw text when it is not JSON, `undefined` when empty. */
  body: unknown;
}

/** A stateful in-memory API; plug `handlers` into an msw server. */
export interface MockSandbox {
  /**
   * msw handlers for every route of the contract (`/v1/documents...`, `/v1/customers...`...) on
   * any origin. A request with an `Origin` header (from a web page) gets CORS headers, and
   * preflights are answered.
   */
  handlers: RequestHandler[];
  /** Queues faults applied to the next requests, one per request, in order. */
  failNext(...faults: MockFault[]): void;
  /**
   * Waits until every event so far has been delivered to the registered webhook endpoints
   * (signed POSTs to their URLs), then answers the log of deliveries.
   */
  flushWebhooks(): Promise<WebhookDelivery[]>;
  /** Copies of the documents currently held, oldest first. */
  documents(): Document[];
  /**
   * The requests the mock received, faulted ones, refused ones and CORS preflights (`OPTIONS`)
   * included, in order of arrival: the latest `maxRecordedRequests` (10 000 by default).
   */
  requests: RecordedRequest[];
  /** The largest request body it reads, in bytes (the `maxBodyBytes` option); `startMockServer` applies it too. */
  readonly maxBodyBytes: number;
  /**
   * Back to the initial state: seed documents, no other objects, no requests, no faults, no
   * idempotency keys, fresh rate limit windows, no SUNAT answers still to come.
   */
  reset(): void;
}

/** Whether JSON `text` nests objects and arrays deeper than `max` (counted without parsing it). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** A request body: parsed, or why it is not JSON the mock takes. */
type ParsedBody = { ok: true; value: unknown } | { ok: false; detail: string };

function parseJson(text: string): ParsedBody {
  if (text === '') return { ok: true, value: undefined };
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { ok: false, detail: `The request body nests deeper than ${MAX_JSON_DEPTH} levels` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, detail: 'The request body is not valid JSON' };
  }
}

/**
 * A request's body as text, read only up to `max` bytes: `undefined` when it is longer (its
 * `Content-Length` says so, or it grows past `max` as it is read, and the rest is never read).
 */
async function readBody(request: Request, max: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > max) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > max) {
      // Not awaited: the cancel of a teed body (msw keeps a clone) settles only with its twin's.
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The 413 for a body over `max` bytes. */
export const payloadTooLarge = (max: number, requestId: string): Response =>
  problemResponse(413, 'payload_too_large', `The request body is larger than ${max} bytes`, requestId);

/** How a handled answer is made again for its idempotency key: rendered anew when it is `replayable`, else from its body kept as text. */
async function storedAnswer(response: Response): Promise<StoredResponse> {
  const make = replayOf(response);
  if (make) return make;
  const { status } = response;
  const headers = Object.fromEntries(response.headers);
  const body = await response.clone().text();
  return () => new Response(body, { status, headers });
}

/** An http(s) address without its trailing slashes; a TypeError naming `baseURL` for anything else. */
function baseURLOf(address: string): string {
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new TypeError(`baseURL must be an http(s) URL, got ${JSON.stringify(address)}`);
  return address.replace(/\/+$/, '');
}

/** The answer to a `{ status }` fault. */
function faultResponse(fault: { status: number; body?: unknown; headers?: Record<string, string> }, requestId: string): Response {
  const { status, body } = fault;
  const [text, type] =
    typeof body === 'string'
      ? [body, 'text/html; charset=utf-8']
      : [JSON.stringify(body ?? problemBody(status, codeForStatus(status), `Simulated ${status} response`, requestId)), 'application/problem+json'];
  return new Response(text, {
    status,
    headers: { 'Content-Type': type, 'Request-Id': requestId, ...fault.headers },
  });
}

/** The bearer key a request carries; `undefined` without one. */
const bearerOf = (request: Request) => /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];

/** The 429 past the rate limit: `rate_limited`, with `Retry-After` the seconds until the window resets. */
function rateLimitedResponse(resetSeconds: number, requestId: string): Response {
  const response = problemResponse(429, 'rate_limited', `Rate limit exceeded for this API key: retry in ${resetSeconds} s`, requestId);
  response.headers.set('Retry-After', String(resetSeconds));
  return response;
}

/** Adds the rate limit headers of `budget` to an answer, unless it states them itself (a fault's own headers win). */
function withRateLimit(response: Response, budget: RateLimitDecision | undefined): Response {
  if (budget === undefined || response.type === 'error') return response;
  for (const [name, value] of Object.entries(budget.headers)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/** The handled `response`, damaged as a `{ response }` fault says. */
async function damage(response: Response, fault: Extract<MockFault, { response: string }>): Promise<Response> {
  if (fault.response === 'drop') return HttpResponse.error();
  const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, fault.afterBytes);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent && bytes.length > 0) {
        sent = true;
        controller.enqueue(bytes);
        return undefined;
      }
      if (fault.response === 'truncate') return controller.close();
      if (fault.response === 'reset') return controller.error(new Error('Simulated connection reset in the middle of the body'));
      return new Promise<void>(() => undefined); // stall: the rest never comes
    },
  });
  return new Response(body, { status: response.status, headers });
}

/**
 * Creates a fresh sandbox: its own documents, idempotency keys, fault queue and request log.
 *
 * @throws RangeError for a `settleAfterMs` that is not a number from 0 to 2^31 - 1, or a
 * `rateLimit` whose `requests` or `windowSeconds` is not a positive integer, a `maxBodyBytes` or
 * `maxRecordedRequests` that is not a whole number of 0 or more; TypeError for a `baseURL` that
 * is not an http(s) URL.
 */
export function createMockSandbox(options: MockSandboxOptions = {}): MockSandbox {
  const { settleAfterMs, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, maxRecordedRequests = DEFAULT_MAX_RECORDED_REQUESTS } = options;
  if (settleAfterMs !== undefined && !(settleAfterMs >= 0 && settleAfterMs <= MAX_SETTLE_AFTER_MS)) {
    throw new RangeError(`settleAfterMs must be a number from 0 to ${MAX_SETTLE_AFTER_MS} (about 24.8 days), got ${String(settleAfterMs)}`);
  }
  for (const [name, value] of Object.entries({ maxBodyBytes, maxRecordedRequests })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of 0 or more, got ${String(value)}`);
  }
  const baseURL = options.baseURL === undefined ? undefined : baseURLOf(options.baseURL);
  const settle = settleAfterMs === undefined ? undefined : { afterMs: settleAfterMs, outcome: options.settleOutcome ?? 'accepted' };
  const store: DocumentStore = new DocumentStore(options.documents ?? [], options.outcome ?? (() => 'accepted'), {
    onEvent: (type, doc) => resources.recordEvent(type, doc),
    settle,
    baseURL,
    issuer: () => resources.account,
  });
  const resources: ResourceState = new ResourceState(store, options.apiKeys && new Set(options.apiKeys));
  const limiter = options.rateLimit && new RateLimiter(options.rateLimit);
  const idempotency = new IdempotencyStore();
  const faults: MockFault[] = [];
  const requests: RecordedRequest[] = [];
  const record = (request: RecordedRequest) => {
    requests.push(request);
    while (requests.length > maxRecordedRequests) requests.shift();
  };

  /** The `detail` of a 401: what was wrong with the key, and which keys work when any test key does. */
  const unauthenticated = (key: string | undefined) =>
    key === undefined
      ? 'Missing API key: send Authorization: Bearer <key>'
      : options.apiKeys === undefined && !key.startsWith('sk_test_')
        ? 'Invalid API key: the mock accepts keys that start with sk_test_'
        : 'Invalid API key';

  async function handle(route: MockRoute, request: Request, params: Record<string, string>): Promise<Response> {
    const requestId = randomId('req_');
    const url = new URL(request.url);
    const text = await readBody(request, maxBodyBytes);
    const parsed: ParsedBody = text === undefined ? { ok: false, detail: '' } : parseJson(text);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      body: parsed.ok ? parsed.value : text,
    };
    record(recorded);
    if (text === undefined) return payloadTooLarge(maxBodyBytes, requestId);

    const fault = faults.shift() ?? options.fault?.(recorded);
    if (fault && 'network' in fault) {
      if (fault.network === 'hang') await delay('infinite');
      return HttpResponse.error();
    }
    // Counted once the request reaches the API: a network fault never does.
    const budget = limiter?.take(bearerOf(request) ?? '');
    if (fault && 'status' in fault) return withRateLimit(faultResponse(fault, requestId), budget);
    if (budget && !budget.allowed) return withRateLimit(rateLimitedResponse(budget.resetSeconds, requestId), budget);
    const response = await answer(route, request, url, params, parsed, requestId, fault && 'delayMs' in fault ? fault.delayMs : 0);
    return withRateLimit(fault && 'response' in fault ? await damage(response, fault) : response, budget);
  }

  /** Handles a request: auth, idempotency, then the route; errors become problem+json. */
  async function answer(
    route: MockRoute,
    request: Request,
    url: URL,
    params: Record<string, string>,
    parsed: ParsedBody,
    requestId: string,
    delayMs: number,
  ): Promise<Response> {
    let scope: string | undefined;
    try {
      const key = bearerOf(request);
      const caller = key === undefined ? undefined : resources.authenticate(key);
      if (key === undefined || caller === undefined) {
        throw new MockAPIError(401, 'authentication_error', unauthenticated(key));
      }
      const permission = requiredPermission(request.method, url.pathname);
      if (!caller.permissions.includes(permission)) {
        throw new MockAPIError(403, 'permission_denied', `This API key lacks the ${permission} permission`, undefined, { requiredPermission: permission });
      }
      if (!parsed.ok) throw new MockAPIError(400, 'bad_request', parsed.detail);
      if (request.method === 'POST') {
        const idempotencyKey = request.headers.get('idempotency-key');
        if (!idempotencyKey) throw new MockAPIError(400, 'bad_request', 'Every POST needs an Idempotency-Key header');
        const claimScope = JSON.stringify([key, request.method, url.pathname, idempotencyKey]);
        const replay = idempotency.claim(claimScope, fingerprintOf(canonicalJson(parsed.value)));
        if (replay) return replay;
        scope = claimScope;
      }
      if (delayMs > 0) await delay(delayMs);
      const response = await route.run(routeContext(route.operation, request, url, params, parsed.value));
      response.headers.set('Request-Id', requestId);
      if (request.method !== 'GET') await resources.audit(response, { caller, action: route.operation.name, requestId, request });
      if (scope !== undefined) idempotency.complete(scope, await storedAnswer(response), requestId);
      return response;
    } catch (error) {
      const response =
        error instanceof MockAPIError
          ? problemResponse(error.status, error.code, error.detail, requestId, error.errors, error.extra)
          : problemResponse(500, 'internal_error', `The mock failed: ${String(error)}`, requestId);
      if (scope !== undefined) {
        // Errors of the request itself (validation, state) are stored and replayed like successes.
        if (error instanceof MockAPIError) {
          idempotency.complete(scope, await storedAnswer(response), requestId);
        } else {
          idempotency.release(scope);
        }
      }
      return response;
    }
  }

  const routes: RequestHandler[] = [...documentRoutes(store), ...resourceRoutes(resources)].map((route) => {
    const method = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete }[route.operation.method];
    return method(routePattern(route.operation), async ({ request, params }) =>
      withCors(
        request,
        await handle(
          route,
          request,
          Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : String(v)])),
        ),
      ),
    );
  });
  // A browser's CORS preflight: recorded, but no auth and no queued fault applies to it.
  const preflight = http.options('*/v1/*', ({ request }) => {
    const url = new URL(request.url);
    record({ method: 'OPTIONS', path: url.pathname + url.search, headers: Object.fromEntries(request.headers), body: undefined });
    return preflightResponse(request);
  });
  const handlers = [preflight, ...routes];

  return {
    handlers,
    failNext: (...more) => void faults.push(...more),
    flushWebhooks: () => resources.deliveries.flush(),
    documents: () => store.all(),
    requests,
    maxBodyBytes,
    reset() {
      store.reset();
      resources.reset();
      idempotency.reset();
      limiter?.reset();
      faults.length = 0;
      requests.length = 0;
    },
  };
}
