/**
 * The tax authority's receipt (CDR) the mock serves for an answered document. It looks right;
 * it is not signed by anyone.
 *
 * @module
 */
import type { Document } from '../../models/document.js';
import { NS_CAC, NS_CBC, xmlEscape } from '../../sunat/ubl/xml.js';

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
