/**
 * The guías de remisión (`09` remitente, `31` transportista) of one sandbox: each create checked
 * with SUNAT's rules before it takes a number (`checkDespatch`: a 422 whose issues carry
 * `sunat_<code>` and the field's path, nothing numbered), its related documents of this account
 * resolved, numbered per series, its DespatchAdvice rendered once, and sent as SUNAT's REST flow
 * takes a guía: `pending` with its ticket. SUNAT's answer to the ticket comes on a timer, as the
 * test's `ticketOutcome` chooses it (accepted, rejected, still in process, unknown ticket), with
 * the event `despatch.accepted` / `despatch.rejected`. A plain class, no HTTP:
 * `routes/despatches.ts` maps the requests onto these calls.
 *
 * @module
 */
import type { ListEnvelope } from '../../core/pagination.js';
import type { Despatch, DespatchCreateParams, DespatchListItem } from '../../models/despatch.js';
import type { TaxAuthorityStatus } from '../../models/document.js';
import { checkDespatch } from '../../sunat/despatch/check.js';
import { MAX_DOCUMENT_NUMBER } from '../../sunat/document-codes.js';
import { type DespatchRelatedReference, renderDespatch } from '../../sunat/ubl/despatch.js';
import type { Issuer } from '../../sunat/ubl/types.js';
import { MockAPIError, validationError } from '../middleware/problem.js';
import { isoNow, limaToday } from './clock.js';
import { computedAt, fieldIssue } from './document-values.js';
import { randomId } from './ids.js';
import { LaterAnswers } from './later-answers.js';
import { OrderedIndex } from './ordered-index.js';
import { NO_NOTES } from './sunat-answers.js';
import type { MockTicketOutcomeFn } from './tickets.js';

/**
 * How long the service waits before it asks SUNAT again about a ticket still in process (`98`):
 * the `nextAttemptAt` of a guía SUNAT has not answered yet.
 */
export const DESPATCH_POLL_MS = 60_000;

/** The rejection SUNAT's back end gives a guía it already has with other data (a test's `rejected`). */
const REJECTION = ['1033', 'El comprobante fue registrado previamente con otros datos'] as const;

/** Filters and page options of a list, already validated. */
export interface DespatchListQuery {
  limit: number;
  cursor?: string | undefined;
  type?: string | undefined;
  series?: string | undefined;
  status?: string | undefined;
  issuedFrom?: string | undefined;
  issuedTo?: string | undefined;
}

/** Options of a {@link DespatchStore}. */
export interface DespatchStoreOptions {
  /** SUNAT's answer to each guía's ticket. Default: accepted. */
  outcome?: MockTicketOutcomeFn | undefined;
  /** Milliseconds before SUNAT answers a ticket (0: the next timer turn). */
  settleAfterMs: () => number;
  /** Hears each guía SUNAT answered, with its event type. Default: nobody. */
  onEvent?: ((type: 'despatch.accepted' | 'despatch.rejected', despatch: Despatch) => void) | undefined;
  /** The issuer of each new guía: the account at the time. */
  issuer: () => Issuer;
  /** A document of this account by its id (a related document given by `documentId`); a 404 `MockAPIError` when unknown. */
  document: (id: string) => { type: string; fullNumber: string };
  /** The address every `pdfUrl` starts with. Default: the one each create gives. */
  baseURL?: string | undefined;
}

/** Now in Lima as `hh:mm:ss`: Peru keeps UTC-5 all year. */
const limaTime = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(11, 19);

/** The guías of one sandbox, oldest first, with the last number of each series and SUNAT's answers to come. */
export class DespatchStore {
  readonly #items = new OrderedIndex<Despatch>();
  readonly #lastNumbers = new Map<string, number>();
  readonly #later = new LaterAnswers();
  readonly #outcome: MockTicketOutcomeFn;
  readonly #settleAfterMs: () => number;
  readonly #onEvent: NonNullable<DespatchStoreOptions['onEvent']>;
  readonly #issuer: () => Issuer;
  readonly #document: DespatchStoreOptions['document'];
  readonly #baseURL: string | undefined;
  #lastTicket = 0;

  constructor(options: DespatchStoreOptions) {
    this.#outcome = options.outcome ?? (() => 'accepted');
    this.#settleAfterMs = options.settleAfterMs;
    this.#onEvent = options.onEvent ?? (() => undefined);
    this.#issuer = options.issuer;
    this.#document = options.document;
    this.#baseURL = options.baseURL;
  }

  /** Forgets every guía and number; answers still to come are cancelled. */
  reset(): void {
    this.#later.cancelAll();
    this.#items.clear();
    this.#lastNumbers.clear();
  }

  /** A copy of one guía; 404 `not_found` when unknown. */
  get(id: string): Despatch {
    const item = this.#items.get(id);
    if (!item) throw new MockAPIError(404, 'not_found', `No despatch with id '${id}'`);
    return structuredClone(item);
  }

  /** One page, newest first, filtered; each without its `signedXml`. */
  list({ limit, cursor, type, series, status, issuedFrom, issuedTo }: DespatchListQuery): ListEnvelope<DespatchListItem> {
    return this.#items.page(
      limit,
      cursor,
      (item) =>
        (type === undefined || item.type === type) &&
        (series === undefined || item.series === series) &&
        (status === undefined || item.status === status) &&
        (issuedFrom === undefined || item.issueDate >= issuedFrom) &&
        (issuedTo === undefined || item.issueDate <= issuedTo),
      ({ signedXml: _, ...listed }) => structuredClone(listed),
    );
  }

  /**
   * Issues a guía as the service does: SUNAT's rules first (a 422 `validation_error` whose issues
   * carry `sunat_<code>`, SUNAT's description and the field's path), and its related documents
   * given by `documentId` (a 422 for one this account does not have), nothing numbered; then the
   * next number of its series, its XML (a text XML cannot carry is a 422 before the number is
   * taken), and the send: `pending`, with SUNAT's ticket, answered after `settleAfterMs`.
   *
   * @param origin The address its `pdfUrl` starts with, unless the store has a `baseURL`.
   */
  create(params: DespatchCreateParams, origin: string): Despatch {
    const issuer = this.#issuer();
    const today = limaToday();
    const issues = checkDespatch(params, { issuerRuc: issuer.ruc, today }).map(fieldIssue);
    const related = (params.relatedDocuments ?? []).flatMap((reference, index): DespatchRelatedReference[] => {
      if ('type' in reference) return [reference];
      try {
        const document = this.#document(reference.documentId);
        return [{ type: document.type, number: document.fullNumber, issuerRuc: issuer.ruc }];
      } catch (error) {
        if (!(error instanceof MockAPIError)) throw error;
        issues.push({ path: `relatedDocuments.${index}.documentId`, code: 'not_found', message: `No document with id '${reference.documentId}' on this account` });
        return [];
      }
    });
    if (issues.length > 0) throw validationError(issues);
    const number = (this.#lastNumbers.get(params.series) ?? 0) + 1;
    if (number > MAX_DOCUMENT_NUMBER) {
      throw validationError([{ path: 'series', code: 'too_big', message: `${params.series} has used every number up to ${MAX_DOCUMENT_NUMBER}: use a new series` }]);
    }
    const fullNumber = `${params.series}-${number}`;
    const issueDate = params.issueDate ?? today;
    const signedXml = computedAt('', () => renderDespatch(params, { issuer, fullNumber, issueDate, issueTime: limaTime(), related }));
    this.#lastNumbers.set(params.series, number);
    const id = randomId('desp_');
    const now = isoNow();
    const afterMs = this.#settleAfterMs();
    // When the service asks SUNAT about the ticket, rounded up to the second (as a pending document's).
    const nextAttemptAt = isoNow(new Date(Math.ceil((Date.now() + afterMs) / 1000) * 1000));
    const taxAuthority: TaxAuthorityStatus = { status: 'pending', code: null, description: null, notes: NO_NOTES, attempts: 1, nextAttemptAt, respondedAt: null };
    const despatch: Despatch = {
      ...structuredClone(params),
      id,
      object: 'despatch',
      number,
      fullNumber,
      issueDate,
      weightUnit: params.weightUnit ?? 'KGM',
      status: 'pending',
      ticket: String(Date.now() * 1000 + (++this.#lastTicket % 1000)),
      signedXml,
      pdfUrl: `${this.#baseURL ?? origin}/v1/despatches/${id}/pdf`,
      taxAuthority,
      createdAt: now,
      updatedAt: now,
    };
    this.#items.add(despatch);
    this.#later.schedule(id, afterMs, () => this.#answer(id));
    return structuredClone(despatch);
  }

  /**
   * SUNAT's answer to the ticket of `id`, as `outcome` decides it: accepted (`0`) or rejected, with
   * its event; still in process (`98`), asked again after {@link DESPATCH_POLL_MS}; or an unknown
   * ticket (`0127`, an exception), asked no more.
   */
  #answer(id: string): void {
    const current = this.#items.get(id)!;
    const outcome = this.#outcome({ kind: current.type, identifier: current.fullNumber, fullNumbers: [current.fullNumber] });
    const now = isoNow();
    const answer = (changes: Partial<TaxAuthorityStatus>): TaxAuthorityStatus => ({ ...current.taxAuthority, respondedAt: now, nextAttemptAt: null, ...changes });
    switch (outcome) {
      case 'accepted':
        this.#settle(current, 'accepted', answer({ status: 'accepted', code: '0', description: `La Guia numero ${current.fullNumber}, ha sido aceptada` }));
        return;
      case 'rejected':
        this.#settle(current, 'rejected', answer({ status: 'rejected', code: REJECTION[0], description: REJECTION[1] }));
        return;
      case 'in_process': {
        const next = new Date(Date.now() + DESPATCH_POLL_MS);
        const taxAuthority = answer({ code: '98', description: 'Envío en proceso', attempts: current.taxAuthority.attempts + 1, nextAttemptAt: isoNow(next) });
        this.#items.replace({ ...current, taxAuthority, updatedAt: now });
        this.#later.schedule(id, DESPATCH_POLL_MS, () => this.#answer(id));
        return;
      }
      case 'unknown_ticket':
        this.#items.replace({ ...current, taxAuthority: answer({ status: 'exception', code: '0127', description: 'El ticket no existe' }), updatedAt: now });
        return;
    }
  }

  /** Stores SUNAT's final answer and tells the listener. */
  #settle(current: Despatch, status: 'accepted' | 'rejected', taxAuthority: TaxAuthorityStatus): void {
    const settled: Despatch = { ...current, status, taxAuthority, updatedAt: taxAuthority.respondedAt! };
    this.#items.replace(settled);
    this.#onEvent(`despatch.${status}`, structuredClone(settled));
  }
}
