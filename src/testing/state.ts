/**
 * The mock's state: documents with their correlatives, and the idempotency records.
 * Plain classes, no HTTP: the handlers map routes onto these calls.
 *
 * @module
 */
import type { ListEnvelope } from '../core/pagination.js';
import type { Document, DocumentCreateParams, TaxAuthorityStatus } from '../models/document.js';
import type { EventType } from '../models/event.js';
import { line, totals } from '../sunat/amounts.js';
import { limaDate } from '../sunat/dates.js';
import { OrderedIndex } from './paginate.js';
import { MockAPIError } from './problem.js';
import { renderSignedXml, TYPE_NAMES } from './render.js';

/** A document's totals as the API fills them: each line's base (quantity × unit value) and its `igv` as sent. */
function documentTotals(items: Document['items']): Document['totals'] {
  const sums = totals(items.map((item) => ({ base: line({ quantity: item.quantity, unitValue: item.unitPrice, igvRate: 0 }).base, igv: item.igv })));
  return { taxable: Number(sums.taxable), igv: Number(sums.igv), total: Number(sums.total) };
}

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

/** A random identifier `<prefix><16 alphanumerics>`, as one flat string (no joined pieces to keep). */
export function randomId(prefix: string, length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  const codes = Array.from(prefix, (c) => c.charCodeAt(0));
  for (const b of bytes) codes.push(alphabet.charCodeAt(b % alphabet.length));
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
 * less what is rendered on demand: its `signedXml`, and its `pdfUrl` from `origin`. A seed
 * document keeps the `signedXml` and `pdfUrl` it was given.
 */
export type DocumentCore = Omit<KnownFields<Document>, Changing | 'signedXml' | 'pdfUrl'> & {
  readonly signedXml?: string;
  readonly pdfUrl?: string;
  /** The address the document's `pdfUrl` starts with (not enumerable: never answered or copied). */
  readonly origin?: string;
  /** Fields of the create body the mock does not model, echoed back as given. */
  readonly [field: string]: unknown;
};

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

/** The document a version answers: its rendered XML and `pdfUrl` filled in. It shares the version's parts: serialize it or copy it, never change it. */
export function presentDocument(version: StoredDocument): Document {
  const { core } = version;
  let { taxAuthority } = version;
  if (taxAuthority.description?.includes(DOCUMENT_NAME)) {
    const name = `${TYPE_NAMES[core.type] ?? 'Factura'} numero ${core.fullNumber}`;
    taxAuthority = { ...taxAuthority, description: taxAuthority.description.replace(DOCUMENT_NAME, name) };
  }
  return {
    ...core, // `origin` is not enumerable: not copied
    status: version.status,
    taxAuthority,
    updatedAt: version.updatedAt,
    signedXml: core.signedXml ?? renderSignedXml(core),
    pdfUrl: core.pdfUrl ?? `${core.origin ?? ''}/v1/documents/${core.id}/pdf`,
  };
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

/** The create body of a stored document, as the outcome function receives it: a copy, the caller's to change. */
function paramsOf(doc: DocumentCore): DocumentCreateParams {
  return structuredClone({
    type: doc.type,
    series: doc.series,
    customer: doc.customer,
    items: doc.items,
    currency: doc.currency,
    issueDate: doc.issueDate,
    ...(doc.reference ? { reference: doc.reference } : {}),
    ...(doc.metadata ? { metadata: doc.metadata } : {}),
  });
}

/**
 * The documents of one sandbox, oldest first, with the next correlative of each series. Each is
 * kept as one compact {@link StoredDocument}; lists walk an index from the cursor, so a page
 * costs what it returns.
 */
export class DocumentStore {
  readonly #documents = new OrderedIndex<StoredDocument>();
  readonly #lastNumbers = new Map<string, number>();
  /** The timer of each pending document that SUNAT answers later, by document id. */
  readonly #settles = new Map<string, ReturnType<typeof setTimeout>>();
  /** One string per address documents were created at, shared by all of them. */
  readonly #origins = new Map<string, string>();
  /** The latest SUNAT answers, shared by the documents that get the same one (never changed): by outcome, attempt and time. */
  readonly #answers = new Map<string, Pick<Document, 'status' | 'taxAuthority' | 'updatedAt'>>();
  /** The day `#today` last answered. */
  #lastDay = '';

  /**
   * @param seed Documents to start with (and to return to on `reset`).
   * @param outcome SUNAT's simulated answer for each submission.
   * @param onEvent Hears `document.created` and the event of each answer, with the version of
   * the document it is about. Default: nobody.
   * @param settle When a `pending` document gets SUNAT's answer. Default: never.
   * @param baseURL The address every `pdfUrl` starts with. Default: the one each create gives.
   */
  constructor(
    private readonly seed: readonly Document[],
    private readonly outcome: MockOutcomeFn,
    private readonly onEvent: DocumentEventListener = () => undefined,
    private readonly settle?: MockSettle,
    private readonly baseURL?: string,
  ) {
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

  /** Today in Lima, one string for all the documents of a day. */
  #today(): string {
    const today = limaDate();
    if (today !== this.#lastDay) this.#lastDay = today;
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
   * Issues a document: assigns the next number of its type and series, fills the defaults,
   * computes totals and simulates SUNAT's answer. Answers the version stored after that answer
   * (to present with {@link presentDocument}).
   *
   * @param origin The address its `pdfUrl` starts with, unless the store has a `baseURL`.
   */
  create(params: DocumentCreateParams, origin: string): StoredDocument {
    const key = `${params.type}/${params.series}`;
    const number = (this.#lastNumbers.get(key) ?? 0) + 1;
    this.#lastNumbers.set(key, number);
    const now = isoNow();
    const items = params.items.map((item) => ({ unitCode: 'NIU', igvAffectation: '10' as const, ...item }));
    const address = this.baseURL ?? origin;
    if (!this.#origins.has(address)) this.#origins.set(address, address);
    // One literal in one order: every core gets the same shape (and V8 the same hidden class).
    const core: Record<string, unknown> = {
      id: randomId('doc_'),
      object: 'document',
      type: params.type,
      series: params.series,
      number,
      fullNumber: `${params.series}-${number}`,
      customer: params.customer,
      items,
      currency: params.currency ?? 'PEN',
      issueDate: params.issueDate ?? this.#today(),
      reference: params.reference ?? null,
      metadata: params.metadata ?? NO_METADATA,
      totals: documentTotals(items),
      createdAt: now,
    };
    Object.defineProperty(core, 'origin', { value: this.#origins.get(address), enumerable: false });
    for (const [field, value] of Object.entries(params)) {
      if (!Object.hasOwn(core, field)) Object.defineProperty(core, field, { value, enumerable: true, writable: true, configurable: true });
    }
    const doc = new StoredDocument(core as DocumentCore, 'pending', NOT_SUBMITTED, now);
    const outcome = this.outcome(params);
    this.onEvent('document.created', doc);
    this.#documents.add(doc);
    return this.#submit(doc.id, outcome, 1);
  }

  /**
   * Applies SUNAT's answer to a submission, stores the new version and emits its event. A
   * `pending` answer, with `settle`, schedules the later one (a `setTimeout`, replacing any earlier one).
   */
  #submit(id: string, outcome: MockOutcome, attempts: number): StoredDocument {
    clearTimeout(this.#settles.get(id));
    this.#settles.delete(id);
    const settle = outcome === 'pending' ? this.settle : undefined;
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
    this.onEvent(OUTCOME_EVENTS[outcome], doc);
    if (settle) {
      const timer = setTimeout(() => this.#submit(id, settle.outcome, doc.taxAuthority.attempts + 1), settle.afterMs);
      this.#settles.set(id, timer);
    }
    return doc;
  }

  /** One page of documents matching the filters, newest first. */
  list(query: DocumentListQuery): ListEnvelope<Document> {
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
      presentDocument,
    );
  }

  /** Asks for voiding (comunicación de baja): only accepted documents; the status becomes `voiding`. */
  void(id: string): Document {
    const current = this.#find(id);
    if (current.status !== 'accepted') {
      throw new MockAPIError(422, 'validation_error', `Only accepted documents can be voided; ${current.core.fullNumber} is ${current.status}`, []);
    }
    const doc = current.with({ status: 'voiding', updatedAt: isoNow() });
    this.#documents.replace(doc);
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
