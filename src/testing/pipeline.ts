/**
 * One request through the sandbox, top to bottom: read and record it, apply its fault, count it
 * against the rate limit, authenticate it, claim its idempotency key, run its route, audit it and
 * store its answer for replays; every error becomes a problem+json answer.
 *
 * @module
 */
import { delay, HttpResponse } from 'msw';
import { authorize, bearerOf } from './middleware/auth.js';
import { type ParsedBody, parseJson, payloadTooLarge, readBody } from './middleware/body.js';
import { damage, faultResponse, type MockFault } from './middleware/faults.js';
import { canonicalJson, fingerprintOf, type IdempotencyStore, isIdempotencyKey, storedAnswer } from './middleware/idempotency.js';
import { MockAPIError, problemResponse } from './middleware/problem.js';
import { rateLimitedResponse, type RateLimiter, withRateLimit } from './middleware/rate-limit.js';
import { type RecordedRequest, recordedRequest } from './middleware/recording.js';
import { type MockRoute, routeContext } from './routing/route.js';
import { randomId } from './store/ids.js';
import type { SandboxState } from './store/sandbox-state.js';

/** What the pipeline of one sandbox works with. */
export interface Pipeline {
  state: SandboxState;
  /** The rate limit; `undefined` for none. */
  limiter: RateLimiter | undefined;
  idempotency: IdempotencyStore;
  /** The faults queued by `failNext()`, taken one per request. */
  faults: MockFault[];
  /** The fault of a request that finds none queued (the `fault` option). */
  faultOf: ((request: RecordedRequest) => MockFault | undefined) | undefined;
  /** Adds a request to the log. */
  record: (request: RecordedRequest) => void;
  /** The largest body read, in bytes. */
  maxBodyBytes: number;
  /** Whether any `sk_test_` key is accepted (no `apiKeys` option): the 401 then says so. */
  anyTestKey: boolean;
}

/** Handles a request to `route`, with its path parameters, as the sandbox of `pipeline` does. */
export async function handle(pipeline: Pipeline, route: MockRoute, request: Request, params: Record<string, string>): Promise<Response> {
  const { limiter, faults, maxBodyBytes } = pipeline;
  const requestId = randomId('req_');
  const url = new URL(request.url);
  const text = await readBody(request, maxBodyBytes);
  const parsed: ParsedBody = text === undefined ? { ok: false, detail: '' } : parseJson(text);
  const recorded = recordedRequest(request, url, text);
  pipeline.record(recorded);
  if (text === undefined) return payloadTooLarge(maxBodyBytes, requestId);

  const fault = faults.shift() ?? pipeline.faultOf?.(recorded);
  if (fault && 'network' in fault) {
    if (fault.network === 'hang') await delay('infinite');
    return HttpResponse.error();
  }
  // Counted once the request reaches the API: a network fault never does.
  const budget = limiter?.take(bearerOf(request) ?? '');
  if (fault && 'status' in fault) return withRateLimit(faultResponse(fault, requestId), budget);
  if (budget && !budget.allowed) return withRateLimit(rateLimitedResponse(budget.resetSeconds, requestId), budget);
  const response = await answer(pipeline, route, request, url, params, parsed, requestId, fault && 'delayMs' in fault ? fault.delayMs : 0);
  return withRateLimit(fault && 'response' in fault ? await damage(response, fault) : response, budget);
}

/** Handles a request: auth, idempotency, then the route; errors become problem+json. */
async function answer(
  { state, idempotency, anyTestKey }: Pipeline,
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
    const caller = authorize(request, url.pathname, state.apiKeys, anyTestKey);
    if (!parsed.ok) throw new MockAPIError(400, 'bad_request', parsed.detail);
    if (request.method === 'POST') {
      const idempotencyKey = request.headers.get('idempotency-key');
      if (!idempotencyKey) throw new MockAPIError(400, 'bad_request', 'Every POST needs an Idempotency-Key header');
      if (!isIdempotencyKey(idempotencyKey)) throw new MockAPIError(400, 'bad_request', 'The Idempotency-Key must be 1 to 255 printable ASCII characters');
      // Scoped by API key, method and path (docs/contract.md §3), the path as the route reads it:
      // `/v1/documents/` or a percent-encoded id reach the same operation, so they share the key.
      const claimScope = JSON.stringify([bearerOf(request), request.method, route.operation.path, params, idempotencyKey]);
      const replay = idempotency.claim(claimScope, fingerprintOf(canonicalJson(parsed.value)));
      if (replay) return replay;
      scope = claimScope;
    }
    if (delayMs > 0) await delay(delayMs);
    const context = routeContext(route.operation, request, url, params, parsed.value);
    const response = await route.run(context);
    response.headers.set('Request-Id', requestId);
    if (request.method !== 'GET') await state.auditLogs.record(response, { caller, action: route.operation.name, requestId, request, subject: context.subject });
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
