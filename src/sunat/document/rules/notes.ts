/**
 * Notas de crédito and débito: the document they modify (2524), their sustento (2135), a reason of
 * their catálogo (2172), the lines of reasons 11 and 12 (2642, 2644), reason 13 (3259; its total
 * 3315), the modified number's shape (2117); the discounts and charges their stylesheets' sums
 * leave out, refused on a nota of a factura (3271, 3270, 3280, 3277) and observed on one of a
 * boleta (4288, 4287, 4312, 4299, with its IGV total: 4290); and a nota de crédito of a boleta of
 * reason 04, 05 or 08, observed (4367).
 *
 * @module
 */
import { type Decimal, format, scale } from '../../decimal.js';
import { CREDIT_NOTE_REASON_CODES, DEBIT_NOTE_REASON_CODES } from '../../catalogs.js';
import { ownValue } from '../../own.js';
import type { DocumentCreateParams } from '../../../models/document.js';
import { type DocumentAmounts, paidPerUnit } from '../compute.js';
import { isNote } from '../fill.js';
import type { AmountRule, DocumentRule, ObservationRule } from './rule.js';
import { igvBaseAsSunatSums, pastTolerance, sunatText, xpathFraction, xpathNumber, xpathScaled } from './xpath.js';

/** A nota's sustento, `reference.description`: 2 to 500 characters (2135). */
const SUSTENTO = sunatText(1, 499);
/** A series-number of a document type 01 (F...) or 03 (B...), or of a contingency series (2117). */
const REFERENCED_NUMBER: Readonly<Record<string, RegExp>> = {
  '01': /^(F[A-Z0-9]{3}|\d{1,4})-\d{1,8}$/,
  '03': /^(B[A-Z0-9]{3}|\d{1,4})-\d{1,8}$/,
};
/** The reasons whose lines are all of one affectation: 11 adjusts an export (2642, `40`), 12 an IVAP sale (2644, `17`). */
const REASON_LINES: Readonly<Record<string, { code: '2642' | '2644'; affectation: string }>> = {
  '11': { code: '2642', affectation: '40' },
  '12': { code: '2644', affectation: '17' },
};

/** A nota's reference: 2524 present, 2135 its sustento, 2172 a reason of catálogo 09/10, 2642/2644 the lines of reasons 11 (40) and 12 (17), 3259 reason 13 for a factura, 2117 the number's shape. */
export const referenceRule: DocumentRule = ({ body, lines }, find) => {
  const { reference } = body;
  if (!isNote(body.type)) return;
  if (reference === undefined) {
    find.error('2524', ['reference']);
    return;
  }
  if (typeof reference.description === 'string' && !SUSTENTO.test(reference.description)) find.error('2135', ['reference', 'description']);
  const reasons: readonly string[] = body.type === '07' ? CREDIT_NOTE_REASON_CODES : DEBIT_NOTE_REASON_CODES;
  if (!reasons.includes(reference.reason)) find.error('2172', ['reference', 'reason'], { type: body.type, reasons });
  const kind = ownValue(REASON_LINES, reference.reason);
  if (kind !== undefined) {
    for (const line of lines) {
      if (line.igvAffectation !== kind.affectation) find.error(kind.code, ['items', line.index, 'igvAffectation'], { reason: reference.reason });
    }
  }
  // By its documentId the service checks the document itself (testing/store/nota-references.ts).
  if (body.type === '07' && reference.reason === '13' && reference.type === '03') find.error('3259', ['reference', 'type'], {});
  if (reference.fullNumber !== undefined) {
    const shape = ownValue(REFERENCED_NUMBER, reference.type ?? '');
    if (shape === undefined || !shape.test(reference.fullNumber)) find.error('2117', ['reference', 'fullNumber'], { type: reference.type });
  }
};

/** Where a nota's amounts break what SUNAT's nota stylesheets compute (see {@link noteAmountBreaks}). */
interface NoteAmountBreaks {
  /** Lines whose value is past 1.00 from unit value × quantity (line discounts `00`, charges `47`). */
  lineValues: number[];
  /** Whether the total is past 1.00 from the values, taxes and charges, no discount taken (`01`, `03`). */
  payable: boolean;
  /** A nota de débito's lines whose price per unit is past 1.00 from (value + taxes) ÷ quantity (`01`, `48`). */
  unitPrices: number[];
  /** Whether the taxed total is past 1.00 from its lines' values (global `02`, `49`). */
  taxedBase: boolean;
}

/**
 * What SUNAT's nota stylesheets compute of a nota's amounts that its discounts and charges can
 * break, each compared within 1.00 in XPath numbers from the values the XML carries: a nota's
 * line is worth its unit value × quantity, its total its values, taxes and charges (no discount
 * taken), a nota de débito's price per unit its value and taxes ÷ quantity, its taxed total its
 * lines' values. SUNAT refuses a nota of a factura that breaks them (3271, 3280, 3270, 3277) and
 * observes one of a boleta (4288, 4312, 4287, 4299).
 */
function noteAmountBreaks(body: DocumentCreateParams, amounts: DocumentAmounts): NoteAmountBreaks {
  const { lines, totals } = amounts;
  const numberOf = (value: unknown) => xpathScaled(scale(value as Decimal, 'value'));
  const lineValues: number[] = [];
  const unitPrices: number[] = [];
  lines.forEach((line, i) => {
    const item = body.items[i]!;
    const quantity = numberOf(item.quantity);
    const unitValue = numberOf(line.free ? item.referenceValue : item.unitPrice);
    if (pastTolerance(xpathNumber(line.base) - unitValue * quantity)) lineValues.push(i);
    if (body.type === '08' && !line.free) {
      const price = xpathScaled(paidPerUnit(item, line));
      if (pastTolerance(price - (xpathNumber(line.base) + xpathNumber(line.taxAmount)) / quantity)) unitPrices.push(i);
    }
  });
  const sums = [
    totals.taxable,
    totals.unaffected,
    totals.exempt,
    totals.export,
    totals.ivapBase,
    totals.igv,
    totals.isc,
    totals.ivap,
    totals.icbper,
    totals.charges,
    totals.rounding,
  ];
  const computed = Number(sums.reduce((sum, amount) => sum + xpathNumber(amount), 0).toFixed(2));
  return {
    lineValues,
    payable: pastTolerance(xpathNumber(totals.total) - computed),
    unitPrices,
    // The taxed total against the taxed lines' values (LineExtensionAmount, without their ISC).
    taxedBase: pastTolerance(xpathNumber(totals.taxable) - lines.reduce((sum, line) => (line.affectation === '10' ? sum + xpathNumber(line.base) : sum), 0)),
  };
}

/** Whether `body` is a nota of the document type its series letter names: `F`, a factura's; `B`, a boleta's. */
const noteOf = (body: DocumentCreateParams, letter: 'F' | 'B') => isNote(body.type) && body.series.startsWith(letter);

/** 3271, 3270, 3280, 3277: a nota of a factura whose discounts or charges break its stylesheet's sums ({@link noteAmountBreaks}). */
export const noteAmountsRule: AmountRule = ({ body }, amounts, find) => {
  if (!noteOf(body, 'F')) return;
  const breaks = noteAmountBreaks(body, amounts);
  for (const i of breaks.lineValues) find.error('3271', ['items', i]);
  for (const i of breaks.unitPrices) find.error('3270', ['items', i]);
  if (breaks.payable) find.error('3280', ['discounts'], { nota: true });
  if (breaks.taxedBase) find.error('3277', ['discounts'], { nota: true });
};

/** 3315: a nota de crédito of reason 13 only changes the payment terms: its total is 0.00. */
export const reason13TotalRule: AmountRule = ({ body }, { totals }, find) => {
  if (body.type === '07' && body.reference?.reason === '13' && totals.total !== 0n) find.error('3315', ['items']);
};

/**
 * 4288, 4287, 4312, 4299 and 4290 on a nota of a boleta: what SUNAT refuses on a nota of a factura
 * (3271, 3270, 3280, 3277; and 3291, its IGV total against its lines' taxed values × the rate) it
 * only observes on one of a boleta.
 */
export const boletaNoteObservations: ObservationRule = ({ body, amounts, taxRate }, find) => {
  if (!noteOf(body, 'B') || amounts === undefined) return;
  const breaks = noteAmountBreaks(body, amounts);
  for (const i of breaks.lineValues) find.observe('4288', ['items', i]);
  for (const i of breaks.unitPrices) find.observe('4287', ['items', i]);
  if (breaks.payable) find.observe('4312', ['discounts']);
  if (breaks.taxedBase) find.observe('4299', ['discounts']);
  const { igv } = amounts.totals;
  if (pastTolerance(xpathNumber(igv) - igvBaseAsSunatSums(amounts, false) * xpathFraction(taxRate!))) find.observe('4290', ['items'], { igv: format(igv) });
};

/** 4367: a nota de crédito of a boleta of reason 04, 05 or 08 (a global discount, a discount per line, a bonus), observed. */
export const boletaCreditReasonObservation: ObservationRule = ({ body }, find) => {
  const reason = body.reference?.reason;
  if (body.type === '07' && body.series.startsWith('B') && (reason === '04' || reason === '05' || reason === '08')) {
    find.observe('4367', ['reference', 'reason'], { reason });
  }
};
