/**
 * The mock's resources beyond documents (contract section 5): customers, products, series,
 * webhook endpoints, events, API keys with permissions, the audit log, lookups, the account and
 * exchange rates. Stateful, validated with the SDK's own schemas.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Account } from '../models/account.js';
import { type APIKey, APIKeyCreateParams, PERMISSION_RESOURCES } from '../models/api-key.js';
import type { AuditLog } from '../models/audit-log.js';
import { type Customer, CustomerCreateParams } from '../models/customer.js';
import type { Document } from '../models/document.js';
import { EVENT_TYPES, type Event, type EventType } from '../models/event.js';
import type { Product } from '../models/product.js';
import type { Series } from '../models/series.js';
import type { ListParams } from '../models/shared.js';
import type { WebhookEndpoint } from '../models/webhook-endpoint.js';
import { Collection } from './collection.js';
import { calendarDate, jsonResponse, parseWith, route, type MockRoute } from './handlers.js';
import { MockAPIError } from './problem.js';
import { exchangeRateOf, lookupDni, lookupRuc } from './registries.js';
import { limaDate } from '../sunat/dates.js';
import { WebhookDeliveries } from './deliveries.js';
import { type DocumentStore, isoNow, presentDocument, randomId, SANDBOX_ISSUER, type StoredDocument } from './state.js';
import { accountOperations } from '../operations/account.js';
import { apiKeysOperations } from '../operations/api-keys.js';
import { auditLogsOperations } from '../operations/audit-logs.js';
import { customersOperations } from '../operations/customers.js';
import { eventsOperations } from '../operations/events.js';
import { exchangeRatesOperations } from '../operations/exchange-rates.js';
import { lookupsOperations } from '../operations/lookups.js';
import { productsOperations } from '../operations/products.js';
import { seriesOperations } from '../operations/series.js';
import { webhookEndpointsOperations } from '../operations/webhook-endpoints.js';

/** Every permission: read and write on every resource. What the sandbox's own keys have. */
export const ALL_PERMISSIONS: readonly string[] = PERMISSION_RESOURCES.flatMap((resource) => [`${resource}:read`, `${resource}:write`]);

/** The permission a request needs: `<path segment after /v1/>:read` for GET, `:write` otherwise. */
export function requiredPermission(method: string, pathname: string): string {
  const resource = /\/v1\/([^/]+)/.exec(pathname)?.[1] ?? '';
  return `${resource}:${method === 'GET' ? 'read' : 'write'}`;
}

/** Who is calling: the `key_` id of the API key and what it may do. */
export interface MockCaller {
  keyId: string;
  permissions: readonly string[];
}

const created = <O extends string>(prefix: string, object: O) => {
  const now = isoNow();
  return { id: randomId(prefix), object, createdAt: now, updatedAt: now };
};

const initialAccount = (now: string): Account => ({
  id: 'acct_sandbox',
  object: 'account',
  ...SANDBOX_ISSUER,
  email: 'facturacion@example.pe',
  environment: 'sandbox',
  createdAt: now,
  updatedAt: now,
});

/** An event as kept: the (never changed) version of its document, rendered when answered. */
interface StoredEvent {
  id: string;
  object: 'event';
  type: EventType;
  createdAt: string;
  document: StoredDocument;
}

/** The state of every resource beyond documents, for one sandbox. */
export class ResourceState {
  readonly customers = new Collection<Customer>('customer');
  readonly products = new Collection<Product>('product');
  readonly series: Collection<Series>;
  readonly webhookEndpoints = new Collection<WebhookEndpoint>('webhook endpoint');
  readonly events = new Collection<StoredEvent, Event>(
    'event',
    ({ document, ...event }) => ({ ...event, data: { object: presentDocument(document) } }),
    (event) => event,
  );
  readonly apiKeys = new Collection<APIKey>('API key');
  /** Kept as built by `audit`, from parts nobody changes: a month of entries holds no copies. */
  readonly auditLogs = new Collection<AuditLog>('audit log entry', undefined, (entry) => entry);
  /** Signing secrets by webhook endpoint id. */
  readonly webhookSecrets = new Map<string, string>();
  /** Events on their way to webhook endpoints, and the log of those delivered. */
  readonly deliveries = new WebhookDeliveries();
  /** The `key_` id of each created key's secret. */
  readonly #keyIds = new Map<string, string>();
  /**
   * Every secret `apiKeys.create` made, kept across `reset`: once revoked or forgotten such a key
   * stays refused, though it starts with `sk_test_`.
   */
  readonly #issued = new Set<string>();
  account!: Account;

  /**
   * @param documents The sandbox's documents (series answer their next numbers from it).
   * @param rootKeys The sandbox's own keys: every permission, never listed. `undefined`: any key
   * that starts with `sk_test_` (except those `apiKeys.create` made).
   */
  constructor(
    documents: DocumentStore,
    private readonly rootKeys: ReadonlySet<string> | undefined,
  ) {
    this.series = new Collection<Series>('series', (s) => ({ ...s, nextNumber: documents.nextNumber(s.documentType, s.series) }));
    this.reset();
  }

  /** Back to an empty sandbox with the initial account. */
  reset(): void {
    for (const collection of [this.customers, this.products, this.series, this.webhookEndpoints, this.events, this.apiKeys, this.auditLogs]) {
      collection.reset();
    }
    this.webhookSecrets.clear();
    this.deliveries.reset();
    this.#keyIds.clear();
    this.account = initialAccount(isoNow());
  }

  /** The caller a bearer secret stands for, or `undefined` for an unknown or revoked key. */
  authenticate(secret: string): MockCaller | undefined {
    const keyId = this.#keyIds.get(secret);
    if (keyId !== undefined) {
      try {
        return { keyId, permissions: this.apiKeys.get(keyId).permissions };
      } catch {
        this.#keyIds.delete(secret); // revoked
        return undefined;
      }
    }
    const root = this.rootKeys ? this.rootKeys.has(secret) : secret.startsWith('sk_test_') && !this.#issued.has(secret);
    return root ? { keyId: 'key_sandbox', permissions: ALL_PERMISSIONS } : undefined;
  }

  /** Creates an API key and answers it with its secret, the only time the secret is shown. */
  createAPIKey(params: z.infer<typeof APIKeyCreateParams>): APIKey & { key: string } {
    const key = `sk_test_${randomId('', 24)}`;
    const apiKey = this.apiKeys.insert({
      ...params,
      ...created('key_', 'api_key'),
      permissions: params.permissions ?? [...ALL_PERMISSIONS],
      environment: 'sandbox',
      lastFour: key.slice(-4),
    });
    this.#keyIds.set(key, apiKey.id);
    this.#issued.add(key);
    return { ...apiKey, key };
  }

  /** Gives a webhook endpoint a new signing secret and answers the endpoint with it. */
  rotateWebhookSecret(id: string): WebhookEndpoint & { secret: string } {
    const endpoint = this.webhookEndpoints.get(id);
    const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
    this.webhookSecrets.set(id, secret);
    return { ...endpoint, secret };
  }

  /** Records an event about a document, and delivers it to the webhook endpoints that want it. */
  recordEvent(type: EventType, doc: StoredDocument): void {
    const id = randomId('evt_');
    this.events.add({ id, object: 'event', type, createdAt: isoNow(), document: doc });
    const endpoints = this.webhookEndpoints.all();
    // Presented (its document rendered) only when an endpoint may want it.
    if (endpoints.length > 0) this.deliveries.send(this.events.get(id), endpoints, (endpointId) => this.webhookSecrets.get(endpointId));
  }

  /** The audit log's actor of each API key, one object per key shared by its entries (never changed). */
  readonly #actors = new Map<string, AuditLog['actor']>();

  #actorOf(keyId: string): AuditLog['actor'] {
    let actor = this.#actors.get(keyId);
    if (!actor) {
      actor = { type: 'api_key', id: keyId };
      this.#actors.set(keyId, actor);
    }
    return actor;
  }

  /**
   * Records a successful write in the audit log, when it answered an object (`id` and `object`):
   * who (the caller's key), what (the SDK method) and from where.
   */
  async audit(response: Response, at: { caller: MockCaller; action: string; requestId: string; request: Request }): Promise<void> {
    if (!response.ok) return;
    const body = (await response.clone().json()) as { id?: unknown; object?: unknown };
    if (typeof body.id !== 'string' || typeof body.object !== 'string') return;
    const now = isoNow();
    // One literal (no spread): every entry gets the same hidden class, its fields in the object itself.
    this.auditLogs.add({
      id: randomId('log_'),
      object: 'audit_log',
      actor: this.#actorOf(at.caller.keyId),
      action: at.action,
      resource: { type: body.object, id: body.id },
      ip: at.request.headers.get('x-forwarded-for') ?? '127.0.0.1',
      requestId: at.requestId,
      createdAt: now,
      updatedAt: now,
    });
  }
}

const ok = (body: unknown) => jsonResponse(200, body);
const listed = <T extends { id: string; object: string }>(collection: Collection<T>, { limit, cursor }: ListParams, filter?: (item: T) => boolean) =>
  ok(collection.list(limit ?? 25, cursor, filter));

/** The routes of every resource beyond documents over `state`. */
export function resourceRoutes(state: ResourceState): MockRoute[] {
  const { customers, products, series, webhookEndpoints, events, apiKeys, auditLogs } = state;
  return [
    route(customersOperations.create, (ctx) => jsonResponse(201, customers.insert({ ...ctx.input(), ...created('cus_', 'customer') }))),
    route(customersOperations.list, (ctx) => listed(customers, ctx.query())),
    route(customersOperations.retrieve, (ctx) => ok(customers.get(ctx.param('id')))),
    route(customersOperations.update, (ctx) => {
      const patch = ctx.input();
      parseWith(CustomerCreateParams, { ...customers.get(ctx.param('id')), ...patch }); // the result must still be a valid customer
      return ok(customers.update(ctx.param('id'), patch));
    }),
    route(customersOperations.delete, (ctx) => ok(customers.remove(ctx.param('id')))),

    route(productsOperations.create, (ctx) => {
      const params = ctx.input();
      const product = { unitCode: 'NIU', igvAffectation: '10' as const, currency: 'PEN' as const, ...params, ...created('prod_', 'product') };
      return jsonResponse(201, products.insert(product));
    }),
    route(productsOperations.list, (ctx) => listed(products, ctx.query())),
    route(productsOperations.retrieve, (ctx) => ok(products.get(ctx.param('id')))),
    route(productsOperations.update, (ctx) => ok(products.update(ctx.param('id'), ctx.input()))),
    route(productsOperations.delete, (ctx) => ok(products.remove(ctx.param('id')))),

    route(seriesOperations.create, (ctx) => {
      const params = ctx.input();
      if (series.all().some((s) => s.series === params.series && s.documentType === params.documentType)) {
        throw new MockAPIError(422, 'validation_error', `series: ${params.series} is already registered for type ${params.documentType}`, [
          { path: 'series', code: 'custom', message: 'is already registered for this document type' },
        ]);
      }
      return jsonResponse(201, series.insert({ active: true, ...params, ...created('ser_', 'series'), nextNumber: 1 }));
    }),
    route(seriesOperations.list, (ctx) => listed(series, ctx.query())),
    route(seriesOperations.retrieve, (ctx) => ok(series.get(ctx.param('id')))),
    route(seriesOperations.update, (ctx) => ok(series.update(ctx.param('id'), ctx.input(), ['nextNumber']))),

    route(webhookEndpointsOperations.create, (ctx) => {
      const params = ctx.input();
      const endpoint = webhookEndpoints.insert({ events: [...EVENT_TYPES], enabled: true, ...params, ...created('we_', 'webhook_endpoint') });
      return jsonResponse(201, state.rotateWebhookSecret(endpoint.id));
    }),
    route(webhookEndpointsOperations.list, (ctx) => listed(webhookEndpoints, ctx.query())),
    route(webhookEndpointsOperations.retrieve, (ctx) => ok(webhookEndpoints.get(ctx.param('id')))),
    route(webhookEndpointsOperations.update, (ctx) => ok(webhookEndpoints.update(ctx.param('id'), ctx.input(), ['secret']))),
    route(webhookEndpointsOperations.delete, (ctx) => {
      const deleted = webhookEndpoints.remove(ctx.param('id'));
      state.webhookSecrets.delete(deleted.id);
      return ok(deleted);
    }),
    route(webhookEndpointsOperations.rotateSecret, (ctx) => ok(state.rotateWebhookSecret(ctx.param('id')))),

    route(eventsOperations.list, (ctx) => {
      const { limit, cursor, type, documentId } = ctx.query();
      const types = type === undefined ? undefined : [type].flat();
      const page = events.list(limit ?? 25, cursor, (e) => (types === undefined || types.includes(e.type)) && (documentId === undefined || e.document.id === documentId));
      return ok(page);
    }),
    route(eventsOperations.retrieve, (ctx) => ok(events.get(ctx.param('id')))),

    route(apiKeysOperations.create, (ctx) => jsonResponse(201, state.createAPIKey(ctx.input()))),
    route(apiKeysOperations.list, (ctx) => listed(apiKeys, ctx.query())),
    route(apiKeysOperations.retrieve, (ctx) => ok(apiKeys.get(ctx.param('id')))),
    route(apiKeysOperations.revoke, (ctx) => ok(apiKeys.remove(ctx.param('id')))),

    route(auditLogsOperations.list, (ctx) => {
      const { limit, cursor, actor, action, from, to } = ctx.query();
      const [fromDay, toDay] = [calendarDate(from), calendarDate(to)];
      const day = (entry: AuditLog) => limaDate(new Date(entry.createdAt));
      const page = auditLogs.list(
        limit ?? 25,
        cursor,
        (entry) =>
          (actor === undefined || entry.actor.id === actor) &&
          (action === undefined || entry.action === action) &&
          (fromDay === undefined || day(entry) >= fromDay) &&
          (toDay === undefined || day(entry) <= toDay),
      );
      return ok(page);
    }),
    route(auditLogsOperations.retrieve, (ctx) => ok(auditLogs.get(ctx.param('id')))),

    route(lookupsOperations.ruc, (ctx) => ok(lookupRuc(ctx.param('number')))),
    route(lookupsOperations.dni, (ctx) => ok(lookupDni(ctx.param('number')))),

    route(accountOperations.retrieve, () => ok(state.account)),
    route(accountOperations.update, (ctx) => {
      const { name, tradeName, address, email } = ctx.input();
      const changes = Object.fromEntries(Object.entries({ name, tradeName, address, email }).filter(([, value]) => value !== undefined));
      state.account = { ...state.account, ...changes, updatedAt: isoNow() };
      return ok(state.account);
    }),

    route(exchangeRatesOperations.retrieve, (ctx) => ok(exchangeRateOf(ctx.params['date'] ?? ''))),
  ];
}
