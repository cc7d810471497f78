/**
 * A document as the store keeps it, one version per change, and as the API answers it (in a
 * list, without its XML; alone, with its `signedXml` rendered on demand).
 *
 * @module
 */
import type { Document, DocumentCreateParams, DocumentListItem, TaxAuthorityStatus } from '../../models/document.js';
import { draftDocument, summariseDraft } from '../../sunat/document/draft.js';
import { igvRateOn } from '../../sunat/rates.js';
import { type Issuer, type ModifiedDocument, renderUbl } from '../../sunat/ubl/index.js';
import { SANDBOX_ISSUER } from './account.js';
import { DOCUMENT_NAME, TYPE_NAMES } from './sunat-answers.js';

/** The declared fields of a model, without the index signature of its unknown ones. */
export type KnownFields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** What a document's versions change: its status and SUNAT's answer, and when they changed. */
type Changing = 'status' | 'taxAuthority' | 'updatedAt' | 'voidedBy';

/**
 * The parts of a document fixed when it is created (everything but what its versions change),
 * less what is rendered on demand: its `signedXml` (from the issuer and the document it
 * modifies, kept as references), and its `pdfUrl` from `origin`. A seed document keeps the
 * `signedXml` and `pdfUrl` it was given.
 */
export type DocumentCore = Omit<KnownFields<Document>, Changing | 'signedXml' | 'pdfUrl'> & {
  readonly signedXml?: string;
  readonly pdfUrl?: string;
  /** The address the document's `pdfUrl` starts with. */
  readonly origin?: string;
  /** The account that issued it, as it was then (an account update makes a new object). */
  readonly issuer?: Issuer;
  /** On a nota whose `reference` is a `documentId`: the document it modifies (its core). */
  readonly modified?: ModifiedDocument;
  /** What SUNAT observes in it (`documentObservations`): the notes of every answer that accepts it. */
  readonly observations?: TaxAuthorityStatus['notes'];
  /** The IGV rate it was issued at: the issuer's of its issue date (the reduced one of SUNAT's padrón for an account in it). */
  readonly igvRate?: number;
  /** Fields of a seed document the mock does not model, echoed back as given. */
  readonly [field: string]: unknown;
};

/** The members of a core that are the store's own, never part of the document answered. */
const HIDDEN: ReadonlySet<string> = new Set(['signedXml', 'pdfUrl', 'origin', 'issuer', 'modified', 'observations', 'igvRate']);

/**
 * One version of a document as the store keeps it: its fixed core, shared by every version, and
 * what changed. Never changed once stored: a change stores a new version, so the events and the
 * idempotent replays that hold one cost no copy of the document.
 */
export class StoredDocument {
  constructor(
    readonly core: DocumentCore,
    readonly status: Document['status'],
    readonly taxAuthority: TaxAuthorityStatus,
    readonly updatedAt: string,
    /** The voiding or summary that voids it, once `documents.void` asked for it. */
    readonly voidedBy?: Document['voidedBy'],
  ) {}

  get id(): string {
    return this.core.id;
  }

  /** This version with `changes` applied. */
  with(changes: Partial<Pick<Document, Changing>>): StoredDocument {
    return new StoredDocument(
      this.core,
      changes.status ?? this.status,
      changes.taxAuthority ?? this.taxAuthority,
      changes.updatedAt ?? this.updatedAt,
      'voidedBy' in changes ? changes.voidedBy : this.voidedBy,
    );
  }
}

/**
 * The document a version answers in a list: its fields (those left out of the create body are
 * not there) and its `pdfUrl`, without the `signedXml` a list leaves out. It shares the
 * version's parts: serialize it or copy it, never change it.
 */
export function listedDocument(version: StoredDocument): DocumentListItem {
  const { core } = version;
  const doc: Record<string, unknown> = {};
  for (const key in core) {
    const value = core[key];
    if (value !== undefined && !HIDDEN.has(key)) doc[key] = value;
  }
  let { taxAuthority } = version;
  if (taxAuthority.description?.includes(DOCUMENT_NAME)) {
    const name = `${TYPE_NAMES[core.type] ?? 'Factura'} numero ${core.fullNumber}`;
    taxAuthority = { ...taxAuthority, description: taxAuthority.description.replace(DOCUMENT_NAME, name) };
  }
  doc['status'] = version.status;
  doc['taxAuthority'] = taxAuthority;
  doc['updatedAt'] = version.updatedAt;
  if (version.voidedBy !== undefined) doc['voidedBy'] = version.voidedBy;
  doc['pdfUrl'] = core.pdfUrl ?? `${core.origin ?? ''}/v1/documents/${core.id}/pdf`;
  return doc as DocumentListItem;
}

/**
 * The XML of a stored document, rendered again: its create body as stored (the defaults it was
 * filled with included) drafted at the IGV rate it was issued at, with the issuer of the day it
 * was created. The store keeps no XML (a month of documents would weigh gigabytes): the draft of a
 * stored body is the draft it was issued from, so the XML is the one its create answered.
 */
function renderStored(listed: DocumentListItem, core: DocumentCore): string {
  const body = { ...listed, reference: listed.reference ?? undefined } as unknown as DocumentCreateParams;
  const draft = summariseDraft(draftDocument(body, { igvRate: core.igvRate ?? igvRateOn(listed.issueDate), today: listed.issueDate }));
  return renderUbl(draft, { issuer: core.issuer ?? SANDBOX_ISSUER, fullNumber: listed.fullNumber, modifiedDocument: core.modified });
}

/**
 * The document a version answers: {@link listedDocument} with its `signedXml`: a seed's own, the
 * one `rendered` when its create just rendered it, else rendered again from the stored document.
 */
export function presentDocument(version: StoredDocument, rendered?: string): Document {
  const { core } = version;
  const listed = listedDocument(version);
  const signedXml = core.signedXml ?? rendered ?? renderStored(listed, core);
  return Object.assign(listed, { signedXml });
}

/** The members of a core that a create body does not carry: what the store assigns and keeps. */
const ASSIGNED: ReadonlySet<string> = new Set(['id', 'object', 'number', 'fullNumber', 'totals', 'summaryId', 'createdAt', ...HIDDEN]);

/** The create body of a stored document (with the defaults it was filled with), as the outcome function receives it: a copy, the caller's to change. */
export function paramsOf(doc: DocumentCore): DocumentCreateParams {
  const params: Record<string, unknown> = {};
  for (const key in doc) {
    if (doc[key] !== undefined && doc[key] !== null && !ASSIGNED.has(key)) params[key] = doc[key];
  }
  return structuredClone(params) as DocumentCreateParams;
}
