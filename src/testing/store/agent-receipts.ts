/**
 * The comprobantes de retención (`20`) and de percepción (`40`) of one sandbox, one store per
 * family: each create checked with SUNAT's rules before it takes a number (`checkRetention`,
 * `checkPerception`: a 422 whose issues carry `sunat_<code>` and the field's path, nothing
 * numbered), its amounts computed once (`agentCents`), numbered per series, its UBL 2.0 XML
 * rendered once, and answered `accepted` by the simulated SUNAT at once (code `0`), with the event
 * `retention.accepted` / `perception.accepted`. Plain classes, no HTTP: `routes/retentions.ts`
 * and `routes/perceptions.ts` map the requests onto these calls.
 *
 * @module
 */
import type { ListEnvelope } from '../../core/pagination.js';
import type { PerceptionCreateParams, PerceptionReceipt } from '../../models/perception.js';
import type { RetentionCreateParams, RetentionReceipt } from '../../models/retention.js';
import type { TaxAuthorityStatus } from '../../models/document.js';
import { MAX_DOCUMENT_NUMBER } from '../../sunat/document-codes.js';
import { rucProblem } from '../../sunat/identity.js';
import { type AgentCents, agentCents, currencyOf, rateText } from '../../sunat/retention/compute.js';
import { type AgentFamily, PERCEPTION, RETENTION } from '../../sunat/retention/families.js';
import { checkPerception, checkRetention } from '../../sunat/retention/rules.js';
import type { SunatIssue } from '../../sunat/document/rules/findings.js';
import { reversalRefusal } from '../../sunat/document/rules/voiding.js';
import { renderVoidedDocuments } from '../../sunat/ubl/summaries.js';
import { format } from '../../sunat/decimal.js';
import type { Issuer } from '../../sunat/ubl/types.js';
import { renderPerception, renderRetention } from '../../sunat/ubl/retention.js';
import { MockAPIError, validationError } from '../middleware/problem.js';
import { SANDBOX_ISSUER } from './account.js';
import { isoNow, limaToday } from './clock.js';
import { computedAt, fieldIssue, type SunatFieldIssue } from './document-values.js';
import { randomId } from './ids.js';
import { OrderedIndex } from './ordered-index.js';
import { TicketStore } from './tickets.js';

/** A comprobante of either family as the store keeps and answers it. */
type AgentReceipt = RetentionReceipt | PerceptionReceipt;

/** Filters and page options of a list, already validated. */
export interface AgentReceiptListQuery {
  limit: number;
  cursor?: string | undefined;
  series?: string | undefined;
  status?: string | undefined;
  documentNumber?: string | undefined;
  issuedFrom?: string | undefined;
  issuedTo?: string | undefined;
}

/** Options of an {@link AgentReceiptStore}. */
export interface AgentReceiptStoreOptions {
  /** Hears each comprobante accepted, and each voided, with its event type. Default: nobody. */
  onAccepted?: ((type: 'retention.accepted' | 'perception.accepted' | 'retention.voided' | 'perception.voided', receipt: AgentReceipt) => void) | undefined;
  /** Where a void's resumen de reversiones (RR) is made, sent and answered. Default: a store of its own, SUNAT accepting every ticket on the next timer turn. */
  tickets?: TicketStore | undefined;
  /** The issuer of each new comprobante: the account at the time. Default: {@link SANDBOX_ISSUER}. */
  issuer?: (() => Issuer) | undefined;
  /** The address every `pdfUrl` starts with. Default: the one each create gives. */
  baseURL?: string | undefined;
}

/** What tells the two stores apart. */
interface StoreFamily<Params, Receipt extends AgentReceipt> {
  family: AgentFamily;
  /** `ret_` or `perc_`. */
  prefix: string;
  object: Receipt['object'];
  /** The path segment of its collection. */
  path: 'retentions' | 'perceptions';
  event: 'retention.accepted' | 'perception.accepted';
  /** The event of a comprobante SUNAT accepted the reversión of. */
  voided: 'retention.voided' | 'perception.voided';
  check: (params: Params, options: { issuerRuc: string; today: string }) => SunatIssue[];
  render: (params: Params, amounts: AgentCents, context: { issuer: Issuer; fullNumber: string; issueDate: string }) => string;
  /** The other party's RUC. */
  ruc: (params: Params) => string;
  /** The answer's family fields: each document's amounts and the totals, under the family's names. */
  amounts: (params: Params, amounts: AgentCents) => Pick<Receipt, 'documents' | 'totals'>;
}

/** Each related document as answered: as sent, its payment numbered, with `extra` (its amounts). */
const documentsOf = <T>(documents: RetentionCreateParams['documents'], extra: (index: number) => T) =>
  documents.map((document, index) => ({
    ...document,
    currency: currencyOf(document) as 'PEN' | 'USD',
    payment: { ...document.payment, number: document.payment.number ?? 1 },
    ...extra(index),
  }));

const RETENTIONS: StoreFamily<RetentionCreateParams, RetentionReceipt> = {
  family: RETENTION,
  prefix: 'ret_',
  object: 'retention',
  path: 'retentions',
  event: 'retention.accepted',
  voided: 'retention.voided',
  check: checkRetention,
  render: renderRetention,
  ruc: (params) => params.supplier.documentNumber,
  amounts: (params, amounts) => ({
    documents: documentsOf(params.documents, (index) => ({
      retainedAmount: Number(format(amounts.lines[index]!.amount)),
      netPaid: Number(format(amounts.lines[index]!.net)),
    })),
    totals: { retained: Number(format(amounts.amount)), paid: Number(format(amounts.net)) },
  }),
};

const PERCEPTIONS: StoreFamily<PerceptionCreateParams, PerceptionReceipt> = {
  family: PERCEPTION,
  prefix: 'perc_',
  object: 'perception',
  path: 'perceptions',
  event: 'perception.accepted',
  voided: 'perception.voided',
  check: checkPerception,
  render: renderPerception,
  ruc: (params) => params.customer.documentNumber,
  amounts: (params, amounts) => ({
    documents: documentsOf(params.documents, (index) => ({
      perceivedAmount: Number(format(amounts.lines[index]!.amount)),
      netCashed: Number(format(amounts.lines[index]!.net)),
    })),
    totals: { perceived: Number(format(amounts.amount)), cashed: Number(format(amounts.net)) },
  }),
};

/** The comprobantes of one family, oldest first, with the last number of each series. */
export class AgentReceiptStore<Params extends RetentionCreateParams | PerceptionCreateParams, Receipt extends AgentReceipt> {
  readonly #items = new OrderedIndex<Receipt>();
  readonly #lastNumbers = new Map<string, number>();
  readonly #onAccepted: NonNullable<AgentReceiptStoreOptions['onAccepted']>;
  readonly #issuer: () => Issuer;
  readonly #baseURL: string | undefined;
  readonly #tickets: TicketStore;

  constructor(
    private readonly kind: StoreFamily<Params, Receipt>,
    options: AgentReceiptStoreOptions = {},
  ) {
    this.#onAccepted = options.onAccepted ?? (() => undefined);
    this.#issuer = options.issuer ?? (() => SANDBOX_ISSUER);
    this.#baseURL = options.baseURL;
    this.#tickets =
      options.tickets ??
      new TicketStore(
        () => 'accepted',
        () => 0,
        () => undefined,
      );
  }

  /** Forgets every comprobante and number. */
  reset(): void {
    this.#items.clear();
    this.#lastNumbers.clear();
  }

  /** The correlative number the next comprobante of `series` gets. */
  nextNumber(series: string): number {
    return (this.#lastNumbers.get(series) ?? 0) + 1;
  }

  /** A copy of one comprobante; 404 `not_found` when unknown. */
  get(id: string): Receipt {
    const item = this.#items.get(id);
    if (!item) throw new MockAPIError(404, 'not_found', `No ${this.kind.object} with id '${id}'`);
    return structuredClone(item);
  }

  /** One page, newest first, filtered; each without its `signedXml`. */
  list({ limit, cursor, series, status, documentNumber, issuedFrom, issuedTo }: AgentReceiptListQuery): ListEnvelope<Omit<Receipt, 'signedXml'>> {
    return this.#items.page(
      limit,
      cursor,
      (item) =>
        (series === undefined || item.series === series) &&
        (status === undefined || item.status === status) &&
        (documentNumber === undefined || (item.object === 'retention' ? item.supplier : item.customer).documentNumber === documentNumber) &&
        (issuedFrom === undefined || item.issueDate >= issuedFrom) &&
        (issuedTo === undefined || item.issueDate <= issuedTo),
      ({ signedXml: _, ...listed }) => structuredClone(listed),
    );
  }

  /**
   * Issues a comprobante as the service does: SUNAT's rules first (a 422 `validation_error`
   * whose issues carry `sunat_<code>`, SUNAT's description and the field's path; a RUC whose check
   * digit fails is `invalid_ruc`), nothing numbered; then its amounts, the next number of its
   * series, its XML (a text XML cannot carry is a 422 before the number is taken), and SUNAT's
   * answer: accepted, with its event.
   *
   * @param origin The address its `pdfUrl` starts with, unless the store has a `baseURL`.
   */
  create(params: Params, origin: string): Receipt {
    const { kind } = this;
    const issuer = this.#issuer();
    const today = limaToday();
    const issues: SunatFieldIssue[] = kind.check(params, { issuerRuc: issuer.ruc, today }).map(fieldIssue);
    const ruc = rucProblem(kind.ruc(params));
    if (ruc !== undefined) issues.unshift({ path: `${kind.family.party}.documentNumber`, code: 'invalid_ruc', message: ruc });
    if (issues.length > 0) throw validationError(issues);
    const amounts = computedAt('', () => agentCents(kind.family, params));
    const number = this.nextNumber(params.series);
    if (number > MAX_DOCUMENT_NUMBER) {
      throw validationError([{ path: 'series', code: 'too_big', message: `${params.series} has used every number up to ${MAX_DOCUMENT_NUMBER}: use a new series` }]);
    }
    const fullNumber = `${params.series}-${number}`;
    const issueDate = params.issueDate ?? today;
    const signedXml = computedAt('', () => kind.render(params, amounts, { issuer, fullNumber, issueDate }));
    this.#lastNumbers.set(params.series, number);
    const id = randomId(kind.prefix);
    const now = isoNow();
    const taxAuthority: TaxAuthorityStatus = {
      status: 'accepted',
      code: '0',
      description: `El Comprobante numero ${fullNumber}, ha sido aceptado`,
      notes: [],
      attempts: 1,
      nextAttemptAt: null,
      respondedAt: now,
    };
    const receipt = {
      ...structuredClone(params),
      id,
      object: kind.object,
      number,
      fullNumber,
      issueDate,
      rate: Number(rateText(amounts.rate)),
      ...kind.amounts(params, amounts),
      status: 'accepted',
      signedXml,
      pdfUrl: `${this.#baseURL ?? origin}/v1/${kind.path}/${id}/pdf`,
      taxAuthority,
      createdAt: now,
      updatedAt: now,
    } as unknown as Receipt;
    this.#items.add(receipt);
    this.#onAccepted(kind.event, structuredClone(receipt));
    return structuredClone(receipt);
  }

  /**
   * Voids a comprobante as the service does: SUNAT's rules first ({@link reversalRefusal}: accepted,
   * not reverted before; a 422 `sunat_2750` or `sunat_2751`, nothing made), then a resumen de
   * reversiones (`RR`, one line of type `20` or `40`) sent with its ticket. The comprobante becomes
   * `voiding`, naming it in `voidedBy`; once SUNAT accepts the ticket it is `voided`, with its
   * `retention.voided` or `perception.voided` event, once SUNAT rejects it `accepted` again.
   */
  void(id: string, reason: string): Receipt {
    const current = this.get(id);
    const refusal = reversalRefusal(current);
    if (refusal !== undefined) throw validationError([fieldIssue(refusal)]);
    const { fullNumber, issueDate: referenceDate } = current;
    const type = this.kind.family.type;
    const issuer = this.#issuer();
    const voiding = this.#tickets.openVoiding(
      {
        referenceDate,
        lines: [{ documentId: id, type, fullNumber, reason }],
        render: (identifier, issueDate) => renderVoidedDocuments({ identifier, issueDate, referenceDate, issuer }, [{ type, fullNumber, reason }]),
        settled: (accepted) => {
          const settled = this.#change(id, { status: accepted ? 'voided' : 'accepted' });
          if (accepted) this.#onAccepted(this.kind.voided, structuredClone(settled));
        },
      },
      'RR',
    );
    return structuredClone(this.#change(id, { status: 'voiding', voidedBy: { object: 'voiding', id: voiding.id } }));
  }

  /** Stores the comprobante `id` with `changes`, and when it changed. */
  #change(id: string, changes: Partial<Pick<AgentReceipt, 'status' | 'voidedBy'>>): Receipt {
    const changed = { ...this.#items.get(id)!, ...changes, updatedAt: isoNow() } as Receipt;
    this.#items.replace(changed);
    return changed;
  }
}

/** The sandbox's comprobantes de retención. */
export const retentionStore = (options?: AgentReceiptStoreOptions) => new AgentReceiptStore(RETENTIONS, options);
/** The sandbox's comprobantes de percepción. */
export const perceptionStore = (options?: AgentReceiptStoreOptions) => new AgentReceiptStore(PERCEPTIONS, options);

/** The store of comprobantes de retención. */
export type RetentionStore = ReturnType<typeof retentionStore>;
/** The store of comprobantes de percepción. */
export type PerceptionStore = ReturnType<typeof perceptionStore>;
