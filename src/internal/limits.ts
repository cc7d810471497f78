/**
 * What a timeout and a number of retries may be: a timeout a timer can hold, retries a whole
 * number.
 *
 * @module
 */

/** The longest timeout a timer can hold: about 24.8 days. */
export const MAX_TIMEOUT = 2 ** 31 - 1;

/** Why `timeout` cannot be a timeout in ms (`undefined` when it can): non-numbers, 0, NaN, Infinity and past {@link MAX_TIMEOUT} would fire at once. */
export function timeoutProblem(timeout: unknown): string | undefined {
  return typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT ? undefined : `must be milliseconds from 1 to ${MAX_TIMEOUT}`;
}

/** Why `maxRetries` cannot be a number of retries (`undefined` when it can): it must be a whole number ≥ 0. */
export function maxRetriesProblem(maxRetries: unknown): string | undefined {
  return Number.isInteger(maxRetries) && (maxRetries as number) >= 0 ? undefined : 'must be a whole number ≥ 0';
}
