/**
 * Exact amounts as SUNAT computes them. Binary floats get half-up rounding wrong
 * (`1.005.toFixed(2)` is `'1.00'`), so every step here runs on integers: quantities and unit
 * values keep up to 10 decimals, line amounts and taxes are rounded half up to 2 and returned
 * as decimal strings (`'138.85'`), ready to print or to send.
 *
 * @module
 */
import { cents, type Decimal, DIGITS, exactCents, format, ONE, rate, scale, times } from './decimal.js';
import { IGV_AFFECTATION_CODES, type IgvAffectationCode, ISC_SYSTEM_CODES, type IscSystemCode, isIgvAffectationCode } from './catalogs.js';
import type { IGV_RATE, IGV_RATE_REDUCED, igvRateOn } from './rates.js';

export type { Decimal } from './decimal.js';

/**
 * Catálogo 07 affectations that carry IGV: the gravado codes `10` to `16`. `17` is IVAP (the
 * tax on milled rice), computed the same way at its own rate. Exonerado (20, 21), inafecto
 * (30-37) and exportación (40) carry none.
 */
const TAXED: readonly string[] = ['10', '11', '12', '13', '14', '15', '16', '17'];

/**
 * The IVAP rate: 4% (impuesto a la venta del arroz pilado, Ley 28211), charged on a sale of milled
 * rice (catálogo 07 `17`, tax scheme 1016) in place of the IGV. Fixed by law for every issuer: an
 * IVAP line is computed at it whatever the IGV rate of the issuer.
 */
export const IVAP_RATE = 0.04;
/** Catálogo 07 IVAP affectation (arroz pilado). Not exported by `yupana/sunat`. */
export const IVAP_AFFECTATION = '17';

/**
 * The rate a line of `affectation` is taxed at, scaled by 10^10: {@link IVAP_RATE} on an IVAP line
 * (`17`), else `igvRate` (checked either way). Not exported by `yupana/sunat`.
 */
export function lineRate(affectation: string, igvRate: Decimal): bigint {
  const taxRate = rate(igvRate, 'igvRate');
  return affectation === IVAP_AFFECTATION ? rate(IVAP_RATE, 'IVAP_RATE') : taxRate;
}

/**
 * A line's ISC (impuesto selectivo al consumo, the excise of tax scheme 2000), as {@link line}
 * takes it: the same fields as a document line's `isc`.
 */
export type IscInput = {
  /** Catálogo 08: `01` al valor, `02` específico (an amount per unit), `03` al precio de venta al público. */
  system: IscSystemCode;
  /** Systems `01` and `03`: the ISC rate as a fraction (`0.25` is 25%). */
  rate?: Decimal | undefined;
  /** System `02`: the ISC of one unit, up to 10 decimals. */
  amountPerUnit?: Decimal | undefined;
  /** The ISC's base, 2 decimals. Default: the line's value (quantity × unit value). */
  base?: Decimal | undefined;
};

/** The largest rate SUNAT's `Percent` carries (`999.99999`, its 3102), scaled by 10^10. */
const MAX_PERCENT_RATE = 99_999_999n * 10n ** 3n;

/**
 * SUNAT's formula of a line's ISC, in cents, from the line's value (cents) and quantity (scaled by
 * 10^10): base × rate (systems `01`, `03`) or quantity × amount per unit (`02`), rounded half up;
 * `rate` is what the XML's `Percent` carries as a fraction (on `02` `amount` ÷ base to 7 decimals,
 * so that SUNAT's TaxableAmount × Percent ÷ 100 is the amount, its 3108). `given` is an amount the
 * caller gives instead of the formula's. A `RangeError` names (at `at`) a system catálogo 08 lacks,
 * a rate (01, 03) or amount per unit (02) missing or not a decimal, amounts of more than 2
 * decimals, and on `02` a base not above 0 or an ISC past 999.99999 % of it. `computeDocument` runs
 * it too. Not exported by `yupana/sunat`.
 */
export function iscCents(
  isc: { system: string; rate?: Decimal | undefined; amountPerUnit?: Decimal | undefined; base?: Decimal | undefined },
  value: bigint,
  quantity: bigint,
  at: string,
  given?: Decimal,
): { system: IscSystemCode; base: bigint; amount: bigint; expected: bigint; rate: bigint } {
  const { system } = isc;
  if (!(ISC_SYSTEM_CODES as readonly string[]).includes(system))
    throw new RangeError(`${at}.system must be a catálogo 08 code (${ISC_SYSTEM_CODES.join(', ')}), got ${String(system)}`);
  const base = isc.base === undefined ? value : exactCents(isc.base, `${at}.base`);
  if (system === '02') {
    if (isc.amountPerUnit === undefined) throw new RangeError(`${at}.amountPerUnit is required with system 02 (específico): the ISC of one unit`);
    const expected = cents(quantity * scale(isc.amountPerUnit, `${at}.amountPerUnit`), DIGITS * 2);
    const amount = given === undefined ? expected : exactCents(given, `${at}.amount`);
    if (base <= 0n) throw new RangeError(`${at}.base must be greater than 0: SUNAT reads an ISC of system 02 as a share of it`);
    const step = 10n ** 3n;
    const share = halfUp((amount * ONE) / step, base) * step;
    if (share > MAX_PERCENT_RATE) throw new RangeError(`${at}.base is too small: the ISC ${format(amount)} is more than 999.99999 % of it`);
    return { system, base, amount, expected, rate: share };
  }
  if (isc.rate === undefined) throw new RangeError(`${at}.rate is required with system ${system}: the ISC rate as a fraction (0.3 is 30%)`);
  const scaledRate = rate(isc.rate, `${at}.rate`);
  const expected = times(base, scaledRate);
  return { system: system as IscSystemCode, base, amount: given === undefined ? expected : exactCents(given, `${at}.amount`), expected, rate: scaledRate };
}

/** What {@link line} needs to compute one line. */
export type LineInput = {
  /** Quantity, up to 10 decimals. */
  quantity: Decimal;
  /** Valor unitario: the value per unit before tax, up to 10 decimals. Never round it to 2. */
  unitValue: Decimal;
  /**
   * The IGV rate as a fraction: {@link IGV_RATE} (`0.18`) or {@link IGV_RATE_REDUCED} (`0.105`),
   * never `18`; {@link igvRateOn} gives the rate of an issue date. An IVAP line (`17`) is computed
   * at {@link IVAP_RATE} (4%) whatever this rate: never at 18%.
   */
  igvRate: Decimal;
  /** Catálogo 07 IGV affectation. Default: `'10'` (gravado). IGV is 0 for `20` to `40`. */
  affectation?: IgvAffectationCode | undefined;
  /** The line's ISC, when it has one: the IGV is then (base + ISC) × rate (SUNAT's 3272). */
  isc?: IscInput | undefined;
};

/** One line's amounts, each a decimal string with exactly 2 decimals. */
export type LineAmounts = {
  /** Valor de venta: quantity × unit value, rounded half up. */
  base: string;
  /** The line's ISC, only when the input has one: base × rate, or quantity × amount per unit, rounded half up. */
  isc?: string;
  /** (base + ISC) × rate, rounded half up; `'0.00'` for IGV affectations 20 to 40. */
  igv: string;
  /** base + ISC + igv. */
  total: string;
};

/**
 * Computes one line as SUNAT does: base = quantity × unit value rounded half up to 2 decimals;
 * with an `isc`, its ISC (see {@link IscInput}); IGV = (base + ISC) × rate rounded half up (0 for
 * affectations 20-40; an IVAP line `17` at 4%); total = base + ISC + IGV. The rate is an input,
 * never assumed. Throws a `RangeError` naming the input that is not a decimal of up to 10 places,
 * a rate that is not a fraction, an affectation catálogo 07 does not have, or an ISC it cannot
 * compute (a system catálogo 08 lacks, its rate or amount per unit missing).
 *
 * ```ts
 * line({ quantity: 700, unitValue: 1.102, igvRate: IGV_RATE }); // { base: '771.40', igv: '138.85', total: '910.25' }
 * line({ quantity: 1, unitValue: 1.25, igvRate: IGV_RATE }).igv; // '0.23' (binary floats say 0.22)
 * // ISC al valor 25%: 500.00 + 125.00, IGV (500.00 + 125.00) × 18%
 * line({ quantity: 10, unitValue: 50, igvRate: IGV_RATE, isc: { system: '01', rate: 0.25 } });
 * // { base: '500.00', isc: '125.00', igv: '112.50', total: '737.50' }
 * ```
 */
export function line({ quantity, unitValue, igvRate, affectation = '10', isc }: LineInput): LineAmounts {
  const taxed = isTaxed(affectation);
  const count = scale(quantity, 'quantity');
  const taxRate = lineRate(affectation, igvRate);
  const { base, igv } = lineCents(count, scale(unitValue, 'unitValue'), taxRate, taxed);
  if (isc === undefined) return { base: format(base), igv: format(igv), total: format(base + igv) };
  const excise = iscCents(isc, base, count, 'isc').amount;
  const igvOnBoth = taxed ? times(base + excise, taxRate) : 0n;
  return { base: format(base), isc: format(excise), igv: format(igvOnBoth), total: format(base + excise + igvOnBoth) };
}

/**
 * SUNAT's formula of a line, in cents, from values scaled by 10^10: base = quantity × unit value
 * rounded half up; IGV = base × rate rounded half up, or 0 when not `taxed`. {@link line} and the
 * computation of a whole document (`computeDocument`) both run it. Not exported by `yupana/sunat`.
 */
export function lineCents(quantity: bigint, unitValue: bigint, taxRate: bigint, taxed: boolean): { base: bigint; igv: bigint } {
  const base = cents(quantity * unitValue, DIGITS * 2);
  return { base, igv: taxed ? times(base, taxRate) : 0n };
}

/** Whether a catálogo 07 affectation carries IGV; a `RangeError` for a code catálogo 07 does not have. Not exported by `yupana/sunat`. */
export function isTaxed(affectation: string): boolean {
  if (!isIgvAffectationCode(affectation)) {
    throw new RangeError(`affectation must be a catálogo 07 code (${IGV_AFFECTATION_CODES.join(', ')}), got ${affectation}`);
  }
  return TAXED.includes(affectation);
}

/** What {@link lineFromPriceWithIgv} needs: a line priced as the customer sees it. */
export type PriceWithIgvInput = {
  /** Quantity, more than 0, up to 10 decimals. */
  quantity: Decimal;
  /**
   * Precio unitario: what one unit costs the customer, IGV included (the shelf price), 0 or
   * more, up to 10 decimals. On an affectation without IGV (`20` to `40`) it is the value itself.
   */
  priceWithIgv: Decimal;
  /** The IGV rate as a fraction (`0.18`): see {@link LineInput.igvRate}. */
  igvRate: Decimal;
  /** Catálogo 07 IGV affectation. Default: `'10'` (gravado). */
  affectation?: IgvAffectationCode | undefined;
};

/** A line computed from a price with IGV: its amounts, and the valor unitario that reproduces them. */
export type PricedLine = LineAmounts & {
  /**
   * Valor unitario, the value per unit before tax, with exactly 10 decimals: send it as the
   * item's `unitPrice`. It is price ÷ (1 + rate); when the total had to be rounded to cents and
   * that value would not give back `base`, it is `base` ÷ quantity. Either way quantity × it,
   * rounded half up to cents, is `base`.
   */
  unitValue: string;
};

/**
 * A line from a price that includes IGV (precio unitario, a shelf price), the way a till rings
 * it up: the total is what the customer pays, quantity × price (rounded half up to cents when it
 * has more decimals), and the IGV is carved out of it, never added on top. Rounding is resolved
 * in the base: base = round(total ÷ (1 + rate)) half up, IGV = total − base; so the IGV is what
 * the rounding leaves (1.53 where base × rate would say 1.52), never more than 0.01 away from
 * base × rate, which SUNAT accepts (±1, rule 3103) and so does `strictSunatChecks`. With the
 * returned `unitValue` as `unitPrice` and `igv` as the item's `igv`, the service computes the
 * same base and total. Affectations `20` to `40` carry no IGV: base = total. A `RangeError`
 * names a quantity that is not more than 0, a negative price, a value that is not a decimal of
 * up to 10 places, a rate that is not a fraction or an affectation catálogo 07 does not have.
 *
 * ```ts
 * lineFromPriceWithIgv({ quantity: 2, priceWithIgv: 5.0, igvRate: IGV_RATE });
 * // { base: '8.47', igv: '1.53', total: '10.00', unitValue: '4.2372881356' }
 * ```
 */
export function lineFromPriceWithIgv({ quantity, priceWithIgv, igvRate, affectation = '10' }: PriceWithIgvInput): PricedLine {
  const taxed = isTaxed(affectation);
  const count = scale(quantity, 'quantity');
  const price = scale(priceWithIgv, 'priceWithIgv');
  const taxRate = lineRate(affectation, igvRate);
  if (count <= 0n) throw new RangeError(`quantity must be more than 0, got ${String(quantity)}`);
  if (price < 0n) throw new RangeError(`priceWithIgv must be 0 or more, got ${String(priceWithIgv)}`);
  const total = cents(count * price, DIGITS * 2);
  const divisor = taxed ? ONE + taxRate : ONE;
  const base = halfUp(total * ONE, divisor);
  const unitValue = [halfUp(price * ONE, divisor), halfUp(base * (ONE / 100n) * ONE, count)].find((value) => cents(count * value, DIGITS * 2) === base);
  if (unitValue === undefined) {
    throw new RangeError(`quantity ${String(quantity)} is too large: no valor unitario of ${DIGITS} decimals gives back the base ${format(base)}`);
  }
  return { base: format(base), igv: format(total - base), total: format(total), unitValue: `${unitValue / ONE}.${String(unitValue % ONE).padStart(DIGITS, '0')}` };
}

/** `dividend ÷ divisor` for non-negative integers, rounded half up. */
function halfUp(dividend: bigint, divisor: bigint): bigint {
  return (dividend * 2n + divisor) / (divisor * 2n);
}

/** The sums of some lines, each a decimal string with exactly 2 decimals. A whole document's totals are `computeDocument`'s. */
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
 * `{ base, igv }` amounts). For a whole document's `totals` (free lines, discounts, exports...) use `computeDocument`.
 * Free transfers (gratuitas: `11`-`16`, `21`, `31`-`37`) are not part of what the customer pays;
 * leave them out of the lines you pass when you compute the amount to charge.
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
    taxable += cents(scale(amounts.base, `lines[${i}].base`));
    igv += cents(scale(amounts.igv, `lines[${i}].igv`));
  });
  return { taxable: format(taxable), igv: format(igv), total: format(taxable + igv) };
}
