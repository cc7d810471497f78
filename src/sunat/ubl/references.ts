/**
 * The documents a document names: the orden de compra (`cac:OrderReference`), the guías de
 * remisión (`cac:DespatchDocumentReference`), other related documents
 * (`cac:AdditionalDocumentReference`, catálogo 12) and, on a nota, the document it modifies
 * (`cac:BillingReference`) with the reason and sustento (`cac:DiscrepancyResponse`).
 *
 * @module
 */
import type { DocumentCreateParams, NoteReference } from '../../models/document.js';
import { LISTS } from './lists.js';
import type { ModifiedDocument } from './types.js';
import { type Element, node, text } from './xml.js';

/**
 * The document a nota modifies: its `reference` when it names one issued elsewhere (`type`,
 * `fullNumber`, `issueDate`), else `resolved` (a `documentId` resolved by the caller); a
 * `TypeError` when neither.
 */
export function modifiedDocument(reference: NoteReference | undefined, resolved: ModifiedDocument | undefined): ModifiedDocument {
  if (reference?.fullNumber !== undefined) return { type: reference.type, fullNumber: reference.fullNumber, issueDate: reference.issueDate };
  if (resolved) return resolved;
  throw new TypeError('a nota whose reference is a documentId needs the modified document (options.modifiedDocument) to be rendered');
}

/** `cac:DiscrepancyResponse`: the modified document's number, the reason (catálogo 09 / 10) and the sustento. */
export function discrepancyResponse(modified: ModifiedDocument, reference: NoteReference, noteType: string): Element {
  return node(
    'cac:DiscrepancyResponse',
    text('cbc:ReferenceID', modified.fullNumber),
    text('cbc:ResponseCode', reference.reason, noteType === '08' ? LISTS.debitNoteReason : LISTS.creditNoteReason),
    text('cbc:Description', reference.description),
  );
}

/** `cac:BillingReference`: the modified factura or boleta, by number (and issue date) and catálogo 01 type. */
export function billingReference(modified: ModifiedDocument): Element {
  return node(
    'cac:BillingReference',
    node(
      'cac:InvoiceDocumentReference',
      text('cbc:ID', modified.fullNumber),
      modified.issueDate !== undefined && text('cbc:IssueDate', modified.issueDate),
      text('cbc:DocumentTypeCode', modified.type, LISTS.documentType),
    ),
  );
}

/** `cac:OrderReference`: the customer's orden de compra. */
export function orderReference(body: DocumentCreateParams): Element | undefined {
  return body.purchaseOrder === undefined ? undefined : node('cac:OrderReference', text('cbc:ID', body.purchaseOrder));
}

/** One `cac:DespatchDocumentReference` per guía de remisión (catálogo 01 `09` or `31`). */
export function despatchReferences(body: DocumentCreateParams): Element[] {
  return (body.despatches ?? []).map((despatch) =>
    node('cac:DespatchDocumentReference', text('cbc:ID', despatch.fullNumber), text('cbc:DocumentTypeCode', despatch.type, LISTS.documentType)),
  );
}

/** One `cac:AdditionalDocumentReference` per related document (catálogo 12 type). */
export function additionalReferences(body: DocumentCreateParams): Element[] {
  return (body.relatedDocuments ?? []).map((related) =>
    node('cac:AdditionalDocumentReference', text('cbc:ID', related.number), text('cbc:DocumentTypeCode', related.type, LISTS.relatedDocument)),
  );
}
