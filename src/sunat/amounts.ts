/**
 * Exact amounts as SUNAT computes them. Binary floats get half-up rounding wrong
 * (`1.005.toFixed(2)` is `'1.00'`), so every step here runs on integers: quantities and unit
 * values keep up to 10 decimals, line amounts and taxes are rounded half up to 2 and returned
 * as decimal strings (`'138.85'`), ready to print or to send.
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

/**
 * A decimal input: a number, or a string such as `'1.102'` (exact, never through a float).
 * At most 10 decimals; a number with more is read to 10, so `0.1 + 0.2` counts as `0.3`.
 */
export type Decimal = number | string;

const DIGITS = 10;
const ONE = 10n ** BigInt(DIGITS);
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,10}))?$/;

/**
 * `value` as an integer scaled by 10^10, exactly. A number is read as it prints (`1.102`, the
 * shortest text that is that number), or at 10 decimals when it prints with more (`0.1 + 0.2`).
 */
function scale(value: Decimal, field: string): bigint {
  const text = String(value);
  const match = DECIMAL.exec(typeof value === 'number' && !DECIMAL.test(text) && Number.isFinite(value) ? value.toFixed(DIGITS) : text);
  if (!match) throw new RangeError(`${field} must be a finite decimal with at most ${DIGITS} decimals, got ${String(value)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const scaled = BigInt(whole) * ONE + BigInt(fraction.padEnd(DIGITS, '0'));
  return sign ? -scaled : scaled;
}

/** Rounds an integer scaled by 10^`digits` half up (away from zero) to cents. */
function cents(value: bigint, digits: number): bigint {
  const divisor = 10n ** BigInt(digits - 2);
  const result = ((value < 0n ? -value : value) * 2n + divisor) / (2n * divisor);
  return value < 0n ? -result : result;
}

/** Cents as a decimal string with exactly 2 decimals: `13885n` → `'138.85'`. */
function format(amount: bigint): string {
  const digits = (amount < 0n ? -amount : amount).toString().padStart(3, '0');
  return `${amount < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Whether a catálogo 07 affectation carries IGV: the gravado codes `10`-`17`. Exonerado (20,
 * 21), inafecto (30-37) and exportación (40) carry none.
 */
const taxed = (affectation: string) => affectation.startsWith('1');

/** What {@link line} needs to compute one line. */
export type LineInput = {
  /** Quantity, up to 10 decimals. */
  quantity: Decimal;
  /** Valor unitario: the value per unit before tax, up to 10 decimals. Never round it to 2. */
  unitValue: Decimal;
  /** The IGV rate as a fraction: {@link IGV_RATE} (`0.18`) or {@link IGV_RATE_REDUCED} (`0.1`). */
  igvRate: Decimal;
  /** Catálogo 07 IGV affectation. Default: `'10'` (gravado). IGV is 0 for `20` to `40`. */
  affectation?: string | undefined;
};

/** One line's amounts, each a decimal string with exactly 2 decimals. */
export type LineAmounts = {
  /** Valor de venta: quantity × unit value, rounded half up. The taxable base. */
  base: string;
  /** base × rate, rounded half up; `'0.00'` for IGV affectations 20 to 40. */
  igv: string;
  /** base + igv. */
  total: string;
};

/**
 * Computes one line as SUNAT does: base = quantity × unit value rounded half up to 2 decimals;
 * IGV = base × rate rounded half up (0 for affectations 20-40); total = base + IGV. The rate is
 * an input, never assumed. Throws a `RangeError` naming the input that is not a decimal.
 *
 * ```ts
 * line({ quantity: 700, unitValue: 1.102, igvRate: IGV_RATE }); // { base: '771.40', igv: '138.85', total: '910.25' }
 * line({ quantity: 1, unitValue: 1.25, igvRate: IGV_RATE }).igv; // '0.23' (binary floats say 0.22)
 * ```
 */
export function line({ quantity, unitValue, igvRate, affectation = '10' }: LineInput): LineAmounts {
  const base = cents(scale(quantity, 'quantity') * scale(unitValue, 'unitValue'), DIGITS * 2);
  const igv = taxed(affectation) ? cents(base * scale(igvRate, 'igvRate'), DIGITS + 2) : 0n;
  return { base: format(base), igv: format(igv), total: format(base + igv) };
}

/** A document's totals, each a decimal string with exactly 2 decimals: the shape of `Document.totals`. */
export type Totals = {
  /** Σ line bases (valor de venta). */
  taxable: string;
  /** Σ line IGV. */
  igv: string;
  /** taxable + igv (importe total). */
  total: string;
};

/**
 * A document's totals as the sums of its lines, exactly: pass {@link line} results (or any
 * `{ base, igv }` amounts). This is how the API fills `Document.totals`.
 *
 * ```ts
 * totals([line({ quantity: 700, unitValue: 1.102, igvRate: IGV_RATE }), line({ quantity: 3, unitValue: 33.33, igvRate: IGV_RATE })]);
 * // { taxable: '871.39', igv: '156.85', total: '1028.24' }
 * ```
 */
export function totals(lines: readonly { base: Decimal; igv: Decimal }[]): Totals {
  let taxable = 0n;
  let igv = 0n;
  lines.forEach((amounts, i) => {
    taxable += cents(scale(amounts.base, `lines[${i}].base`), DIGITS);
    igv += cents(scale(amounts.igv, `lines[${i}].igv`), DIGITS);
  });
  return { taxable: format(taxable), igv: format(igv), total: format(taxable + igv) };
}
