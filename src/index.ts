/**
 * yupana: the official TypeScript/JavaScript SDK for Peruvian electronic invoicing.
 *
 * ```ts
 * import { Client } from 'yupana';
 * const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });
 * ```
 * @module yupana
 */
export { Client } from './client.js';
export {
  ENVIRONMENTS,
  type APIRequest,
  type ClientOptions,
  type Environment,
  type HookRequest,
  type Hooks,
  type RequestOptions,
  type ResponseType,
} from './core/options.js';
export type { Logger, LogLevel } from './core/log.js';
export { APIPromise, type RateLimit, type WithResponse } from './core/api-promise.js';
export { Page, PagePromise, type ListEnvelope, type PageFetcher } from './core/pagination.js';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  UnprocessableEntityError,
  ValidationError,
  WaitTimeoutError,
  WebhookVerificationError,
  YupanaError,
  type FieldIssue,
  type WebhookVerificationErrorCode,
} from './core/errors.js';
export { DocumentsResource } from './resources/documents.js';
export { AccountResource } from './resources/account.js';
export { APIKeysResource } from './resources/api-keys.js';
export { AuditLogsResource } from './resources/audit-logs.js';
export { CustomersResource } from './resources/customers.js';
export { DespatchesResource } from './resources/despatches.js';
export { EventsResource } from './resources/events.js';
export { ExchangeRatesResource } from './resources/exchange-rates.js';
export { LookupsResource } from './resources/lookups.js';
export { PerceptionsResource } from './resources/perceptions.js';
export { ProductsResource } from './resources/products.js';
export { RetentionsResource } from './resources/retentions.js';
export { SeriesResource } from './resources/series.js';
export { SummariesResource } from './resources/summaries.js';
export { VoidingsResource } from './resources/voidings.js';
export { WebhookEndpointsResource } from './resources/webhook-endpoints.js';
export { APIResource } from './resources/resource.js';
export type { Operation } from './core/operation.js';
export { VERSION } from './version.js';
// The models' types; their zod schemas are values of `yupana/schemas`.
export type * from './models/account.js';
export type * from './models/api-key.js';
export type * from './models/audit-log.js';
export type * from './models/customer.js';
export type * from './models/despatch.js';
export type * from './models/document.js';
export type * from './models/event.js';
export type * from './models/exchange-rate.js';
export type * from './models/lookup.js';
export type * from './models/perception.js';
export type * from './models/problem.js';
export type * from './models/product.js';
export type * from './models/retention.js';
export type * from './models/series.js';
export type * from './models/summary.js';
export type * from './models/voiding.js';
export type * from './models/webhook-endpoint.js';
export type { DeletedObject, ListParams } from './models/shared.js';
export {
  signWebhook,
  unwrapWebhook,
  verifyWebhook,
  Webhooks,
  type SignedWebhookHeaders,
  type WebhookBody,
  type WebhookHeaders,
  type WebhookSignOptions,
  type WebhookVerifyOptions,
} from './webhooks.js';
export type { CreateManyOptions, CreateManyProgress, CreateManyResult } from './lib/create-many.js';
export type { CreateAndWaitOptions, WaitForOutcomeOptions } from './lib/wait.js';
