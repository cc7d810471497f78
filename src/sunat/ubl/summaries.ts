/**
 * The XML of SUNAT's summaries, sent by sendSummary and answered through a ticket: a comunicación
 * de baja (`RA`, VoidedDocuments) and a resumen diario (`RC`, SummaryDocuments), UBL 2.0 in
 * SUNAT's structure (CustomizationID 1.0 and 1.1). Pure: what a line carries is given, nothing
 * is computed here.
 *
 * @module
 */
import type { DocumentTotals } from '../../models/document.js';
import { signatureExtension, signatureReference } from './parties.js';
import type { Issuer } from './types.js';
import { type Child, NS_CAC, NS_CBC, node, print, text } from './xml.js';

const NAMESPACES = {
  'xmlns:cac': NS_CAC,
  'xmlns:cbc': NS_CBC,
  'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
  'xmlns:sac': 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1',
};

/** What heads a summary: its identifier (`RA-YYYYMMDD-n`), the day it is generated, the day of the documents it carries, and the issuer. */
export interface SummaryHeader {
  identifier: string;
  issueDate: string;
  referenceDate: string;
  issuer: Issuer;
}

/** One document a comunicación de baja voids. */
export interface VoidedLine {
  /** Catálogo 01: `01`, `07` or `08`. */
  type: string;
  fullNumber: string;
  /** VoidReasonDescription. */
  reason: string;
}

/** One boleta, or a nota on a `B` series, in a resumen diario. */
export interface SummaryDocumentLine {
  /** Catálogo 01: `03`, `07` or `08`. */
  type: string;
  fullNumber: string;
  /** Catálogo 19: `1` adds, `2` modifies, `3` voids. */
  condition: string;
  currency: string;
  customer: { documentType: string; documentNumber: string };
  /** The document a nota modifies. */
  modified?: { type: string; fullNumber: string } | undefined;
  totals: DocumentTotals;
}

/** The summary's first elements, common to RA and RC, in SUNAT's order. */
function header({ identifier, issueDate, referenceDate, issuer }: SummaryHeader, customization: string): Child[] {
  return [
    signatureExtension(),
    text('cbc:UBLVersionID', '2.0'),
    text('cbc:CustomizationID', customization),
    text('cbc:ID', identifier),
    text('cbc:ReferenceDate', referenceDate),
    text('cbc:IssueDate', issueDate),
    signatureReference(issuer),
    node(
      'cac:AccountingSupplierParty',
      text('cbc:CustomerAssignedAccountID', issuer.ruc),
      text('cbc:AdditionalAccountID', '6'),
      node('cac:Party', node('cac:PartyLegalEntity', text('cbc:RegistrationName', issuer.name))),
    ),
  ];
}

const document = (root: string, children: Child[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${print(node(root, { xmlns: `urn:sunat:names:specification:ubl:peru:schema:xsd:${root}-1`, ...NAMESPACES }, ...children))}\n`;

/** A comunicación de baja: VoidedDocuments, one `sac:VoidedDocumentsLine` per document. */
export function renderVoidedDocuments(summary: SummaryHeader, lines: readonly VoidedLine[]): string {
  return document('VoidedDocuments', [
    ...header(summary, '1.0'),
    lines.map((line, i) => {
      const [series = '', number = ''] = line.fullNumber.split('-');
      return node(
        'sac:VoidedDocumentsLine',
        text('cbc:LineID', String(i + 1)),
        text('cbc:DocumentTypeCode', line.type),
        text('sac:DocumentSerialID', series),
        text('sac:DocumentNumberID', number),
        text('sac:VoidReasonDescription', line.reason),
      );
    }),
  ]);
}

const amount = (value: number, currency: string) => ({ currencyID: currency, value: value.toFixed(2) });

/** A `sac:BillingPayment` (catálogo 11's InstructionID: `01` gravado, `02` exonerado, `03` inafecto, `04` exportación, `05` gratuito), when not zero. */
function billingPayment(paid: number, instruction: string, currency: string): Child {
  if (paid === 0) return undefined;
  const { currencyID, value } = amount(paid, currency);
  return node('sac:BillingPayment', text('cbc:PaidAmount', value, { currencyID }), text('cbc:InstructionID', instruction));
}

/** A `cac:TaxTotal` of one tax scheme (catálogo 05). */
function taxTotal(tax: number, scheme: [id: string, name: string, code: string], currency: string): Child {
  const { currencyID, value } = amount(tax, currency);
  const [id, name, code] = scheme;
  return node(
    'cac:TaxTotal',
    text('cbc:TaxAmount', value, { currencyID }),
    node(
      'cac:TaxSubtotal',
      text('cbc:TaxAmount', value, { currencyID }),
      node('cac:TaxCategory', node('cac:TaxScheme', text('cbc:ID', id), text('cbc:Name', name), text('cbc:TaxTypeCode', code))),
    ),
  );
}

/** One `sac:SummaryDocumentsLine`: the document, its customer, what the line does, and its totals by InstructionID and tax scheme. */
function summaryLine(line: SummaryDocumentLine, i: number): Child {
  const { totals, currency } = line;
  const total = amount(totals.total, currency);
  return node(
    'sac:SummaryDocumentsLine',
    text('cbc:LineID', String(i + 1)),
    text('cbc:DocumentTypeCode', line.type),
    text('cbc:ID', line.fullNumber),
    node('cac:AccountingCustomerParty', text('cbc:CustomerAssignedAccountID', line.customer.documentNumber), text('cbc:AdditionalAccountID', line.customer.documentType)),
    line.modified &&
      node('cac:BillingReference', node('cac:InvoiceDocumentReference', text('cbc:ID', line.modified.fullNumber), text('cbc:DocumentTypeCode', line.modified.type))),
    node('cac:Status', text('cbc:ConditionCode', line.condition)),
    text('sac:TotalAmount', total.value, { currencyID: total.currencyID }),
    billingPayment(totals.taxable, '01', currency),
    billingPayment(totals.exempt, '02', currency),
    billingPayment(totals.unaffected, '03', currency),
    billingPayment(totals.export, '04', currency),
    billingPayment(totals.free, '05', currency),
    totals.charges > 0 &&
      node('cac:AllowanceCharge', text('cbc:ChargeIndicator', 'true'), text('cbc:Amount', amount(totals.charges, currency).value, { currencyID: currency })),
    // An IGV TaxTotal on every line, 0.00 when nothing is taxed (2278).
    totals.ivap > 0 ? taxTotal(totals.ivap, ['1016', 'IVAP', 'VAT'], currency) : taxTotal(totals.igv, ['1000', 'IGV', 'VAT'], currency),
    totals.isc > 0 && taxTotal(totals.isc, ['2000', 'ISC', 'EXC'], currency),
    totals.icbper > 0 && taxTotal(totals.icbper, ['7152', 'ICBPER', 'OTH'], currency),
  );
}

/** A resumen diario: SummaryDocuments, one `sac:SummaryDocumentsLine` per boleta or nota. */
export function renderSummaryDocuments(summary: SummaryHeader, lines: readonly SummaryDocumentLine[]): string {
  return document('SummaryDocuments', [...header(summary, '1.1'), lines.map(summaryLine)]);
}
