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
import { paginate } from './paginate.js';
import { MockAPIError } from './problem.js';
import { renderSignedXml, TYPE_NAMES } from './render.js';

/**
 * A document's totals as the API fills them: each line's base (quantity × unit value) and its `igv` as sent.
 * BRIDGE (issue 19, until the sandbox's documents routes compute every total): `taxable`, `igv` and
 * `total` as before; `lineExtension` and `taxInclusive` follow from them; the rest are 0.
 */
function documentTotals(items: Document['items']): Document['totals'] {
  const sums = totals(items.map((item) => ({ base: line({ quantity: item.quantity, unitValue: item.unitPrice, igvRate: 0 }).base, igv: item.igv })));
  const [taxable, igv, total] = [Number(sums.taxable), Number(sums.igv), Number(sums.total)];
  const zero = { exempt: 0, unaffected: 0, export: 0, free: 0, freeIgv: 0, icbper: 0, discounts: 0, charges: 0, rounding: 0 };
  return { ...zero, taxable, igv, lineExtension: taxable, taxInclusive: total, total };
}

/** SUNAT's answer the mock simulates for a submission. */
export type MockOutcome = 'accepted' | 'observed' | 'rejected' | 'pending';

/** The answer SUNAT gives later to a document left `pending`. */
export type MockSettleOutcome = Exclude<MockOutcome, 'pending'>;

/** When and how a `pending` document gets SUNAT's answer. */
export interface MockSettle {
  /** Milliseconds after the submission that left it pending. */
  afterMs: number;
  /** The answer it then gets. */
  outcome: MockSettleOutcome;
}

/** Decides SUNAT's answer for a submission of the given document body. */
export type MockOutcomeFn = (params: DocumentCreateParams) => MockOutcome;

/** Hears what happens to documents, as the events webhooks would deliver. */
export type DocumentEventListener = (type: EventType, doc: Document) => void;

/** The event each simulated SUNAT answer emits. */
const OUTCOME_EVENTS: Record<MockOutcome, EventType> = {
  accepted: 'document.accepted',
  observed: 'document.accepted',
  rejected: 'document.rejected',
  pending: 'document.retry_scheduled',
};

/** A random identifier `<prefix><16 alphanumerics>`. */
export function randomId(prefix: string, length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Now as ISO 8601 UTC without milliseconds, e.g. `2026-11-21T15:04:05Z`. */
export function isoNow(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
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

/**
 * The SUNAT answer of one submission, applied to a document in place. A `pending` one says its
 * next attempt is at `nextAttemptAt` (milliseconds since the epoch).
 */
function applyOutcome(doc: Document, outcome: MockOutcome, attempts: number, nextAttemptAt = Date.now() + 5 * 60_000): void {
  const now = isoNow();
  const accepted = `La ${TYPE_NAMES[doc.type] ?? 'Factura'} numero ${doc.fullNumber}, ha sido aceptada`;
  const answer = (status: TaxAuthorityStatus['status'], code: string | null, description: string | null) => ({
    status,
    code,
    description,
    notes: [] as TaxAuthorityStatus['notes'],
    attempts,
    nextAttemptAt: null as string | null,
    respondedAt: code === null ? null : now,
  });
  switch (outcome) {
    case 'accepted':
      doc.status = 'accepted';
      doc.taxAuthority = answer('accepted', '0', accepted);
      break;
    case 'observed':
      doc.status = 'accepted';
      doc.taxAuthority = answer('accepted', '4252', accepted);
      doc.taxAuthority.notes = [{ code: '4252', description: 'Observación simulada por el sandbox de yupana' }];
      break;
    case 'rejected':
      doc.status = 'rejected';
      doc.taxAuthority = answer(
        'rejected',
        '2800',
        'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
      );
      break;
    case 'pending':
      doc.status = 'pending';
      doc.taxAuthority = answer('pending', null, null);
      // Rounded up to the second (isoNow drops milliseconds): by then the attempt has happened.
      doc.taxAuthority.nextAttemptAt = isoNow(new Date(Math.ceil(nextAttemptAt / 1000) * 1000));
      break;
  }
  doc.updatedAt = now;
}

/** The create body of a stored document, as the outcome function receives it. */
function paramsOf(doc: Document): DocumentCreateParams {
  return {
    type: doc.type,
    series: doc.series,
    customer: doc.customer,
    items: doc.items,
    currency: doc.currency,
    issueDate: doc.issueDate,
    ...(doc.reference ? { reference: doc.reference } : {}),
    ...(doc.metadata ? { metadata: doc.metadata } : {}),
  };
}

/** The documents of one sandbox, oldest first, with the next correlative of each series. */
export class DocumentStore {
  #documents: Document[] = [];
  #lastNumbers = new Map<string, number>();
  /** The timer of each pending document that SUNAT answers later, by document id. */
  readonly #settles = new Map<string, ReturnType<typeof setTimeout>>();

  /**
   * @param seed Documents to start with (and to return to on `reset`).
   * @param outcome SUNAT's simulated answer for each submission.
   * @param onEvent Hears `document.created` and the event of each answer. Default: nobody.
   * @param settle When a `pending` document gets SUNAT's answer. Default: never.
   */
  constructor(
    private readonly seed: readonly Document[],
    private readonly outcome: MockOutcomeFn,
    private readonly onEvent: DocumentEventListener = () => undefined,
    private readonly settle?: MockSettle,
  ) {
    this.reset();
  }

  /** Back to the seed documents; answers still to come are cancelled. */
  reset(): void {
    for (const timer of this.#settles.values()) clearTimeout(timer);
    this.#settles.clear();
    this.#documents = this.seed.map((doc) => structuredClone(doc));
    this.#lastNumbers.clear();
    for (const doc of this.#documents) this.#bumpNumber(doc.type, doc.series, doc.number);
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
    return this.#documents.map((doc) => structuredClone(doc));
  }

  /** A copy of one document; 404 `not_found` when unknown. */
  get(id: string): Document {
    return structuredClone(this.#find(id));
  }

  #find(id: string): Document {
    const doc = this.#documents.find((d) => d.id === id);
    if (!doc) throw new MockAPIError(404, 'not_found', `No document with id '${id}'`);
    return doc;
  }

  /**
   * Issues a document: assigns the next number of its type and series, fills the defaults,
   * computes totals and simulates SUNAT's answer.
   */
  create(params: DocumentCreateParams, origin: string): Document {
    const key = `${params.type}/${params.series}`;
    const number = (this.#lastNumbers.get(key) ?? 0) + 1;
    this.#lastNumbers.set(key, number);
    const id = randomId('doc_');
    const now = isoNow();
    const items = params.items.map((item) => ({ unitCode: 'NIU', igvAffectation: '10' as const, ...item }));
    const base = {
      // BRIDGE (issue 19): echoed as sent until the sandbox's documents routes fill their amounts.
      ...(params as Omit<DocumentCreateParams, 'detraction' | 'perception' | 'retention'>),
      id,
      object: 'document' as const,
      status: 'pending',
      number,
      fullNumber: `${params.series}-${number}`,
      items,
      currency: params.currency ?? 'PEN',
      issueDate: params.issueDate ?? limaDate(),
      reference: params.reference ?? null,
      metadata: params.metadata ?? {},
      totals: documentTotals(items),
      legends: params.legends ?? [], // BRIDGE (issue 19): the sandbox's documents routes will add 1000 and the rest
      pdfUrl: `${origin}/v1/documents/${id}/pdf`,
      createdAt: now,
      updatedAt: now,
    };
    const doc: Document = {
      ...base,
      signedXml: renderSignedXml(base),
      taxAuthority: { status: 'pending', code: null, description: null, notes: [], attempts: 0, nextAttemptAt: null, respondedAt: null },
    };
    const outcome = this.outcome(params);
    this.onEvent('document.created', structuredClone(doc));
    this.#documents.push(doc);
    this.#submit(doc, outcome, 1);
    return structuredClone(doc);
  }

  /**
   * Applies SUNAT's answer to a submission and emits its event. A `pending` answer, with
   * `settle`, schedules the later one (a `setTimeout`, replacing any earlier one).
   */
  #submit(doc: Document, outcome: MockOutcome, attempts: number): void {
    clearTimeout(this.#settles.get(doc.id));
    this.#settles.delete(doc.id);
    const settle = outcome === 'pending' ? this.settle : undefined;
    applyOutcome(doc, outcome, attempts, settle && Date.now() + settle.afterMs);
    this.onEvent(OUTCOME_EVENTS[outcome], structuredClone(doc));
    if (settle) {
      const timer = setTimeout(() => this.#submit(doc, settle.outcome, doc.taxAuthority.attempts + 1), settle.afterMs);
      this.#settles.set(doc.id, timer);
    }
  }

  /** One page of documents matching the filters, newest first. */
  list(query: DocumentListQuery): ListEnvelope<Document> {
    const matches = this.#documents
      .filter(
        (d) =>
          (query.type === undefined || d.type === query.type) &&
          (query.series === undefined || d.series === query.series) &&
          (query.status === undefined || d.status === query.status) &&
          (query.customerDocumentNumber === undefined || d.customer.documentNumber === query.customerDocumentNumber) &&
          (query.issuedFrom === undefined || d.issueDate >= query.issuedFrom) &&
          (query.issuedTo === undefined || d.issueDate <= query.issuedTo),
      )
      .reverse();
    return paginate(matches, query.limit, query.cursor);
  }

  /** Asks for voiding (comunicación de baja): only accepted documents; the status becomes `voiding`. */
  void(id: string): Document {
    const doc = this.#find(id);
    if (doc.status !== 'accepted') {
      throw new MockAPIError(422, 'validation_error', `Only accepted documents can be voided; ${doc.fullNumber} is ${doc.status}`, []);
    }
    doc.status = 'voiding';
    doc.updatedAt = isoNow();
    return structuredClone(doc);
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
        `Only pending or failed documents can be resent; ${doc.fullNumber} is ${doc.status}`,
        [],
      );
    }
    this.#submit(doc, this.outcome(paramsOf(doc)), doc.taxAuthority.attempts + 1);
    return structuredClone(doc);
  }
}

/** A stored answer, replayed for a repeated idempotency key. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface IdempotencyRecord {
  fingerprint: string;
  response?: StoredResponse;
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

/** Idempotency keys, scoped by the caller: API key + method + path + `Idempotency-Key`. */
export class IdempotencyStore {
  #records = new Map<string, IdempotencyRecord>();

  /** Forgets every key. */
  reset(): void {
    this.#records.clear();
  }

  /**
   * Claims `scope` for a request whose body has `fingerprint`. Returns the stored response to
   * replay, or `undefined` when the caller must run the request (and then `complete` or `release`).
   * Throws 422 `idempotency_key_reused` for another body, 409 `idempotency_key_in_use` while the
   * first request is still running.
   */
  claim(scope: string, fingerprint: string): StoredResponse | undefined {
    const record = this.#records.get(scope);
    if (!record) {
      this.#records.set(scope, { fingerprint });
      return undefined;
    }
    if (record.fingerprint !== fingerprint) {
      throw new MockAPIError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request body');
    }
    if (!record.response) {
      throw new MockAPIError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed');
    }
    return record.response;
  }

  /** Stores the answer of a claimed scope for replay. */
  complete(scope: string, response: StoredResponse): void {
    const record = this.#records.get(scope);
    if (record) record.response = response;
  }

  /** Frees a claimed scope without storing an answer (the request did not finish). */
  release(scope: string): void {
    this.#records.delete(scope);
  }
}
