import { APIConnectionError, APIError, type YupanaError } from '../core/errors.js';
import { parseRetryAfter } from './retry-after.js';

/** The longest `Retry-After` (seconds) obeyed inside a call; a longer one is left to the caller. */
export const MAX_RETRY_AFTER_SECONDS = 60;
/** Backoff before the first retry (ms); it doubles with every retry. */
export const INITIAL_RETRY_DELAY_MS = 500;
/** The longest backoff between two attempts (ms). */
export const MAX_RETRY_DELAY_MS = 8_000;

/** Statuses below 500 that are worth another attempt: request timeout, conflict (idempotency key in use), rate limit. Every 5xx is too. */
const RETRYABLE_STATUSES = new Set([408, 409, 429]);

/**
 * Whether a failed attempt may be tried again: connection failures and timeouts, 408, 409,
 * 429 and 5xx, never another 4xx nor a redirect. A 2xx whose body could not be read (empty,
 * cut short, not JSON) is retried too: the operation may have happened, and its retry gets the
 * stored answer. A `Yupana-Should-Retry: true|false` response header overrides.
 * Safe for POSTs because every attempt of one call carries the same `Idempotency-Key`.
 */
export function isRetryable(error: YupanaError): boolean {
  if (error instanceof APIConnectionError) return true;
  if (!(error instanceof APIError)) return false;
  const override = error.headers.get('yupana-should-retry');
  if (override === 'true') return true;
  if (override === 'false') return false;
  return RETRYABLE_STATUSES.has(error.status) || error.status >= 500 || (error.status >= 200 && error.status < 300);
}

/** The `Retry-After` (in seconds) of the response that failed, when it sent one. */
const serverRetryAfter = (error: YupanaError) => (error instanceof APIError ? parseRetryAfter(error.headers.get('retry-after')) : undefined);

/** The server's `Retry-After` in seconds when it is longer than {@link MAX_RETRY_AFTER_SECONDS}, so not obeyed inside the call. */
export function ignoredRetryAfter(error: YupanaError): number | undefined {
  const retryAfter = serverRetryAfter(error);
  return retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_SECONDS ? retryAfter : undefined;
}

/**
 * How long to wait (ms) before retry number `retry` (0 for the first retry): the server's
 * `Retry-After` when it asks for at most {@link MAX_RETRY_AFTER_SECONDS}, otherwise
 * exponential backoff from {@link INITIAL_RETRY_DELAY_MS}, capped at {@link MAX_RETRY_DELAY_MS},
 * less up to 25% of jitter so that many clients do not retry in lockstep.
 */
export function retryDelay(error: YupanaError, retry: number, random: () => number = Math.random): number {
  const retryAfter = serverRetryAfter(error);
  if (retryAfter !== undefined && retryAfter <= MAX_RETRY_AFTER_SECONDS) return retryAfter * 1000;
  const backoff = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS);
  return backoff * (1 - random() * 0.25);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
