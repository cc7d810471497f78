/**
 * SUNAT's summaries in the sandbox: the comunicaciones de baja (`RA`) and the resúmenes de
 * reversiones (`RR`, of retentions and perceptions) of `client.voidings`, and the resúmenes
 * diarios (`RC`, `client.summaries`) a void makes or that report an account's boletas (its
 * `boletaReporting` `'summary'`), each with its identifier, its XML, SUNAT's ticket and SUNAT's
 * later answer to it (one timer each), as a test chooses it.
 *
 * @module
 */
import type { TaxAuthorityStatus } from '../../models/document.js';
import type { EventType } from '../../models/event.js';
import type { Summary, SummaryLine } from '../../models/summary.js';
import type { Voiding, VoidingLine } from '../../models/voiding.js';
import { renderSummaryDocuments, type SummaryDocumentLine } from '../../sunat/ubl/summaries.js';
import type { Issuer } from '../../sunat/ubl/types.js';
import { isoNow, limaToday } from './clock.js';
import { Collection } from './collection.js';
import { randomId } from './ids.js';
import { LaterAnswers } from './later-answers.js';
import { NO_NOTES } from './sunat-answers.js';

/**
 * SUNAT's answer to a summary's ticket, as a test chooses it: `accepted` (its CDR, code `0`),
 * `rejected` (its CDR with an error code), `in_process` (getStatus keeps answering `98`: the
 * summary stays `pending`), `unknown_ticket` (getStatus answers `0127`, the ticket does not
 * exist: the summary stays `pending`, SUNAT's answer an `exception`).
 */
export type MockTicketOutcome = 'accepted' | 'rejected' | 'in_process' | 'unknown_ticket';

/** What a test's `ticketOutcome` sees of a summary, or a guía de remisión, SUNAT is answering. */
export interface MockTicket {
  /** `RA`, `RR` or `RC` for a summary; `09` or `31` for a guía de remisión (`client.despatches`). */
  kind: 'RA' | 'RR' | 'RC' | '09' | '31';
  /** The summary's identifier (`RA-20261129-1`), or the guía's number (`T001-1`). */
  identifier: string;
  /** The numbers of the documents it carries, e.g. `F001-12`. */
  fullNumbers: string[];
}

/** Decides SUNAT's answer to the ticket of a voiding or a summary. */
export type MockTicketOutcomeFn = (ticket: MockTicket) => MockTicketOutcome;

/** Hears what happens to voidings and summaries: the event, and the object then. */
export type TicketEventListener = (type: EventType, object: Voiding | Summary) => void;

/** What a new voiding or summary carries, and what to do once SUNAT has answered it. */
export interface TicketRequest<Line> {
  referenceDate: string;
  lines: Line[];
  /** Its XML, from its identifier and issue date. */
  render: (identifier: string, issueDate: string) => string;
  /** Called once SUNAT accepts (`true`) or rejects (`false`) it, after its own event. */
  settled: (accepted: boolean) => void;
}

/** A boleta, or a nota on a `B` series, reported in a resumen diario: its line, and what to do once SUNAT has answered the summary. */
export interface ReportedDocument {
  /** Its issue date: the summary's `referenceDate`. */
  referenceDate: string;
  /** Its line in the XML (condition `1`), with its id. */
  line: SummaryDocumentLine & { documentId: string };
  /** Called once SUNAT accepts (`true`) or rejects (`false`) the summary, after its own event. */
  settled: (accepted: boolean) => void;
}

/** A summary's line of a document, as `client.summaries` shows it. */
const summaryLineOf = ({ documentId, type, fullNumber, condition, totals }: ReportedDocument['line']): Omit<SummaryLine, 'lineId'> => ({
  documentId,
  type,
  fullNumber,
  condition,
  total: totals.total,
});

/** The most lines SUNAT takes in one resumen diario. */
export const MAX_SUMMARY_LINES = 500;

/** A resumen diario not sent yet: the documents reported in it so far. */
interface GatheringSummary {
  referenceDate: string;
  documents: ReportedDocument[];
  /** Its XML, with the documents reported so far. */
  render: TicketRequest<unknown>['render'];
}

/** SUNAT's words for each answer (its CDR's Description, or getStatus's). */
const NAMES = { RA: 'La Comunicacion de baja', RR: 'El Resumen de reversiones', RC: 'El Resumen diario' } as const;
/** The rejection SUNAT's back end gives a summary whose document it already has (a test's `rejected`). */
const REJECTIONS = {
  RA: ['2323', 'Existe documento ya informado anteriormente en una comunicacion de baja'],
  RR: ['2751', 'El comprobante fue informado previamente en una reversión.'],
  RC: ['2282', 'Existe documento ya informado anteriormente'],
} as const;

/** The voidings and summaries of one sandbox, and SUNAT's answers to come. */
export class TicketStore {
  readonly voidings = new Collection<Voiding>('voiding');
  readonly summaries = new Collection<Summary>('summary');
  readonly #xml = new Map<string, string>();
  readonly #later = new LaterAnswers();
  /** The last correlative of each identifier's day, `RA-20261129` → 2: never reused, not even after `reset`. */
  readonly #numbers = new Map<string, number>();
  #lastTicket = 0;
  /** The resúmenes diarios not sent yet (on the next timer turn), by id: documents of their issue date still join them. */
  readonly #gathering = new Map<string, GatheringSummary>();

  constructor(
    private readonly outcome: MockTicketOutcomeFn,
    private readonly settleAfterMs: () => number,
    private readonly onEvent: TicketEventListener,
  ) {}

  /** Forgets every voiding and summary; answers still to come are cancelled. */
  reset(): void {
    this.#later.cancelAll();
    this.#gathering.clear();
    this.voidings.reset();
    this.summaries.reset();
    this.#xml.clear();
  }

  /** The XML of a voiding or a summary of `collection`; 404 `not_found` when it holds none of that id. */
  xml(collection: Collection<Voiding> | Collection<Summary>, id: string): string {
    collection.get(id);
    // Every voiding and summary has its XML from the moment it is sent; a resumen diario still gathering documents, the XML it would send now.
    return this.#xml.get(id) ?? this.#renderGathering(id);
  }

  /** The XML a resumen diario not sent yet would send now. */
  #renderGathering(id: string): string {
    const { identifier, issueDate } = this.summaries.get(id);
    // A summary without its XML is one still gathering documents.
    return (this.#gathering.get(id) as GatheringSummary).render(identifier, issueDate);
  }

  /** Makes a comunicación de baja (`RA`), or a resumen de reversiones (`RR`) of retentions and perceptions, and sends it: `pending`, with its ticket. */
  openVoiding(request: TicketRequest<Omit<VoidingLine, 'lineId'>>, kind: 'RA' | 'RR' = 'RA'): Voiding {
    return this.#open(kind, request, ({ id, ...base }, lines) => this.voidings.insert({ id, object: 'voiding', kind, ...base, lines }), this.voidings);
  }

  /** Makes a resumen diario (`RC`) and sends it: `pending`, with its ticket. */
  openSummary(request: TicketRequest<Omit<SummaryLine, 'lineId'>>): Summary {
    return this.#open('RC', request, ({ id, ...base }, lines) => this.summaries.insert({ id, object: 'summary', kind: 'RC', ...base, lines }), this.summaries);
  }

  /**
   * Reports a boleta, or a nota on a `B` series, to SUNAT in the resumen diario (`RC`) of its issue
   * date (the summary's `referenceDate`), as a line of condition `1`: it joins the one not sent
   * yet, or opens one (`pending`, no ticket yet) when there is none or it carries
   * {@link MAX_SUMMARY_LINES} lines. A summary is sent on the next timer turn, with every document
   * reported until then, and SUNAT answers its ticket as any summary's.
   *
   * @param issuer Who sends the summary: the account as it is when the summary opens.
   */
  report(document: ReportedDocument, issuer: Issuer): Summary {
    const { referenceDate, line } = document;
    for (const [id, open] of this.#gathering) {
      if (open.referenceDate !== referenceDate || open.documents.length >= MAX_SUMMARY_LINES) continue;
      open.documents.push(document);
      const { lines } = this.summaries.get(id);
      return this.summaries.update(id, { lines: [...lines, { lineId: lines.length + 1, ...summaryLineOf(line) }] });
    }
    const documents = [document];
    const render = (identifier: string, issueDate: string) =>
      renderSummaryDocuments(
        { identifier, issueDate, referenceDate, issuer },
        documents.map((reported) => reported.line),
      );
    const summary = this.#open(
      'RC',
      {
        referenceDate,
        lines: [summaryLineOf(line)],
        render,
        settled: (accepted) => {
          for (const reported of documents) reported.settled(accepted);
        },
      },
      ({ id, ...base }, lines) => this.summaries.insert({ id, object: 'summary', kind: 'RC', ...base, lines }),
      this.summaries,
      true,
    );
    this.#gathering.set(summary.id, { referenceDate, documents, render });
    return summary;
  }

  /**
   * Stores a new voiding or summary, numbered `kind-YYYYMMDD-n`, and sends it at once; one that
   * `gathers` documents is sent on the next timer turn, with the lines it has then.
   */
  #open<Line extends { fullNumber: string }, T extends Voiding | Summary>(
    kind: 'RA' | 'RR' | 'RC',
    request: TicketRequest<Line>,
    insert: (base: Omit<T, 'object' | 'kind' | 'lines'>, lines: (Line & { lineId: number })[]) => T,
    collection: Collection<T>,
    gathers = false,
  ): T {
    const issueDate = limaToday();
    const day = `${kind}-${issueDate.replaceAll('-', '')}`;
    const n = (this.#numbers.get(day) ?? 0) + 1;
    const identifier = `${day}-${n}`;
    const xml = gathers ? undefined : request.render(identifier, issueDate);
    this.#numbers.set(day, n);
    const now = isoNow();
    const taxAuthority: TaxAuthorityStatus = {
      status: 'pending',
      code: null,
      description: null,
      notes: NO_NOTES,
      attempts: gathers ? 0 : 1,
      nextAttemptAt: null,
      respondedAt: null,
    };
    const base = {
      id: randomId(kind === 'RC' ? 'sum_' : 'void_'),
      identifier,
      issueDate,
      referenceDate: request.referenceDate,
      status: 'pending',
      ticket: gathers ? null : this.#nextTicket(),
      taxAuthority,
      createdAt: now,
      updatedAt: now,
    };
    const stored = insert(
      base as Omit<T, 'object' | 'kind' | 'lines'>,
      request.lines.map((line, i) => ({ lineId: i + 1, ...line })),
    );
    const { id } = stored;
    if (xml !== undefined) {
      this.#send(kind, id, collection, xml, request.settled);
      return stored;
    }
    this.#later.schedule(id, 0, () => {
      this.#gathering.delete(id);
      collection.update(id, { ticket: this.#nextTicket(), taxAuthority: { ...taxAuthority, attempts: 1 } });
      this.#send(kind, id, collection, request.render(identifier, issueDate), request.settled);
    });
    return stored;
  }

  /** A new ticket number, as SUNAT's: digits, never the same twice. */
  #nextTicket(): string {
    return String(Date.now() * 1000 + (++this.#lastTicket % 1000));
  }

  /** Keeps the XML sent, and schedules SUNAT's answer to the ticket after `settleAfterMs`. */
  #send<T extends Voiding | Summary>(kind: 'RA' | 'RR' | 'RC', id: string, collection: Collection<T>, xml: string, settled: (accepted: boolean) => void): void {
    this.#xml.set(id, xml);
    this.#later.schedule(id, this.settleAfterMs(), () => this.#answer(kind, id, collection, settled));
  }

  /** SUNAT's answer to the ticket, as `outcome` decides it, with its event. */
  #answer<T extends Voiding | Summary>(kind: 'RA' | 'RR' | 'RC', id: string, collection: Collection<T>, settled: (accepted: boolean) => void): void {
    const current = collection.get(id);
    const outcome = this.outcome({ kind, identifier: current.identifier, fullNumbers: current.lines.map((line) => line.fullNumber) });
    const now = isoNow();
    const answer = (status: TaxAuthorityStatus['status'], code: string, description: string): TaxAuthorityStatus => ({
      ...current.taxAuthority,
      status,
      code,
      description,
      respondedAt: now,
    });
    const object = kind === 'RC' ? 'summary' : 'voiding';
    switch (outcome) {
      case 'accepted': {
        const name = `${NAMES[kind]} ${current.identifier}, ha sido ${kind === 'RA' ? 'aceptada' : 'aceptado'}`;
        const accepted = collection.update(id, { status: 'accepted', taxAuthority: answer('accepted', '0', name) });
        this.onEvent(`${object}.accepted`, accepted);
        settled(true);
        return;
      }
      case 'rejected': {
        const [code, description] = REJECTIONS[kind];
        const rejected = collection.update(id, { status: 'rejected', taxAuthority: answer('rejected', code, description) });
        this.onEvent(`${object}.rejected`, rejected);
        settled(false);
        return;
      }
      case 'in_process':
        collection.update(id, { taxAuthority: answer('pending', '98', 'Envío en proceso') });
        return;
      case 'unknown_ticket':
        collection.update(id, { taxAuthority: answer('exception', '0127', 'El ticket no existe') });
        return;
    }
  }
}
