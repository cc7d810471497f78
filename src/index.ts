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
  type RequestOptions,
  type ResponseType,
} from './core/options.js';
export { APIPromise, type RateLimit, type WithResponse } from './core/api-promise.js';
export type { Logger, LogLevel } from './internal/log.js';
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
export { EventsResource } from './resources/events.js';
export { ExchangeRatesResource } from './resources/exchange-rates.js';
export { LookupsResource } from './resources/lookups.js';
export { ProductsResource } from './resources/products.js';
export { SeriesResource } from './resources/series.js';
export { WebhookEndpointsResource } from './resources/webhook-endpoints.js';
export { APIResource } from './resources/resource.js';
export * from './models/document.js';
export { DeletedObject, ListParams } from './models/shared.js';
export { VERSION } from './version.js';
export * from './models/event.js';
export * from './sunat/index.js';
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
export * from './models/account.js';
export * from './models/api-key.js';
export * from './models/audit-log.js';
export * from './models/customer.js';
export * from './models/exchange-rate.js';
export * from './models/lookup.js';
export * from './models/problem.js';
export * from './models/product.js';
export * from './models/series.js';
export * from './models/webhook-endpoint.js';
export type { CreateManyOptions, CreateManyProgress, CreateManyResult } from './internal/create-many.js';
export type { CreateAndWaitOptions, WaitForOutcomeOptions } from './internal/wait.js';
