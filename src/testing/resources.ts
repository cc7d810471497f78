/**
 * The mock's resources beyond documents (contract section 5): customers, products, series,
 * webhook endpoints, events, API keys with permissions, the audit log, lookups, the account and
 * exchange rates. Stateful, validated with the SDK's own schemas.
 *
 * @module
 */
import * as z from 'zod/mini';
import { type Account, AccountUpdateParams } from '../models/account.js';
import { type APIKey, APIKeyCreateParams, PERMISSION_RESOURCES } from '../models/api-key.js';
import { type AuditLog, AuditLogListParams } from '../models/audit-log.js';
import { type Customer, CustomerCreateParams, CustomerUpdateParams } from '../models/customer.js';
import type { Document } from '../models/document.js';
import { EVENT_TYPES, type Event, EventListParams, type EventType } from '../models/event.js';
import { DniNumber, RucNumber } from '../models/lookup.js';
import { type Product, ProductCreateParams, ProductUpdateParams } from '../models/product.js';
import { type Series, SeriesCreateParams, SeriesUpdateParams } from '../models/series.js';
import { ListParams } from '../models/shared.js';
import { type WebhookEndpoint, WebhookEndpointCreateParams, WebhookEndpointUpdateParams } from '../models/webhook-endpoint.js';
import { Collection } from './collection.js';
import { calendarDate, jsonResponse, parseListQuery, parseWith, type MockRoute, type RouteContext } from './handlers.js';
import { MockAPIError, validationError } from './problem.js';
import { exchangeRateOf, lookupDni, lookupRuc } from './registries.js';
import { limaDate } from '../sunat/dates.js';
import { toFieldIssues } from '../internal/validate.js';
import { WebhookDeliveries } from './deliveries.js';
import { type DocumentStore, isoNow, randomId } from './state.js';
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
  ruc: '20000000001',
  name: 'EMPRESA DE PRUEBAS S.A.C.',
  tradeName: 'YUPANA SANDBOX',
  address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA',
  email: 'facturacion@example.pe',
  environment: 'sandbox',
  createdAt: now,
  updatedAt: now,
});

/** The state of every resource beyond documents, for one sandbox. */
export class ResourceState {
  readonly customers = new Collection<Customer>('customer');
  readonly products = new Collection<Product>('product');
  readonly series: Collection<Series>;
  readonly webhookEndpoints = new Collection<WebhookEndpoint>('webhook endpoint');
  readonly events = new Collection<Event>('event');
  readonly apiKeys = new Collection<APIKey>('API key');
  readonly auditLogs = new Collection<AuditLog>('audit log entry');
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
  recordEvent(type: EventType, doc: Document): void {
    const event = this.events.insert({ id: randomId('evt_'), object: 'event', type, createdAt: isoNow(), data: { object: doc } });
    this.deliveries.send(event, this.webhookEndpoints.all(), (id) => this.webhookSecrets.get(id));
  }

  /**
   * Records a successful write in the audit log, when it answered an object (`id` and `object`):
   * who (the caller's key), what (the SDK method) and from where.
   */
  async audit(response: Response, at: { caller: MockCaller; action: string; requestId: string; request: Request }): Promise<void> {
    if (!response.ok) return;
    const body = (await response.clone().json()) as { id?: unknown; object?: unknown };
    if (typeof body.id !== 'string' || typeof body.object !== 'string') return;
    this.auditLogs.insert({
      actor: { type: 'api_key', id: at.caller.keyId },
      action: at.action,
      resource: { type: body.object, id: body.id },
      ip: at.request.headers.get('x-forwarded-for') ?? '127.0.0.1',
      requestId: at.requestId,
      ...created('log_', 'audit_log'),
    });
  }
}

/** Parses a path parameter with its schema; a failure names the parameter. */
function parseParam<T extends z.ZodMiniType>(schema: T, name: string, value: string | undefined): z.infer<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationError(toFieldIssues(result.error.issues).map((issue) => ({ ...issue, path: [name, issue.path].filter(Boolean).join('.') })));
  return result.data;
}

const id = (ctx: RouteContext) => ctx.params['id'] ?? '';
const ok = (body: unknown) => jsonResponse(200, body);
const listed = <T extends { id: string; object: string }>(collection: Collection<T>, ctx: RouteContext, filter?: (item: T) => boolean) => {
  const { limit, cursor } = parseListQuery(ListParams, ctx.url);
  return ok(collection.list(limit ?? 25, cursor, filter));
};

/** The routes of every resource beyond documents over `state`. */
export function resourceRoutes(state: ResourceState): MockRoute[] {
  const { customers, products, series, webhookEndpoints, events, apiKeys, auditLogs } = state;
  return [
    {
      operation: customersOperations.create,
      run: (ctx) => jsonResponse(201, customers.insert({ ...parseWith(CustomerCreateParams, ctx.body), ...created('cus_', 'customer') })),
    },
    { operation: customersOperations.list, run: (ctx) => listed(customers, ctx) },
    { operation: customersOperations.retrieve, run: (ctx) => ok(customers.get(id(ctx))) },
    {
      operation: customersOperations.update,
      run(ctx) {
        const patch = parseWith(CustomerUpdateParams, ctx.body);
        parseWith(CustomerCreateParams, { ...customers.get(id(ctx)), ...patch }); // the result must still be a valid customer
        return ok(customers.update(id(ctx), patch));
      },
    },
    { operation: customersOperations.delete, run: (ctx) => ok(customers.remove(id(ctx))) },

    {
      operation: productsOperations.create,
      run(ctx) {
        const params = parseWith(ProductCreateParams, ctx.body);
        const product = { unitCode: 'NIU', igvAffectation: '10' as const, currency: 'PEN' as const, ...params, ...created('prod_', 'product') };
        return jsonResponse(201, products.insert(product));
      },
    },
    { operation: productsOperations.list, run: (ctx) => listed(products, ctx) },
    { operation: productsOperations.retrieve, run: (ctx) => ok(products.get(id(ctx))) },
    {
      operation: productsOperations.update,
      run: (ctx) => ok(products.update(id(ctx), parseWith(ProductUpdateParams, ctx.body))),
    },
    { operation: productsOperations.delete, run: (ctx) => ok(products.remove(id(ctx))) },

    {
      operation: seriesOperations.create,
      run(ctx) {
        const params = parseWith(SeriesCreateParams, ctx.body);
        if (series.all().some((s) => s.series === params.series && s.documentType === params.documentType)) {
          throw new MockAPIError(422, 'validation_error', `series: ${params.series} is already registered for type ${params.documentType}`, [
            { path: 'series', code: 'custom', message: 'is already registered for this document type' },
          ]);
        }
        return jsonResponse(201, series.insert({ active: true, ...params, ...created('ser_', 'series'), nextNumber: 1 }));
      },
    },
    { operation: seriesOperations.list, run: (ctx) => listed(series, ctx) },
    { operation: seriesOperations.retrieve, run: (ctx) => ok(series.get(id(ctx))) },
    {
      operation: seriesOperations.update,
      run: (ctx) => ok(series.update(id(ctx), parseWith(SeriesUpdateParams, ctx.body), ['nextNumber'])),
    },

    {
      operation: webhookEndpointsOperations.create,
      run(ctx) {
        const params = parseWith(WebhookEndpointCreateParams, ctx.body);
        const endpoint = webhookEndpoints.insert({ events: [...EVENT_TYPES], enabled: true, ...params, ...created('we_', 'webhook_endpoint') });
        return jsonResponse(201, state.rotateWebhookSecret(endpoint.id));
      },
    },
    { operation: webhookEndpointsOperations.list, run: (ctx) => listed(webhookEndpoints, ctx) },
    { operation: webhookEndpointsOperations.retrieve, run: (ctx) => ok(webhookEndpoints.get(id(ctx))) },
    {
      operation: webhookEndpointsOperations.update,
      run: (ctx) => ok(webhookEndpoints.update(id(ctx), parseWith(WebhookEndpointUpdateParams, ctx.body), ['secret'])),
    },
    {
      operation: webhookEndpointsOperations.delete,
      run(ctx) {
        const deleted = webhookEndpoints.remove(id(ctx));
        state.webhookSecrets.delete(deleted.id);
        return ok(deleted);
      },
    },
    {
      operation: webhookEndpointsOperations.rotateSecret,
      run: (ctx) => ok(state.rotateWebhookSecret(id(ctx))),
    },

    {
      operation: eventsOperations.list,
      run(ctx) {
        const { limit, cursor, type, documentId } = parseListQuery(EventListParams, ctx.url);
        const types = type === undefined ? undefined : [type].flat();
        const page = events.list(limit ?? 25, cursor, (e) => (types === undefined || types.includes(e.type)) && (documentId === undefined || e.data.object.id === documentId));
        return ok(page);
      },
    },
    { operation: eventsOperations.retrieve, run: (ctx) => ok(events.get(id(ctx))) },

    {
      operation: apiKeysOperations.create,
      run: (ctx) => jsonResponse(201, state.createAPIKey(parseWith(APIKeyCreateParams, ctx.body))),
    },
    { operation: apiKeysOperations.list, run: (ctx) => listed(apiKeys, ctx) },
    { operation: apiKeysOperations.retrieve, run: (ctx) => ok(apiKeys.get(id(ctx))) },
    { operation: apiKeysOperations.revoke, run: (ctx) => ok(apiKeys.remove(id(ctx))) },

    {
      operation: auditLogsOperations.list,
      run(ctx) {
        const { limit, cursor, actor, action, from, to } = parseListQuery(AuditLogListParams, ctx.url);
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
      },
    },
    { operation: auditLogsOperations.retrieve, run: (ctx) => ok(auditLogs.get(id(ctx))) },

    {
      operation: lookupsOperations.ruc,
      run: (ctx) => ok(lookupRuc(parseParam(RucNumber, 'number', ctx.params['number']))),
    },
    {
      operation: lookupsOperations.dni,
      run: (ctx) => ok(lookupDni(parseParam(DniNumber, 'number', ctx.params['number']))),
    },

    { operation: accountOperations.retrieve, run: () => ok(state.account) },
    {
      operation: accountOperations.update,
      run(ctx) {
        const { name, tradeName, address, email } = parseWith(AccountUpdateParams, ctx.body);
        const changes = Object.fromEntries(Object.entries({ name, tradeName, address, email }).filter(([, value]) => value !== undefined));
        state.account = { ...state.account, ...changes, updatedAt: isoNow() };
        return ok(state.account);
      },
    },

    {
      operation: exchangeRatesOperations.retrieve,
      run: (ctx) => ok(exchangeRateOf(ctx.params['date'] ?? '')),
    },
  ];
}
