/**
 * IGV rates, and what a rate must be. A module of its own: the client checks its
 * `strictSunatChecks` option with it, and must not carry the amounts arithmetic to do so.
 *
 * @module
 */

/** The general IGV rate: 18% (16% IGV + 2% IPM, Impuesto de Promoción Municipal). */
export const IGV_RATE = 0.18;
/**
 * The reduced IGV rate for small restaurants, hotels and lodging (Ley 31556, extended by Ley
 * 32219 through 2026). Check the rule in force for the issue date.
 */
export const IGV_RATE_REDUCED = 0.1;

/** What a tax rate must be: a fraction from 0 (included) to 1 (excluded), `0.18` and never `18`. */
export const RATE_RULE = 'must be a fraction from 0 to 1, e.g. 0.18';

/** Whether `value` is a number that follows {@link RATE_RULE}, as a client option must be. */
export function isRate(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value < 1;
}
