/**
 * Every operation of the API, for the OpenAPI document: the SDK method that calls it, its
 * method and path, and the zod schemas of its parameters, body and answer. Only the OpenAPI
 * script and its tests import this table; the SDK's runtime never does.
 */
import type * as z from 'zod/mini';
import {
  Account,
  AccountUpdateParams,
  ApiKey,
  ApiKeyCreateParams,
  ApiKeyWithSecret,
  AuditLog,
  AuditLogListParams,
  CustomerCreateParams,
  CustomerRecord,
  CustomerUpdateParams,
  DeletedObject,
  DniLookup,
  DniNumber,
  Document,
  DocumentCreateParams,
  DocumentEmailParams,
  DocumentEmailResult,
  DocumentListParams,
  DocumentPdfParams,
  DocumentVoidParams,
  Event,
  EventListParams,
  ExchangeRate,
  ListParams,
  Product,
  ProductCreateParams,
  ProductUpdateParams,
  RucLookup,
  RucNumber,
  SeriesCreateParams,
  SeriesRecord,
  SeriesUpdateParams,
  WebhookEndpoint,
  WebhookEndpointCreateParams,
  WebhookEndpointUpdateParams,
  WebhookEndpointWithSecret,
} from '../../src/index.js';
import { CalendarDate } from '../../src/models/shared.js';

/** One operation of the API. */
export interface Operation {
  /** The SDK method that calls it, `resource.method`. */
  sdk: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  /** The path template, e.g. `/v1/customers/{id}`. A parameter without a schema in `params` is an id string. */
  path: string;
  /** Schemas of the path parameters that are not plain ids. */
  params?: Record<string, z.ZodMiniType>;
  /** The object schema whose properties are the query parameters. */
  query?: z.ZodMiniType;
  /** The JSON request body. */
  body?: z.ZodMiniType;
  /** The JSON answer by status. */
  responses?: Record<number, z.ZodMiniType>;
  /** A list: the answer is a page (`listEnvelope`) of this item. */
  list?: z.ZodMiniType;
  /** A file answer: its media type (the body is text for XML, bytes for PDF). */
  file?: 'application/xml' | 'application/pdf';
}

/** Every operation, in the order of the contract. */
export const OPERATIONS: Operation[] = [
  { sdk: 'documents.create', method: 'post', path: '/v1/documents', body: DocumentCreateParams, responses: { 201: Document, 202: Document } },
  { sdk: 'documents.retrieve', method: 'get', path: '/v1/documents/{id}', responses: { 200: Document } },
  { sdk: 'documents.list', method: 'get', path: '/v1/documents', query: DocumentListParams, list: Document },
  { sdk: 'documents.xml', method: 'get', path: '/v1/documents/{id}/xml', file: 'application/xml' },
  { sdk: 'documents.pdf', method: 'get', path: '/v1/documents/{id}/pdf', query: DocumentPdfParams, file: 'application/pdf' },
  { sdk: 'documents.cdr', method: 'get', path: '/v1/documents/{id}/cdr', file: 'application/xml' },
  { sdk: 'documents.void', method: 'post', path: '/v1/documents/{id}/void', body: DocumentVoidParams, responses: { 200: Document } },
  { sdk: 'documents.resend', method: 'post', path: '/v1/documents/{id}/resend', responses: { 200: Document } },
  { sdk: 'documents.email', method: 'post', path: '/v1/documents/{id}/email', body: DocumentEmailParams, responses: { 200: DocumentEmailResult } },

  { sdk: 'customers.create', method: 'post', path: '/v1/customers', body: CustomerCreateParams, responses: { 201: CustomerRecord } },
  { sdk: 'customers.retrieve', method: 'get', path: '/v1/customers/{id}', responses: { 200: CustomerRecord } },
  { sdk: 'customers.update', method: 'patch', path: '/v1/customers/{id}', body: CustomerUpdateParams, responses: { 200: CustomerRecord } },
  { sdk: 'customers.list', method: 'get', path: '/v1/customers', query: ListParams, list: CustomerRecord },
  { sdk: 'customers.delete', method: 'delete', path: '/v1/customers/{id}', responses: { 200: DeletedObject } },

  { sdk: 'products.create', method: 'post', path: '/v1/products', body: ProductCreateParams, responses: { 201: Product } },
  { sdk: 'products.retrieve', method: 'get', path: '/v1/products/{id}', responses: { 200: Product } },
  { sdk: 'products.update', method: 'patch', path: '/v1/products/{id}', body: ProductUpdateParams, responses: { 200: Product } },
  { sdk: 'products.list', method: 'get', path: '/v1/products', query: ListParams, list: Product },
  { sdk: 'products.delete', method: 'delete', path: '/v1/products/{id}', responses: { 200: DeletedObject } },

  { sdk: 'series.create', method: 'post', path: '/v1/series', body: SeriesCreateParams, responses: { 201: SeriesRecord } },
  { sdk: 'series.retrieve', method: 'get', path: '/v1/series/{id}', responses: { 200: SeriesRecord } },
  { sdk: 'series.update', method: 'patch', path: '/v1/series/{id}', body: SeriesUpdateParams, responses: { 200: SeriesRecord } },
  { sdk: 'series.list', method: 'get', path: '/v1/series', query: ListParams, list: SeriesRecord },

  { sdk: 'webhookEndpoints.create', method: 'post', path: '/v1/webhook-endpoints', body: WebhookEndpointCreateParams, responses: { 201: WebhookEndpointWithSecret } },
  { sdk: 'webhookEndpoints.retrieve', method: 'get', path: '/v1/webhook-endpoints/{id}', responses: { 200: WebhookEndpoint } },
  { sdk: 'webhookEndpoints.update', method: 'patch', path: '/v1/webhook-endpoints/{id}', body: WebhookEndpointUpdateParams, responses: { 200: WebhookEndpoint } },
  { sdk: 'webhookEndpoints.list', method: 'get', path: '/v1/webhook-endpoints', query: ListParams, list: WebhookEndpoint },
  { sdk: 'webhookEndpoints.delete', method: 'delete', path: '/v1/webhook-endpoints/{id}', responses: { 200: DeletedObject } },
  { sdk: 'webhookEndpoints.rotateSecret', method: 'post', path: '/v1/webhook-endpoints/{id}/rotate-secret', responses: { 200: WebhookEndpointWithSecret } },

  { sdk: 'events.retrieve', method: 'get', path: '/v1/events/{id}', responses: { 200: Event } },
  { sdk: 'events.list', method: 'get', path: '/v1/events', query: EventListParams, list: Event },

  { sdk: 'apiKeys.create', method: 'post', path: '/v1/api-keys', body: ApiKeyCreateParams, responses: { 201: ApiKeyWithSecret } },
  { sdk: 'apiKeys.retrieve', method: 'get', path: '/v1/api-keys/{id}', responses: { 200: ApiKey } },
  { sdk: 'apiKeys.list', method: 'get', path: '/v1/api-keys', query: ListParams, list: ApiKey },
  { sdk: 'apiKeys.revoke', method: 'delete', path: '/v1/api-keys/{id}', responses: { 200: DeletedObject } },

  { sdk: 'auditLogs.retrieve', method: 'get', path: '/v1/audit-logs/{id}', responses: { 200: AuditLog } },
  { sdk: 'auditLogs.list', method: 'get', path: '/v1/audit-logs', query: AuditLogListParams, list: AuditLog },

  { sdk: 'lookups.ruc', method: 'get', path: '/v1/lookups/ruc/{number}', params: { number: RucNumber }, responses: { 200: RucLookup } },
  { sdk: 'lookups.dni', method: 'get', path: '/v1/lookups/dni/{number}', params: { number: DniNumber }, responses: { 200: DniLookup } },

  { sdk: 'account.retrieve', method: 'get', path: '/v1/account', responses: { 200: Account } },
  { sdk: 'account.update', method: 'patch', path: '/v1/account', body: AccountUpdateParams, responses: { 200: Account } },

  { sdk: 'exchangeRates.retrieve', method: 'get', path: '/v1/exchange-rates/{date}', params: { date: CalendarDate }, responses: { 200: ExchangeRate } },
];
