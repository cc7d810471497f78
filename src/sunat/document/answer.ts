/**
 * A document's amounts as the API answers them: what `computeDocument` returns, and what the
 * sandbox stores of a prepared document. Decimal strings with 2 decimals, formatted from the
 * draft's cents; nothing here computes.
 *
 * @module
 */
import { format } from '../decimal.js';
import type { AdjustmentAmounts, PaymentTermsAmounts, TotalsAmounts } from './compute.js';
import type { DocumentDraft } from './draft.js';

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
  /** IGV (1000 tax): Σ IGV of onerous taxed lines; with a global `02` or `49`, round((Σ their IGV bases − `02` + `49`) × rate). */
  igv: string;
  /** ISC base (2000 base): Σ ISC bases of the paid lines with an ISC. */
  iscBase: string;
  /** ISC (2000 tax): Σ ISC of the paid lines. */
  isc: string;
  /** IVAP base (1016 base): Σ bases of IVAP lines (`17`) − global `02` + global `49`. */
  ivapBase: string;
  /** IVAP (1016 tax): Σ IVAP of the lines; with a global `02` or `49`, round(ivapBase × 4%). */
  ivap: string;
  /** ICBPER (7152): Σ lines' `icbper`. */
  icbper: string;
  /** Valor de venta (LineExtensionAmount): Σ bases of onerous lines − global `02` + global `49`. */
  lineExtension: string;
  /** Precio de venta (TaxInclusiveAmount): lineExtension + igv + isc + ivap + icbper. */
  taxInclusive: string;
  /** AllowanceTotalAmount: discounts that do not reduce the taxed base, line `01` + global `03`. */
  discounts: string;
  /** ChargeTotalAmount: charges that do not raise it, line `48` + global `45`, `46`, `50`. */
  charges: string;
  /** PayableRoundingAmount: the body's `rounding`, or 0.00. */
  rounding: string;
  /** PrepaidAmount: Σ the advances' `amount` (anticipos, IGV included); only when the document deducts one. */
  prepaid?: string;
  /** PayableAmount, what the customer pays: taxInclusive + charges − discounts − prepaid + rounding. */
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
  /** The line's ISC with its catálogo 08 system, its base (default the line's value) and its amount (default base × rate, or quantity × amount per unit); absent without one. */
  isc?: { system: string; base: string; amount: string };
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
   * Catálogo 52 legends: the service's (`1000` amount in words; `1002` with free lines, `2007`
   * with IVAP lines, `2000` with a percepción, `2006` with a detracción), each unless the body
   * carries its code, then the body's own.
   */
  legends: { code: string; text: string }[];
}

function adjustmentOut(adjustment: AdjustmentAmounts): ComputedAdjustment {
  return { code: adjustment.code, amount: format(adjustment.amount), base: format(adjustment.base), factor: adjustment.factor };
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
    iscBase: format(totals.iscBase),
    isc: format(totals.isc),
    ivapBase: format(totals.ivapBase),
    ivap: format(totals.ivap),
    icbper: format(totals.icbper),
    lineExtension: format(totals.lineExtension),
    taxInclusive: format(totals.taxInclusive),
    discounts: format(totals.discounts),
    charges: format(totals.charges),
    rounding: format(totals.rounding),
    ...(totals.prepaid > 0n && { prepaid: format(totals.prepaid) }),
    total: format(totals.total),
  };
}

function paymentTermsOut(terms: PaymentTermsAmounts | undefined): ComputedPaymentTerms | undefined {
  if (terms === undefined || terms.type === 'cash') return terms;
  return {
    type: 'credit',
    installments: terms.installments.map(({ amount, dueDate }) => ({ amount: format(amount), dueDate })),
    pendingAmount: format(terms.pendingAmount),
  };
}

/**
 * A draft's amounts as the API answers them ({@link ComputedDocument}): decimal strings with 2
 * decimals. A `RangeError` is the draft's `error`, the value its amounts could not be computed
 * from. The draft is one at a rate (`computeDocument`'s, `prepareDocument`'s).
 */
export function computedOf(draft: DocumentDraft): ComputedDocument {
  if (draft.error !== undefined) throw draft.error;
  const { filled, body } = draft;
  // A draft at a rate without an error has its amounts and summary.
  const amounts = draft.amounts!;
  const summary = draft.summary!;
  const derived: Pick<ComputedDocument, 'detraction' | 'perception' | 'retention'> = {};
  if (summary.perception !== undefined) {
    const { base, amount, total } = summary.perception;
    derived.perception = { code: body.perception!.code, rate: filled.perceptionRate!, base: format(base), amount: format(amount), total: format(total) };
  }
  if (summary.detraction !== undefined) {
    const { code, rate, account } = body.detraction!;
    derived.detraction = { code, rate, account, paymentMethod: filled.detractionPaymentMethod!, amount: format(summary.detraction) };
  }
  if (summary.retention !== undefined) {
    derived.retention = { rate: filled.retentionRate!, base: format(summary.retention.base), amount: format(summary.retention.amount) };
  }
  return {
    operationType: filled.operationType,
    paymentTerms: paymentTermsOut(summary.paymentTerms),
    items: amounts.lines.map((line, i) => {
      const computed: ComputedLine = {
        igvAffectation: line.affectation,
        unitCode: filled.lines[i]!.unitCode,
        free: line.free,
        base: format(line.base),
        igv: format(line.igv),
        icbper: format(line.icbper),
        discounts: line.discounts.map(adjustmentOut),
        charges: line.charges.map(adjustmentOut),
      };
      if (line.isc !== undefined) computed.isc = { system: line.isc.system, base: format(line.isc.base), amount: format(line.isc.amount) };
      return computed;
    }),
    discounts: amounts.discounts.map(adjustmentOut),
    charges: amounts.charges.map(adjustmentOut),
    totals: totalsOut(amounts.totals),
    ...derived,
    legends: summary.legends,
  };
}
