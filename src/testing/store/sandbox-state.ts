/**
 * Everything one sandbox holds: its documents, every other resource's objects, its account, and
 * the webhook deliveries under way. `reset()` takes it back to the start.
 *
 * @module
 */
import type { Account, BoletaReporting } from '../../models/account.js';
import type { Customer } from '../../models/customer.js';
import type { Document } from '../../models/document.js';
import type { EventType } from '../../models/event.js';
import type { Product } from '../../models/product.js';
import type { Series } from '../../models/series.js';
import { initialAccount } from './account.js';
import { type PerceptionStore, perceptionStore, type RetentionStore, retentionStore } from './agent-receipts.js';
import { APIKeyStore } from './api-keys.js';
import { AuditLogStore } from './audit-log.js';
import { isoNow } from './clock.js';
import { Collection } from './collection.js';
import { DespatchStore } from './despatches.js';
import { DocumentStore } from './documents.js';
import { type EventSubject, EventStore } from './events.js';
import { randomId } from './ids.js';
import type { MockOutcomeFn, MockSettle } from './sunat-answers.js';
import { type MockTicketOutcomeFn, TicketStore } from './tickets.js';
import { WebhookDeliveries } from './webhook-deliveries.js';
import { WebhookEndpointStore } from './webhook-endpoints.js';

/** What a sandbox starts with and how its documents are answered. */
export interface SandboxStateOptions {
  /** Documents to start with (and to return to on `reset`), oldest first. */
  seed: readonly Document[];
  /** SUNAT's simulated answer for each submission. */
  outcome: MockOutcomeFn;
  /** When a `pending` document gets SUNAT's answer, and when a void completes (see `DocumentStoreOptions.settle`). */
  settle: MockSettle | undefined;
  /** The address every `pdfUrl` starts with; `undefined`: the one each create gives. */
  baseURL: string | undefined;
  /**
   * The sandbox's own keys: every permission, never listed. `undefined`: any key that starts
   * with `sk_test_` (except those `apiKeys.create` made).
   */
  rootKeys: ReadonlySet<string> | undefined;
  /** The waits before each retry of a webhook delivery that failed (ms); `undefined`: the default schedule. */
  webhookRetryDelaysMs?: readonly number[] | undefined;
  /** SUNAT's answer to the ticket of each voiding, summary and guía de remisión. Default: accepted. */
  ticketOutcome?: MockTicketOutcomeFn | undefined;
  /** The account starts in SUNAT's padrón of restaurants and hotels (the reduced IGV rate). Default: `false`. */
  igvReducedRate?: boolean | undefined;
  /** How the account starts reporting its boletas (`account.boletaReporting`). Default: `'individual'`. */
  boletaReporting?: BoletaReporting | undefined;
}

/** The state of one sandbox. */
export class SandboxState {
  readonly documents: DocumentStore;
  /** The comunicaciones de baja and resúmenes diarios voids make, and SUNAT's answers to their tickets. */
  readonly tickets: TicketStore;
  /** The comprobantes de retención (`20`). */
  readonly retentions: RetentionStore;
  /** The comprobantes de percepción (`40`). */
  readonly perceptions: PerceptionStore;
  /** The guías de remisión (`09`, `31`), and SUNAT's answers to their tickets. */
  readonly despatches: DespatchStore;
  readonly customers = new Collection<Customer>('customer');
  readonly products = new Collection<Product>('product');
  /** Answered with the next number of their type and series, from the documents. */
  readonly series: Collection<Series>;
  readonly webhookEndpoints = new WebhookEndpointStore();
  readonly events = new EventStore();
  readonly apiKeys: APIKeyStore;
  readonly auditLogs = new AuditLogStore();
  /** Events on their way to webhook endpoints, and the log of every delivery attempt. */
  readonly deliveries: WebhookDeliveries;
  account!: Account;
  /** Whether a new (or reset) account is in the padrón of restaurants and hotels. */
  readonly #igvReducedRate: boolean;
  /** How a new (or reset) account reports its boletas. */
  readonly #boletaReporting: BoletaReporting;

  constructor(options: SandboxStateOptions) {
    this.#igvReducedRate = options.igvReducedRate ?? false;
    this.#boletaReporting = options.boletaReporting ?? 'individual';
    this.tickets = new TicketStore(
      options.ticketOutcome ?? (() => 'accepted'),
      () => options.settle?.afterMs ?? 0,
      (type, object) => this.recordEvent(type, object),
    );
    this.documents = new DocumentStore(options.seed, options.outcome, {
      tickets: this.tickets,
      onEvent: (type, doc) => this.recordEvent(type, doc),
      settle: options.settle,
      baseURL: options.baseURL,
      issuer: () => this.account,
      igvReducedRate: () => this.account.igvReducedRate,
      boletaReporting: () => this.account.boletaReporting,
    });
    const receipts = {
      onAccepted: (type: EventType, receipt: EventSubject) => this.recordEvent(type, receipt),
      issuer: () => this.account,
      baseURL: options.baseURL,
      tickets: this.tickets,
    };
    this.retentions = retentionStore(receipts);
    this.perceptions = perceptionStore(receipts);
    this.despatches = new DespatchStore({
      outcome: options.ticketOutcome,
      settleAfterMs: () => options.settle?.afterMs ?? 0,
      onEvent: (type, despatch) => this.recordEvent(type, despatch),
      issuer: () => this.account,
      document: (id) => this.documents.get(id),
      baseURL: options.baseURL,
    });
    this.series = new Collection<Series>('series', (s) => ({ ...s, nextNumber: this.documents.nextNumber(s.documentType, s.series) }));
    this.apiKeys = new APIKeyStore(options.rootKeys);
    this.deliveries = new WebhookDeliveries(this.webhookEndpoints, { retryDelaysMs: options.webhookRetryDelaysMs });
    this.#resetResources();
  }

  /** Back to the start: the seed documents (answers still to come cancelled), no other objects, the initial account. */
  reset(): void {
    this.documents.reset();
    this.tickets.reset();
    this.retentions.reset();
    this.perceptions.reset();
    this.despatches.reset();
    this.#resetResources();
  }

  /** Back to an empty sandbox beside the documents, with the initial account. */
  #resetResources(): void {
    for (const collection of [this.customers, this.products, this.series, this.webhookEndpoints, this.events, this.apiKeys, this.auditLogs]) {
      collection.reset();
    }
    this.deliveries.reset();
    this.account = initialAccount(isoNow(), this.#igvReducedRate, this.#boletaReporting);
  }

  /** Records an event about a document, a voiding, a summary, a retention, a perception or a despatch, and delivers it to the webhook endpoints that want it. */
  recordEvent(type: EventType, subject: EventSubject): void {
    const id = randomId('evt_');
    this.events.add({ id, object: 'event', type, createdAt: isoNow(), subject });
    const endpoints = this.webhookEndpoints.all();
    // Presented (its document rendered) only when an endpoint may want it.
    if (endpoints.length > 0) this.deliveries.send(this.events.get(id), endpoints);
  }
}
