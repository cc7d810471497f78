import { APIPromise, type WithResponse } from './core/api-promise.js';
import * as Errors from './core/errors.js';
import { type APIRequest, type ClientOptions, type RequestOptions, type ResolvedOptions, resolveOptions } from './core/options.js';
import { CursorTrail, type ListEnvelope, Page, PagePromise } from './core/pagination.js';
import { isIdentified, isObject, isPage, RequestPath } from './core/request.js';
import type { LevelLog } from './core/log.js';
import { AccountResource } from './resources/account.js';
import { APIKeysResource } from './resources/api-keys.js';
import { AuditLogsResource } from './resources/audit-logs.js';
import { CustomersResource } from './resources/customers.js';
import { DocumentsResource } from './resources/documents.js';
import { EventsResource } from './resources/events.js';
import { ExchangeRatesResource } from './resources/exchange-rates.js';
import { LookupsResource } from './resources/lookups.js';
import { PerceptionsResource } from './resources/perceptions.js';
import { ProductsResource } from './resources/products.js';
import type { ResourceClient } from './resources/resource.js';
import { RetentionsResource } from './resources/retentions.js';
import { DespatchesResource } from './resources/despatches.js';
import { SeriesResource } from './resources/series.js';
import { SummariesResource } from './resources/summaries.js';
import { VoidingsResource } from './resources/voidings.js';
import { WebhookEndpointsResource } from './resources/webhook-endpoints.js';
import { Webhooks } from './webhooks.js';
import { resolveStrictChecks } from './lib/strict/option.js';

/**
 * The yupana API client: its options and its resources. Every method's call goes down one
 * request path (`core/request.ts`): built and checked, sent by ky, retried by p-retry, read
 * into a result or a typed error.
 *
 * ```ts
 * import { Client } from 'yupana';
 * const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });
 * const doc = await client.documents.create({ type: '01', series: 'F001', customer, items });
 * ```
 */
export class Client implements ResourceClient {
  static readonly YupanaError = Errors.YupanaError;
  static readonly APIError = Errors.APIError;
  static readonly BadRequestError = Errors.BadRequestError;
  static readonly AuthenticationError = Errors.AuthenticationError;
  static readonly PermissionDeniedError = Errors.PermissionDeniedError;
  static readonly NotFoundError = Errors.NotFoundError;
  static readonly ConflictError = Errors.ConflictError;
  static readonly UnprocessableEntityError = Errors.UnprocessableEntityError;
  static readonly RateLimitError = Errors.RateLimitError;
  static readonly InternalServerError = Errors.InternalServerError;
  static readonly RedirectError = Errors.RedirectError;
  static readonly APIConnectionError = Errors.APIConnectionError;
  static readonly APIConnectionTimeoutError = Errors.APIConnectionTimeoutError;
  static readonly APIUserAbortError = Errors.APIUserAbortError;
  static readonly ValidationError = Errors.ValidationError;
  static readonly WaitTimeoutError = Errors.WaitTimeoutError;
  static readonly WebhookVerificationError = Errors.WebhookVerificationError;

  /** The address requests go to, without a trailing slash. */
  readonly baseURL: string;
  /** Milliseconds per attempt, body included. */
  readonly timeout: number;
  /** Retries after a failed attempt. */
  readonly maxRetries: number;
  /** The IGV rate `documents.create` checks lines against (or the padrón setting that decides it per issue date), or `false` when `strictSunatChecks` is off. */
  readonly strictSunatChecks: false | { readonly igvRate: number } | { readonly igvReducedRate: boolean };
  /** The options as given, for {@link withOptions}. */
  readonly #given: ClientOptions;
  readonly #options: ResolvedOptions;
  readonly #path: RequestPath;
  /** Each resource, built on first use. */
  readonly #resources = new Map<new (client: Client) => unknown, unknown>();
  #webhooks: Webhooks | undefined;

  constructor(options: ClientOptions = {}) {
    this.#options = resolveOptions(options);
    this.strictSunatChecks = resolveStrictChecks(options.strictSunatChecks);
    this.#given = options;
    this.#path = new RequestPath(this.#options);
    ({ baseURL: this.baseURL, timeout: this.timeout, maxRetries: this.maxRetries } = this.#options);
  }

  /**
   * A new client with `options` over this one's: the same key, address and settings but for
   * what `options` names (`timeout`, `maxRetries`, `defaultHeaders`, `logLevel`...). Naming
   * `environment` or `baseURL` replaces the other. This client is left as it is.
   *
   * ```ts
   * const patient = client.withOptions({ timeout: 120_000, maxRetries: 5 });
   * ```
   */
  withOptions(options: ClientOptions): Client {
    const { environment, baseURL, ...rest } = this.#given;
    const address = options.environment === undefined && options.baseURL === undefined ? { environment, baseURL } : {};
    return new Client({ ...rest, ...address, apiKey: this.#options.apiKey, ...options });
  }

  #resource<T>(Resource: new (client: Client) => T): T {
    let resource = this.#resources.get(Resource) as T | undefined;
    if (resource === undefined) this.#resources.set(Resource, (resource = new Resource(this)));
    return resource;
  }

  /** Facturas, boletas and notas: create, retrieve, list, download, void, resend, email. */
  get documents(): DocumentsResource {
    return this.#resource(DocumentsResource);
  }

  /** Verify, parse and sign webhook deliveries, with `webhookSecret` as the default secret. */
  get webhooks(): Webhooks {
    return (this.#webhooks ??= new Webhooks(this.#options.webhookSecret));
  }

  /** Comunicaciones de baja (`void_`, SUNAT's `RA`) made by `documents.void`, and resúmenes de reversiones (`RR`): retrieve, list, xml, cdr. */
  get voidings(): VoidingsResource {
    return this.#resource(VoidingsResource);
  }

  /** Resúmenes diarios (`sum_`, SUNAT's `RC`) of boletas and their notas: retrieve, list, xml, cdr. */
  get summaries(): SummariesResource {
    return this.#resource(SummariesResource);
  }

  /** Comprobantes de retención (`ret_`, type `20`): create, retrieve, list, download. */
  get retentions(): RetentionsResource {
    return this.#resource(RetentionsResource);
  }

  /** Comprobantes de percepción (`perc_`, type `40`): create, retrieve, list, download. */
  get perceptions(): PerceptionsResource {
    return this.#resource(PerceptionsResource);
  }

  /** Guías de remisión electrónicas (`desp_`, remitente `09` and transportista `31`): create, retrieve, list, download. */
  get despatches(): DespatchesResource {
    return this.#resource(DespatchesResource);
  }

  /** Customers saved on your account (`cus_`): create, retrieve, update, list, delete. */
  get customers(): CustomersResource {
    return this.#resource(CustomersResource);
  }

  /** Products and services saved on your account (`prod_`): create, retrieve, update, list, delete. */
  get products(): ProductsResource {
    return this.#resource(ProductsResource);
  }

  /** Document series (`ser_`) and their next numbers: create, retrieve, update, list. */
  get series(): SeriesResource {
    return this.#resource(SeriesResource);
  }

  /** Webhook endpoints (`we_`): create, retrieve, update, list, delete, rotateSecret. */
  get webhookEndpoints(): WebhookEndpointsResource {
    return this.#resource(WebhookEndpointsResource);
  }

  /** Events (`evt_`), as webhooks deliver them: retrieve, list. */
  get events(): EventsResource {
    return this.#resource(EventsResource);
  }

  /** API keys (`key_`) and their permissions: create, retrieve, list, revoke. */
  get apiKeys(): APIKeysResource {
    return this.#resource(APIKeysResource);
  }

  /** The audit log (`log_`): retrieve, list. */
  get auditLogs(): AuditLogsResource {
    return this.#resource(AuditLogsResource);
  }

  /** RUC and DNI lookups in the national registries: ruc, dni. */
  get lookups(): LookupsResource {
    return this.#resource(LookupsResource);
  }

  /** Your account, the issuer printed on documents: retrieve, update. */
  get account(): AccountResource {
    return this.#resource(AccountResource);
  }

  /** SUNAT's daily exchange rates: retrieve. */
  get exchangeRates(): ExchangeRatesResource {
    return this.#resource(ExchangeRatesResource);
  }

  /**
   * Calls any endpoint with the client's auth, retries and errors: the way to reach an
   * endpoint this SDK does not model yet. `path` must start with a single `/` and the URL must
   * stay on the base URL's origin. Every failure, bad input included (a nested object in
   * `query`, a bad header), rejects the returned promise; bad input sends nothing.
   *
   * ```ts
   * const stats = await client.request<{ issued: number }>({ method: 'GET', path: '/v1/stats' });
   * ```
   */
  request<T = unknown>(request: APIRequest, options: RequestOptions = {}): APIPromise<T> {
    return new APIPromise(this.#path.send<T>(request, options, undefined));
  }

  /** @internal The enabled log levels, for what resources report without throwing (a wait `createMany` cut short). */
  get _log(): LevelLog {
    return this.#options.log;
  }

  /**
   * @internal What resources call: {@link request}, but the answer must be a JSON object (never
   * `null`, nor a 204's nothing), and with `identified` one with a string `id`.
   */
  _request<T>(request: APIRequest, options: RequestOptions = {}, identified = false): Promise<WithResponse<T>> {
    return this.#path.send<T>(request, options, identified ? isIdentified : isObject);
  }

  /** Fetches a list endpoint as a {@link PagePromise} that pages automatically. */
  getList<T>(path: string, query: object | undefined, options: RequestOptions = {}): PagePromise<T> {
    const fetchPage = async (cursor: string | undefined, trail: CursorTrail): Promise<WithResponse<Page<T>>> => {
      const r = await this.#path.send<ListEnvelope<T>>({ method: 'GET', path, query: cursor ? { ...query, cursor } : query }, options, isPage);
      const next = r.data.nextCursor;
      if (r.data.hasMore && typeof next === 'string' && trail.has(next)) {
        throw this.#path.malformed(r, JSON.stringify(r.data), `cursor ${JSON.stringify(next)} was handed out by an earlier page: the pages form a cycle`);
      }
      return { ...r, data: new Page(r.data, (nextCursor) => new APIPromise(fetchPage(nextCursor, trail.then(nextCursor)))) };
    };
    return new PagePromise(fetchPage(undefined, new CursorTrail()));
  }
}
