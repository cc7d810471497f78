/**
 * The mock's rate limit: one fixed window per API key, stated on every answer with the IETF
 * draft's `RateLimit` and `RateLimit-Policy` headers (docs/contract.md §1), and a 429 past the quota.
 *
 * @module
 */
import { problemResponse } from './problem.js';

/** A request budget: `requests` per window of `windowSeconds`, for each API key. */
export interface MockRateLimit {
  /** Requests allowed per window, per API key: a positive integer. */
  requests: number;
  /** The window's length in seconds: a positive integer. */
  windowSeconds: number;
}

/** What counting one request gave. */
export interface RateLimitDecision {
  /** Whether the request is within the quota (otherwise: a 429, and the request is not handled). */
  allowed: boolean;
  /** Whole seconds until the window resets, at least 1. */
  resetSeconds: number;
  /** The `RateLimit` and `RateLimit-Policy` headers of the answer. */
  headers: Record<string, string>;
}

interface Window {
  /** When the window started, in `Date.now()` milliseconds. */
  start: number;
  /** Requests counted in it so far. */
  used: number;
}

/**
 * Fixed windows per API key, timed with `Date.now()` (so fake timers that fake `Date` move them).
 * A window is forgotten once it is over, whichever key it counted, a refused one included: the
 * windows held are those of the keys seen within the last window's length.
 */
export class RateLimiter {
  /** By key, in the order the windows started: the oldest first, so ended ones are swept from the front. */
  readonly #windows = new Map<string, Window>();
  readonly #policy: string;

  /** @throws RangeError when `requests` or `windowSeconds` is not a positive integer. */
  constructor(private readonly limit: MockRateLimit) {
    for (const name of ['requests', 'windowSeconds'] as const) {
      const value = limit[name];
      if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`rateLimit.${name} must be a positive integer, got ${String(value)}`);
    }
    this.#policy = `"default";q=${limit.requests};w=${limit.windowSeconds}`;
  }

  /** Counts one request of `key` (the bearer key as sent; `''` without one) now. */
  take(key: string): RateLimitDecision {
    const now = Date.now();
    const windowMs = this.limit.windowSeconds * 1000;
    for (const [oldest, ended] of this.#windows) {
      if (now < ended.start + windowMs) break;
      this.#windows.delete(oldest);
    }
    let window = this.#windows.get(key);
    if (window === undefined) {
      window = { start: now, used: 0 };
      this.#windows.set(key, window);
    }
    window.used += 1;
    const resetSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    const remaining = Math.max(0, this.limit.requests - window.used);
    return {
      allowed: window.used <= this.limit.requests,
      resetSeconds,
      headers: { RateLimit: `"default";r=${remaining};t=${resetSeconds}`, 'RateLimit-Policy': this.#policy },
    };
  }

  /** How many windows it holds: those of the keys counted within the last `windowSeconds`. */
  get size(): number {
    return this.#windows.size;
  }

  /** Forgets every window. */
  reset(): void {
    this.#windows.clear();
  }
}

/** The 429 past the rate limit: `rate_limited`, with `Retry-After` the seconds until the window resets. */
export function rateLimitedResponse(resetSeconds: number, requestId: string): Response {
  const response = problemResponse(429, 'rate_limited', `Rate limit exceeded for this API key: retry in ${resetSeconds} s`, requestId);
  response.headers.set('Retry-After', String(resetSeconds));
  return response;
}

/** Adds the rate limit headers of `budget` to an answer, unless it states them itself (a fault's own headers win). */
export function withRateLimit(response: Response, budget: RateLimitDecision | undefined): Response {
  if (budget === undefined || response.type === 'error') return response;
  for (const [name, value] of Object.entries(budget.headers)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}
