/**
 * A document's UBL 2.1 XML in SUNAT's structure (customization 2.0): a factura or boleta is an
 * `Invoice`, a nota de crédito a `CreditNote`, a nota de débito a `DebitNote`. Elements follow
 * the order of the UBL 2.1 schema of each root; every text is escaped. The signature is a
 * placeholder in the place and shape SUNAT expects: the sandbox signs nothing.
 *
 * @module
 */
import { exactCents, format } from '../../sunat/decimal.js';
import { type AdjustmentAmounts, documentAmounts } from '../../sunat/document/compute.js';
import { operationTypeOf } from '../../sunat/document/fill.js';
import { igvRateOn } from '../../sunat/rates.js';
import { allowanceCharge } from './adjustments.js';
import { CURRENCY_LIST, invoiceTypeCode, TAX_SCHEMES } from './lists.js';
import { type LineNames, renderLine } from './lines.js';
import { customerParty, signatureExtension, signatureReference, supplierParty } from './parties.js';
import { paymentMeans, paymentTerms } from './payment.js';
import { additionalReferences, billingReference, despatchReferences, discrepancyResponse, modifiedDocument, orderReference } from './references.js';
import { documentTaxTotal, lineKind } from './taxes.js';
import type { Issuer, ModifiedDocument, UblDocument } from './types.js';
import { type Child, type Element, factor, node, NS_CAC, NS_CBC, print, text } from './xml.js';

export type { Issuer, ModifiedDocument, UblDocument } from './types.js';

type Root = LineNames & { readonly root: 'Invoice' | 'CreditNote' | 'DebitNote'; readonly monetaryTotal: string };

/** The root and line element names of each catálogo 01 type. */
const ROOTS: Record<string, Root> = {
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

/** Options of {@link renderUbl}. */
export type RenderUblOptions = {
  /**
   * The issuer's IGV rate as a fraction, written as each IGV line's `Percent`. Default: the
   * general rate of the issue date (`igvRateOn(issueDate)`, 0.18); pass the reduced rate for an
   * issuer in the padrón of restaurants and hotels.
   */
  igvRate?: number | undefined;
  /**
   * On a nota whose `reference` is a `documentId`: the factura or boleta it modifies (the
   * sandbox reads it from its store). A reference to a document issued elsewhere names it itself.
   */
  modifiedDocument?: ModifiedDocument | undefined;
};

/** A percepción or retención as an allowance or charge: its rate is the factor. */
function withholding(code: string, { rate, base, amount }: { rate: number; base: number; amount: number }, field: string): AdjustmentAmounts {
  return { code, amount: exactCents(amount, `${field}.amount`), base: exactCents(base, `${field}.base`), factor: factor(rate, `${field}.rate`) };
}

/** The global `cac:AllowanceCharge`s: discounts and charges, the percepción (51-53, in PEN), the retención (62). */
function globalAdjustments(doc: UblDocument, computed: { discounts: AdjustmentAmounts[]; charges: AdjustmentAmounts[] }): Element[] {
  return [
    ...[...computed.discounts, ...computed.charges].map((adjustment) => allowanceCharge(adjustment, doc.currency)),
    doc.perception && allowanceCharge(withholding(doc.perception.code, doc.perception, 'perception'), PEN),
    doc.retention && allowanceCharge(withholding(RETENTION, doc.retention, 'retention'), doc.currency),
  ].filter((element): element is Element => element !== undefined);
}

/** `cac:LegalMonetaryTotal` (`RequestedMonetaryTotal` on a nota de débito): every amount SUNAT totals. */
function monetaryTotal(doc: UblDocument, name: string): Element {
  const money = (element: string, field: keyof UblDocument['totals']) =>
    text(`cbc:${element}`, format(exactCents(doc.totals[field], `totals.${field}`)), { currencyID: doc.currency });
  return node(
    `cac:${name}`,
    money('LineExtensionAmount', 'lineExtension'),
    money('TaxInclusiveAmount', 'taxInclusive'),
    money('AllowanceTotalAmount', 'discounts'),
    money('ChargeTotalAmount', 'charges'),
    money('PayableRoundingAmount', 'rounding'),
    money('PayableAmount', 'total'),
  );
}

/**
 * The UBL 2.1 XML of a document as SUNAT receives it. `document` is the response-shaped
 * document with every default and derived value filled (totals, operation type, payment terms,
 * the amounts of detracción, percepción and retención, legends); `issuer` is the account that
 * issues it. What a response does not carry (each line's LineExtensionAmount, the bases and
 * factors of discounts and charges) is computed by `yupana/sunat`'s own functions. A `TypeError`
 * names what is missing; a `RangeError` a value that cannot be computed from (an amount with more
 * than 2 decimals, an IVAP line).
 */
export function renderUbl(document: UblDocument, issuer: Issuer, options: RenderUblOptions = {}): string {
  const names = ROOTS[document.type];
  if (!names) throw new RangeError(`type ${String(document.type)} is not a document the sandbox renders (01, 03, 07, 08)`);
  const igvRate = options.igvRate ?? igvRateOn(document.issueDate);
  const { currency } = document;
  const reference = document.reference ?? undefined;
  // The response is a create body with more filled in: yupana/sunat computes what it does not carry.
  const body = { ...document, series: document.fullNumber.split('-')[0] ?? '', reference };
  const amounts = documentAmounts(body, igvRate);
  const isInvoice = names.root === 'Invoice';
  // Filled on a factura or boleta; operationTypeOf gives its default to a document stored without it.
  const operationType = isInvoice ? (document.operationType ?? operationTypeOf(body)) : undefined;
  const modified = isInvoice ? undefined : modifiedDocument(reference, options.modifiedDocument);
  const schemesUsed = new Set(amounts.lines.map((line) => lineKind(line.affectation).scheme.id));
  if (amounts.lines.some((line) => line.icbper > 0n)) schemesUsed.add(TAX_SCHEMES.icbper.id);
  // A global charge 49 is taxed (3277) with no taxed line: its IGV needs the 1000 subtotal too.
  if (document.totals.taxable !== 0 || document.totals.igv !== 0) schemesUsed.add(TAX_SCHEMES.igv.id);
  const adjustments = globalAdjustments(document, amounts);
  const payment = [paymentMeans(document), paymentTerms(document)];

  const children: Child[] = [
    signatureExtension(),
    text('cbc:UBLVersionID', '2.1'),
    text('cbc:CustomizationID', '2.0'),
    text('cbc:ID', document.fullNumber),
    text('cbc:IssueDate', document.issueDate),
    // UBL 2.1 gives DueDate and InvoiceTypeCode to an Invoice only.
    isInvoice && document.dueDate !== undefined && text('cbc:DueDate', document.dueDate),
    operationType !== undefined && text('cbc:InvoiceTypeCode', document.type, invoiceTypeCode(operationType)),
    document.legends.map((legend) => text('cbc:Note', legend.text, { languageLocaleID: legend.code })),
    text('cbc:DocumentCurrencyCode', currency, CURRENCY_LIST),
    modified && reference && discrepancyResponse(modified, reference, document.type),
    orderReference(document),
    modified && billingReference(modified),
    despatchReferences(document),
    additionalReferences(document),
    signatureReference(issuer),
    supplierParty(issuer),
    customerParty(document.customer),
    // UBL 2.1 puts a DebitNote's AllowanceCharge before its PaymentMeans and PaymentTerms; the other roots after them.
    names.root === 'DebitNote' ? [adjustments, payment] : [payment, adjustments],
    documentTaxTotal(document.totals, schemesUsed, currency),
    monetaryTotal(document, names.monetaryTotal),
    document.items.map((item, i) => renderLine(item, amounts.lines[i]!, { position: i + 1, names, currency, igvRate })),
  ];
  const root = node(names.root, { xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${names.root}-2`, ...NAMESPACES }, ...children);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${print(root)}\n`;
}
