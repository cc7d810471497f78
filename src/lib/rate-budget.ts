import type { RateLimit } from '../core/api-promise.js';

/** How long to wait before looking again when an answer states `r` but not `t` (ms). */
const UNKNOWN_RESET_MS = 1_000;

/** How much one answer weighs in the share of the budget this process takes: its influence decays over about 30 answers. */
const SHARE_DECAY = 0.97;
/** The smallest share assumed: however many processes seem to share the key, this one keeps going. */
const MIN_SHARE = 0.02;
/** The most a process paces above the quota's rate: its jitter shortens a step to half. */
const PACE_LIMIT = 2;

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
  /** Numbers in [0, 1) for the jitter of the pacing. @defaultValue `Math.random` */
  random?: (() => number) | undefined;
}

/**
 * One rate budget shared by the workers of `documents.createMany`, so that together they stay
 * under the API key's limit instead of each discovering it with a 429; and, since the server's
 * count is the truth every process reads, so that several processes (or machines) sharing one
 * key stay under it together.
 *
 * - Every answer (success or failure) states the requests left in the window (`r`) and the
 *   seconds until it resets (`t`). Within a window the budget keeps the lowest `r`; an answer with
 *   a higher `r` (by over half the quota) to a request sent after the one that gave the lowest
 *   means the window has reset. The reset is the earliest that any answer of the window allows
 *   (each bounds it from above: `t` is whole seconds, rounded up; and the requests the window
 *   counted before an answer took their time, see {@link #resetBy}).
 * - Requests in flight count against it: a worker starts one only while `remaining − inFlight > 0`.
 *   Before any answer nothing is known: the first request goes alone (for up to 1 s), and its
 *   answer says how the others may go (a server that states no limit then lets every worker start).
 * - **Pacing.** Requests are spread over what is left of the window instead of sent in a burst:
 *   after each start the next waits `(reset − then) / (remaining − inFlight + 1)`, times a jitter from
 *   0.5 to 1.5 (so that processes do not move in step), and never past the reset. Every process
 *   on the key reads the same `r` from the server, so each slows as the others spend it.
 * - **The end of a shared window is left to the others.** Between two answers the count drops by
 *   this process's request and by those of every other process on the key: the ratio (1 alone,
 *   about 1/4 among four, over the last 30 or so answers) is this process's share. When its share
 *   of what is left is under one request, it waits for the reset rather than race the others for
 *   the last few, which would have the losers answered 429 (and paused for a whole second).
 * - When nothing is left the worker waits for the window to reset; the budget is then the
 *   policy's quota (`q` of `RateLimit-Policy`), or unknown again when the server never stated one.
 * - A 429 pauses every worker at once ({@link pause}), for its `Retry-After`.
 */
export class RateBudget {
  #remaining: number | undefined;
  /** When the request whose answer gave {@link #remaining} was started: a higher count to a later request is a new window. */
  #lowestStartedAt = Number.NEGATIVE_INFINITY;
  /** When the current window resets, at the latest. */
  #resetAt = 0;
  /** Whether {@link #resetAt} comes from an answer of the current window, rather than from the window before it plus the policy's length. */
  #resetStated = false;
  /** When the current window was taken to begin: only answers to requests started since then state its reset. */
  #windowFrom = Number.NEGATIVE_INFINITY;
  #limit: number | undefined;
  #windowMs: number | undefined;
  /** Whether any request has ended yet: until then, only one is sent (for up to 1 s from the first start). */
  #answered = false;
  #firstStartAt = Number.NaN;
  #pausedUntil = 0;
  #inFlight = 0;
  /** When the last request started, and the jitter of the pause after it: the pacing. */
  #lastStartAt = Number.NEGATIVE_INFINITY;
  #jitter = 1;
  /** Requests the server counted between answers (decaying), and this budget's own answers among them: their ratio is the share. */
  #counted = 0;
  #own = 0;
  readonly #wakers = new Set<() => void>();
  readonly #now: () => number;
  readonly #maxWaitMs: number;
  readonly #onLongWait: ((statedMs: number) => void) | undefined;
  readonly #random: () => number;

  /**
   * @param now the clock, in ms: a monotonic one (`performance.now`) unless a test says otherwise,
   * so that the system clock stepped back mid-run (a VM resumed, NTP) cannot stall every worker.
   */
  constructor(now: () => number = () => performance.now(), { maxWaitMs = Infinity, onLongWait, random = Math.random }: RateBudgetOptions = {}) {
    this.#now = now;
    this.#maxWaitMs = maxWaitMs;
    this.#onLongWait = onLongWait;
    this.#random = random;
  }

  /**
   * Resolves, with the time it started, when a request may start, and counts it as in flight:
   * call {@link release} with that time when it is answered (or fails). Rejects with the
   * signal's reason when `signal` aborts first.
   */
  async acquire(signal: AbortSignal): Promise<number> {
    for (;;) {
      signal.throwIfAborted();
      const wait = this.#waitMs();
      if (wait <= 0) return this.#start();
      await this.#sleep(wait, signal);
    }
  }

  /**
   * Ends a request that {@link acquire} let start at `startedAt`, with the rate limit its answer
   * stated (`undefined` when none came).
   */
  release(startedAt: number, rateLimit: RateLimit | undefined): void {
    this.#inFlight--;
    this.#answered = true;
    const remaining = rateLimit?.remaining;
    if (remaining !== undefined) {
      const now = this.#now();
      this.#limit = rateLimit!.limit ?? this.#limit;
      this.#windowMs = rateLimit!.windowSeconds === undefined ? this.#windowMs : rateLimit!.windowSeconds * 1000;
      const resetBy = this.#resetBy(now, remaining, rateLimit!.resetSeconds);
      if (this.#remaining !== undefined && now >= this.#resetAt) this.#nextWindow(now);
      if (this.#remaining === undefined || this.#opensWindow(remaining, startedAt)) {
        // A window this budget had not seen: requests the server counted in it before this one were others'.
        this.#count(this.#limit === undefined ? 1 : Math.max(1, this.#limit - remaining));
        this.#remaining = remaining;
        this.#lowestStartedAt = startedAt;
        this.#resetAt = resetBy;
        this.#resetStated = true;
        this.#windowFrom = startedAt;
      } else {
        // Answers arrive out of order: within one window keep the lowest count.
        this.#count(Math.max(0, this.#remaining - remaining));
        if (remaining < this.#remaining) {
          this.#remaining = remaining;
          this.#lowestStartedAt = startedAt;
        }
        if (startedAt >= this.#windowFrom) {
          this.#resetAt = this.#resetStated ? Math.min(this.#resetAt, resetBy) : resetBy;
          this.#resetStated = true;
        }
      }
    }
    this.#wake();
  }

  /** Pauses every worker for `ms` (a 429's `Retry-After`): none starts a request before it has passed. */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + ms);
  }

  /**
   * When the window of an answer received `now` resets, at the latest. `t` is whole seconds,
   * rounded up: `now + t`. And with a policy, the window opened before the requests it counted
   * ahead of this one (`q − 1 − r`, less the first request of each other process, which go at
   * once): taking the processes on the key to number `1 / share` (`share` as measured before this
   * answer: one, until answers say otherwise), each pacing at most twice the quota's rate (the
   * jitter shortens a step to half),
   * counting them took at least `counted × w × share / 2q`, and the reset is at most a window
   * after the opening. Without this second bound a process whose reset runs late (it started
   * late, or its first answer of a window came late) would start every window late, and keep a
   * smaller part of each than the others; with it, it catches up.
   */
  #resetBy(now: number, remaining: number, resetSeconds: number | undefined): number {
    const stated = now + (resetSeconds === undefined ? UNKNOWN_RESET_MS : resetSeconds * 1000);
    if (this.#limit === undefined || this.#windowMs === undefined || this.#windowMs <= 0) return stated;
    // Counted before this one, less the others' first requests of the window (they go at once).
    const counted = Math.max(0, this.#limit - remaining - 1 / this.#share());
    const opened = now - (counted * this.#windowMs * this.#share()) / (PACE_LIMIT * this.#limit);
    return Math.min(stated, opened + this.#windowMs);
  }

  /**
   * Whether an answer of `remaining` to a request started at `startedAt` comes from a window after
   * the current one: a higher count than the lowest, to a request started after the one that gave
   * it. With a quota known, higher by more than half of it: requests of several processes may be
   * counted in another order than they were sent (a server that stalls, then answers a backlog).
   */
  #opensWindow(remaining: number, startedAt: number): boolean {
    const rise = remaining - this.#remaining!;
    return startedAt > this.#lowestStartedAt && rise > (this.#limit === undefined ? 0 : this.#limit / 2);
  }

  /** Counts one answer of this budget, and `drop` requests the server counted since the last: the share follows. */
  #count(drop: number): void {
    this.#counted = this.#counted * SHARE_DECAY + drop;
    this.#own = this.#own * SHARE_DECAY + 1;
  }

  /** The part of the server's count this budget drew lately, from {@link MIN_SHARE} to 1: 1 until answers say otherwise. */
  #share(): number {
    return this.#counted > 0 ? Math.min(1, Math.max(MIN_SHARE, this.#own / this.#counted)) : 1;
  }

  /** Counts a request as started; the next one is spaced from it, with a fresh jitter. */
  #start(): number {
    const now = this.#now();
    this.#inFlight++;
    if (Number.isNaN(this.#firstStartAt)) this.#firstStartAt = now;
    this.#lastStartAt = now;
    this.#jitter = 0.5 + this.#random();
    return now;
  }

  /** How long a worker must wait before it may start a request: 0 or less when it may start now. */
  #waitMs(): number {
    const now = this.#now();
    if (now < this.#pausedUntil) return this.#pausedUntil - now;
    if (this.#remaining !== undefined && now >= this.#resetAt) this.#nextWindow(now);
    // Nothing known: the first request goes alone, and its answer says how the rest may go; but an
    // answer slower than UNKNOWN_RESET_MS holds the others no longer.
    if (this.#remaining === undefined) return this.#answered || this.#inFlight === 0 ? 0 : this.#firstStartAt + UNKNOWN_RESET_MS - now;
    const available = this.#remaining - this.#inFlight;
    // This process's part of what is left, less its own requests in flight: the others' in flight
    // are unseen, and when answers are slow (a server stalling) each process holding back to its
    // share keeps them all, together, within what is left.
    const mine = this.#share() * this.#remaining - this.#inFlight;
    // Paced: what is left spread evenly over what is left of the window, from the last start on,
    // the last of them a step before the reset.
    // The last few requests of a window shared with others are left to them (this process's
    // share of them is less than one request): the processes would race for them, and the
    // losers would be answered 429.
    if (available > 0 && mine >= 1) {
      // The first request of a window goes at once; each next one a step after the last.
      if (this.#lastStartAt < this.#windowFrom) return 0;
      const from = this.#lastStartAt;
      return Math.min(from + ((this.#resetAt - from) / (available + 1)) * this.#jitter, this.#resetAt) - now;
    }
    const wait = this.#resetAt - now;
    if (wait <= this.#maxWaitMs) return wait;
    // Cut short: at the new reset the window is taken as over, and the next answer says how things stand.
    this.#onLongWait?.(wait);
    this.#resetAt = now + this.#maxWaitMs;
    return this.#maxWaitMs;
  }

  /** The window stated by the last answer has reset: the budget is a whole quota again, or unknown without a policy. */
  #nextWindow(now: number): void {
    this.#windowFrom = now;
    this.#lowestStartedAt = now;
    this.#resetStated = false;
    if (this.#limit === undefined || this.#windowMs === undefined || this.#windowMs <= 0) {
      this.#remaining = undefined;
      return;
    }
    this.#remaining = this.#limit;
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
      // Whole milliseconds, at least 1, as timers count them: a fraction could fire before its time and spin.
      const timer = setTimeout(wake, Math.max(1, Math.ceil(ms)));
      this.#wakers.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Lets every waiting worker look at the budget again. */
  #wake(): void {
    for (const wake of [...this.#wakers]) wake();
  }
}
