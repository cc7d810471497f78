/**
 * The files the mock serves for a document: a plausible (unsigned for real) UBL 2.1 XML, the
 * tax authority's receipt (CDR) and a tiny PDF. They look right; they are not valid for SUNAT.
 *
 * @module
 */
import type { Document } from '../models/document.js';
import { line } from '../sunat/amounts.js';

/** How each catálogo 01 type is named in SUNAT's answers (`La Factura numero F001-1, ...`). */
export const TYPE_NAMES: Record<string, string> = {
  '01': 'Factura',
  '03': 'Boleta',
  '07': 'Nota de Credito',
  '08': 'Nota de Debito',
};

const UBL_ROOTS: Record<string, { root: string; line: string; quantity: string }> = {
  '01': { root: 'Invoice', line: 'InvoiceLine', quantity: 'InvoicedQuantity' },
  '03': { root: 'Invoice', line: 'InvoiceLine', quantity: 'InvoicedQuantity' },
  '07': { root: 'CreditNote', line: 'CreditNoteLine', quantity: 'CreditedQuantity' },
  '08': { root: 'DebitNote', line: 'DebitNoteLine', quantity: 'DebitedQuantity' },
};

const NS_CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const NS_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** Escapes text for an XML element or attribute. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const money = (n: number) => n.toFixed(2);

/** The document's UBL 2.1 XML (Invoice, CreditNote or DebitNote) with a placeholder signature. */
export function renderSignedXml(doc: Pick<Document, 'type' | 'fullNumber' | 'issueDate' | 'currency' | 'customer' | 'items' | 'totals'>): string {
  const ubl = UBL_ROOTS[doc.type] ?? { root: 'Invoice', line: 'InvoiceLine', quantity: 'InvoicedQuantity' };
  const cur = xmlEscape(doc.currency);
  const lines = doc.items.map((item, i) => {
    const { base } = line({ quantity: item.quantity, unitValue: item.unitPrice, igvRate: 0 });
    return [
      `  <cac:${ubl.line}>`,
      `    <cbc:ID>${i + 1}</cbc:ID>`,
      `    <cbc:${ubl.quantity} unitCode="${xmlEscape(item.unitCode ?? 'NIU')}">${item.quantity}</cbc:${ubl.quantity}>`,
      `    <cbc:LineExtensionAmount currencyID="${cur}">${base}</cbc:LineExtensionAmount>`,
      `    <cac:TaxTotal><cbc:TaxAmount currencyID="${cur}">${money(item.igv)}</cbc:TaxAmount></cac:TaxTotal>`,
      `    <cac:Item><cbc:Description>${xmlEscape(item.description)}</cbc:Description></cac:Item>`,
      `    <cac:Price><cbc:PriceAmount currencyID="${cur}">${item.unitPrice}</cbc:PriceAmount></cac:Price>`,
      `  </cac:${ubl.line}>`,
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${ubl.root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${ubl.root}-2" xmlns:cac="${NS_CAC}" xmlns:cbc="${NS_CBC}" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">`,
    '  <ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent>',
    '    <ds:Signature Id="SignYupanaMock"><ds:SignatureValue>bW9jaw==</ds:SignatureValue></ds:Signature>',
    '  </ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
    '  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>',
    '  <cbc:CustomizationID>2.0</cbc:CustomizationID>',
    `  <cbc:ID>${xmlEscape(doc.fullNumber)}</cbc:ID>`,
    `  <cbc:IssueDate>${xmlEscape(doc.issueDate)}</cbc:IssueDate>`,
    ubl.root === 'Invoice' ? `  <cbc:InvoiceTypeCode listID="0101">${xmlEscape(doc.type)}</cbc:InvoiceTypeCode>` : '',
    `  <cbc:DocumentCurrencyCode>${cur}</cbc:DocumentCurrencyCode>`,
    '  <cac:AccountingCustomerParty><cac:Party>',
    `    <cac:PartyIdentification><cbc:ID schemeID="${xmlEscape(doc.customer.documentType)}">${xmlEscape(doc.customer.documentNumber)}</cbc:ID></cac:PartyIdentification>`,
    `    <cac:PartyLegalEntity><cbc:RegistrationName>${xmlEscape(doc.customer.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`,
    '  </cac:Party></cac:AccountingCustomerParty>',
    `  <cac:TaxTotal><cbc:TaxAmount currencyID="${cur}">${money(doc.totals.igv)}</cbc:TaxAmount></cac:TaxTotal>`,
    ubl.root === 'Invoice' ? '  <cac:LegalMonetaryTotal>' : '  <cac:RequestedMonetaryTotal>',
    `    <cbc:LineExtensionAmount currencyID="${cur}">${money(doc.totals.taxable)}</cbc:LineExtensionAmount>`,
    `    <cbc:PayableAmount currencyID="${cur}">${money(doc.totals.total)}</cbc:PayableAmount>`,
    ubl.root === 'Invoice' ? '  </cac:LegalMonetaryTotal>' : '  </cac:RequestedMonetaryTotal>',
    ...lines,
    `</${ubl.root}>`,
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The tax authority's receipt (CDR): an ApplicationResponse carrying `taxAuthority.code`. */
export function renderCdr(doc: Pick<Document, 'fullNumber' | 'issueDate' | 'taxAuthority'>): string {
  const ta = doc.taxAuthority;
  const answered = ta.respondedAt ?? new Date().toISOString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="${NS_CAC}" xmlns:cbc="${NS_CBC}">`,
    '  <cbc:UBLVersionID>2.0</cbc:UBLVersionID>',
    '  <cbc:CustomizationID>1.0</cbc:CustomizationID>',
    `  <cbc:ID>${Date.parse(answered) || 0}</cbc:ID>`,
    `  <cbc:IssueDate>${xmlEscape(answered.slice(0, 10))}</cbc:IssueDate>`,
    `  <cbc:ResponseDate>${xmlEscape(answered.slice(0, 10))}</cbc:ResponseDate>`,
    ...ta.notes.map((note) => `  <cbc:Note>${xmlEscape(`${note.code} - ${note.description}`)}</cbc:Note>`),
    '  <cac:DocumentResponse>',
    '    <cac:Response>',
    `      <cbc:ReferenceID>${xmlEscape(doc.fullNumber)}</cbc:ReferenceID>`,
    `      <cbc:ResponseCode>${xmlEscape(ta.code ?? '')}</cbc:ResponseCode>`,
    `      <cbc:Description>${xmlEscape(ta.description ?? '')}</cbc:Description>`,
    '    </cac:Response>',
    `    <cac:DocumentReference><cbc:ID>${xmlEscape(doc.fullNumber)}</cbc:ID></cac:DocumentReference>`,
    '  </cac:DocumentResponse>',
    '</ar:ApplicationResponse>',
    '',
  ].join('\n');
}

/** A one-page PDF 1.4 (with a correct xref table) that names the document and the format. */
export function renderPdf(doc: Pick<Document, 'fullNumber' | 'totals' | 'currency'>, format: 'a4' | 'ticket'): Uint8Array<ArrayBuffer> {
  const [width, height] = format === 'ticket' ? [227, 400] : [595, 842];
  const text = `${doc.fullNumber} ${doc.currency} ${money(doc.totals.total)} (${format})`.replace(/[()\\]/g, (c) => `\\${c}`);
  const content = `BT /F1 12 Tf 20 ${height - 40} Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (${text}) /Producer (yupana mock sandbox) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Only ASCII above, so one char is one byte.
  return Uint8Array.from(pdf, (c) => c.charCodeAt(0) & 0xff);
}
