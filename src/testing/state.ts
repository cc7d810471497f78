/**
 * The mock's state: documents with their correlatives, and the idempotency records.
 * Plain classes, no HTTP: the handlers map routes onto these calls.
 *
 * @module
 */
import type { ListEnvelope } from '../core/pagination.js';
import type { FieldIssue } from '../core/errors.js';
import type { Document, DocumentCreateParams, DocumentListItem, Item, PaymentTerms, TaxAuthorityStatus } from '../models/document.js';
import type { EventType } from '../models/event.js';
import { exactCents } from '../sunat/decimal.js';
import { limaDate } from '../sunat/dates.js';
import { checkDocument, computeDocument, type ComputedDocument, voidDeadlinePassed } from '../sunat/document/index.js';
import { igvRateOn } from '../sunat/rates.js';
import { OrderedIndex } from './paginate.js';
import { MockAPIError, validationError } from './problem.js';
import { TYPE_NAMES } from './render.js';
import { type Issuer, type ModifiedDocument, renderUbl } from './render/ubl.js';

/**
 * The issuer of the sandbox's documents until `account.update` changes it: the sandbox account's
 * RUC (SUNAT's test RUC), razón social, trade name and fiscal address.
 */
export const SANDBOX_ISSUER: Issuer = {
  ruc: '20000000001',
  name: 'EMPRESA DE PRUEBAS S.A.C.',
  tradeName: 'YUPANA SANDBOX',
  address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA',
};

/** Forma de pago Contado, filled on every factura that names none: one object shared by all of them (never changed). */
const CASH: PaymentTerms = Object.freeze({ type: 'cash' });

/** How many distinct parts {@link SharedParts} keeps before it starts afresh. */
const MAX_SHARED_PARTS = 20_000;

/**
 * Equal parts of documents kept once (never changed once kept): the customer, each line, the
 * totals and the legends of a month of boletas repeat (the same shelf products, varios, the same
 * amounts), so a document refers to the part an earlier one already holds instead of a copy of
 * its own. Keyed by their JSON text; bounded (past {@link MAX_SHARED_PARTS} it starts afresh:
 * parts already kept stay where they are).
 */
class SharedParts {
  readonly #parts = new Map<string, unknown>();

  /** `part`, or the equal part kept earlier under the same `kind`. */
  of<T>(kind: string, part: T): T {
    const key = `${kind}:${JSON.stringify(part)}`;
    const kept = this.#parts.get(key);
    if (kept !== undefined) return kept as T;
    if (this.#parts.size >= MAX_SHARED_PARTS) this.#parts.clear();
    this.#parts.set(key, part);
    return part;
  }
}

/** `computeDocument`'s 2-decimal strings as the numbers the API's JSON carries. */
function totalsOf(totals: ComputedDocument['totals']): Document['totals'] {
  return {
    taxable: Number(totals.taxable),
    exempt: Number(totals.exempt),
    unaffected: Number(totals.unaffected),
    export: Number(totals.export),
    free: Number(totals.free),
    freeIgv: Number(totals.freeIgv),
    igv: Number(totals.igv),
    icbper: Number(totals.icbper),
    lineExtension: Number(totals.lineExtension),
    taxInclusive: Number(totals.taxInclusive),
    discounts: Number(totals.discounts),
    charges: Number(totals.charges),
    rounding: Number(totals.rounding),
    total: Number(totals.total),
  };
}

/**
 * What `compute` gives, or for a value it cannot compute from (its `RangeError`: a date before
 * the IGV rates yupana knows, an IVAP line) a 422 `validation_error` with one `invalid_value`
 * issue at `path` (the whole body when empty: the error's message names the field).
 */
function valueOf<T>(path: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw validationError([{ path, code: 'invalid_value', message: error.message }]);
  }
}

/**
 * A line as stored: the line sent with its unit and affectation filled. Copied key by key into a
 * fresh object (not spread from the checked body, whose objects each have a hidden class of
 * their own): every stored line of the same fields then shares one hidden class.
 */
function lineOf(item: Item, computed: ComputedDocument['items'][number]): Item {
  const line = Object.assign({}, item);
  line.unitCode = computed.unitCode;
  line.igvAffectation = computed.igvAffectation;
  return line;
}

/** A SUNAT rule's issue as an `errors[]` entry: its dot-separated path, `sunat_<code>` and the rule in words. */
const fieldIssue = (issue: { code: string; path: readonly (string | number)[]; message: string }): Required<FieldIssue> => ({
  path: issue.path.join('.'),
  code: issue.code,
  message: issue.message,
});

/** SUNAT's answer the mock simulates for a submission. */
export type MockOutcome = 'accepted' | 'observed' | 'rejected' | 'pending';

/** The answer SUNAT gives later to a document left `pending`. */
export type MockSettleOutcome = Exclude<MockOutcome, 'pending'>;

/** The longest wait for SUNAT's later answer: the longest delay a timer takes, 2^31 - 1 ms (about 24.8 days). */
export const MAX_SETTLE_AFTER_MS = 2 ** 31 - 1;

/** When and how a `pending` document gets SUNAT's answer. */
export interface MockSettle {
  /** Milliseconds after the submission that left it pending, at most {@link MAX_SETTLE_AFTER_MS}. */
  afterMs: number;
  /** The answer it then gets. */
  outcome: MockSettleOutcome;
}

/** Decides SUNAT's answer for a submission of the given document body. */
export type MockOutcomeFn = (params: DocumentCreateParams) => MockOutcome;

/** Hears what happens to documents, as the events webhooks would deliver: the version of the document then (kept as given, never changed). */
export type DocumentEventListener = (type: EventType, doc: StoredDocument) => void;

/** The event each simulated SUNAT answer emits. */
const OUTCOME_EVENTS: Record<MockOutcome, EventType> = {
  accepted: 'document.accepted',
  observed: 'document.accepted',
  rejected: 'document.rejected',
  pending: 'document.retry_scheduled',
};

/** Random bytes drawn 4 KiB at a time (one system call for hundreds of ids), and how many are used. */
const randomPool = new Uint8Array(4096);
let randomUsed = randomPool.length;

/** A random identifier `<prefix><16 alphanumerics>`, as one flat string (no joined pieces to keep). */
export function randomId(prefix: string, length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  if (randomUsed + length > randomPool.length) {
    crypto.getRandomValues(randomPool);
    randomUsed = 0;
  }
  const codes = Array.from(prefix, (c) => c.charCodeAt(0));
  for (let i = 0; i < length; i++) codes.push(alphabet.charCodeAt(randomPool[randomUsed++]! % alphabet.length));
  return String.fromCharCode(...codes);
}

/** The last second {@link isoNow} wrote, and how: the objects made within one second share one string. */
let lastSecond = Number.NaN;
let lastIso = '';

/** Now as ISO 8601 UTC without milliseconds, e.g. `2026-11-21T15:04:05Z`. */
export function isoNow(date = new Date()): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond) {
    lastIso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
    lastSecond = second;
  }
  return lastIso;
}

/** Filters and page options of a document list, already validated. */
export interface DocumentListQuery {
  limit: number;
  cursor?: string | undefined;
  type?: string | undefined;
  series?: string | undefined;
  status?: string | undefined;
  customerDocumentNumber?: string | undefined;
  issuedFrom?: string | undefined;
  issuedTo?: string | undefined;
}

/** The declared fields of a model, without the index signature of its unknown ones. */
export type KnownFields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** What a document's versions change: its status and SUNAT's answer, and when they changed. */
type Changing = 'status' | 'taxAuthority' | 'updatedAt';

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
  /** Fields of a seed document the mock does not model, echoed back as given. */
  readonly [field: string]: unknown;
};

/** The members of a core that are the store's own, never part of the document answered. */
const HIDDEN: ReadonlySet<string> = new Set(['signedXml', 'pdfUrl', 'origin', 'issuer', 'modified']);

/** An empty `taxAuthority.notes`, shared by every version without notes (never changed). */
const NO_NOTES: TaxAuthorityStatus['notes'] = [];

/** The metadata of a document created without any, shared (never changed). */
const NO_METADATA: NonNullable<Document['metadata']> = {};

/** SUNAT's answer before the first submission, shared by every new document (never changed). */
const NOT_SUBMITTED: TaxAuthorityStatus = { status: 'pending', code: null, description: null, notes: NO_NOTES, attempts: 0, nextAttemptAt: null, respondedAt: null };

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
  ) {}

  get id(): string {
    return this.core.id;
  }

  /** This version with `changes` applied. */
  with(changes: Partial<Pick<Document, Changing>>): StoredDocument {
    return new StoredDocument(this.core, changes.status ?? this.status, changes.taxAuthority ?? this.taxAuthority, changes.updatedAt ?? this.updatedAt);
  }
}

/**
 * Where SUNAT's description of an answer names the document (`La Factura numero F001-1, ha sido
 * aceptada`): the answers are shared by the documents that got them at the same second, and
 * each fills in its own name when presented.
 */
const DOCUMENT_NAME = '{document}';

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
  doc['pdfUrl'] = core.pdfUrl ?? `${core.origin ?? ''}/v1/documents/${core.id}/pdf`;
  return doc as DocumentListItem;
}

/**
 * The document a version answers: {@link listedDocument} with its `signedXml`, rendered by
 * `renderUbl` with the issuer of the day it was created and the IGV rate of its issue date.
 */
export function presentDocument(version: StoredDocument): Document {
  const { core } = version;
  const listed = listedDocument(version);
  const signedXml = core.signedXml ?? renderUbl(listed, core.issuer ?? SANDBOX_ISSUER, { igvRate: igvRateOn(listed.issueDate), modifiedDocument: core.modified });
  return Object.assign(listed, { signedXml });
}

/**
 * What SUNAT's answer to one submission changes in a document. A `pending` one says its next
 * attempt is at `nextAttemptAt` (milliseconds since the epoch). Its `taxAuthority` names the
 * document by {@link DOCUMENT_NAME}, so that one answer serves every document it is the same for.
 */
function outcomeOf(outcome: MockOutcome, attempts: number, nextAttemptAt = Date.now() + 5 * 60_000): Pick<Document, 'status' | 'taxAuthority' | 'updatedAt'> {
  const now = isoNow();
  const accepted = `La ${DOCUMENT_NAME}, ha sido aceptada`;
  const answer = (status: TaxAuthorityStatus['status'], code: string | null, description: string | null, notes = NO_NOTES) => ({
    status,
    code,
    description,
    notes,
    attempts,
    nextAttemptAt: null as string | null,
    respondedAt: code === null ? null : now,
  });
  switch (outcome) {
    case 'accepted':
      return { status: 'accepted', taxAuthority: answer('accepted', '0', accepted), updatedAt: now };
    case 'observed':
      return {
        status: 'accepted',
        taxAuthority: answer('accepted', '4252', accepted, [{ code: '4252', description: 'Observación simulada por el sandbox de yupana' }]),
        updatedAt: now,
      };
    case 'rejected':
      return {
        status: 'rejected',
        taxAuthority: answer('rejected', '2800', 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.'),
        updatedAt: now,
      };
    case 'pending':
      // Rounded up to the second (isoNow drops milliseconds): by then the attempt has happened.
      return {
        status: 'pending',
        taxAuthority: { ...answer('pending', null, null), nextAttemptAt: isoNow(new Date(Math.ceil(nextAttemptAt / 1000) * 1000)) },
        updatedAt: now,
      };
  }
}

/** The members of a core that a create body does not carry: what the store assigns and keeps. */
const ASSIGNED: ReadonlySet<string> = new Set(['id', 'object', 'number', 'fullNumber', 'totals', 'createdAt', ...HIDDEN]);

/** The create body of a stored document (with the defaults it was filled with), as the outcome function receives it: a copy, the caller's to change. */
function paramsOf(doc: DocumentCore): DocumentCreateParams {
  const params: Record<string, unknown> = {};
  for (const key in doc) {
    if (doc[key] !== undefined && doc[key] !== null && !ASSIGNED.has(key)) params[key] = doc[key];
  }
  return structuredClone(params) as DocumentCreateParams;
}

/** Options of a {@link DocumentStore}. */
export interface DocumentStoreOptions {
  /** Hears `document.created`, the event of each answer and `document.voided`, with the version of the document it is about. Default: nobody. */
  onEvent?: DocumentEventListener | undefined;
  /** When a `pending` document gets SUNAT's answer, and when a void completes. Default: a pending document stays pending; a void completes at once (on the next timer turn). */
  settle?: MockSettle | undefined;
  /** The address every `pdfUrl` starts with. Default: the one each create gives. */
  baseURL?: string | undefined;
  /** The issuer of each new document: the account at the time. Default: {@link SANDBOX_ISSUER}. */
  issuer?: (() => Issuer) | undefined;
}

/**
 * The documents of one sandbox, oldest first, with the next correlative of each type and series.
 * Each is kept as one compact {@link StoredDocument}; lists walk an index from the cursor, so a
 * page costs what it returns.
 */
export class DocumentStore {
  readonly #documents = new OrderedIndex<StoredDocument>();
  readonly #lastNumbers = new Map<string, number>();
  /** The timer of each document that SUNAT answers later (a pending submission, a void), by document id. */
  readonly #settles = new Map<string, ReturnType<typeof setTimeout>>();
  /** One string per address documents were created at, shared by all of them. */
  readonly #origins = new Map<string, string>();
  readonly #onEvent: DocumentEventListener;
  readonly #settle: MockSettle | undefined;
  readonly #baseURL: string | undefined;
  readonly #issuer: () => Issuer;
  /** The latest SUNAT answers, shared by the documents that get the same one (never changed): by outcome, attempt and time. */
  readonly #answers = new Map<string, Pick<Document, 'status' | 'taxAuthority' | 'updatedAt'>>();
  /** Equal customers, lines, totals and legends, kept once for every document that has them. */
  readonly #shared = new SharedParts();
  /** The day `#today` last answered. */
  #lastDay = '';
  /** The second (of `Date.now()`) `#today` last read the day at. */
  #todaySecond = Number.NaN;

  /**
   * @param seed Documents to start with (and to return to on `reset`).
   * @param outcome SUNAT's simulated answer for each submission.
   */
  constructor(
    private readonly seed: readonly Document[],
    private readonly outcome: MockOutcomeFn,
    options: DocumentStoreOptions = {},
  ) {
    this.#onEvent = options.onEvent ?? (() => undefined);
    this.#settle = options.settle;
    this.#baseURL = options.baseURL;
    this.#issuer = options.issuer ?? (() => SANDBOX_ISSUER);
    this.reset();
  }

  /** Back to the seed documents; answers still to come are cancelled. */
  reset(): void {
    for (const timer of this.#settles.values()) clearTimeout(timer);
    this.#settles.clear();
    this.#documents.clear();
    this.#lastNumbers.clear();
    for (const seed of this.seed) {
      const { status, taxAuthority, updatedAt, ...core } = structuredClone(seed);
      this.#documents.add(new StoredDocument(core as DocumentCore, status, taxAuthority, updatedAt));
      this.#bumpNumber(seed.type, seed.series, seed.number);
    }
  }

  /** Today in Lima, one string for all the documents of a day, read again once a second at most. */
  #today(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.#todaySecond) {
      const today = limaDate();
      if (today !== this.#lastDay) this.#lastDay = today;
      this.#todaySecond = second;
    }
    return this.#lastDay;
  }

  #bumpNumber(type: string, series: string, number: number): void {
    const key = `${type}/${series}`;
    this.#lastNumbers.set(key, Math.max(this.#lastNumbers.get(key) ?? 0, number));
  }

  /** The correlative number the next document of `type` in `series` gets. */
  nextNumber(type: string, series: string): number {
    return (this.#lastNumbers.get(`${type}/${series}`) ?? 0) + 1;
  }

  /** Copies of every document, oldest first. */
  all(): Document[] {
    return Array.from(this.#documents.values(), (doc) => structuredClone(presentDocument(doc)));
  }

  /** A copy of one document; 404 `not_found` when unknown. */
  get(id: string): Document {
    return structuredClone(presentDocument(this.#find(id)));
  }

  #find(id: string): StoredDocument {
    const doc = this.#documents.get(id);
    if (!doc) throw new MockAPIError(404, 'not_found', `No document with id '${id}'`);
    return doc;
  }

  /**
   * The document a nota's `reference.documentId` names, with the issues it raises: it must exist,
   * be a factura or boleta (`01`/`03`) and share the nota's series letter; a nota de crédito of
   * reason `13` changes the payment terms of a factura (`sunat_3259`) sold on credit
   * (`sunat_3260`), to installments adding up to at most its total (`sunat_3320`).
   */
  #referenced(params: DocumentCreateParams, issues: Required<FieldIssue>[]): DocumentCore | undefined {
    const reference = params.reference;
    if (reference?.documentId === undefined) return undefined;
    const path = 'reference.documentId';
    const found = this.#documents.get(reference.documentId)?.core;
    if (!found) {
      issues.push({ path, code: 'not_found', message: `no document with id '${reference.documentId}' was issued here` });
      return undefined;
    }
    if (found.type !== '01' && found.type !== '03') {
      issues.push({ path, code: 'invalid_reference', message: `a nota modifies a factura (01) or boleta (03); ${found.fullNumber} is a ${found.type}` });
      return undefined;
    }
    if (found.series[0] !== params.series[0]) {
      issues.push({ path, code: 'invalid_reference', message: `a nota shares the series letter of what it modifies: ${found.fullNumber} is not a ${params.series[0]} series` });
    }
    if (params.type === '07' && reference.reason === '13') {
      if (found.type !== '01') {
        issues.push({ path, code: 'sunat_3259', message: 'a nota de crédito of reason 13 modifies a factura (01)' });
      } else if (found.paymentTerms?.type !== 'credit') {
        issues.push({ path, code: 'sunat_3260', message: `a nota de crédito of reason 13 modifies a factura sold on credit; ${found.fullNumber} was paid in cash` });
      } else if (params.paymentTerms?.type === 'credit') {
        const pending = params.paymentTerms.installments.reduce((sum, installment, i) => sum + exactCents(installment.amount, `paymentTerms.installments.${i}.amount`), 0n);
        if (pending > exactCents(found.totals.total, 'total')) {
          issues.push({
            path: 'paymentTerms.installments',
            code: 'sunat_3320',
            message: `the installments add up to at most the total of ${found.fullNumber} (${found.totals.total.toFixed(2)})`,
          });
        }
      }
    }
    return found;
  }

  /**
   * Issues a document as the service does: checks SUNAT's rules (`checkDocument`, at the IGV
   * rate of the issue date) and a nota's reference, then assigns the next number of its type and
   * series, fills the defaults and every derived value (`computeDocument`) and simulates SUNAT's
   * answer. A body that breaks a rule is a 422 `validation_error` whose issues carry
   * `sunat_<code>` and the field's path, and takes no number. Answers the version stored after
   * the answer (to present with {@link presentDocument}).
   *
   * @param origin The address its `pdfUrl` starts with, unless the store has a `baseURL`.
   */
  create(params: DocumentCreateParams, origin: string): StoredDocument {
    const today = this.#today();
    const issueDate = params.issueDate ?? today;
    const igvRate = valueOf('issueDate', () => igvRateOn(issueDate));
    const issues = valueOf('', () => checkDocument(params, { igvRate, today })).map(fieldIssue);
    const modified = this.#referenced(params, issues);
    if (issues.length > 0) throw validationError(issues);
    const computed = valueOf('', () => computeDocument(params, { igvRate }));
    const key = `${params.type}/${params.series}`;
    const number = (this.#lastNumbers.get(key) ?? 0) + 1;
    this.#lastNumbers.set(key, number);
    const now = isoNow();
    const address = this.#baseURL ?? origin;
    if (!this.#origins.has(address)) this.#origins.set(address, address);
    const { detraction, perception, retention } = computed;
    // One literal in one order: every core gets the same shape (and V8 the same hidden class).
    const core: DocumentCore = {
      id: randomId('doc_'),
      object: 'document',
      type: params.type,
      series: params.series,
      number,
      fullNumber: `${params.series}-${number}`,
      customer: this.#shared.of('customer', params.customer),
      items: this.#shared.of('items', params.items.map((item, i) => this.#shared.of('line', lineOf(item, computed.items[i]!)))),
      currency: params.currency ?? 'PEN',
      issueDate,
      dueDate: params.dueDate,
      operationType: computed.operationType,
      paymentTerms: params.paymentTerms ?? (computed.paymentTerms && CASH),
      detraction: detraction && { ...detraction, amount: Number(detraction.amount) },
      perception: perception && { ...perception, code: params.perception!.code, base: Number(perception.base), amount: Number(perception.amount), total: Number(perception.total) },
      retention: retention && { ...retention, base: Number(retention.base), amount: Number(retention.amount) },
      exchangeRate: params.exchangeRate,
      discounts: params.discounts,
      charges: params.charges,
      despatches: params.despatches,
      relatedDocuments: params.relatedDocuments,
      purchaseOrder: params.purchaseOrder,
      legends: this.#shared.of('legends', computed.legends),
      rounding: params.rounding,
      reference: params.reference ?? null,
      metadata: params.metadata ?? NO_METADATA,
      totals: this.#shared.of('totals', totalsOf(computed.totals)),
      origin: this.#origins.get(address),
      issuer: this.#issuer(),
      modified,
      createdAt: now,
    };
    const doc = new StoredDocument(core, 'pending', NOT_SUBMITTED, now);
    const outcome = this.outcome(params);
    this.#onEvent('document.created', doc);
    this.#documents.add(doc);
    return this.#submit(doc.id, outcome, 1);
  }

  /** Starts the timer of a later answer about document `id`, replacing any earlier one. */
  #later(id: string, afterMs: number, answer: () => void): void {
    clearTimeout(this.#settles.get(id));
    this.#settles.set(
      id,
      setTimeout(() => {
        this.#settles.delete(id);
        answer();
      }, afterMs),
    );
  }

  /**
   * Applies SUNAT's answer to a submission, stores the new version and emits its event. A
   * `pending` answer, with `settle`, schedules the later one (a `setTimeout`, replacing any earlier one).
   */
  #submit(id: string, outcome: MockOutcome, attempts: number): StoredDocument {
    clearTimeout(this.#settles.get(id));
    this.#settles.delete(id);
    const settle = outcome === 'pending' ? this.#settle : undefined;
    const current = this.#find(id);
    const nextAttemptAt = settle && Date.now() + settle.afterMs;
    const key = `${outcome}/${attempts}/${isoNow()}/${nextAttemptAt === undefined ? '' : Math.ceil(nextAttemptAt / 1000)}`;
    let answer = this.#answers.get(key);
    if (!answer) {
      if (this.#answers.size >= 16) this.#answers.clear();
      answer = outcomeOf(outcome, attempts, nextAttemptAt);
      this.#answers.set(key, answer);
    }
    const doc = current.with(answer);
    this.#documents.replace(doc);
    this.#onEvent(OUTCOME_EVENTS[outcome], doc);
    if (settle) this.#later(id, settle.afterMs, () => this.#submit(id, settle.outcome, doc.taxAuthority.attempts + 1));
    return doc;
  }

  /** One page of documents matching the filters, newest first. */
  list(query: DocumentListQuery): ListEnvelope<DocumentListItem> {
    return this.#documents.page(
      query.limit,
      query.cursor,
      (d) =>
        (query.type === undefined || d.core.type === query.type) &&
        (query.series === undefined || d.core.series === query.series) &&
        (query.status === undefined || d.status === query.status) &&
        (query.customerDocumentNumber === undefined || d.core.customer.documentNumber === query.customerDocumentNumber) &&
        (query.issuedFrom === undefined || d.core.issueDate >= query.issuedFrom) &&
        (query.issuedTo === undefined || d.core.issueDate <= query.issuedTo),
      listedDocument,
    );
  }

  /**
   * Asks for voiding (comunicación de baja): only accepted documents, at most 7 calendar days
   * after the issue date in Lima (later is a 422 `sunat_2957`: issue a nota de crédito of reason
   * `01` instead). The status becomes `voiding`; after the settle delay (at once without one)
   * SUNAT accepts it: `voided`, with its `document.voided` event.
   */
  void(id: string): Document {
    const current = this.#find(id);
    if (current.status !== 'accepted') {
      throw new MockAPIError(422, 'validation_error', `Only accepted documents can be voided; ${current.core.fullNumber} is ${current.status}`, []);
    }
    if (voidDeadlinePassed(current.core.issueDate, this.#today())) {
      throw validationError([
        {
          path: '',
          code: 'sunat_2957',
          message: `${current.core.fullNumber} was issued on ${current.core.issueDate}, more than 7 calendar days ago: void it with a nota de crédito of reason 01`,
        },
      ]);
    }
    const doc = current.with({ status: 'voiding', updatedAt: isoNow() });
    this.#documents.replace(doc);
    this.#later(id, this.#settle?.afterMs ?? 0, () => {
      const voided = this.#find(id).with({ status: 'voided', updatedAt: isoNow() });
      this.#documents.replace(voided);
      this.#onEvent('document.voided', voided);
    });
    return presentDocument(doc);
  }

  /**
   * Starts a new submission attempt: allowed while `pending`, after `failed`, or when SUNAT
   * answered with an exception; counts the attempt and applies the simulated answer.
   */
  resend(id: string): Document {
    const doc = this.#find(id);
    if (doc.status !== 'pending' && doc.status !== 'failed' && doc.taxAuthority.status !== 'exception') {
      throw new MockAPIError(
        422,
        'validation_error',
        `Only pending or failed documents can be resent; ${doc.core.fullNumber} is ${doc.status}`,
        [],
      );
    }
    return presentDocument(this.#submit(id, this.outcome(paramsOf(doc.core)), doc.taxAuthority.attempts + 1));
  }
}

/** How long an idempotency key's answer is replayed (contract section 3): 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A stored answer, replayed for a repeated idempotency key: each call makes it anew. */
export type StoredResponse = () => Response;

interface IdempotencyRecord {
  /** {@link fingerprintOf} the request body. */
  fingerprint: number;
  /** When the key is forgotten (milliseconds since the epoch). */
  expiresAt: number;
  /** Makes the answer again; `undefined` while the first request runs. */
  replay: StoredResponse | undefined;
  /** The `Request-Id` of the first answer, which every replay carries. */
  requestId: string | undefined;
}

/** JSON with object keys sorted at every depth, to compare bodies regardless of key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * A 53-bit hash of a request body's {@link canonicalJson}, kept instead of the text: two bodies
 * sent with one key compare equal by it (a collision between two different bodies, about one in
 * 2^53, would replay instead of answering `idempotency_key_reused`).
 */
export function fingerprintOf(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * Idempotency keys, scoped by the caller: API key + method + path + `Idempotency-Key`. Each is
 * kept {@link IDEMPOTENCY_TTL_MS} after its first request (on `Date.now()`, so fake timers that
 * fake `Date` move it), then forgotten: the same key is then a new request.
 */
export class IdempotencyStore {
  /** By scope, in the order they were claimed: the oldest first, so expired ones are swept from the front. */
  readonly #records = new Map<string, IdempotencyRecord>();

  /** Forgets every key. */
  reset(): void {
    this.#records.clear();
  }

  /** How many keys it holds (expired ones are swept on the next claim). */
  get size(): number {
    return this.#records.size;
  }

  /**
   * Claims `scope` for a request whose body has `fingerprint`. Returns the replay of the stored
   * answer, or `undefined` when the caller must run the request (and then `complete` or `release`).
   * Throws 422 `idempotency_key_reused` for another body, 409 `idempotency_key_in_use` while the
   * first request is still running.
   */
  claim(scope: string, fingerprint: number): Response | undefined {
    const now = Date.now();
    for (const [oldest, record] of this.#records) {
      if (record.expiresAt > now) break;
      this.#records.delete(oldest);
    }
    const record = this.#records.get(scope);
    if (!record) {
      this.#records.set(scope, { fingerprint, expiresAt: now + IDEMPOTENCY_TTL_MS, replay: undefined, requestId: undefined });
      return undefined;
    }
    if (record.fingerprint !== fingerprint) {
      throw new MockAPIError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request body');
    }
    if (!record.replay) {
      throw new MockAPIError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed');
    }
    const response = record.replay();
    response.headers.set('Request-Id', record.requestId ?? '');
    response.headers.set('Idempotent-Replayed', 'true');
    return response;
  }

  /** Stores how to make the answer of a claimed scope again, and the `Request-Id` it had. */
  complete(scope: string, replay: StoredResponse, requestId: string): void {
    const record = this.#records.get(scope);
    if (record) {
      record.replay = replay;
      record.requestId = requestId;
    }
  }

  /** Frees a claimed scope without storing an answer (the request did not finish). */
  release(scope: string): void {
    this.#records.delete(scope);
  }
}
