/**
 * The second phase of a document's life before it is sent: every amount the service derives
 * from a create body, exactly, by SUNAT's formulas (`sunat.md`, "The totals"). Amounts are
 * integers of cents here (`bigint`); {@link "yupana/sunat"!computeDocument} writes them as
 * decimal strings. Every function is total: an input it cannot compute from is a `RangeError`
 * naming the field, never a wrong number.
 *
 * @module
 */
import { cents, type Decimal, DIGITS, exactCents, format, ONE, rate, scale } from '../decimal.js';
import { line } from '../amounts.js';
import { GLOBAL_CHARGE_CODES, GLOBAL_DISCOUNT_CODES, type IgvAffectationCode, isIgvAffectationCode, LINE_CHARGE_CODES, LINE_DISCOUNT_CODES } from '../catalogs.js';
import type { Adjustment, Detraction, DocumentCreateParams, Item, Perception, Retention } from '../../models/document.js';
import { DEFAULT_RETENTION_RATE, igvAffectationOf, perceptionRateOf } from './fill.js';

/** Scaled units in 0.001, the finest step of an exchange rate. */
const MILLI = ONE / 1000n;
/** The decimals of an allowance or charge factor (`MultiplierFactorNumeric`). */
const FACTOR_DIGITS = 5;

/** Free transfers (gratuitas): taxed `11`-`16`, exonerated `21`, unaffected `31`-`37`. The customer pays nothing for them. */
export const FREE_AFFECTATIONS: readonly string[] = ['11', '12', '13', '14', '15', '16', '21', '31', '32', '33', '34', '35', '36', '37'];
/** Free transfers that carry IGV (reported, paid by nobody): `11`-`16`. */
export const FREE_TAXED_AFFECTATIONS: readonly string[] = ['11', '12', '13', '14', '15', '16'];

/** Whether a catálogo 07 affectation is a free transfer (gratuita). */
export function isFree(affectation: string): boolean {
  return FREE_AFFECTATIONS.includes(affectation);
}

/** `amount` (in cents) × a fraction scaled by 10^10 (as `rate` reads it), rounded half up to cents. */
export function times(amountCents: bigint, scaledFraction: bigint): bigint {
  return cents(amountCents * scaledFraction, DIGITS + 2);
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
 * A line's affectation and gross value at `igvRate`. A `RangeError` names the field of
 * `items[index]` it cannot compute from: an affectation catálogo 07 does not have, a quantity not
 * above 0, a negative unit price, a free line without its `referenceValue`, a value that is not a
 * decimal of up to 10 places.
 */
export function lineGross(item: Item, index: number, igvRate: Decimal): LineGross {
  const at = `items[${index}]`;
  const affectation = igvAffectationOf(item);
  if (!isIgvAffectationCode(affectation)) throw new RangeError(`${at}.igvAffectation must be a catálogo 07 code, got ${String(affectation)}`);
  // Comparing with 0 is exact for any number; the values themselves are read exactly by line().
  if (!(item.quantity > 0)) throw new RangeError(`${at}.quantity must be greater than 0, got ${String(item.quantity)}`);
  if (!(item.unitPrice >= 0)) throw new RangeError(`${at}.unitPrice must not be negative, got ${String(item.unitPrice)}`);
  const free = isFree(affectation);
  const unitValue = free ? item.referenceValue : item.unitPrice;
  if (unitValue === undefined) throw new RangeError(`${at}.referenceValue is required on a free line (affectation ${affectation})`);
  if (!(unitValue >= 0)) throw new RangeError(`${at}.referenceValue must not be negative, got ${String(unitValue)}`);
  let computed: { base: string; igv: string };
  try {
    computed = line({ quantity: item.quantity, unitValue, igvRate, affectation });
  } catch (error) {
    throw error instanceof RangeError ? new RangeError(`${at}: ${error.message}`) : error;
  }
  return { affectation, free, gross: exactCents(computed.base, 'base'), grossIgv: exactCents(computed.igv, 'igv') };
}

/** One line's amounts, in cents. */
export interface LineAmounts extends LineGross {
  /** LineExtensionAmount: {@link LineGross.gross} − line discounts `00` + line charges `47`. */
  base: bigint;
  /** The client's IGV of the line. */
  igv: bigint;
  /** The IGV SUNAT's formula gives: base × rate rounded half up (0 for `20`-`40`; `undefined` for IVAP, `17`, with its own rate). */
  expectedIgv: bigint | undefined;
  /** The client's ICBPER of the line (0 when none). */
  icbper: bigint;
  /** Line discounts (`00`, `01`), base default {@link LineGross.gross}. */
  discounts: readonly AdjustmentAmounts[];
  /** Line charges (`47`, `48`), base default {@link LineGross.gross}. */
  charges: readonly AdjustmentAmounts[];
}

/**
 * One line's amounts at `igvRate`, from its {@link lineGross} (computed when not given). A
 * `RangeError` names the field of `items[index]` it cannot compute from, as {@link lineGross}
 * does, and amounts with more than 2 decimals. Its base is below 0 when its `00` discounts
 * exceed its value (SUNAT's rule 3290; the caller checks).
 */
export function lineAmounts(item: Item, index: number, igvRate: Decimal, start: LineGross = lineGross(item, index, igvRate)): LineAmounts {
  const { affectation, free, gross, grossIgv } = start;
  const discounts = item.discounts === undefined ? NONE : adjustments(item.discounts, LINE_DISCOUNT_CODES, gross, `items[${index}].discounts`);
  const charges = item.charges === undefined ? NONE : adjustments(item.charges, LINE_CHARGE_CODES, gross, `items[${index}].charges`);
  const base = gross - sum(discounts, ['00']) + sum(charges, ['47']);
  let expectedIgv: bigint | undefined;
  if (affectation !== '17') expectedIgv = base === gross ? grossIgv : exactCents(line({ quantity: 1, unitValue: format(base), igvRate, affectation }).igv, 'igv');
  return {
    affectation,
    free,
    gross,
    grossIgv,
    base,
    igv: lineAmount(item.igv, index, 'igv'),
    expectedIgv,
    icbper: item.icbper === undefined ? 0n : lineAmount(item.icbper, index, 'icbper'),
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
  icbper: bigint;
  lineExtension: bigint;
  taxInclusive: bigint;
  discounts: bigint;
  charges: bigint;
  rounding: bigint;
  total: bigint;
}

/** Everything a body's amounts derive to, in cents. */
export interface DocumentAmounts {
  lines: readonly LineAmounts[];
  /** Global discounts (`02`, `03`) with their bases and factors. */
  discounts: AdjustmentAmounts[];
  /** Global charges (`45`, `46`, `49`, `50`) with their bases and factors. */
  charges: AdjustmentAmounts[];
  totals: TotalsAmounts;
}

/**
 * What the customer pays per unit of a paid line, scaled by 10^10 and rounded half up to 10
 * decimals: (its base + IGV + ICBPER − discounts `01` + charges `48`) ÷ quantity, the XML's
 * `PriceAmount` of type 01 (SUNAT's 3270 on facturas and boletas). A nota de débito's own 3270
 * leaves `01` and `48` out (see `checkDocument`).
 */
export function paidPerUnit(item: Item, amounts: LineAmounts): bigint {
  const paid = amounts.base + amounts.igv + amounts.icbper - sum(amounts.discounts, ['01']) + sum(amounts.charges, ['48']);
  const quantity = scale(item.quantity, 'quantity');
  return (paid * (ONE / 100n) * ONE * 2n + quantity) / (2n * quantity);
}

/**
 * The lines, global adjustments and totals of `body` at `igvRate`, as `sunat.md` "The totals"
 * says: taxable (1000) = Σ bases of onerous `10` lines − global `02` + global `49`; igv = Σ IGV
 * of those lines + (49 − 02) × rate; lineExtension = Σ bases of onerous lines − 02 + 49;
 * taxInclusive = lineExtension + igv + icbper; total = taxInclusive + charges − discounts +
 * rounding, where discounts are line `01` + global `03` and charges line `48` + global `45`, `46`,
 * `50`. A global `02`/`49` defaults its base to the taxed base of the lines; the other global codes
 * to taxInclusive. A `RangeError` names what it cannot compute from, including an IVAP line
 * (`17`), whose totals are not modelled yet. `lines` are the body's {@link lineAmounts}, when computed already. Discounts larger than what they reduce leave a
 * line base, `taxable` or `total` below 0: SUNAT's rules 3290, 3277 and 3280, which the caller checks.
 */
export function documentAmounts(
  body: DocumentCreateParams,
  igvRate: Decimal,
  lines: readonly LineAmounts[] = body.items.map((item, i) => lineAmounts(item, i, igvRate)),
): DocumentAmounts {
  const taxRate = rate(igvRate, 'igvRate');
  const ivap = lines.findIndex((amounts) => amounts.affectation === '17');
  if (ivap >= 0) throw new RangeError(`items[${ivap}].igvAffectation 17 (IVAP): documents with IVAP lines are not computed yet`);
  let taxedBase = 0n;
  let taxedIgv = 0n;
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
    if (amounts.free) {
      free += amounts.base;
      if (FREE_TAXED_AFFECTATIONS.includes(amounts.affectation)) freeIgv += amounts.igv;
      continue;
    }
    onerous += amounts.base;
    if (amounts.affectation === '10') {
      taxedBase += amounts.base;
      taxedIgv += amounts.igv;
    } else {
      by[amounts.affectation]! += amounts.base; // 20, 30 or 40: IVAP (17) was refused above
    }
  }
  // Global 02 and 49 move the taxed base, their default base; the other codes default to taxInclusive, known only after them.
  const taxedDiscounts = taxedAdjustments(body.discounts, GLOBAL_DISCOUNT_CODES, '02', taxedBase, 'discounts');
  const taxedCharges = taxedAdjustments(body.charges, GLOBAL_CHARGE_CODES, '49', taxedBase, 'charges');
  const shift = sum([...taxedCharges.values()], ['49']) - sum([...taxedDiscounts.values()], ['02']);
  const taxable = taxedBase + shift;
  const igv = taxedIgv + times(shift, taxRate);
  const lineExtension = onerous + shift;
  const taxInclusive = lineExtension + igv + icbper;
  const discounts = (body.discounts ?? []).map((d, i) => taxedDiscounts.get(i) ?? adjustment(d, GLOBAL_DISCOUNT_CODES, taxInclusive, `discounts[${i}]`));
  const charges = (body.charges ?? []).map((c, i) => taxedCharges.get(i) ?? adjustment(c, GLOBAL_CHARGE_CODES, taxInclusive, `charges[${i}]`));
  const allowances = lineDiscounts + sum(discounts, ['03']);
  const extraCharges = lineCharges + sum(charges, ['45', '46', '50']);
  const rounding = body.rounding === undefined ? 0n : exactCents(body.rounding, 'rounding');
  const total = taxInclusive + extraCharges - allowances + rounding;
  return {
    lines,
    discounts,
    charges,
    totals: {
      taxable,
      exempt: by['20']!,
      unaffected: by['30']!,
      export: by['40']!,
      free,
      freeIgv,
      igv,
      icbper,
      lineExtension,
      taxInclusive,
      discounts: allowances,
      charges: extraCharges,
      rounding,
      total,
    },
  };
}

/** The adjustments of `list` whose code is `taxedCode`, by index, each based on the taxed base by default. */
function taxedAdjustments(
  list: readonly Adjustment[] | undefined,
  codes: readonly string[],
  taxedCode: string,
  taxedBase: bigint,
  field: string,
): Map<number, AdjustmentAmounts> {
  const found = new Map<number, AdjustmentAmounts>();
  list?.forEach((body, i) => {
    if (body.code === taxedCode) found.set(i, adjustment(body, codes, taxedBase, `${field}[${i}]`));
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
export function detractionAmount(body: DocumentCreateParams, detraction: Detraction, total: bigint): bigint {
  if (detraction.amount !== undefined) return exactCents(detraction.amount, 'detraction.amount');
  const share = rate(detraction.rate, 'detraction.rate');
  return body.currency === 'USD' ? cents(total * share * exchangeRateOf(body, 'detraction'), 2 * DIGITS + 2) : times(total, share);
}

/** A percepción's amounts of `body` (its `perception`) in PEN: base (the client's, else the total in PEN), amount (else base × rate), total = base + amount. */
export function perceptionAmounts(body: DocumentCreateParams, perception: Perception, total: bigint): { base: bigint; amount: bigint; total: bigint } {
  const share = perceptionRateOf(perception);
  if (share === undefined) throw new RangeError(`perception.rate is required for a code without a catálogo 22 rate, got code ${String(perception.code)}`);
  const scaledRate = rate(share, 'perception.rate');
  const base = perception.base === undefined ? inPen(body, total, 'perception') : exactCents(perception.base, 'perception.base');
  const amount = perception.amount === undefined ? times(base, scaledRate) : exactCents(perception.amount, 'perception.amount');
  return { base, amount, total: base + amount };
}

/** A retención's amounts: base (the client's, else the total), amount (else base × rate, 3% by default). */
export function retentionAmounts(retention: Retention, total: bigint): { base: bigint; amount: bigint } {
  const scaledRate = rate(retention.rate ?? DEFAULT_RETENTION_RATE, 'retention.rate');
  const base = retention.base === undefined ? total : exactCents(retention.base, 'retention.base');
  const amount = retention.amount === undefined ? times(base, scaledRate) : exactCents(retention.amount, 'retention.amount');
  return { base, amount };
}
