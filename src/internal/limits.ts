import type { FieldIssue } from '../core/errors.js';

/** The longest timeout a timer can hold: about 24.8 days. */
export const MAX_TIMEOUT = 2 ** 31 - 1;

/** Why `timeout` cannot be a timeout in ms (`undefined` when it can): non-numbers, 0, NaN, Infinity and past {@link MAX_TIMEOUT} would fire at once. */
export function timeoutProblem(timeout: unknown): string | undefined {
  return typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT ? undefined : `must be milliseconds from 1 to ${MAX_TIMEOUT}`;
}

/** What is wrong with a `timeout` or `maxRetries` that would make every attempt time out at once, or crash the retry loop. */
export function limitIssues({ timeout, maxRetries }: { timeout?: number | undefined; maxRetries?: number | undefined }): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const problem = timeout === undefined ? undefined : timeoutProblem(timeout);
  if (problem) issues.push({ path: 'timeout', message: problem });
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0)) issues.push({ path: 'maxRetries', message: 'must be a whole number ≥ 0' });
  return issues;
}
