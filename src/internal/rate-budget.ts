import type { RateLimit } from '../core/api-promise.js';

/** How long to wait before looking again when an answer states `r` but not `t` (ms). */
const UNKNOWN_RESET_MS = 1_000;

/** Options of a {@link RateBudget}. */
export interface RateBudgetOptions {
  /**
   * The longest wait for a window to reset (ms): a longer one stated by an answer is cut to this,
   * and the budget is looked at again after it.
   * @defaultValue `Infinity`
   */
  maxWaitMs?: number | undefined;
  /** Called with the wait an answer stated (ms) each time it is cut to `maxWaitMs`. @defaultValue none */
  onLongWait?: ((statedMs: number) => void) | undefined;
}

/**
 * One rate budget shared by the workers of `documents.createMany`, so that together they stay
 * under the API key's limit instead of each discovering it with a 429.
 *
 * - Every answer (success or failure) states the requests left in the window (`r`) and the
 *   seconds until it resets (`t`); the budget keeps the lowest `r` seen in the current window.
 * - Requests in flight count against it: a worker starts one only while `remaining − inFlight > 0`.
 *   Before any answer the budget is unknown and every worker may start.
 * - Otherwise the worker waits for the window to reset; the budget is then the policy's quota
 *   (`q` of `RateLimit-Policy`), or unknown again when the server never stated one.
 * - A 429 pauses every worker at once ({@link pause}), for its `Retry-After`.
 */
export class RateBudget {
  #remaining: number | undefined;
  #resetAt = 0;
  #limit: number | undefined;
  #windowMs: number | undefined;
  /** The highest `r` answered in the current window: the answer of the request that opened it. */
  #top: number | undefined;
  #pausedUntil = 0;
  #inFlight = 0;
  readonly #wakers = new Set<() => void>();
  readonly #now: () => number;
  readonly #maxWaitMs: number;
  readonly #onLongWait: ((statedMs: number) => void) | undefined;

  /**
   * @param now the clock, in ms: a monotonic one (`performance.now`) unless a test says otherwise,
   * so that the system clock stepped back mid-run (a VM resumed, NTP) cannot stall every worker.
   */
  constructor(now: () => number = () => performance.now(), { maxWaitMs = Infinity, onLongWait }: RateBudgetOptions = {}) {
    this.#now = now;
    this.#maxWaitMs = maxWaitMs;
    this.#onLongWait = onLongWait;
  }

  /**
   * Resolves when a request may start, and counts it as in flight: call {@link release} when it
   * is answered (or fails). Rejects with the signal's reason when `signal` aborts first.
   */
  async acquire(signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      const wait = this.#waitMs();
      if (wait <= 0) {
        this.#inFlight++;
        return;
      }
      await this.#sleep(wait, signal);
    }
  }

  /** Ends a request started with {@link acquire}, with the rate limit its answer stated (`undefined` when none came). */
  release(rateLimit: RateLimit | undefined): void {
    this.#inFlight--;
    if (rateLimit?.remaining !== undefined) {
      const now = this.#now();
      this.#limit = rateLimit.limit ?? this.#limit;
      this.#windowMs = rateLimit.windowSeconds === undefined ? this.#windowMs : rateLimit.windowSeconds * 1000;
      const resetAt = now + (rateLimit.resetSeconds === undefined ? UNKNOWN_RESET_MS : rateLimit.resetSeconds * 1000);
      // Answers arrive out of order: within one window keep the lowest count. An answer whose
      // reset lies clearly later (by half a window, or 1 s without a policy) opened a new window.
      const tolerance = this.#windowMs === undefined ? 1_000 : this.#windowMs / 2;
      if (this.#remaining === undefined || now >= this.#resetAt || resetAt > this.#resetAt + tolerance) {
        this.#remaining = rateLimit.remaining;
        this.#resetAt = resetAt;
        this.#top = rateLimit.remaining;
      } else {
        this.#remaining = Math.min(this.#remaining, rateLimit.remaining);
        // The highest count of a window comes from the request that opened it: the server's window
        // began before that answer, so its time plus `t` is never too early. A window opened later
        // than predicted (its first request took its time to arrive) moves the reset with it.
        if (this.#top === undefined || rateLimit.remaining > this.#top) {
          this.#top = rateLimit.remaining;
          this.#resetAt = Math.max(this.#resetAt, resetAt);
        }
      }
    }
    this.#wake();
  }

  /** Pauses every worker for `ms` (a 429's `Retry-After`): none starts a request before it has passed. */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + ms);
  }

  /** How long a worker must wait before it may start a request: 0 or less when it may start now. */
  #waitMs(): number {
    const now = this.#now();
    if (now < this.#pausedUntil) return this.#pausedUntil - now;
    if (this.#remaining !== undefined && now >= this.#resetAt) this.#nextWindow(now);
    if (this.#remaining === undefined || this.#remaining - this.#inFlight > 0) return 0;
    const wait = this.#resetAt - now;
    if (wait <= this.#maxWaitMs) return wait;
    // Cut short: at the new reset the window is taken as over, and the next answer says how things stand.
    this.#onLongWait?.(wait);
    this.#resetAt = now + this.#maxWaitMs;
    return this.#maxWaitMs;
  }

  /** The window stated by the last answer has reset: the budget is a whole quota again, or unknown without a policy. */
  #nextWindow(now: number): void {
    if (this.#limit === undefined || this.#windowMs === undefined || this.#windowMs <= 0) {
      this.#remaining = undefined;
      this.#top = undefined;
      return;
    }
    this.#remaining = this.#limit;
    this.#top = undefined;
    const windows = Math.floor((now - this.#resetAt) / this.#windowMs) + 1;
    this.#resetAt += windows * this.#windowMs;
  }

  /** Waits `ms`, or less when an answer changes the budget; rejects when `signal` aborts. */
  #sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#wakers.delete(wake);
      };
      const wake = () => {
        done();
        resolve();
      };
      const onAbort = () => {
        done();
        reject(signal.reason);
      };
      const timer = setTimeout(wake, ms);
      this.#wakers.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Lets every waiting worker look at the budget again. */
  #wake(): void {
    for (const wake of [...this.#wakers]) wake();
  }
}
