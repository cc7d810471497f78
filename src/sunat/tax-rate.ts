/**
 * What a tax rate must be, for the amounts arithmetic and the client's `strictSunatChecks`
 * option alike. A module of its own, so the client checks the option without the arithmetic.
 *
 * @module
 */

/** What a tax rate must be: a fraction from 0 (included) to 1 (excluded), `0.18` and never `18`. */
export const RATE_RULE = 'must be a fraction from 0 to 1, e.g. 0.18';

/** Whether `value` is a number that follows {@link RATE_RULE}, as a client option must be. */
export function isRate(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value < 1;
}
