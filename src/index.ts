/**
 * yupana: the official TypeScript/JavaScript SDK for Peruvian electronic invoicing.
 *
 * ```ts
 * import { Client } from 'yupana';
 * const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });
 * ```
 * @module yupana
 */
export {
  Client,
  ENVIRONMENTS,
  type APIRequest,
  type ClientOptions,
  type Environment,
  type RequestOptions,
  type ResponseType,
} from './client.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
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
  YupanaError,
  type FieldIssue,
  type ProblemBody,
} from './core/errors.js';
export { Documents } from './resources/documents.js';
export { APIResource } from './resources/resource.js';
export * from './models/document.js';
export { ListParams, openEnum } from './models/shared.js';
export * from './sunat/catalogs.js';
export { VERSION } from './version.js';
export * from './models/event.js';
