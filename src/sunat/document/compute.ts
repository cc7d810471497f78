/**
 * The second phase of a document's life before it is sent: every amount the service derives
 * from a create body, exactly, by SUNAT's formulas (`sunat.md`, "The totals"): each line, the
 * totals by tax scheme, the global discounts and charges, then what the totals decide (the
 * detracción, percepción and retención, the forma de pago's pending amount, the legends). Amounts
 * are integers of cents here (`bigint`); {@link "yupana/sunat"!computeDocument} writes them as
 * decimal strings. Every function is total: an input it cannot compute from is a `RangeError`
 * naming the field, never a wrong number.
 *
 * The ISC of a line (scheme 2000) raises its IGV base: the base is the value plus its ISC
 * (SUNAT's 3272), in {@link lineAmounts}. IVAP (scheme 1016, affectation `17`, at 4%) is a scheme
 * of its own in the sums of {@link documentAmounts}. A global allowance with its own effect on the
 * bases is a row of {@link GLOBAL_EFFECTS}; an anticipo's allowance (`04` the taxed base and the
 * IGV, `05` the exonerated and `06` the unaffected total; never the value of sale nor the precio de
 * venta) is computed beside them ({@link advanceAmounts}).
 *
 * @module
 */
import { cents, type Decimal, DIGITS, exactCents, format, ONE, rate, scale, times } from '../decimal.js';
import { iscCents, isTaxed, IVAP_AFFECTATION, IVAP_RATE, lineCents } from '../amounts.js';
import {
  GLOBAL_CHARGE_CODES,
  GLOBAL_DISCOUNT_CODES,
  type IgvAffectationCode,
  type IscSystemCode,
  isIgvAffectationCode,
  LEGENDS,
  LINE_CHARGE_CODES,
  LINE_DISCOUNT_CODES,
} from '../catalogs.js';
import { amountInWords } from '../words.js';
import type { Adjustment, Detraction, DocumentCreateParams, Item, Perception, Retention } from '../../models/document.js';
import { type FilledDocument, igvAffectationOf } from './fill.js';

/** Scaled units in 0.001, the finest step of an exchange rate. */
const MILLI = ONE / 1000n;
/** The decimals of an allowance or charge factor (`MultiplierFactorNumeric`). */
const FACTOR_DIGITS = 5;

/** The IVAP rate ({@link IVAP_RATE}, 4%) scaled by 10^10. */
export const IVAP_SCALED = rate(IVAP_RATE, 'IVAP_RATE');
export { IVAP_AFFECTATION };

/** Free transfers (gratuitas): taxed `11`-`16`, exonerated `21`, unaffected `31`-`37`. The customer pays nothing for them. */
export const FREE_AFFECTATIONS: readonly string[] = ['11', '12', '13', '14', '15', '16', '21', '31', '32', '33', '34', '35', '36', '37'];
/** Free transfers that carry IGV (reported, paid by nobody): `11`-`16`. */
export const FREE_TAXED_AFFECTATIONS: readonly string[] = ['11', '12', '13', '14', '15', '16'];

/** Whether a catálogo 07 affectation is a free transfer (gratuita). */
export function isFree(affectation: string): boolean {
  return FREE_AFFECTATIONS.includes(affectation);
}

/**
 * A bag line's ICBPER per bag (`PerUnitAmount`): its ICBPER in cents ÷ its bags (scaled by
 * 10^10, above 0), rounded half up to cents. SUNAT asks it above 0 (3238) and, times the bags,
 * equal to the line's ICBPER (an observation otherwise, 4318).
 */
export function icbperPerUnit(icbper: bigint, bags: bigint): bigint {
  return (icbper * ONE * 2n + bags) / (2n * bags);
}

/** An allowance or charge as SUNAT writes it (`cac:AllowanceCharge`), in cents, its factor a decimal string. */
export interface AdjustmentAmounts {
  /** Catálogo 53 code. */
  code: string;
  /** `Amount`. */
  amount: bigint;
  /** `BaseAmount`: the client's, or the default of its level and code. */
  base: bigint;
  /** `MultiplierFactorNumeric`: amount / base, rounded half up to 5 decimals (`'0.16949'`). */
  factor: string;
}

/** amount / base, rounded half up to {@link FACTOR_DIGITS} decimals, as a decimal string. */
function factorOf(amount: bigint, base: bigint): string {
  const unit = 10n ** BigInt(FACTOR_DIGITS);
  const scaled = (amount * unit * 2n + base) / (2n * base);
  const digits = scaled.toString().padStart(FACTOR_DIGITS + 1, '0');
  return `${digits.slice(0, -FACTOR_DIGITS)}.${digits.slice(-FACTOR_DIGITS)}`;
}

/**
 * One adjustment with its base (the client's, else `defaultBase`) and factor. A `RangeError`
 * names (at `at`) a code not of `codes`, an amount that is not above 0 with 2 decimals, and a
 * base that is not above 0 (no factor exists).
 */
function adjustment(body: Adjustment, codes: readonly string[], defaultBase: bigint, at: string): AdjustmentAmounts {
  if (!codes.includes(body.code)) throw new RangeError(`${at}.code must be one of ${codes.join(', ')}, got ${String(body.code)}`);
  const amount = exactCents(body.amount, `${at}.amount`);
  if (amount <= 0n) throw new RangeError(`${at}.amount must be greater than 0, got ${String(body.amount)}`);
  const base = body.base === undefined ? defaultBase : exactCents(body.base, `${at}.base`);
  if (base <= 0n) throw new RangeError(`${at}.base must be greater than 0 (the factor is amount / base), got ${format(base)}`);
  return { code: body.code, amount, base, factor: factorOf(amount, base) };
}

/** Each adjustment of a line's list, its default base the line's gross value. */
function adjustments(list: readonly Adjustment[], codes: readonly string[], defaultBase: bigint, field: string): AdjustmentAmounts[] {
  return list.map((body, i) => adjustment(body, codes, defaultBase, `${field}[${i}]`));
}

/** The sum of the amounts of `list` whose code is one of `codes`. */
function sum(list: readonly AdjustmentAmounts[], codes: readonly string[]): bigint {
  let total = 0n;
  for (const adjustment of list) if (codes.includes(adjustment.code)) total += adjustment.amount;
  return total;
}

/** A line's first step: its affectation, and quantity × unit value before its discounts and charges. */
export interface LineGross {
  /** Catálogo 07 affectation, filled. */
  affectation: IgvAffectationCode;
  /** A free transfer (gratuita): out of what the customer pays. */
  free: boolean;
  /** quantity × unit value (the valor referencial on a free line), rounded half up, in cents. */
  gross: bigint;
  /** gross × rate as {@link line} gives it (0 for `20`-`40`), in cents. */
  grossIgv: bigint;
}

/**
 * A line's affectation and gross value at the IGV rate `taxRate` (scaled by 10^10). A `RangeError`
 * names the field of `items[index]` it cannot compute from: an affectation catálogo 07 does not
 * have, a quantity not above 0, a negative unit price, a free line without its `referenceValue`, a
 * value that is not a decimal of up to 10 places. `affectation` is the line's filled one (`fillDocument`).
 */
export function lineGross(item: Item, index: number, taxRate: bigint, affectation: string = igvAffectationOf(item)): LineGross {
  const at = `items[${index}]`;
  if (!isIgvAffectationCode(affectation)) throw new RangeError(`${at}.igvAffectation must be a catálogo 07 code, got ${String(affectation)}`);
  // Comparing with 0 is exact for any number; the values themselves are read exactly by scale().
  if (!(item.quantity > 0)) throw new RangeError(`${at}.quantity must be greater than 0, got ${String(item.quantity)}`);
  if (!(item.unitPrice >= 0)) throw new RangeError(`${at}.unitPrice must not be negative, got ${String(item.unitPrice)}`);
  const free = isFree(affectation);
  const unitValue = free ? item.referenceValue : item.unitPrice;
  if (unitValue === undefined) throw new RangeError(`${at}.referenceValue is required on a free line (affectation ${affectation})`);
  if (!(unitValue >= 0)) throw new RangeError(`${at}.referenceValue must not be negative, got ${String(unitValue)}`);
  let computed: { base: bigint; igv: bigint };
  try {
    computed = lineCents(scale(item.quantity, 'quantity'), scale(unitValue, 'unitValue'), taxRate, isTaxed(affectation));
  } catch (error) {
    throw error instanceof RangeError ? new RangeError(`${at}: ${error.message}`) : error;
  }
  return { affectation, free, gross: computed.base, grossIgv: computed.igv };
}

/** A line's ISC as SUNAT writes it (the line's `TaxSubtotal` of scheme 2000), in cents. */
export interface IscAmounts {
  /** Catálogo 08 system (`TierRange`). */
  system: IscSystemCode;
  /** TaxableAmount: the client's `isc.base`, else the line's value (its LineExtensionAmount). */
  base: bigint;
  /** TaxAmount: the client's `isc.amount`, else {@link IscAmounts.expected}. */
  amount: bigint;
  /** SUNAT's formula: base × rate (systems 01, 03) or quantity × amount per unit (02), rounded half up. */
  expected: bigint;
  /**
   * `Percent` as a fraction scaled by 10^10: the rate (01, 03); on system 02 amount ÷ base to 7
   * decimals (a percentage of 5), so that TaxableAmount × Percent ÷ 100 is the TaxAmount SUNAT checks (3108).
   */
  rate: bigint;
}

/** One line's amounts, in cents. */
export interface LineAmounts extends LineGross {
  /** LineExtensionAmount: {@link LineGross.gross} − line discounts `00` + line charges `47`. */
  base: bigint;
  /** The client's IGV of the line (its IVAP on an IVAP line, `17`). */
  igv: bigint;
  /** The line's ISC (scheme 2000), when it has one. */
  isc: IscAmounts | undefined;
  /** The IGV's base (the `TaxableAmount` of its IGV or IVAP subtotal): {@link LineAmounts.base} + its ISC (SUNAT's 3272). */
  igvBase: bigint;
  /**
   * The IGV SUNAT's formula gives: igvBase × the IGV rate rounded half up (0 for `20`-`40`); on an
   * IVAP line (`17`) base × {@link IVAP_RATE}.
   */
  expectedIgv: bigint;
  /**
   * The line's `TaxTotal/TaxAmount`: the sum of its schemes 1000, 1016, 2000 and 7152 (SUNAT's
   * 3292): its IGV or IVAP (none on a free line, whose IGV is declared under 9996), ISC and ICBPER.
   */
  taxAmount: bigint;
  /** The client's ICBPER of the line (0 when none). */
  icbper: bigint;
  /** Line discounts (`00`, `01`), base default {@link LineGross.gross}. */
  discounts: readonly AdjustmentAmounts[];
  /** Line charges (`47`, `48`), base default {@link LineGross.gross}. */
  charges: readonly AdjustmentAmounts[];
}

/**
 * One line's amounts at the IGV rate `taxRate` (scaled by 10^10), from its {@link lineGross}
 * (computed when not given). A `RangeError` names the field of `items[index]` it cannot compute
 * from, as {@link lineGross} does, and amounts with more than 2 decimals. Its base is below 0 when
 * its `00` discounts exceed its value (SUNAT's rule 3290; the caller checks).
 */
export function lineAmounts(item: Item, index: number, taxRate: bigint, start: LineGross = lineGross(item, index, taxRate)): LineAmounts {
  const { affectation, free, gross, grossIgv } = start;
  const discounts = item.discounts === undefined ? NONE : adjustments(item.discounts, LINE_DISCOUNT_CODES, gross, `items[${index}].discounts`);
  const charges = item.charges === undefined ? NONE : adjustments(item.charges, LINE_CHARGE_CODES, gross, `items[${index}].charges`);
  const base = gross - sum(discounts, ['00']) + sum(charges, ['47']);
  const isc = item.isc === undefined ? undefined : iscCents(item.isc, base, scale(item.quantity, 'quantity'), `items[${index}].isc`, item.isc.amount);
  // The IGV's base is the line's value plus its ISC (3272).
  const igvBase = isc === undefined ? base : base + isc.amount;
  let expectedIgv: bigint;
  if (affectation === IVAP_AFFECTATION) expectedIgv = times(base, IVAP_SCALED);
  else expectedIgv = igvBase === gross ? grossIgv : isTaxed(affectation) ? times(igvBase, taxRate) : 0n;
  const igv = lineAmount(item.igv, index, 'igv');
  const icbper = item.icbper === undefined ? 0n : lineAmount(item.icbper, index, 'icbper');
  return {
    affectation,
    free,
    gross,
    grossIgv,
    base,
    igv,
    isc,
    igvBase,
    expectedIgv,
    taxAmount: (free ? 0n : igv) + (isc?.amount ?? 0n) + icbper,
    icbper,
    discounts,
    charges,
  };
}

/** No adjustments. */
const NONE: readonly AdjustmentAmounts[] = Object.freeze([]);

/** An amount of `items[index]` in cents; a `RangeError` names `items[index].field` when it has more than 2 decimals. */
function lineAmount(value: number, index: number, field: string): bigint {
  try {
    return exactCents(value, field);
  } catch (error) {
    throw error instanceof RangeError ? new RangeError(`items[${index}].${error.message}`) : error;
  }
}

/** A document's totals in cents: the keys of `Document.totals` (see {@link "yupana/sunat"!DocumentTotalsAmounts} for each). */
export interface TotalsAmounts {
  taxable: bigint;
  exempt: bigint;
  unaffected: bigint;
  export: bigint;
  free: bigint;
  freeIgv: bigint;
  igv: bigint;
  iscBase: bigint;
  isc: bigint;
  ivapBase: bigint;
  ivap: bigint;
  icbper: bigint;
  lineExtension: bigint;
  taxInclusive: bigint;
  discounts: bigint;
  charges: bigint;
  rounding: bigint;
  /** PrepaidAmount: Σ the advances' amounts (anticipos, IGV included); 0 without any. */
  prepaid: bigint;
  total: bigint;
}

/** An advance (anticipo) a final document deducts: its allowance `04`, `05` or `06` (its value without IGV, on the base it was paid on) and what it paid (`PaidAmount`). */
export interface AdvanceAmounts extends AdjustmentAmounts {
  /** `PaidAmount`: what the advance's document charged, IGV included. */
  paid: bigint;
}

/** Everything a body's amounts derive to, in cents. */
export interface DocumentAmounts {
  lines: readonly LineAmounts[];
  /** Global discounts (`02`, `03`) with their bases and factors. */
  discounts: AdjustmentAmounts[];
  /** Global charges (`45`, `46`, `49`, `50`) with their bases and factors. */
  charges: AdjustmentAmounts[];
  /** The advances deducted (anticipos), each as its allowance `04`, `05` or `06`, based on the taxed, exonerated or unaffected base before them. */
  advances: AdvanceAmounts[];
  totals: TotalsAmounts;
}

/**
 * What the customer pays per unit of a paid line, scaled by 10^10 and rounded half up to 10
 * decimals: (its base + its taxes (IGV or IVAP, ISC, ICBPER) − discounts `01` + charges `48`) ÷ quantity, the XML's
 * `PriceAmount` of type 01 (SUNAT's 3270 on facturas and boletas). A nota de débito's own 3270
 * leaves `01` and `48` out (see `checkDocument`).
 */
export function paidPerUnit(item: Item, amounts: LineAmounts): bigint {
  const paid = amounts.base + amounts.taxAmount - sum(amounts.discounts, ['01']) + sum(amounts.charges, ['48']);
  const quantity = scale(item.quantity, 'quantity');
  return (paid * (ONE / 100n) * ONE * 2n + quantity) / (2n * quantity);
}

/**
 * What each global discount or charge (catálogo 53) moves besides its own amount: `taxed`, the
 * taxed base (scheme 1000) and with it the IGV and the value of sale (`02` down, `49` up; their
 * base defaults to the taxed base of the lines); otherwise only what the customer pays, as
 * AllowanceTotalAmount (`03`) or ChargeTotalAmount (`45` FISE, `46` recargo al consumo, `50`),
 * their base defaulting to the total with taxes. An anticipo's `04` is not a global discount of
 * the body: {@link advanceAmounts} computes it from `advances`.
 */
const GLOBAL_EFFECTS: Readonly<Record<string, { sign: 1n | -1n; taxed: boolean }>> = {
  '02': { sign: -1n, taxed: true },
  '03': { sign: -1n, taxed: false },
  '45': { sign: 1n, taxed: false },
  '46': { sign: 1n, taxed: false },
  '49': { sign: 1n, taxed: true },
  '50': { sign: 1n, taxed: false },
};

/** The effect of a global code of `codes` (the list its field takes), or `undefined` for a code of another level, which {@link adjustment} refuses. */
const effectOf = (code: string, codes: readonly string[]) => (codes.includes(code) ? GLOBAL_EFFECTS[code] : undefined);

/**
 * The lines, global adjustments and totals of `body` at `igvRate`, as `sunat.md` "The totals"
 * says: taxable (1000) = Σ bases of onerous `10` lines − global `02` + global `49`; igv = Σ IGV
 * of those lines, or with a global `02` or `49` round((Σ their IGV bases − 02 + 49) × rate), as
 * SUNAT's manual prints it (an IGV base is the line's value plus its ISC, 3272); iscBase and isc
 * (2000) = Σ ISC bases and ISC of the paid lines (3296, 3298); on a document of IVAP lines (`17`)
 * the global `02`/`49` move the IVAP base instead: ivapBase (1016) = Σ their bases − 02 + 49
 * (3293), ivap = Σ their IVAP, or with a `02`/`49` round(ivapBase × 4%) (3295); lineExtension =
 * Σ bases of onerous lines − 02 + 49; taxInclusive = lineExtension + igv + isc + ivap + icbper
 * (3279); total = taxInclusive + charges − discounts + rounding, where discounts are line `01` +
 * global `03` and charges line `48` + global `45`, `46`, `50` ({@link GLOBAL_EFFECTS}). A global
 * `02`/`49` defaults its base to the taxed (or IVAP) base of the lines; the other global codes to
 * taxInclusive. A `RangeError` names what it cannot compute from. `lines` are the body's
 * {@link lineAmounts} (`draftDocument` computes them first). Discounts larger than what they
 * reduce leave a line base, `taxable` or `total` below 0: SUNAT's rules 3290, 3277 and 3280,
 * which the caller checks.
 */
export function documentAmounts(body: DocumentCreateParams, igvRate: Decimal, lines: readonly LineAmounts[]): DocumentAmounts {
  const taxRate = rate(igvRate, 'igvRate');
  let taxedBase = 0n;
  let taxedIgv = 0n;
  let taxedIgvBase = 0n;
  let ivapBase = 0n;
  let ivapTax = 0n;
  let iscBase = 0n;
  let isc = 0n;
  let ivapLines = false;
  let onerous = 0n;
  const by: Record<string, bigint> = { '20': 0n, '30': 0n, '40': 0n };
  let free = 0n;
  let freeIgv = 0n;
  let icbper = 0n;
  let lineDiscounts = 0n;
  let lineCharges = 0n;
  for (const amounts of lines) {
    icbper += amounts.icbper;
    lineDiscounts += sum(amounts.discounts, ['01']);
    lineCharges += sum(amounts.charges, ['48']);
    if (amounts.isc !== undefined && !amounts.free) {
      iscBase += amounts.isc.base;
      isc += amounts.isc.amount;
    }
    if (amounts.free) {
      free += amounts.base;
      if (FREE_TAXED_AFFECTATIONS.includes(amounts.affectation)) freeIgv += amounts.igv;
      continue;
    }
    onerous += amounts.base;
    if (amounts.affectation === '10') {
      taxedBase += amounts.base;
      taxedIgv += amounts.igv;
      taxedIgvBase += amounts.igvBase;
    } else if (amounts.affectation === IVAP_AFFECTATION) {
      ivapLines = true;
      ivapBase += amounts.base;
      ivapTax += amounts.igv;
    } else {
      by[amounts.affectation]! += amounts.base; // 20, 30 or 40
    }
  }
  // The codes that move the taxed base (the IVAP base on a document of IVAP lines) default to it;
  // the others to taxInclusive, known only after them.
  const movedBase = ivapLines ? ivapBase : taxedBase;
  const taxedDiscounts = taxedAdjustments(body.discounts, GLOBAL_DISCOUNT_CODES, movedBase, 'discounts');
  const taxedCharges = taxedAdjustments(body.charges, GLOBAL_CHARGE_CODES, movedBase, 'charges');
  const moved = taxedDiscounts.size + taxedCharges.size > 0;
  let shift = 0n;
  for (const adjustment of [...taxedCharges.values(), ...taxedDiscounts.values()]) shift += GLOBAL_EFFECTS[adjustment.code]!.sign * adjustment.amount;
  // With a global 02 or 49 the tax is its base × rate, as SUNAT's manual prints it; without, the lines' sum.
  const saleTaxable = ivapLines ? taxedBase : taxedBase + shift;
  const saleIgv = moved && !ivapLines ? times(taxedIgvBase + shift, taxRate) : taxedIgv;
  if (ivapLines) ivapBase += shift;
  const ivap = moved && ivapLines ? times(ivapBase, IVAP_SCALED) : ivapTax;
  const advances = advanceAmounts(body, { '10': saleTaxable, '20': by['20']!, '30': by['30']! }, taxRate);
  const advanced = sum(advances, ['04']);
  const prepaid = advances.reduce((total, advance) => total + advance.paid, 0n);
  const taxable = saleTaxable - advanced;
  // An advance's 04 lowers the IGV, to its base × rate as SUNAT's 3291 computes it (the ISC stays in
  // that base), but not the precio de venta, which keeps the IGV of the whole sale (3279).
  const igv = advanced === 0n ? saleIgv : times(taxedIgvBase + shift - advanced, taxRate);
  const lineExtension = onerous + shift;
  const taxInclusive = lineExtension + saleIgv + isc + ivap + icbper;
  const discounts = (body.discounts ?? []).map((d, i) => taxedDiscounts.get(i) ?? adjustment(d, GLOBAL_DISCOUNT_CODES, taxInclusive, `discounts[${i}]`));
  const charges = (body.charges ?? []).map((c, i) => taxedCharges.get(i) ?? adjustment(c, GLOBAL_CHARGE_CODES, taxInclusive, `charges[${i}]`));
  let allowances = lineDiscounts;
  let extraCharges = lineCharges;
  for (const adjustment of [...discounts, ...charges]) {
    const effect = GLOBAL_EFFECTS[adjustment.code]!;
    if (effect.taxed) continue;
    if (effect.sign < 0n) allowances += adjustment.amount;
    else extraCharges += adjustment.amount;
  }
  const rounding = body.rounding === undefined ? 0n : exactCents(body.rounding, 'rounding');
  const total = taxInclusive + extraCharges - allowances - prepaid + rounding;
  return {
    lines,
    discounts,
    charges,
    advances,
    totals: {
      taxable,
      exempt: by['20']! - sum(advances, ['05']),
      unaffected: by['30']! - sum(advances, ['06']),
      export: by['40']!,
      free,
      freeIgv,
      igv,
      iscBase,
      isc,
      ivapBase,
      ivap,
      icbper,
      lineExtension,
      taxInclusive,
      discounts: allowances,
      charges: extraCharges,
      rounding,
      prepaid,
      total,
    },
  };
}

/**
 * Catálogo 53's allowance of an advance, by the catálogo 07 affectation of the sale it paid for:
 * `04` off the taxed base (and its IGV), `05` off the exonerated total (9997, SUNAT's 3275), `06` off
 * the unaffected one (9998, its 3274). None of them lowers the valor de venta (3278).
 */
const ADVANCE_ALLOWANCES = { '10': '04', '20': '05', '30': '06' } as const;

/**
 * The advances (anticipos) of `body` as their allowances ({@link ADVANCE_ALLOWANCES}): each
 * advance's value (its own; else, for a taxed advance, its amount ÷ (1 + rate), rounded half up,
 * and for the others its amount) on the base of its affectation in `bases` before them, and what it
 * paid. A `RangeError` names an amount or value that is not above 0 with 2 decimals.
 */
function advanceAmounts(body: DocumentCreateParams, bases: Record<keyof typeof ADVANCE_ALLOWANCES, bigint>, taxRate: bigint): AdvanceAmounts[] {
  return (body.advances ?? []).map((advance, i) => {
    const paid = exactCents(advance.amount, `advances[${i}].amount`);
    if (paid <= 0n) throw new RangeError(`advances[${i}].amount must be greater than 0, got ${String(advance.amount)}`);
    const affectation = advance.igvAffectation ?? '10';
    // amount ÷ (1 + rate): cents × 10^10 ÷ (10^10 + rate), half up.
    const net = affectation === '10' ? (paid * ONE * 2n + ONE + taxRate) / (2n * (ONE + taxRate)) : paid;
    const value = advance.value === undefined ? net : exactCents(advance.value, `advances[${i}].value`);
    if (value <= 0n) throw new RangeError(`advances[${i}].value must be greater than 0, got ${format(value)}`);
    const base = bases[affectation];
    return { code: ADVANCE_ALLOWANCES[affectation], amount: value, base, factor: base > 0n ? factorOf(value, base) : '0.00000', paid };
  });
}

/** The adjustments of `list` that move the taxed base ({@link GLOBAL_EFFECTS}), by index, each based on the taxed base by default. */
function taxedAdjustments(list: readonly Adjustment[] | undefined, codes: readonly string[], taxedBase: bigint, field: string): Map<number, AdjustmentAmounts> {
  const found = new Map<number, AdjustmentAmounts>();
  list?.forEach((body, i) => {
    if (effectOf(body.code, codes)?.taxed) found.set(i, adjustment(body, codes, taxedBase, `${field}[${i}]`));
  });
  return found;
}

/** An exchange rate (PEN per USD, up to 3 decimals, above 0) scaled by 10^10. */
function exchangeRateOf(body: DocumentCreateParams, purpose: string): bigint {
  if (body.exchangeRate === undefined) throw new RangeError(`exchangeRate is required on a USD document with a ${purpose}: its amounts are in PEN`);
  const scaled = scale(body.exchangeRate, 'exchangeRate');
  if (scaled <= 0n || scaled % MILLI !== 0n) throw new RangeError(`exchangeRate must be greater than 0 with at most 3 decimals, got ${String(body.exchangeRate)}`);
  return scaled;
}

/** `total` (in the document's currency) in PEN: itself, or × `exchangeRate` on a USD document. */
export function inPen(body: DocumentCreateParams, total: bigint, purpose: string): bigint {
  return body.currency === 'USD' ? times(total, exchangeRateOf(body, purpose)) : total;
}

/** A detracción's amount of `body` (its `detraction`): the client's, else total × rate (× exchangeRate on USD), in PEN. */
function detractionAmount(body: DocumentCreateParams, detraction: Detraction, total: bigint): bigint {
  if (detraction.amount !== undefined) return exactCents(detraction.amount, 'detraction.amount');
  const share = rate(detraction.rate, 'detraction.rate');
  return body.currency === 'USD' ? cents(total * share * exchangeRateOf(body, 'detraction'), 2 * DIGITS + 2) : times(total, share);
}

/**
 * A percepción's amounts of `body` (its `perception`, at its filled rate `share`) in PEN: base
 * (the client's, else the total in PEN), amount (else base × rate), total = base + amount.
 */
function perceptionAmounts(
  body: DocumentCreateParams,
  perception: Perception,
  share: number | undefined,
  total: bigint,
): { base: bigint; amount: bigint; total: bigint } {
  if (share === undefined) throw new RangeError(`perception.rate is required for a code without a catálogo 22 rate, got code ${String(perception.code)}`);
  const scaledRate = rate(share, 'perception.rate');
  const base = perception.base === undefined ? inPen(body, total, 'perception') : exactCents(perception.base, 'perception.base');
  const amount = perception.amount === undefined ? times(base, scaledRate) : exactCents(perception.amount, 'perception.amount');
  return { base, amount, total: base + amount };
}

/** A retención's amounts, at its filled rate `share`: base (the client's, else the total), amount (else base × rate). */
function retentionAmounts(retention: Retention, share: number, total: bigint): { base: bigint; amount: bigint } {
  const scaledRate = rate(share, 'retention.rate');
  const base = retention.base === undefined ? total : exactCents(retention.base, 'retention.base');
  const amount = retention.amount === undefined ? times(base, scaledRate) : exactCents(retention.amount, 'retention.amount');
  return { base, amount };
}

/** The forma de pago as computed: cash, or credit with each cuota's amount in cents and the pending amount they add up to. */
export type PaymentTermsAmounts = { type: 'cash' } | { type: 'credit'; installments: { amount: bigint; dueDate: string }[]; pendingAmount: bigint };

/** What the totals decide, in cents: the third phase (openubl's "summarise"). */
export interface SummaryAmounts {
  /** The detracción's amount in PEN. */
  detraction: bigint | undefined;
  /** The percepción's base, amount and total in PEN. */
  perception: { base: bigint; amount: bigint; total: bigint } | undefined;
  /** The retención's base and amount. */
  retention: { base: bigint; amount: bigint } | undefined;
  /** The filled forma de pago with its amounts. */
  paymentTerms: PaymentTermsAmounts | undefined;
  /**
   * Catálogo 52 legends: the service's (`1000` amount in words; `1002` with free lines, `2007`
   * with IVAP lines, `2000` with a percepción, `2006` with a detracción), each unless the body
   * carries its code, then the body's own.
   */
  legends: { code: string; text: string }[];
}

/**
 * What the amounts of `body` decide ({@link SummaryAmounts}), once they are computed. A
 * `RangeError` names what makes them impossible: a line whose discounts `00` exceed its value,
 * discounts `02` past the taxed base or discounts past the total (SUNAT's 3290, 3277, 3280), a
 * total past the amounts in words, the field of a detracción, percepción or retención it cannot
 * compute from, a forma de pago neither cash nor credit, a sale on credit without its cuotas, a
 * cuota of more than 2 decimals.
 */
export function summarise(body: DocumentCreateParams, filled: FilledDocument, { lines, totals }: DocumentAmounts): SummaryAmounts {
  lines.forEach((line, i) => {
    if (line.base < 0n) throw new RangeError(`items[${i}].discounts of code 00 exceed the line's value ${format(line.gross)}`);
  });
  if (totals.taxable < 0n) throw new RangeError(`discounts of code 02 exceed the taxed base (taxable would be ${format(totals.taxable)})`);
  if (totals.ivapBase < 0n) throw new RangeError(`discounts of code 02 exceed the IVAP base (ivapBase would be ${format(totals.ivapBase)})`);
  if (totals.total < 0n) throw new RangeError(`discounts exceed the total (it would be ${format(totals.total)})`);
  const service: { code: keyof typeof LEGENDS; text: string }[] = [{ code: '1000', text: amountInWords(format(totals.total), filled.currency as 'PEN' | 'USD') }];
  if (totals.free > 0n) service.push({ code: '1002', text: LEGENDS['1002'].toUpperCase() });
  if (lines.some((line) => line.affectation === IVAP_AFFECTATION)) service.push({ code: '2007', text: LEGENDS['2007'].toUpperCase() });
  const { perception, detraction, retention } = body;
  const summary: SummaryAmounts = { detraction: undefined, perception: undefined, retention: undefined, paymentTerms: undefined, legends: [] };
  if (perception !== undefined) {
    summary.perception = perceptionAmounts(body, perception, filled.perceptionRate, totals.total);
    service.push({ code: '2000', text: LEGENDS['2000'].toUpperCase() });
  }
  if (detraction !== undefined) {
    summary.detraction = detractionAmount(body, detraction, totals.total);
    service.push({ code: '2006', text: LEGENDS['2006'].toUpperCase() });
  }
  if (retention !== undefined) summary.retention = retentionAmounts(retention, filled.retentionRate!, totals.total);
  summary.paymentTerms = paymentTermsAmounts(filled.paymentTerms);
  const own = body.legends ?? [];
  summary.legends = [...service.filter((legend) => !own.some((o) => o.code === legend.code)), ...own.map(({ code, text }) => ({ code, text }))];
  return summary;
}

/** The forma de pago with its amounts in cents; a `RangeError` for a type neither cash nor credit, credit without its cuotas, or a cuota of more than 2 decimals. */
function paymentTermsAmounts(terms: FilledDocument['paymentTerms']): PaymentTermsAmounts | undefined {
  if (terms === undefined || terms.type === 'cash') return terms && { type: 'cash' };
  if (terms.type !== 'credit') throw new RangeError(`paymentTerms.type must be cash or credit, got ${String((terms as { type: unknown }).type)}`);
  if (!Array.isArray(terms.installments)) throw new RangeError('paymentTerms.installments is required on a sale on credit: the cuotas and their amounts');
  const installments = terms.installments.map((installment, i) => ({
    amount: exactCents(installment.amount, `paymentTerms.installments[${i}].amount`),
    dueDate: installment.dueDate,
  }));
  return { type: 'credit', installments, pendingAmount: installments.reduce((total, installment) => total + installment.amount, 0n) };
}
