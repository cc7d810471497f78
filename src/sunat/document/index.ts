/**
 * What the service fills in a create body, computed locally: `computeDocument` gives the
 * operation type, payment terms, every total, the derived detracción/percepción/retención and
 * the legends exactly as the API answers them, so an app can show them before it issues;
 * `checkDocument` runs SUNAT's rules (the ones `strictSunatChecks` and the sandbox run), and
 * `documentObservations` finds what SUNAT observes in a document it accepts.
 *
 * @module
 */
import { type Decimal, exactCents, format, rate } from '../decimal.js';
import { LEGENDS } from '../catalogs.js';
import { amountInWords } from '../words.js';
import type { DocumentCreateParams, PaymentTerms } from '../../models/document.js';
import { type AdjustmentAmounts, detractionAmount, documentAmounts, type LineAmounts, perceptionAmounts, retentionAmounts, type TotalsAmounts } from './compute.js';
import { DEFAULT_DETRACTION_PAYMENT_METHOD, DEFAULT_RETENTION_RATE, operationTypeOf, paymentTermsOf, perceptionRateOf, unitCodeOf } from './fill.js';

export { checkDocument, type CheckDocumentOptions, type SunatIssue, sunatCodeOfField, voidDeadlinePassed } from './rules.js';
export { documentObservations, type DocumentObservationsOptions, type SunatObservation } from './observations.js';

/**
 * A document's totals as `Document.totals` carries them, each a decimal string with exactly 2
 * decimals (`'236.00'`; the API's JSON carries the same values as numbers).
 */
export interface DocumentTotalsAmounts {
  /** Operaciones gravadas (scheme 1000 base): Σ bases of onerous taxed lines (`10`) − global `02` + global `49`. */
  taxable: string;
  /** Operaciones exoneradas (9997): Σ bases of `20` lines. */
  exempt: string;
  /** Operaciones inafectas (9998): Σ bases of `30` lines. */
  unaffected: string;
  /** Exportación (9995): Σ bases of `40` lines. */
  export: string;
  /** Operaciones gratuitas (9996 base): Σ bases of free lines (valor referencial × quantity). */
  free: string;
  /** IGV of the free taxed lines (`11`-`16`, 9996 tax): reported, paid by nobody. */
  freeIgv: string;
  /** IGV (1000 tax): Σ IGV of onerous taxed lines + (global `49` − global `02`) × rate. */
  igv: string;
  /** ICBPER (7152): Σ lines' `icbper`. */
  icbper: string;
  /** Valor de venta (LineExtensionAmount): Σ bases of onerous lines − global `02` + global `49`. */
  lineExtension: string;
  /** Precio de venta (TaxInclusiveAmount): lineExtension + igv + icbper. */
  taxInclusive: string;
  /** AllowanceTotalAmount: discounts that do not reduce the taxed base, line `01` + global `03`. */
  discounts: string;
  /** ChargeTotalAmount: charges that do not raise it, line `48` + global `45`, `46`, `50`. */
  charges: string;
  /** PayableRoundingAmount: the body's `rounding`, or 0.00. */
  rounding: string;
  /** PayableAmount, what the customer pays: taxInclusive + charges − discounts + rounding. */
  total: string;
}

/** A discount or charge as SUNAT writes it (`cac:AllowanceCharge`). */
export interface ComputedAdjustment {
  /** Catálogo 53 code. */
  code: string;
  /** The amount, 2 decimals. */
  amount: string;
  /** The base: the body's, else for a line quantity × unit price, for a global `02`/`49` the taxed base, for other global codes taxInclusive. */
  base: string;
  /** amount / base, rounded half up to 5 decimals (`MultiplierFactorNumeric`). */
  factor: string;
}

/** One line as the service fills and computes it. */
export interface ComputedLine {
  /** Catálogo 07 affectation: the line's, or `10`. */
  igvAffectation: string;
  /** Catálogo 03 unit: the line's, or `NIU`. */
  unitCode: string;
  /** A free transfer (gratuita, `11`-`16`, `21`, `31`-`37`): the customer pays nothing for it. */
  free: boolean;
  /** LineExtensionAmount: quantity × unit price (valor referencial on a free line) − `00` + `47`. */
  base: string;
  /** The line's IGV as sent. */
  igv: string;
  /** The line's ICBPER as sent, or 0.00. */
  icbper: string;
  /** Line discounts with their bases and factors. */
  discounts: ComputedAdjustment[];
  /** Line charges with their bases and factors. */
  charges: ComputedAdjustment[];
}

/** The forma de pago as filled: cash, or credit with its installments and the pending amount they add up to. */
export type ComputedPaymentTerms =
  | { type: 'cash' }
  | {
      type: 'credit';
      /** The cuotas as sent, amounts with 2 decimals (numbered Cuota001, Cuota002... in order). */
      installments: { amount: string; dueDate: string }[];
      /** The pending amount the XML declares (the `Credito` amount): Σ installments. */
      pendingAmount: string;
    };

/** Everything the service fills in a create body. Amounts are decimal strings with 2 decimals. */
export interface ComputedDocument {
  /** Catálogo 51 operation type (facturas and boletas; `undefined` on a nota). */
  operationType: string | undefined;
  /** Forma de pago: the body's, else cash on a factura; `undefined` when neither. */
  paymentTerms: ComputedPaymentTerms | undefined;
  /** Each line, in the body's order. */
  items: ComputedLine[];
  /** Global discounts with their bases and factors. */
  discounts: ComputedAdjustment[];
  /** Global charges with their bases and factors. */
  charges: ComputedAdjustment[];
  totals: DocumentTotalsAmounts;
  /** The detracción with its `paymentMethod` (default `001`) and `amount` in PEN (default total × rate, × exchangeRate on USD). */
  detraction?: { code: string; rate: number; account: string; paymentMethod: string; amount: string };
  /** The percepción in PEN with its rate (default its code's), base (default the total), amount (default base × rate) and total = base + amount. */
  perception?: { code: string; rate: number; base: string; amount: string; total: string };
  /** The retención with its rate (default 0.03), base (default the total) and amount (default base × rate). */
  retention?: { rate: number; base: string; amount: string };
  /**
   * Catálogo 52 legends: the service's (`1000` amount in words; `1002` with free lines, `2000`
   * with a percepción, `2006` with a detracción), each unless the body carries its code, then the body's own.
   */
  legends: { code: string; text: string }[];
}

/** Options of {@link computeDocument}. */
export interface ComputeDocumentOptions {
  /**
   * The issuer's IGV rate as a fraction: `0.18`, or the reduced rate of small restaurants and
   * lodging; `igvRateOn(issueDate)` gives the rate of a date. Required: the rate depends on the issuer.
   */
  igvRate: Decimal;
}

function adjustmentOut(adjustment: AdjustmentAmounts): ComputedAdjustment {
  return { code: adjustment.code, amount: format(adjustment.amount), base: format(adjustment.base), factor: adjustment.factor };
}

function lineOut(amounts: LineAmounts, unitCode: string): ComputedLine {
  return {
    igvAffectation: amounts.affectation,
    unitCode,
    free: amounts.free,
    base: format(amounts.base),
    igv: format(amounts.igv),
    icbper: format(amounts.icbper),
    discounts: amounts.discounts.map(adjustmentOut),
    charges: amounts.charges.map(adjustmentOut),
  };
}

function totalsOut(totals: TotalsAmounts): DocumentTotalsAmounts {
  return {
    taxable: format(totals.taxable),
    exempt: format(totals.exempt),
    unaffected: format(totals.unaffected),
    export: format(totals.export),
    free: format(totals.free),
    freeIgv: format(totals.freeIgv),
    igv: format(totals.igv),
    icbper: format(totals.icbper),
    lineExtension: format(totals.lineExtension),
    taxInclusive: format(totals.taxInclusive),
    discounts: format(totals.discounts),
    charges: format(totals.charges),
    rounding: format(totals.rounding),
    total: format(totals.total),
  };
}

function paymentTermsOut(terms: PaymentTerms | undefined): ComputedPaymentTerms | undefined {
  if (terms === undefined || terms.type === 'cash') return terms && { type: 'cash' };
  if (terms.type !== 'credit') throw new RangeError(`paymentTerms.type must be cash or credit, got ${String((terms as { type: unknown }).type)}`);
  const amounts = terms.installments.map((installment, i) => exactCents(installment.amount, `paymentTerms.installments[${i}].amount`));
  return {
    type: 'credit',
    installments: terms.installments.map((installment, i) => ({ amount: format(amounts[i]!), dueDate: installment.dueDate })),
    pendingAmount: format(amounts.reduce((a, b) => a + b, 0n)),
  };
}

/**
 * Everything the service fills in a create body, computed exactly as it answers: the operation
 * type and payment terms by default, each line's base, every total of `Document.totals`, the
 * bases and factors of discounts and charges, the detracción, percepción and retención amounts
 * not given, and the legends with `1000`, the amount in words. Amounts are decimal strings with
 * 2 decimals (the API's JSON carries the same values as numbers: `Number('236.00')`).
 *
 * A `RangeError` names the field it cannot compute from (a free line without `referenceValue`,
 * an amount with more than 2 decimals, a USD document with a detracción and no `exchangeRate`,
 * an IVAP line...): never a wrong number. Check the body with {@link checkDocument} first for
 * SUNAT's rules.
 *
 * ```ts
 * const computed = computeDocument(
 *   { type: '01', series: 'F001', customer, items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }] },
 *   { igvRate: igvRateOn('2026-05-04') },
 * );
 * computed.totals.total; // '236.00'
 * computed.legends[0];   // { code: '1000', text: 'SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES' }
 * ```
 */
export function computeDocument(body: DocumentCreateParams, { igvRate }: ComputeDocumentOptions): ComputedDocument {
  rate(igvRate, 'igvRate');
  const amounts = documentAmounts(body, igvRate);
  const { totals } = amounts;
  amounts.lines.forEach((line, i) => {
    if (line.base < 0n) throw new RangeError(`items[${i}].discounts of code 00 exceed the line's value ${format(line.gross)}`);
  });
  if (totals.taxable < 0n) throw new RangeError(`discounts of code 02 exceed the taxed base (taxable would be ${format(totals.taxable)})`);
  if (totals.total < 0n) throw new RangeError(`discounts exceed the total (it would be ${format(totals.total)})`);
  const service: { code: keyof typeof LEGENDS; text: string }[] = [{ code: '1000', text: amountInWords(format(totals.total), body.currency ?? 'PEN') }];
  if (totals.free > 0n) service.push({ code: '1002', text: LEGENDS['1002'].toUpperCase() });
  const derived: Pick<ComputedDocument, 'detraction' | 'perception' | 'retention'> = {};
  if (body.perception !== undefined) {
    const { base, amount, total } = perceptionAmounts(body, body.perception, totals.total);
    derived.perception = { code: body.perception.code, rate: perceptionRateOf(body.perception)!, base: format(base), amount: format(amount), total: format(total) };
    service.push({ code: '2000', text: LEGENDS['2000'].toUpperCase() });
  }
  if (body.detraction !== undefined) {
    const { code, rate, account, paymentMethod = DEFAULT_DETRACTION_PAYMENT_METHOD } = body.detraction;
    derived.detraction = { code, rate, account, paymentMethod, amount: format(detractionAmount(body, body.detraction, totals.total)) };
    service.push({ code: '2006', text: LEGENDS['2006'].toUpperCase() });
  }
  if (body.retention !== undefined) {
    const { base, amount } = retentionAmounts(body.retention, totals.total);
    derived.retention = { rate: body.retention.rate ?? DEFAULT_RETENTION_RATE, base: format(base), amount: format(amount) };
  }
  const own = body.legends ?? [];
  return {
    operationType: operationTypeOf(body),
    paymentTerms: paymentTermsOut(paymentTermsOf(body)),
    items: amounts.lines.map((line, i) => lineOut(line, unitCodeOf(body.items[i]!))),
    discounts: amounts.discounts.map(adjustmentOut),
    charges: amounts.charges.map(adjustmentOut),
    totals: totalsOut(totals),
    ...derived,
    legends: [...service.filter((legend) => !own.some((o) => o.code === legend.code)), ...own.map(({ code, text }) => ({ code, text }))],
  };
}
