/**
 * The options of a sandbox (`createMockSandbox`, `startMockServer`), each with its default, and
 * their checks.
 *
 * @module
 */
import type { BoletaReporting } from '../models/account.js';
import type { Document, DocumentCreateParams } from '../models/document.js';
import { DEFAULT_MAX_BODY_BYTES } from './middleware/body.js';
import { DEFAULT_MAX_IDEMPOTENCY_BYTES } from './middleware/idempotency.js';
import type { MockFault } from './middleware/faults.js';
import type { MockRateLimit } from './middleware/rate-limit.js';
import { DEFAULT_MAX_RECORDED_BYTES, DEFAULT_MAX_RECORDED_REQUESTS, type RecordedRequest } from './middleware/recording.js';
import { MAX_SETTLE_AFTER_MS, type MockOutcome, type MockSettle, type MockSettleOutcome } from './store/sunat-answers.js';
import type { MockTicket, MockTicketOutcome } from './store/tickets.js';
import { DEFAULT_RETRY_DELAYS_MS } from './store/webhook-deliveries.js';

/** How many retries a webhook delivery may be given at most (the length of `webhookRetryDelaysMs`). */
const MAX_WEBHOOK_RETRIES = 20;

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
   * A void (`documents.void`) is answered after the same delay: SUNAT answers the ticket of its
   * comunicación de baja or resumen diario as `ticketOutcome` says (accepted: the document is
   * `voided`, with its `document.voided` event).
   *
   * @defaultValue `undefined`: a pending document stays pending (until `documents.resend`); a
   * void completes on the next timer turn (`setTimeout` of 0)
   */
  settleAfterMs?: number;
  /**
   * SUNAT's answer to the ticket of each comunicación de baja (`RA`) and resumen diario (`RC`) a
   * `documents.void` makes, and of each guía de remisión `despatches.create` sends (`ticket.kind`
   * `09` or `31`), given after `settleAfterMs` (on the next timer turn without it):
   * - `'accepted'`: its CDR with code `0`; the voided document becomes `voided` (`voiding.accepted` or `summary.accepted`, then `document.voided`);
   * - `'rejected'`: its CDR with SUNAT's code (`2323` for an RA, `2282` for an RC); the document is `accepted` again (`voiding.rejected` or `summary.rejected`);
   * - `'in_process'`: SUNAT keeps answering `98`: the voiding stays `pending` (`taxAuthority.code` `98`), the document `voiding`;
   * - `'unknown_ticket'`: SUNAT answers `0127`, the ticket does not exist: the voiding stays `pending` with an `exception`, the document `voiding`.
   *
   * A guía de remisión becomes `accepted` (`despatch.accepted`) or `rejected` (code `1033`,
   * `despatch.rejected`); `in_process` keeps it `pending` with `taxAuthority.code` `98` and its
   * `nextAttemptAt`, when SUNAT is asked again (every 60 s); `unknown_ticket` keeps it `pending`
   * with an `exception`.
   *
   * @defaultValue `() => 'accepted'`
   */
  ticketOutcome?: (ticket: MockTicket) => MockTicketOutcome;
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
  /**
   * How many bytes of requests {@link MockSandbox.requests} keeps: each request counts its path,
   * its headers and its body as received (a character a byte), plus about 200 bytes; the oldest
   * are dropped first, so that a flood of big bodies holds a bounded log.
   *
   * @defaultValue 32 MiB (33 554 432 bytes)
   */
  maxRecordedBytes?: number;
  /**
   * How many bytes of idempotency records the sandbox keeps (each counts its key and scope, and an
   * answer stored as text, its body and headers; a document's answer is made again from the
   * document, so it costs little). Past it the oldest answered keys are forgotten before their
   * 24 hours, never a key whose request is still running.
   *
   * @defaultValue 64 MiB (67 108 864 bytes)
   */
  maxIdempotencyBytes?: number;
  /**
   * The waits before each retry of a webhook delivery that failed (a status other than 2xx, a
   * redirect, no answer within 10 s, a connection that failed), in ms: one retry per entry, with
   * the same `webhook-id` and body, signed anew. At most 20 entries, each from 0 to 2^31 - 1;
   * `[]` never retries. Each retry is a `setTimeout`: under fake timers, advance them
   * (`await vi.advanceTimersByTimeAsync(ms)`), then `flushWebhooks()`.
   *
   * @defaultValue `[1000, 5000, 30000, 120000, 600000]`: five retries over about 13 minutes
   */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * The sandbox's account starts (and `reset()` takes it back) in SUNAT's padrón of restaurants and
   * hotels (Ley 31556): its documents carry the reduced IGV rate in force on their issue date (10.5%
   * from 2026-02-13), as `account.update({ igvReducedRate: true })` makes them. Production reads the
   * padrón; a restaurant's tests turn this on.
   *
   * @defaultValue `false`: the general rate, 18%
   */
  igvReducedRate?: boolean;
  /**
   * How the sandbox's account starts (and `reset()` takes it back) reporting its boletas and the
   * notas on a `B` series, as `account.update({ boletaReporting })` sets it: `'summary'` puts each
   * in the resumen diario (`RC`) of its issue date, a line of condition `1`: its create answers it
   * `pending` with its `summaryId`; the summary is sent on the next timer turn (with every document
   * created until then, up to 500) and SUNAT answers its ticket after `settleAfterMs` as
   * `ticketOutcome` says (`accepted`: each document `accepted`; `rejected`: each `rejected`;
   * `in_process`, `unknown_ticket`: each stays `pending`). `outcome` does not decide their answer.
   *
   * @defaultValue `'individual'`: each is sent on its own and answered as `outcome` says
   */
  boletaReporting?: BoletaReporting;
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
  // A loop, not /\/+$/: that pattern retries from every slash, quadratic in a run of them.
  let end = address.length;
  while (address.charCodeAt(end - 1) === 0x2f) end--;
  return address.slice(0, end);
}

/** The options of a sandbox as it runs: checked, and with their defaults. */
export interface SandboxSettings {
  settle: MockSettle | undefined;
  baseURL: string | undefined;
  maxBodyBytes: number;
  maxRecordedRequests: number;
  maxRecordedBytes: number;
  maxIdempotencyBytes: number;
  webhookRetryDelaysMs: readonly number[];
}

/**
 * The settings `options` give, checked.
 *
 * @throws RangeError for a `settleAfterMs` that is not a number from 0 to 2^31 - 1, a
 * `maxBodyBytes`, `maxRecordedRequests`, `maxRecordedBytes` or `maxIdempotencyBytes` that is not a whole number of 0 or more,
 * a `webhookRetryDelaysMs` that is not at most 20 such waits, a `boletaReporting` other than
 * `'individual'` or `'summary'`; TypeError for
 * a `baseURL` that is not an http(s) URL.
 */
export function settingsOf(options: MockSandboxOptions): SandboxSettings {
  const {
    settleAfterMs,
    maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
    maxRecordedRequests = DEFAULT_MAX_RECORDED_REQUESTS,
    maxRecordedBytes = DEFAULT_MAX_RECORDED_BYTES,
    maxIdempotencyBytes = DEFAULT_MAX_IDEMPOTENCY_BYTES,
  } = options;
  if (settleAfterMs !== undefined && !(settleAfterMs >= 0 && settleAfterMs <= MAX_SETTLE_AFTER_MS)) {
    throw new RangeError(`settleAfterMs must be a number from 0 to ${MAX_SETTLE_AFTER_MS} (about 24.8 days), got ${String(settleAfterMs)}`);
  }
  for (const [name, value] of Object.entries({ maxBodyBytes, maxRecordedRequests, maxRecordedBytes, maxIdempotencyBytes })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of 0 or more, got ${String(value)}`);
  }
  const { webhookRetryDelaysMs = DEFAULT_RETRY_DELAYS_MS } = options;
  if (
    !Array.isArray(webhookRetryDelaysMs) ||
    webhookRetryDelaysMs.length > MAX_WEBHOOK_RETRIES ||
    !webhookRetryDelaysMs.every((ms) => Number.isSafeInteger(ms) && ms >= 0 && ms <= MAX_SETTLE_AFTER_MS)
  ) {
    throw new RangeError(
      `webhookRetryDelaysMs must be at most ${MAX_WEBHOOK_RETRIES} whole numbers of milliseconds from 0 to ${MAX_SETTLE_AFTER_MS}, got ${JSON.stringify(webhookRetryDelaysMs)}`,
    );
  }
  if (options.boletaReporting !== undefined && options.boletaReporting !== 'individual' && options.boletaReporting !== 'summary') {
    throw new RangeError(`boletaReporting must be 'individual' or 'summary', got ${JSON.stringify(options.boletaReporting)}`);
  }
  const baseURL = options.baseURL === undefined ? undefined : baseURLOf(options.baseURL);
  const settle = settleAfterMs === undefined ? undefined : { afterMs: settleAfterMs, outcome: options.settleOutcome ?? 'accepted' };
  return { settle, baseURL, maxBodyBytes, maxRecordedRequests, maxRecordedBytes, maxIdempotencyBytes, webhookRetryDelaysMs: [...webhookRetryDelaysMs] };
}
