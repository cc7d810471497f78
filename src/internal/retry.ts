/**
 * The retry policy: which failures are tried again, after how long, and the loop that does it.
 * The only file that imports p-retry.
 *
 * @module
 */
import pRetry from 'p-retry';
import { APIConnectionError, APIError, APIUserAbortError, YupanaError } from '../core/errors.js';
import { escapeControls, type LevelLog } from './log.js';
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

/** Why an attempt failed, for log lines: `503 unavailable, request req_x` or `APIConnectionTimeoutError`. */
function reason(error: YupanaError): string {
  if (!(error instanceof APIError)) return error.name;
  const what = error.status >= 200 && error.status < 300 ? 'with a body that is not what the operation answers' : (error.code ?? '');
  return escapeControls(`${error.status}${what ? ` ${what}` : ''}${error.requestId ? `, request ${error.requestId}` : ''}`);
}

/** How {@link retrying} runs a call. */
export interface RetryPlan {
  /** Retries after the first attempt. */
  retries: number;
  /** Ends the call, waits included, with an `APIUserAbortError`. */
  signal: AbortSignal | undefined;
  log: LevelLog;
  /** The call in log lines, `POST /v1/documents`: built only when a line is. */
  call: () => string;
}

/**
 * Runs `attempt` (numbered from 1) until it succeeds, fails with what {@link isRetryable}
 * refuses, or `retries` run out; waits {@link retryDelay} between attempts, and logs each retry.
 */
export async function retrying<T>(attempt: (attemptNumber: number) => Promise<T>, { retries, signal, log, call }: RetryPlan): Promise<T> {
  let attempts = 0;
  try {
    return await pRetry(
      (attemptNumber) => {
        attempts = attemptNumber;
        return attempt(attemptNumber);
      },
      {
        retries,
        // p-retry's own delays come from its options alone; the contract's per-response
        // Retry-After needs the wait to be chosen here, from the error, so its timeouts are 0.
        minTimeout: 0,
        maxTimeout: 0,
        shouldRetry: async ({ error, attemptNumber, retriesConsumed }) => {
          if (!(error instanceof YupanaError) || !isRetryable(error)) return false;
          const delay = retryDelay(error, retriesConsumed);
          const ignored = ignoredRetryAfter(error);
          if (ignored !== undefined) {
            log.warn?.(
              `${call()}: the server asked to wait ${Math.round(ignored)} s (Retry-After), longer than the ${MAX_RETRY_AFTER_SECONDS} s a call waits; ` +
                'backing off instead, and the error keeps it if the retries run out',
            );
          }
          log.info?.(`${call()} attempt ${attemptNumber} failed: ${reason(error)}; retry ${retriesConsumed + 1} of ${retries} in ${Math.round(delay)} ms`);
          await sleep(delay, signal);
          return true;
        },
      },
    );
  } catch (error) {
    if (signal?.aborted && !(error instanceof APIUserAbortError)) throw new APIUserAbortError({ cause: error });
    if (error instanceof YupanaError && isRetryable(error)) log.info?.(`${call()} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason(error)}`);
    throw error;
  }
}
