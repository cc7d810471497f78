import type { RequestOptions } from '../core/options.js';
import { APIUserAbortError, ValidationError, WaitTimeoutError } from '../core/errors.js';
import type { Document } from '../models/document.js';
import { timeoutProblem } from '../internal/limits.js';
import { sleep } from '../internal/sleep.js';

/** How long a wait for SUNAT's answer lasts by default (ms): 10 minutes. */
const DEFAULT_WAIT_TIMEOUT_MS = 600_000;
/** The first pause between two polls when the document gives no `nextAttemptAt` (ms); it doubles after each poll. */
const FIRST_POLL_DELAY_MS = 1_000;
/** The longest pause between two polls when the document gives no `nextAttemptAt` (ms). */
const MAX_POLL_DELAY_MS = 30_000;
/**
 * The shortest pause between two polls (ms), whatever `nextAttemptAt` says: a service that keeps
 * scheduling its next attempt a few ms ahead is polled once a second, not a hundred times.
 */
const MIN_POLL_DELAY_MS = 1_000;

/**
 * The clock deadlines are kept on (ms): monotonic, so that the system clock stepped back or
 * forward mid-wait (a VM resumed, NTP) neither stretches nor cuts a wait. `nextAttemptAt`, a
 * date, is still read against the system clock.
 */
const monotonic = (): number => performance.now();

/** Options of `documents.waitForOutcome(id, options)`. */
export interface WaitForOutcomeOptions {
  /**
   * Milliseconds the whole wait may last, every poll included: at the deadline a poll under way is
   * aborted (its retries too), and the wait rejects with a `WaitTimeoutError` carrying the last
   * document seen (still `pending` or `voiding`; `undefined` when no poll answered). Within it,
   * each poll keeps the client's own `timeout` and retries.
   * @defaultValue `600_000` (10 minutes)
   */
  timeout?: number | undefined;
  /** Stops the wait (and the poll under way) with an `APIUserAbortError`. @defaultValue none */
  signal?: AbortSignal | undefined;
}

/**
 * Options of `documents.createAndWait(body, options)`: those of `create`, except that `timeout`
 * bounds the whole call (the create, then the wait for SUNAT's answer) as in `waitForOutcome`,
 * rather than one attempt. `idempotencyKey` applies to the create; `headers`, `maxRetries` and
 * `signal` to the create and to every poll.
 */
export interface CreateAndWaitOptions extends Omit<RequestOptions, 'timeout'> {
  /**
   * Milliseconds the whole call may last, counted from the call: the create, then the polls. The
   * create is never cut short (its attempts keep the client's `timeout` and retries: cut, it could
   * leave a document you cannot find; bound it with `signal` if you must), but a poll under way at
   * the deadline is aborted, and the call rejects with a `WaitTimeoutError` carrying the last
   * document seen.
   * @defaultValue `600_000` (10 minutes)
   */
  timeout?: number | undefined;
}

/** Whether SUNAT's answer is still awaited: the document is `pending` or `voiding`. Unknown statuses are outcomes. */
const isAwaitingOutcome = (document: Document): boolean => document.status === 'pending' || document.status === 'voiding';

/** The deadline (a {@link monotonic} time) of a wait of `timeout` ms starting now; throws a {@link ValidationError} for a bad `timeout`. */
function deadlineOf(timeout: number, operation: string): number {
  const problem = timeoutProblem(timeout);
  if (problem) throw new ValidationError(operation, [{ path: 'timeout', message: problem }]);
  return monotonic() + timeout;
}

/** Milliseconds until the document's `taxAuthority.nextAttemptAt` (on the system clock), when it names a time in the future. */
function untilNextAttempt(document: Document): number | undefined {
  const at = document.taxAuthority?.nextAttemptAt;
  const time = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  const now = Date.now();
  return time > now ? time - now : undefined;
}

/** A poll: one `retrieve`, ended by `signal` (the caller's, or the deadline's). */
type Poll = (signal: AbortSignal) => Promise<Document>;

/**
 * A wait's deadline as a signal: it aborts at `deadline` (a {@link monotonic} time), or when the
 * caller's `signal` does. `expired` tells the two apart; `end` clears the timer.
 */
function deadlineSignal(deadline: number, signal: AbortSignal | undefined) {
  const expiry = new AbortController();
  const timer = setTimeout(() => expiry.abort(), Math.max(0, deadline - monotonic()));
  return {
    signal: signal ? AbortSignal.any([signal, expiry.signal]) : expiry.signal,
    expired: () => expiry.signal.aborted && !signal?.aborted,
    end: () => clearTimeout(timer),
  };
}

/**
 * Polls until the document is no longer `pending` or `voiding`: at its `nextAttemptAt` when it
 * names a future time (but never within 1 s of the last poll), else after 1 s, 2 s, 4 s... up to
 * 30 s. At `deadline` the sleep or the poll under way is aborted, and the wait rejects with a
 * {@link WaitTimeoutError} carrying the last document seen (`document`, or the first poll's when
 * `document` is `undefined`); the caller's `signal` ends it with an {@link APIUserAbortError}.
 */
async function pollUntilSettled(document: Document | undefined, poll: Poll, deadline: number, timeout: number, signal: AbortSignal | undefined): Promise<Document> {
  const wait = deadlineSignal(deadline, signal);
  let seen = document;
  try {
    if (seen === undefined) seen = await poll(wait.signal);
    let backoff = FIRST_POLL_DELAY_MS;
    while (isAwaitingOutcome(seen)) {
      if (deadline - monotonic() <= 0) throw new WaitTimeoutError(seen, timeout);
      let pause = untilNextAttempt(seen);
      if (pause === undefined) {
        pause = backoff;
        backoff = Math.min(backoff * 2, MAX_POLL_DELAY_MS);
      }
      await sleep(Math.max(pause, MIN_POLL_DELAY_MS), wait.signal);
      seen = await poll(wait.signal);
    }
    return seen;
  } catch (error) {
    if (wait.expired()) throw new WaitTimeoutError(seen, timeout);
    if (signal?.aborted && !(error instanceof APIUserAbortError)) throw new APIUserAbortError({ cause: error });
    throw error;
  } finally {
    wait.end();
  }
}

/** `documents.waitForOutcome`: polls `retrieve` until SUNAT's answer, within `options.timeout`, the first poll included. */
export async function waitForOutcome(retrieve: Poll, options: WaitForOutcomeOptions): Promise<Document> {
  const timeout = options.timeout ?? DEFAULT_WAIT_TIMEOUT_MS;
  const deadline = deadlineOf(timeout, 'documents.waitForOutcome options');
  return pollUntilSettled(undefined, retrieve, deadline, timeout, options.signal);
}

/** `documents.createAndWait`: `create` (never cut short), then polls `retrieve(id)` while the answer is pending, all within `timeout`. */
export async function createAndWait(
  create: () => Promise<Document>,
  retrieve: (id: string, signal: AbortSignal) => Promise<Document>,
  options: { timeout?: number | undefined; signal?: AbortSignal | undefined },
): Promise<Document> {
  const timeout = options.timeout ?? DEFAULT_WAIT_TIMEOUT_MS;
  const deadline = deadlineOf(timeout, 'documents.createAndWait options');
  const document = await create();
  return pollUntilSettled(document, (signal) => retrieve(document.id, signal), deadline, timeout, options.signal);
}
