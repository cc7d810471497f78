/**
 * A document's UBL 2.1 XML in SUNAT's structure (customization 2.0), rendered from its draft: a
 * factura or boleta is an `Invoice`, a nota de crédito a `CreditNote`, a nota de débito a
 * `DebitNote`. Pure: no I/O, no computation of its own (every amount is the draft's). Elements
 * follow the order of the UBL 2.1 schema of each root; every text is escaped, and one XML cannot
 * carry is refused. The signature is a placeholder in the place and shape SUNAT expects: the
 * sandbox, which serves this XML, signs nothing.
 *
 * @module
 */
import { format } from '../decimal.js';
import type { AdjustmentAmounts, SummaryAmounts } from '../document/compute.js';
import type { DocumentDraft } from '../document/draft.js';
import { ownValue } from '../own.js';
import { allowanceCharge } from './adjustments.js';
import { delivery } from './details.js';
import { advanceReferences, prepaidPayments } from './advances.js';
import { CURRENCY_LIST, invoiceTypeCode, TAX_SCHEMES } from './lists.js';
import { type LineNames, renderLine } from './lines.js';
import { customerParty, signatureExtension, signatureReference, supplierParty } from './parties.js';
import { paymentMeans, paymentTerms } from './payment.js';
import { additionalReferences, billingReference, despatchReferences, discrepancyResponse, modifiedDocument, orderReference } from './references.js';
import { documentTaxTotal, lineKind } from './taxes.js';
import type { Issuer, ModifiedDocument } from './types.js';
import { type Child, type Element, factor, node, NS_CAC, NS_CBC, print, text } from './xml.js';

export type { Issuer, ModifiedDocument } from './types.js';

type Root = LineNames & { readonly root: 'Invoice' | 'CreditNote' | 'DebitNote'; readonly monetaryTotal: string };

/** The root and line element names of each catálogo 01 type. */
const ROOTS: Readonly<Record<string, Root>> = {
  '01': { root: 'Invoice', line: 'InvoiceLine', quantity: 'InvoicedQuantity', monetaryTotal: 'LegalMonetaryTotal' },
  '03': { root: 'Invoice', line: 'InvoiceLine', quantity: 'InvoicedQuantity', monetaryTotal: 'LegalMonetaryTotal' },
  '07': { root: 'CreditNote', line: 'CreditNoteLine', quantity: 'CreditedQuantity', monetaryTotal: 'LegalMonetaryTotal' },
  '08': { root: 'DebitNote', line: 'DebitNoteLine', quantity: 'DebitedQuantity', monetaryTotal: 'RequestedMonetaryTotal' },
};

const NAMESPACES = {
  'xmlns:cac': NS_CAC,
  'xmlns:cbc': NS_CBC,
  'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
};

/** Catálogo 53 code of the retención del IGV informed on a factura (an allowance). */
const RETENTION = '62';
/** Percepción amounts are declared in soles (3208). */
const PEN = 'PEN';

/** What {@link renderUbl} needs besides the draft. */
export type RenderUblOptions = {
  /** The issuer: the account at the time the document was issued. */
  issuer: Issuer;
  /** The series and number the service gave the document, `F001-123`. */
  fullNumber: string;
  /**
   * On a nota whose `reference` is a `documentId`: the factura or boleta it modifies (the
   * sandbox reads it from its store). A reference to a document issued elsewhere names it itself.
   */
  modifiedDocument?: ModifiedDocument | undefined;
};

/** A percepción or retención as an allowance or charge: its rate is the factor. */
function withholding(code: string, rate: number, { base, amount }: { base: bigint; amount: bigint }, field: string): AdjustmentAmounts {
  return { code, amount, base, factor: factor(rate, `${field}.rate`) };
}

/** The global `cac:AllowanceCharge`s: discounts and charges, the advances deducted (04, 05, 06), the percepción (51-53, in PEN), the retención (62); an absent one is left out when printed. */
function globalAdjustments({ body, filled, amounts }: DocumentDraft, summary: SummaryAmounts): Child[] {
  const { currency } = filled;
  return [
    ...[...amounts!.discounts, ...amounts!.charges, ...amounts!.advances].map((adjustment) => allowanceCharge(adjustment, currency)),
    summary.perception && allowanceCharge(withholding(body.perception!.code, filled.perceptionRate!, summary.perception, 'perception'), PEN),
    summary.retention && allowanceCharge(withholding(RETENTION, filled.retentionRate!, summary.retention, 'retention'), currency),
  ];
}

/** `cac:LegalMonetaryTotal` (`RequestedMonetaryTotal` on a nota de débito): every amount SUNAT totals. */
function monetaryTotal({ amounts, filled }: DocumentDraft, name: string): Element {
  const { totals } = amounts!;
  const money = (element: string, amount: bigint) => text(`cbc:${element}`, format(amount), { currencyID: filled.currency });
  return node(
    `cac:${name}`,
    money('LineExtensionAmount', totals.lineExtension),
    money('TaxInclusiveAmount', totals.taxInclusive),
    money('AllowanceTotalAmount', totals.discounts),
    money('ChargeTotalAmount', totals.charges),
    totals.prepaid > 0n && money('PrepaidAmount', totals.prepaid),
    money('PayableRoundingAmount', totals.rounding),
    money('PayableAmount', totals.total),
  );
}

/**
 * The UBL 2.1 XML of a document as SUNAT receives it, from its `draft` (filled and computed at the
 * issuer's IGV rate, which each IGV line's `Percent` carries), the issuer, and the number the
 * service gave it. A `RangeError` is the draft's `error` (a value its amounts could not be computed
 * from: nothing is rendered from a guess), a type that is not a factura, boleta or nota, or a
 * text XML cannot carry (a control character, a lone surrogate); a `TypeError` a nota by
 * `documentId` without its `modifiedDocument`.
 */
export function renderUbl(draft: DocumentDraft, { issuer, fullNumber, modifiedDocument: resolved }: RenderUblOptions): string {
  const { body, filled } = draft;
  const names = ownValue(ROOTS, body.type);
  if (names === undefined) throw new RangeError(`type ${String(body.type)} is not a document the sandbox renders (01, 03, 07, 08)`);
  if (draft.error !== undefined) throw draft.error;
  // A draft at a rate without an error has its amounts, its summary and its rate.
  const amounts = draft.amounts!;
  const summary = draft.summary!;
  const taxRate = draft.taxRate!;
  const { currency } = filled;
  const { reference } = body;
  const isInvoice = names.root === 'Invoice';
  const operationType = isInvoice ? filled.operationType : undefined;
  const modified = isInvoice ? undefined : modifiedDocument(reference, resolved);
  const schemesUsed = new Set(amounts.lines.map((line) => lineKind(line.affectation).scheme.id));
  if (amounts.lines.some((line) => line.icbper > 0n)) schemesUsed.add(TAX_SCHEMES.icbper.id);
  if (amounts.lines.some((line) => line.isc !== undefined)) schemesUsed.add(TAX_SCHEMES.isc.id);
  // A global charge 49 is taxed (3277) with no taxed line: its IGV needs the 1000 subtotal too.
  if (amounts.totals.taxable !== 0n || amounts.totals.igv !== 0n) schemesUsed.add(TAX_SCHEMES.igv.id);
  const adjustments = globalAdjustments(draft, summary);
  const payment = [delivery(body.delivery, filled.deliveryCountry), paymentMeans(draft), paymentTerms(draft, summary)];

  const children: Child[] = [
    signatureExtension(),
    text('cbc:UBLVersionID', '2.1'),
    text('cbc:CustomizationID', '2.0'),
    text('cbc:ID', fullNumber),
    text('cbc:IssueDate', filled.issueDate),
    // UBL 2.1 gives DueDate and InvoiceTypeCode to an Invoice only.
    isInvoice && body.dueDate !== undefined && text('cbc:DueDate', body.dueDate),
    operationType !== undefined && text('cbc:InvoiceTypeCode', body.type, invoiceTypeCode(operationType)),
    summary.legends.map((legend) => text('cbc:Note', legend.text, { languageLocaleID: legend.code })),
    text('cbc:DocumentCurrencyCode', currency, CURRENCY_LIST),
    modified && reference && discrepancyResponse(modified, reference, body.type),
    orderReference(body),
    modified && billingReference(modified),
    despatchReferences(body),
    additionalReferences(body),
    advanceReferences(draft, issuer),
    signatureReference(issuer),
    supplierParty(issuer, filled.establishmentCode),
    customerParty(body.customer),
    // UBL 2.1 puts a DebitNote's AllowanceCharge before its Delivery, PaymentMeans and PaymentTerms; the other roots after them.
    names.root === 'DebitNote' ? [adjustments, payment] : [payment, prepaidPayments(draft), adjustments],
    documentTaxTotal(amounts.totals, schemesUsed, currency),
    monetaryTotal(draft, names.monetaryTotal),
    draft.lines.map((line, i) => renderLine(line, amounts.lines[i]!, { names, currency, taxRate })),
  ];
  const root = node(names.root, { xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${names.root}-2`, ...NAMESPACES }, ...children);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${print(root)}\n`;
}
