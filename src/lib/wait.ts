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
   * Milliseconds the whole wait may last, every poll included. At the deadline the document is
   * polled once more; when it is still `pending` (or `voiding`) the wait rejects with a
   * `WaitTimeoutError` that carries it. Each poll keeps the client's own `timeout` and retries.
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
   * Milliseconds the whole call may last, counted from the call: the create (never cut short: its
   * attempts keep the client's `timeout`), then the polls. When the document is still `pending` at
   * the deadline, the call rejects with a `WaitTimeoutError` that carries it.
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

/**
 * Polls until the document is no longer `pending` or `voiding`: at its `nextAttemptAt` when it
 * names a future time (but never within 1 s of the last poll), else after 1 s, 2 s, 4 s... up to
 * 30 s, never sleeping past `deadline`. At the deadline it polls once more, then rejects with a
 * {@link WaitTimeoutError}.
 */
async function pollUntilSettled(
  document: Document,
  poll: () => Promise<Document>,
  deadline: number,
  timeout: number,
  signal: AbortSignal | undefined,
): Promise<Document> {
  let backoff = FIRST_POLL_DELAY_MS;
  while (isAwaitingOutcome(document)) {
    const left = deadline - monotonic();
    if (left <= 0) throw new WaitTimeoutError(document, timeout);
    let pause = untilNextAttempt(document);
    if (pause === undefined) {
      pause = backoff;
      backoff = Math.min(backoff * 2, MAX_POLL_DELAY_MS);
    }
    pause = Math.max(pause, MIN_POLL_DELAY_MS);
    try {
      await sleep(Math.min(pause, left), signal);
    } catch (cause) {
      throw new APIUserAbortError({ cause });
    }
    document = await poll();
  }
  return document;
}

/** `documents.waitForOutcome`: polls `retrieve` until SUNAT's answer, within `options.timeout`. */
export async function waitForOutcome(retrieve: () => Promise<Document>, options: WaitForOutcomeOptions): Promise<Document> {
  const timeout = options.timeout ?? DEFAULT_WAIT_TIMEOUT_MS;
  const deadline = deadlineOf(timeout, 'documents.waitForOutcome options');
  return pollUntilSettled(await retrieve(), retrieve, deadline, timeout, options.signal);
}

/** `documents.createAndWait`: `create`, then polls `retrieve(id)` while the answer is pending, all within `timeout`. */
export async function createAndWait(
  create: () => Promise<Document>,
  retrieve: (id: string) => Promise<Document>,
  options: { timeout?: number | undefined; signal?: AbortSignal | undefined },
): Promise<Document> {
  const timeout = options.timeout ?? DEFAULT_WAIT_TIMEOUT_MS;
  const deadline = deadlineOf(timeout, 'documents.createAndWait options');
  const document = await create();
  return pollUntilSettled(document, () => retrieve(document.id), deadline, timeout, options.signal);
}
