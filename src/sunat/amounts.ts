/**
 * Exact amounts as SUNAT computes them. Binary floats get half-up rounding wrong
 * (`1.005.toFixed(2)` is `'1.00'`), so every step here runs on integers: quantities and unit
 * values keep up to 10 decimals, line amounts and taxes are rounded half up to 2.
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

const DIGITS = 10;
const ONE = 10n ** BigInt(DIGITS);

/** `n` (up to 10 decimals) as an integer scaled by 10^10. */
function scale(n: number): bigint {
  if (!Number.isFinite(n)) throw new RangeError(`${n} is not a finite amount`);
  const [whole = '0', fraction = ''] = Math.abs(n).toFixed(DIGITS).split('.');
  const value = BigInt(whole) * ONE + BigInt(fraction);
  return n < 0 ? -value : value;
}

/** Rounds an integer scaled by 10^`digits` half up (away from zero) to cents. */
function cents(value: bigint, digits: number): bigint {
  const divisor = 10n ** BigInt(digits - 2);
  const rounded = (value < 0n ? -value : value) * 2n + divisor;
  const result = rounded / (2n * divisor);
  return value < 0n ? -result : result;
}

const toNumber = (c: bigint) => Number(c) / 100;

/** Rounds half up (away from zero) to 2 decimals, exactly: `roundAmount(1.005)` is `1.01`. */
export function roundAmount(n: number): number {
  return toNumber(cents(scale(n), DIGITS));
}

/** Catálogo 07 affectations that carry no IGV: exonerado (20, 21), inafecto (30-37), exportación (40). */
const untaxed = (affectation: string | undefined) => affectation !== undefined && affectation >= '20';

/** A line's amounts, 2 decimals each. */
export type LineAmounts = {
  /** quantity × unitPrice, rounded half up: the taxable base (valor de venta). */
  taxable: number;
  /** taxable × rate, rounded half up; 0 for IGV affectations 20 to 40. */
  igv: number;
  /** taxable + igv. */
  total: number;
};

/**
 * Computes one line as SUNAT does: base = quantity × unit value rounded half up to 2 decimals;
 * IGV = base × rate rounded half up (0 for affectations 20-40); total = base + IGV.
 * The rate is an input, never assumed: {@link IGV_RATE} or {@link IGV_RATE_REDUCED}.
 *
 * ```ts
 * computeLine({ quantity: 700, unitPrice: 1.102 }, IGV_RATE); // { taxable: 771.4, igv: 138.85, total: 910.25 }
 * ```
 */
export function computeLine(
  line: { quantity: number; unitPrice: number; igvAffectation?: string | undefined },
  rate: number,
): LineAmounts {
  const taxable = cents(scale(line.quantity) * scale(line.unitPrice), DIGITS * 2);
  const igv = untaxed(line.igvAffectation) ? 0n : cents(taxable * scale(rate), DIGITS + 2);
  return { taxable: toNumber(taxable), igv: toNumber(igv), total: toNumber(taxable + igv) };
}

/** A document's totals, 2 decimals each. */
export type DocumentAmounts = {
  /** Σ line bases. */
  taxable: number;
  /** Σ line IGV, as given on the lines. */
  igv: number;
  /** taxable + igv. */
  total: number;
};

/**
 * A document's totals as the sums of its lines: each line's base (quantity × unit value,
 * rounded half up) and its `igv` as given. This is how the API fills `Document.totals`.
 */
export function computeTotals(lines: readonly { quantity: number; unitPrice: number; igv: number }[]): DocumentAmounts {
  let taxable = 0n;
  let igv = 0n;
  for (const line of lines) {
    taxable += cents(scale(line.quantity) * scale(line.unitPrice), DIGITS * 2);
    igv += cents(scale(line.igv), DIGITS);
  }
  return { taxable: toNumber(taxable), igv: toNumber(igv), total: toNumber(taxable + igv) };
}
