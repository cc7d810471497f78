/**
 * The IGV rates. A module of its own: the client reads `IGV_RATE` for its `strictSunatChecks`
 * option, and must not carry the amounts arithmetic to do so.
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
