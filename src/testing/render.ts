/**
 * The files the mock serves for a document besides its UBL XML (`render/ubl.ts`): the tax
 * authority's receipt (CDR) and a tiny PDF. They look right; they are not signed by anyone.
 *
 * @module
 */
import type { Document } from '../models/document.js';
import { NS_CAC, NS_CBC, xmlEscape } from './render/xml.js';

/** How each catálogo 01 type is named in SUNAT's answers (`La Factura numero F001-1, ...`). */
export const TYPE_NAMES: Record<string, string> = {
  '01': 'Factura',
  '03': 'Boleta',
  '07': 'Nota de Credito',
  '08': 'Nota de Debito',
};


const money = (n: number) => n.toFixed(2);

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
