/**
 * SUNAT's stylesheets' arithmetic and text patterns, reproduced so that a rule reaches their
 * verdict on every document: they compute in XPath numbers (binary floating point) from the
 * values the XML carries, and match text with Java's regular expressions.
 *
 * @module
 */
import { format, ONE } from '../../decimal.js';
import type { AdjustmentAmounts, DocumentAmounts } from '../compute.js';

/**
 * Whether `difference`, computed as SUNAT's stylesheets compute it, is past their tolerance of
 * 1.00. They compute in XPath numbers (binary floating point) from the values the XML carries, so
 * at exactly 1.00 the rounding of that arithmetic decides: 1.16 − 12.00 × 18 × 0.01 is
 * −1.0000000000000002 there (past it), 19.00 − 100.00 × 18 × 0.01 is 1 (within). The rules that
 * compare against a product (3103, 3291, 3290, 3307, 2798, 3263) run the same arithmetic, in the
 * same order, so an amount exactly 1.00 from the product rounded to cents may still be past it.
 */
export const pastTolerance = (difference: number) => difference < -1 || difference > 1;

/** An amount in cents as the XML carries it and XPath reads it. */
export const xpathNumber = (amount: bigint) => Number(format(amount));

/** A fraction scaled by 10^10 (`0.18`) as XPath reads it from the XML's text of it. */
export const xpathFraction = (scaled: bigint) => Number(scaled) / Number(ONE);

/** A value scaled by 10^10 as XPath reads the XML's text of it (`21.186440678`). */
export const xpathScaled = (scaled: bigint) => {
  const magnitude = scaled < 0n ? -scaled : scaled;
  return Number(`${scaled < 0n ? '-' : ''}${magnitude / ONE}.${(magnitude % ONE).toString().padStart(10, '0')}`);
};

/**
 * The taxed base of the IGV total's check (3291; a boleta's 4290) as SUNAT's stylesheets sum it,
 * in XPath numbers and in document order: the lines' `TaxableAmount` under IGV (the onerous `10`
 * lines, each its value plus its ISC) and, with `globals` (a factura's, a boleta's; not a nota's),
 * less the global discounts `02` and, with `deducted` (the IGV's base; not the precio de venta's,
 * 3279 and 4310), the advances deducted (`04`, read with the `02` in document order), plus the
 * global charges `49`. With `affectation` `17`, the IVAP base of 3295 the same way.
 */
export function igvBaseAsSunatSums({ lines, discounts, charges, advances }: DocumentAmounts, globals: boolean, affectation = '10', deducted = true): number {
  const sum = (amounts: bigint[]) => amounts.reduce((total, amount) => total + xpathNumber(amount), 0);
  const lineBases = sum(lines.filter((line) => line.affectation === affectation).map((line) => line.igvBase));
  if (!globals) return lineBases;
  const allowances = [...discounts.filter((d) => d.code === '02'), ...(deducted ? advances.filter((a) => a.code === '04') : [])].map((d) => d.amount);
  return lineBases - sum(allowances) + sum(charges.filter((c) => c.code === '49').map((c) => c.amount));
}

/**
 * Whether a discount's or charge's amount is past 1.00 from its base × its factor as SUNAT computes
 * it (`Amount − BaseAmount × MultiplierFactorNumeric`, in XPath numbers); a factor of 0 passes with `skipZero`.
 */
export function factorPastTolerance(adjustment: AdjustmentAmounts, skipZero = false): boolean {
  // XPath reads the factor from the XML's text of it, as Number reads it.
  const factor = Number(adjustment.factor);
  if (skipZero && factor === 0) return false;
  return pastTolerance(xpathNumber(adjustment.amount) - xpathNumber(adjustment.base) * factor);
}

/**
 * Text as SUNAT's stylesheets take a name, a legend or a sustento: `^(?!\s*$)[^\s].{min,max}$`
 * matched with Java's regular expressions (`\s` ASCII white space, `.` any character but a line
 * terminator, `$` the end or a last line terminator): a first character that is not white space,
 * then `min` to `max` characters on the same line, counted by code point.
 */
export const sunatText = (min: number, max: number) =>
  new RegExp(`^[^ \\t\\n\\x0B\\f\\r][^\\n\\r\\u0085\\u2028\\u2029]{${min},${max}}(?:\\r\\n|[\\n\\r\\u0085\\u2028\\u2029])?$`, 'u');

/** Only white space, as Java's `^\s*$` reads it (a last line terminator allowed). */
export const JAVA_BLANK = /^[ \t\n\x0B\f\r]*(?:\r\n|[\n\r\u0085\u2028\u2029])?$/;
