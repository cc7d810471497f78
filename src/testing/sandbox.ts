/**
 * `createMockSandbox`: a stateful in-memory API (documents and every other resource) as msw
 * handlers, with the behaviour of the contract (auth, permissions, problem+json, idempotency,
 * pagination) and injectable faults. Its parts: the routes (`routes/`, one file per file of
 * src/operations/), the state they work on (`store/`), and what every request goes through
 * (`pipeline.ts`, over `middleware/`).
 *
 * @module
 */
import { http, type RequestHandler } from 'msw';
import { preflightResponse, withCors } from './middleware/cors.js';
import type { MockFault } from './middleware/faults.js';
import { IdempotencyStore } from './middleware/idempotency.js';
import { RateLimiter } from './middleware/rate-limit.js';
import { type RecordedRequest, recordedRequest, RequestLog } from './middleware/recording.js';
import type { WebhookDelivery } from './store/webhook-deliveries.js';
import type { Document } from '../models/document.js';
import { type MockSandboxOptions, settingsOf } from './options.js';
import { handle, type Pipeline } from './pipeline.js';
import { sandboxRoutes } from './routes/index.js';
import { routePattern } from './routing/route.js';
import { SandboxState } from './store/sandbox-state.js';

export { MOCK_API_KEY } from './middleware/auth.js';
export type { MockFault } from './middleware/faults.js';
export type { RecordedRequest } from './middleware/recording.js';
export type { MockSandboxOptions } from './options.js';

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
   * Waits until every webhook delivery due now has been attempted (signed POSTs to the URLs of
   * the endpoints registered), then answers the delivery log: every attempt so far, oldest first,
   * retries included (the latest 10 000). A retry scheduled for later (`webhookRetryDelaysMs`) is
   * not waited for: its failed attempt says when it comes (`nextAttemptAt`). Over HTTP the log of
   * one event is `GET /v1/events/{id}/deliveries`.
   */
  flushWebhooks(): Promise<WebhookDelivery[]>;
  /** Copies of the documents currently held, oldest first. */
  documents(): Document[];
  /**
   * The requests the mock received, faulted ones, refused ones and CORS preflights (`OPTIONS`)
   * included, in order of arrival: the latest `maxRecordedRequests` (10 000 by default) that fit
   * in `maxRecordedBytes` (32 MiB by default), the oldest dropped first. Each body is kept as the
   * text received and parsed when first read.
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

/**
 * Creates a fresh sandbox: its own documents, idempotency keys, fault queue and request log.
 *
 * @throws RangeError for a `settleAfterMs` that is not a number from 0 to 2^31 - 1, or a
 * `rateLimit` whose `requests` or `windowSeconds` is not a positive integer, a `maxBodyBytes`,
 * `maxRecordedRequests`, `maxRecordedBytes` or `maxIdempotencyBytes` that is not a whole number of 0 or more, a
 * `webhookRetryDelaysMs` that is not at most 20 whole numbers of milliseconds, a `boletaReporting` other than
 * `'individual'` or `'summary'`; TypeError for a `baseURL` that
 * is not an http(s) URL.
 */
export function createMockSandbox(options: MockSandboxOptions = {}): MockSandbox {
  const { settle, baseURL, maxBodyBytes, maxRecordedRequests, maxRecordedBytes, maxIdempotencyBytes, webhookRetryDelaysMs } = settingsOf(options);
  const state = new SandboxState({
    seed: options.documents ?? [],
    outcome: options.outcome ?? (() => 'accepted'),
    settle,
    baseURL,
    rootKeys: options.apiKeys && new Set(options.apiKeys),
    webhookRetryDelaysMs,
    igvReducedRate: options.igvReducedRate === true,
    boletaReporting: options.boletaReporting,
    ticketOutcome: options.ticketOutcome,
  });
  const limiter = options.rateLimit && new RateLimiter(options.rateLimit);
  const idempotency = new IdempotencyStore(maxIdempotencyBytes);
  const faults: MockFault[] = [];
  const requests: RecordedRequest[] = [];
  const log = new RequestLog(requests, maxRecordedRequests, maxRecordedBytes);
  const record = (request: RecordedRequest) => log.add(request);
  const pipeline: Pipeline = { state, limiter, idempotency, faults, faultOf: options.fault, record, maxBodyBytes, anyTestKey: options.apiKeys === undefined };

  const routes: RequestHandler[] = sandboxRoutes(state).map((route) => {
    const method = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete }[route.operation.method];
    return method(routePattern(route.operation), async ({ request, params }) =>
      withCors(
        request,
        await handle(pipeline, route, request, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : String(v)]))),
      ),
    );
  });
  // A browser's CORS preflight: recorded, but no auth and no queued fault applies to it.
  const preflight = http.options('*/v1/*', ({ request }) => {
    record(recordedRequest(request, new URL(request.url), undefined));
    return preflightResponse(request);
  });
  const handlers = [preflight, ...routes];

  return {
    handlers,
    failNext: (...more) => void faults.push(...more),
    flushWebhooks: () => state.deliveries.flush(),
    documents: () => state.documents.all(),
    requests,
    maxBodyBytes,
    reset() {
      state.reset();
      idempotency.reset();
      limiter?.reset();
      faults.length = 0;
      log.clear();
    },
  };
}
