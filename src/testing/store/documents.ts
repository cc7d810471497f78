/**
 * The documents of one sandbox: issued as the service issues them (each create body prepared once
 * by `prepareDocument`: SUNAT's rules, every derived value, SUNAT's observations, the UBL XML all
 * read from it), numbered, answered by the simulated SUNAT, voided and resent. Plain classes, no
 * HTTP: `routes/documents.ts` maps the requests onto these calls.
 *
 * @module
 */
import type { ListEnvelope } from '../../core/pagination.js';
import type { Account } from '../../models/account.js';
import type { Document, DocumentCreateParams, DocumentListItem, TaxAuthorityStatus } from '../../models/document.js';
import type { EventType } from '../../models/event.js';
import { computedOf } from '../../sunat/document/answer.js';
import { prepareDocument } from '../../sunat/document/prepare.js';
import { sunatIssue, voidRefusal } from '../../sunat/document/rules/index.js';
import { renderSummaryDocuments, renderVoidedDocuments, type SummaryDocumentLine } from '../../sunat/ubl/summaries.js';
import { rucProblem } from '../../sunat/identity.js';
import { igvRateOn } from '../../sunat/rates.js';
import { MAX_DOCUMENT_NUMBER } from '../../sunat/document-codes.js';
import { type Issuer, renderUbl } from '../../sunat/ubl/index.js';
import { MockAPIError, validationError } from '../middleware/problem.js';
import { SANDBOX_ISSUER } from './account.js';
import { isoNow, limaToday } from './clock.js';
import { type DocumentCore, listedDocument, paramsOf, presentDocument, StoredDocument } from './document-version.js';
import { randomId } from './ids.js';
import { OrderedIndex } from './ordered-index.js';
import { LaterAnswers } from './later-answers.js';
import { SharedParts } from './shared-parts.js';
import { TicketStore } from './tickets.js';
import { CASH, fieldIssue, lineOf, NO_METADATA, type SunatFieldIssue, totalsOf, computedAt } from './document-values.js';
import { creditBalanceIssue, referencedDocument } from './nota-references.js';
import { sellRateOf } from './registries.js';
import { type MockOutcome, type MockOutcomeFn, type MockSettle, NO_NOTES, NOT_SUBMITTED, OUTCOME_EVENTS, outcomeOf } from './sunat-answers.js';

/** Hears what happens to documents, as the events webhooks would deliver: the version of the document then (kept as given, never changed). */
export type DocumentEventListener = (type: EventType, doc: StoredDocument) => void;

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
  /** Whether the issuer is, at the time, in SUNAT's padrón of restaurants and hotels: its documents are at the reduced IGV rate. Default: never. */
  igvReducedRate?: (() => boolean) | undefined;
  /** How the issuer, at the time, reports its boletas and the notas on a `B` series (`account.boletaReporting`). Default: `'individual'`. */
  boletaReporting?: (() => Account['boletaReporting']) | undefined;
  /** Where a void's comunicación de baja or resumen diario, and the resumen diario that reports boletas, are made, sent and answered. Default: a store of its own, SUNAT accepting every ticket on the next timer turn. */
  tickets?: TicketStore | undefined;
}

/** A document just issued: its version, and the XML SUNAT received, for the answer to its create (the store keeps no XML). */
export interface IssuedDocument {
  version: StoredDocument;
  signedXml: string;
}

/** A 422 for a document whose status does not allow the operation: one issue, on the whole body, of code `invalid_status` (docs/contract.md §5). */
const statusRefused = (message: string) => validationError([{ path: '', code: 'invalid_status', message }]);

/** Whether SUNAT takes a document of `series` in a resumen diario: a boleta or a nota on a `B` series (a comunicación de baja refuses them, SUNAT's 2308 and 2310). */
const summarised = (series: string) => series.startsWith('B');

/** The document a nota modifies as a summary's line names it (`cac:BillingReference`): one issued here, or the one its reference names. */
function billingReferenceOf({ modified, reference }: Pick<DocumentCore, 'modified' | 'reference'>): SummaryDocumentLine['modified'] {
  const { type, fullNumber } = modified ?? reference ?? {};
  return type !== undefined && fullNumber !== undefined ? { type, fullNumber } : undefined;
}

/** SUNAT's answer as a document that SUNAT accepts gets it: with what SUNAT observes in the document among its notes, first. */
function withObservations(taxAuthority: TaxAuthorityStatus, core: DocumentCore): TaxAuthorityStatus {
  const observations = core.observations ?? NO_NOTES;
  if (taxAuthority.status !== 'accepted' || observations.length === 0) return taxAuthority;
  return { ...taxAuthority, notes: [...observations, ...taxAuthority.notes] };
}

/**
 * The documents of one sandbox, oldest first, with the next correlative of each type and series.
 * Each is kept as one compact {@link StoredDocument}; lists walk an index from the cursor, so a
 * page costs what it returns.
 */
export class DocumentStore {
  readonly #documents = new OrderedIndex<StoredDocument>();
  readonly #lastNumbers = new Map<string, number>();
  /** SUNAT's answers still to come (a pending submission, a void), by document id. */
  readonly #later = new LaterAnswers();
  /** One string per address documents were created at, shared by all of them. */
  readonly #origins = new Map<string, string>();
  readonly #onEvent: DocumentEventListener;
  readonly #settle: MockSettle | undefined;
  readonly #baseURL: string | undefined;
  readonly #issuer: () => Issuer;
  readonly #igvReducedRate: () => boolean;
  readonly #boletaReporting: () => Account['boletaReporting'];
  readonly #tickets: TicketStore;
  /** The latest SUNAT answers, shared by the documents that get the same one (never changed): by outcome, attempt and time. */
  readonly #answers = new Map<string, Pick<Document, 'status' | 'taxAuthority' | 'updatedAt'>>();
  /** Equal customers, lines, totals and legends, kept once for every document that has them. */
  readonly #shared = new SharedParts();
  /** The notas issued here of each document, by its id: what a new nota de crédito may still credit. */
  readonly #notas = new Map<string, string[]>();

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
    this.#igvReducedRate = options.igvReducedRate ?? (() => false);
    this.#boletaReporting = options.boletaReporting ?? (() => 'individual');
    this.#tickets =
      options.tickets ??
      new TicketStore(
        () => 'accepted',
        () => 0,
        () => undefined,
      );
    this.reset();
  }

  /** Back to the seed documents; answers still to come are cancelled. */
  reset(): void {
    this.#later.cancelAll();
    this.#documents.clear();
    this.#lastNumbers.clear();
    this.#notas.clear();
    for (const seed of this.seed) {
      const { status, taxAuthority, updatedAt, ...core } = structuredClone(seed);
      this.#documents.add(new StoredDocument(core as DocumentCore, status, taxAuthority, updatedAt));
      this.#bumpNumber(seed.type, seed.series, seed.number);
      this.#noteOf(core.reference?.documentId, core.id);
    }
  }

  /** Records `id` as a nota of the document `documentId` names, if any. */
  #noteOf(documentId: string | undefined, id: string): void {
    if (documentId === undefined) return;
    const notas = this.#notas.get(documentId);
    if (notas) notas.push(id);
    else this.#notas.set(documentId, [id]);
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
   * Issues a document as the service does: prepares the body once (`prepareDocument`, at the
   * issuer's IGV rate of the issue date: the reduced one of SUNAT's padrón for an account in it) and checks a nota's reference; a body that breaks a rule is a 422
   * `validation_error` whose issues carry `sunat_<code>`, SUNAT's description of it and the field's
   * path, and takes no number. Then it assigns the next number of its type and series, renders the
   * XML SUNAT receives (a text XML cannot carry is a 422 too, before the number is taken), fills
   * the defaults and every derived value from the prepared document and simulates SUNAT's answer,
   * whose notes are the document's observations. Answers the version stored after the answer (to
   * present with {@link presentDocument}) and its XML.
   *
   * @param origin The address its `pdfUrl` starts with, unless the store has a `baseURL`.
   */
  create(params: DocumentCreateParams, origin: string): IssuedDocument {
    const today = limaToday();
    const issueDate = params.issueDate ?? today;
    // SUNAT's rate of the issue date (the latest published, for a date ahead): a USD boleta's S/ 700 rule reads it.
    const exchangeRate = params.currency === 'USD' ? sellRateOf(issueDate, today) : undefined;
    // The issuer's rate on the issue date: the general one, or the reduced one of the padrón (a RangeError before 2022-09-01 names the date).
    const igvRate = computedAt('issueDate', () => igvRateOn(issueDate, { reduced: this.#igvReducedRate() }));
    const issuer = this.#issuer();
    const prepared = prepareDocument(params, { igvRate, today, establishments: issuer.establishments?.map((establishment) => establishment.code), exchangeRate });
    const issues = prepared.issues.map(fieldIssue);
    // The service knows SUNAT's registry: a RUC customer whose check digit fails is no taxpayer, strict checks or not.
    const ruc = params.customer.documentType === '6' ? rucProblem(params.customer.documentNumber) : undefined;
    if (ruc !== undefined) issues.unshift({ path: 'customer.documentNumber', code: 'invalid_ruc', message: ruc });
    const modified = referencedDocument(params, (id) => this.#documents.get(id)?.core, issues);
    const documentId = params.reference?.documentId;
    if (params.type === '07' && modified !== undefined && documentId !== undefined && prepared.amounts !== undefined) {
      const notas = (this.#notas.get(documentId) ?? []).map((id) => this.#find(id));
      const exceeds = creditBalanceIssue(modified, notas, prepared.amounts.totals.total);
      if (exceeds !== undefined) issues.push(exceeds);
    }
    issues.push(...this.#advanceIssues(params));
    if (issues.length > 0) throw validationError(issues);
    const computed = computedAt('', () => computedOf(prepared));
    // The account's choice at the time: a boleta, or a nota on a `B` series, in the resumen diario of its issue date, or on its own.
    const inSummary = summarised(params.series) && this.#boletaReporting() === 'summary';
    // SUNAT's answer (to a document sent on its own) is decided before the number is taken: an `outcome` that throws leaves no gap.
    const outcome = inSummary ? undefined : this.outcome(params);
    const key = `${params.type}/${params.series}`;
    const number = (this.#lastNumbers.get(key) ?? 0) + 1;
    if (number > MAX_DOCUMENT_NUMBER) {
      throw validationError([{ path: 'series', code: 'too_big', message: `${params.series} has used every number up to ${MAX_DOCUMENT_NUMBER}: register a new series` }]);
    }
    const fullNumber = `${params.series}-${number}`;
    const signedXml = computedAt('', () => renderUbl(prepared, { issuer, fullNumber, modifiedDocument: modified }));
    this.#lastNumbers.set(key, number);
    const now = isoNow();
    const address = this.#baseURL ?? origin;
    if (!this.#origins.has(address)) this.#origins.set(address, address);
    const { detraction, perception, retention } = computed;
    const observed = prepared.observations.map(({ code, description }) => ({ code, description }));
    const id = randomId('doc_');
    const customer = this.#shared.of('customer', params.customer);
    const totals = this.#shared.of('totals', totalsOf(computed.totals));
    const summary =
      inSummary &&
      this.#tickets.report(
        {
          referenceDate: issueDate,
          line: {
            documentId: id,
            type: params.type,
            fullNumber,
            condition: '1',
            currency: params.currency ?? 'PEN',
            customer,
            modified: billingReferenceOf({ modified, reference: params.reference }),
            totals,
          },
          settled: (accepted) => this.#reported(id, accepted),
        },
        issuer,
      );
    // One literal in one order: every core gets the same shape (and V8 the same hidden class).
    const core: DocumentCore = {
      id,
      object: 'document',
      type: params.type,
      series: params.series,
      number,
      fullNumber,
      customer,
      items: this.#shared.of(
        'items',
        params.items.map((item, i) => this.#shared.of('line', lineOf(item, computed.items[i]!))),
      ),
      currency: params.currency ?? 'PEN',
      issueDate,
      dueDate: params.dueDate,
      operationType: computed.operationType,
      paymentTerms: params.paymentTerms ?? (computed.paymentTerms && CASH),
      detraction: detraction && { ...detraction, amount: Number(detraction.amount) },
      perception: perception && {
        ...perception,
        code: params.perception!.code,
        base: Number(perception.base),
        amount: Number(perception.amount),
        total: Number(perception.total),
      },
      retention: retention && { ...retention, base: Number(retention.base), amount: Number(retention.amount) },
      paymentMethods: params.paymentMethods,
      delivery: params.delivery,
      establishmentCode: params.establishmentCode,
      exchangeRate: params.exchangeRate,
      discounts: params.discounts,
      charges: params.charges,
      despatches: params.despatches,
      relatedDocuments: params.relatedDocuments,
      advances: params.advances,
      purchaseOrder: params.purchaseOrder,
      legends: this.#shared.of('legends', computed.legends),
      rounding: params.rounding,
      reference: params.reference ?? null,
      metadata: params.metadata ?? NO_METADATA,
      totals,
      origin: this.#origins.get(address),
      issuer,
      modified,
      observations: observed.length > 0 ? observed : NO_NOTES,
      igvRate,
      summaryId: summary ? summary.id : undefined,
      createdAt: now,
    };
    const doc = new StoredDocument(core, 'pending', NOT_SUBMITTED, now);
    this.#onEvent('document.created', doc);
    this.#documents.add(doc);
    this.#noteOf(documentId, doc.id);
    return { version: outcome === undefined ? doc : this.#submit(doc.id, outcome, 1), signedXml };
  }

  /**
   * SUNAT's answer to the resumen diario that reports document `id`: `accepted` or `rejected`, its
   * `taxAuthority` the summary's (with what SUNAT observes in the document, on an acceptance), and
   * its event.
   */
  #reported(id: string, accepted: boolean): void {
    const current = this.#find(id);
    const { taxAuthority, updatedAt } = this.#tickets.summaries.get(current.core.summaryId as string);
    const doc = current.with({ status: accepted ? 'accepted' : 'rejected', taxAuthority: withObservations(taxAuthority, current.core), updatedAt });
    this.#documents.replace(doc);
    this.#onEvent(accepted ? 'document.accepted' : 'document.rejected', doc);
  }

  /**
   * SUNAT's back-end checks of the advances a document deducts, on the series issued here (an
   * advance of another series was issued elsewhere, before migrating): its document exists (3218)
   * and SUNAT accepted it (3219).
   */
  #advanceIssues(params: DocumentCreateParams): SunatFieldIssue[] {
    const issues: SunatFieldIssue[] = [];
    params.advances?.forEach((advance, i) => {
      const type = advance.type === '02' ? '01' : '03';
      const [series, number] = advance.fullNumber.split('-');
      const last = this.#lastNumbers.get(`${type}/${series}`);
      if (last === undefined) return;
      const path = ['advances', i, 'fullNumber'];
      if (!(Number(number) <= last)) {
        issues.push(fieldIssue(sunatIssue('3218', path, { fullNumber: advance.fullNumber })));
        return;
      }
      for (const doc of this.#documents.values()) {
        if (doc.core.type !== type || doc.core.fullNumber !== `${series}-${Number(number)}`) continue;
        if (doc.status !== 'accepted' && doc.status !== 'voiding')
          issues.push(fieldIssue(sunatIssue('3219', path, { fullNumber: advance.fullNumber, status: doc.status })));
        return;
      }
    });
    return issues;
  }

  /**
   * Applies SUNAT's answer to a submission, stores the new version and emits its event. A
   * `pending` answer, with `settle`, schedules the later one (a `setTimeout`, replacing any earlier one).
   */
  #submit(id: string, outcome: MockOutcome, attempts: number): StoredDocument {
    this.#later.cancel(id);
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
    // SUNAT notes what it observes in the document on every answer that accepts it.
    const doc = current.with({ ...answer, taxAuthority: withObservations(answer.taxAuthority, current.core) });
    this.#documents.replace(doc);
    this.#onEvent(OUTCOME_EVENTS[outcome], doc);
    if (settle) this.#later.schedule(id, settle.afterMs, () => this.#submit(id, settle.outcome, doc.taxAuthority.attempts + 1));
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
   * Asks for voiding, as the service does: SUNAT's rules first ({@link voidRefusal}: accepted,
   * not voided before, within 7 calendar days in Lima; a 422 `sunat_<code>` otherwise, nothing
   * made). A factura or a nota on an `F` series gets a comunicación de baja (`RA`) with one line;
   * a boleta or a nota on a `B` series, which an RA refuses (SUNAT's 2308 and 2310), a resumen
   * diario (`RC`) with one line of condition `3`. The document becomes `voiding`, naming it in
   * `voidedBy`; once SUNAT accepts its ticket the document is `voided` (`document.voided`), once
   * SUNAT rejects it the document is `accepted` again.
   */
  void(id: string, reason: string): Document {
    const current = this.#find(id);
    const { core } = current;
    const refusal = voidRefusal({ fullNumber: core.fullNumber, issueDate: core.issueDate, status: current.status }, limaToday());
    if (refusal !== undefined) throw validationError([fieldIssue(refusal)]);
    const settled = (accepted: boolean) => {
      const voided = this.#find(id).with({ status: accepted ? 'voided' : 'accepted', updatedAt: isoNow() });
      this.#documents.replace(voided);
      if (accepted) this.#onEvent('document.voided', voided);
    };
    // The account sends the voiding today, as it is today.
    const issuer = this.#issuer();
    const { type, fullNumber, issueDate: referenceDate } = core;
    const header = (identifier: string, issueDate: string) => ({ identifier, issueDate, referenceDate, issuer });
    let voidedBy: NonNullable<Document['voidedBy']>;
    if (summarised(core.series)) {
      const { currency, customer, totals } = core;
      const modified = billingReferenceOf(core);
      const summary = this.#tickets.openSummary({
        referenceDate,
        lines: [{ documentId: id, type, fullNumber, condition: '3', total: totals.total }],
        render: (identifier, issueDate) =>
          renderSummaryDocuments(header(identifier, issueDate), [{ type, fullNumber, condition: '3', currency, customer, modified, totals }]),
        settled,
      });
      voidedBy = { object: 'summary', id: summary.id };
    } else {
      const voiding = this.#tickets.openVoiding({
        referenceDate,
        lines: [{ documentId: id, type, fullNumber, reason }],
        render: (identifier, issueDate) => renderVoidedDocuments(header(identifier, issueDate), [{ type, fullNumber, reason }]),
        settled,
      });
      voidedBy = { object: 'voiding', id: voiding.id };
    }
    const doc = current.with({ status: 'voiding', voidedBy, updatedAt: isoNow() });
    this.#documents.replace(doc);
    return presentDocument(doc);
  }

  /**
   * Starts a new submission attempt: allowed while `pending`, after `failed`, or when SUNAT
   * answered with an exception; counts the attempt and applies the simulated answer. Refused for a
   * document reported in a resumen diario: SUNAT answers it through the summary's ticket.
   */
  resend(id: string): Document {
    const doc = this.#find(id);
    const { summaryId } = doc.core;
    if (summaryId !== undefined) {
      throw statusRefused(
        `${doc.core.fullNumber} is reported to SUNAT in the resumen diario ${summaryId}: SUNAT answers it through that summary's ticket, not on its own`,
      );
    }
    if (doc.status !== 'pending' && doc.status !== 'failed' && doc.taxAuthority.status !== 'exception') {
      throw statusRefused(`Only pending or failed documents can be resent; ${doc.core.fullNumber} is ${doc.status}`);
    }
    return presentDocument(this.#submit(id, this.outcome(paramsOf(doc.core)), doc.taxAuthority.attempts + 1));
  }
}
