/**
 * One row per SDK operation: how to call it, and what must go over the wire and come back.
 * The wire, pagination, path-encoding and OpenAPI contract tests all read this table, so a new
 * operation is one row here.
 */
import type * as z from 'zod/mini';
import { APIResource, type Client } from '../src/index.js';
import {
  Account,
  APIKey,
  APIKeyWithSecret,
  AuditLog,
  Customer,
  DeletedObject,
  Despatch,
  DespatchListItem,
  DniLookup,
  Document,
  DocumentEmailResult,
  DocumentListItem,
  Event,
  ExchangeRate,
  PerceptionListItem,
  PerceptionReceipt,
  Product,
  RetentionListItem,
  RetentionReceipt,
  RucLookup,
  Series,
  Summary,
  Voiding,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '../src/schemas.js';
import * as f from './fixtures.js';
import { documentFixture, validCreate } from './helpers.js';

/** An SDK operation and its expected exchange. */
export interface OperationCase {
  /** `resource.method`, as called on the client. */
  sdk: string;
  /** Calls the operation; `id` fills the `{id}` of `path`. */
  call: (client: Client, id: string) => PromiseLike<unknown>;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path on the wire; `{id}` is the id given to `call`, percent-encoded. */
  path: string;
  /** The query on the wire. */
  query?: Record<string, string | string[]>;
  /** The JSON body on the wire; absent for none. */
  body?: unknown;
  /** The `Accept` header. Default: `application/json`. */
  accept?: string;
  /** The answer: a JSON value (for a list, one item of the page), or the text or bytes of a file. */
  response: unknown;
  /** The status of the answer. Default: 200. */
  status?: number;
  /** The schema the answer satisfies (so that the fixtures cannot drift from the models). */
  schema?: z.ZodMiniType;
  /** A list operation: the answer is a page of `response`, the result a `Page`. */
  list?: true;
}

const doc = documentFixture();
/** A document as a list answers it: without its `signedXml`. */
const { signedXml: _xml, ...listed } = doc;
const pdf = new TextEncoder().encode('%PDF-1.4 a4');

export const OPERATIONS: OperationCase[] = [
  {
    sdk: 'documents.create',
    call: (c) => c.documents.create(validCreate()),
    method: 'POST',
    path: '/v1/documents',
    body: validCreate(),
    response: doc,
    status: 201,
    schema: Document,
  },
  { sdk: 'documents.retrieve', call: (c, id) => c.documents.retrieve(id), method: 'GET', path: '/v1/documents/{id}', response: doc, schema: Document },
  {
    sdk: 'documents.list',
    call: (c) => c.documents.list({ status: 'accepted', issuedFrom: new Date('2026-11-01T03:00:00Z'), issuedTo: '2026-11-30', limit: 10 }),
    method: 'GET',
    path: '/v1/documents',
    query: { status: 'accepted', issuedFrom: '2026-10-31', issuedTo: '2026-11-30', limit: '10' },
    response: listed,
    schema: DocumentListItem,
    list: true,
  },
  {
    sdk: 'documents.xml',
    call: (c, id) => c.documents.xml(id),
    method: 'GET',
    path: '/v1/documents/{id}/xml',
    accept: 'application/xml, application/problem+json',
    response: '<Invoice/>',
  },
  {
    sdk: 'documents.pdf',
    call: (c, id) => c.documents.pdf(id, { format: 'a4' }),
    method: 'GET',
    path: '/v1/documents/{id}/pdf',
    query: { format: 'a4' },
    accept: 'application/pdf, application/problem+json',
    response: pdf,
  },
  {
    sdk: 'documents.cdr',
    call: (c, id) => c.documents.cdr(id),
    method: 'GET',
    path: '/v1/documents/{id}/cdr',
    accept: 'application/xml, application/problem+json',
    response: '<ApplicationResponse/>',
  },
  {
    sdk: 'documents.void',
    call: (c, id) => c.documents.void(id, { reason: 'Error en el precio' }),
    method: 'POST',
    path: '/v1/documents/{id}/void',
    body: { reason: 'Error en el precio' },
    response: { ...doc, status: 'voiding' },
    schema: Document,
  },
  {
    sdk: 'documents.resend',
    call: (c, id) => c.documents.resend(id),
    method: 'POST',
    path: '/v1/documents/{id}/resend',
    response: { ...doc, status: 'pending' },
    schema: Document,
  },
  {
    sdk: 'documents.email',
    call: (c, id) => c.documents.email(id, { to: ['pagos@acme.pe'] }),
    method: 'POST',
    path: '/v1/documents/{id}/email',
    body: { to: ['pagos@acme.pe'] },
    response: { sent: true },
    schema: DocumentEmailResult,
  },

  {
    sdk: 'customers.create',
    call: (c) => c.customers.create({ documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', phone: '+51 1 555 0101', metadata: { erp: 'C-42' } }),
    method: 'POST',
    path: '/v1/customers',
    body: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', phone: '+51 1 555 0101', metadata: { erp: 'C-42' } },
    response: f.customer,
    status: 201,
    schema: Customer,
  },
  { sdk: 'customers.retrieve', call: (c, id) => c.customers.retrieve(id), method: 'GET', path: '/v1/customers/{id}', response: f.customer, schema: Customer },
  {
    sdk: 'customers.update',
    call: (c, id) => c.customers.update(id, { email: 'pagos@acme.pe' }),
    method: 'PATCH',
    path: '/v1/customers/{id}',
    body: { email: 'pagos@acme.pe' },
    response: f.customer,
    schema: Customer,
  },
  {
    sdk: 'customers.list',
    call: (c) => c.customers.list({ limit: 2 }),
    method: 'GET',
    path: '/v1/customers',
    query: { limit: '2' },
    response: f.customer,
    schema: Customer,
    list: true,
  },
  {
    sdk: 'customers.delete',
    call: (c, id) => c.customers.delete(id),
    method: 'DELETE',
    path: '/v1/customers/{id}',
    response: f.deleted('cus_1', 'customer'),
    schema: DeletedObject,
  },

  {
    sdk: 'products.create',
    call: (c) => c.products.create({ code: 'SRV-01', description: 'Consultoría', unitPrice: 100, unitCode: 'ZZ' }),
    method: 'POST',
    path: '/v1/products',
    body: { code: 'SRV-01', description: 'Consultoría', unitPrice: 100, unitCode: 'ZZ' },
    response: f.product,
    status: 201,
    schema: Product,
  },
  { sdk: 'products.retrieve', call: (c, id) => c.products.retrieve(id), method: 'GET', path: '/v1/products/{id}', response: f.product, schema: Product },
  {
    sdk: 'products.update',
    call: (c, id) => c.products.update(id, { unitPrice: 120 }),
    method: 'PATCH',
    path: '/v1/products/{id}',
    body: { unitPrice: 120 },
    response: f.product,
    schema: Product,
  },
  { sdk: 'products.list', call: (c) => c.products.list(), method: 'GET', path: '/v1/products', response: f.product, schema: Product, list: true },
  {
    sdk: 'products.delete',
    call: (c, id) => c.products.delete(id),
    method: 'DELETE',
    path: '/v1/products/{id}',
    response: f.deleted('prod_1', 'product'),
    schema: DeletedObject,
  },

  {
    sdk: 'series.create',
    call: (c) => c.series.create({ series: 'F002', documentType: '01' }),
    method: 'POST',
    path: '/v1/series',
    body: { series: 'F002', documentType: '01' },
    response: f.series,
    status: 201,
    schema: Series,
  },
  { sdk: 'series.retrieve', call: (c, id) => c.series.retrieve(id), method: 'GET', path: '/v1/series/{id}', response: f.series, schema: Series },
  {
    sdk: 'series.update',
    call: (c, id) => c.series.update(id, { active: false }),
    method: 'PATCH',
    path: '/v1/series/{id}',
    body: { active: false },
    response: { ...f.series, active: false },
    schema: Series,
  },
  { sdk: 'series.list', call: (c) => c.series.list(), method: 'GET', path: '/v1/series', response: f.series, schema: Series, list: true },

  {
    sdk: 'webhookEndpoints.create',
    call: (c) => c.webhookEndpoints.create({ url: 'https://acme.pe/webhooks/yupana', events: ['document.accepted'] }),
    method: 'POST',
    path: '/v1/webhook-endpoints',
    body: { url: 'https://acme.pe/webhooks/yupana', events: ['document.accepted'] },
    response: f.webhookEndpointWithSecret,
    status: 201,
    schema: WebhookEndpointWithSecret,
  },
  {
    sdk: 'webhookEndpoints.retrieve',
    call: (c, id) => c.webhookEndpoints.retrieve(id),
    method: 'GET',
    path: '/v1/webhook-endpoints/{id}',
    response: f.webhookEndpoint,
    schema: WebhookEndpoint,
  },
  {
    sdk: 'webhookEndpoints.update',
    call: (c, id) => c.webhookEndpoints.update(id, { enabled: false }),
    method: 'PATCH',
    path: '/v1/webhook-endpoints/{id}',
    body: { enabled: false },
    response: { ...f.webhookEndpoint, enabled: false },
    schema: WebhookEndpoint,
  },
  {
    sdk: 'webhookEndpoints.list',
    call: (c) => c.webhookEndpoints.list(),
    method: 'GET',
    path: '/v1/webhook-endpoints',
    response: f.webhookEndpoint,
    schema: WebhookEndpoint,
    list: true,
  },
  {
    sdk: 'webhookEndpoints.delete',
    call: (c, id) => c.webhookEndpoints.delete(id),
    method: 'DELETE',
    path: '/v1/webhook-endpoints/{id}',
    response: f.deleted('we_1', 'webhook_endpoint'),
    schema: DeletedObject,
  },
  {
    sdk: 'webhookEndpoints.rotateSecret',
    call: (c, id) => c.webhookEndpoints.rotateSecret(id),
    method: 'POST',
    path: '/v1/webhook-endpoints/{id}/rotate-secret',
    response: f.webhookEndpointWithSecret,
    schema: WebhookEndpointWithSecret,
  },

  { sdk: 'events.retrieve', call: (c, id) => c.events.retrieve(id), method: 'GET', path: '/v1/events/{id}', response: f.event, schema: Event },
  {
    sdk: 'events.list',
    call: (c) => c.events.list({ type: ['document.accepted', 'document.rejected'], documentId: 'doc_1', cursor: undefined }),
    method: 'GET',
    path: '/v1/events',
    query: { type: ['document.accepted', 'document.rejected'], documentId: 'doc_1' },
    response: f.event,
    schema: Event,
    list: true,
  },

  {
    sdk: 'apiKeys.create',
    call: (c) => c.apiKeys.create({ name: 'Reportes', permissions: ['documents:read'] }),
    method: 'POST',
    path: '/v1/api-keys',
    body: { name: 'Reportes', permissions: ['documents:read'] },
    response: f.apiKeyWithSecret,
    status: 201,
    schema: APIKeyWithSecret,
  },
  { sdk: 'apiKeys.retrieve', call: (c, id) => c.apiKeys.retrieve(id), method: 'GET', path: '/v1/api-keys/{id}', response: f.apiKey, schema: APIKey },
  { sdk: 'apiKeys.list', call: (c) => c.apiKeys.list(), method: 'GET', path: '/v1/api-keys', response: f.apiKey, schema: APIKey, list: true },
  {
    sdk: 'apiKeys.revoke',
    call: (c, id) => c.apiKeys.revoke(id),
    method: 'DELETE',
    path: '/v1/api-keys/{id}',
    response: f.deleted('key_1', 'api_key'),
    schema: DeletedObject,
  },

  { sdk: 'auditLogs.retrieve', call: (c, id) => c.auditLogs.retrieve(id), method: 'GET', path: '/v1/audit-logs/{id}', response: f.auditLog, schema: AuditLog },
  {
    sdk: 'auditLogs.list',
    call: (c) => c.auditLogs.list({ actor: 'key_1', action: 'documents.void', from: new Date('2026-11-01T12:00:00Z'), to: '2026-11-30' }),
    method: 'GET',
    path: '/v1/audit-logs',
    query: { actor: 'key_1', action: 'documents.void', from: '2026-11-01', to: '2026-11-30' },
    response: f.auditLog,
    schema: AuditLog,
    list: true,
  },

  { sdk: 'lookups.ruc', call: (c) => c.lookups.ruc('20131312955'), method: 'GET', path: '/v1/lookups/ruc/20131312955', response: f.rucLookup, schema: RucLookup },
  { sdk: 'lookups.dni', call: (c) => c.lookups.dni('46027896'), method: 'GET', path: '/v1/lookups/dni/46027896', response: f.dniLookup, schema: DniLookup },

  { sdk: 'account.retrieve', call: (c) => c.account.retrieve(), method: 'GET', path: '/v1/account', response: f.account, schema: Account },
  {
    sdk: 'account.update',
    call: (c) => c.account.update({ tradeName: 'ACME Store' }),
    method: 'PATCH',
    path: '/v1/account',
    body: { tradeName: 'ACME Store' },
    response: f.account,
    schema: Account,
  },

  { sdk: 'voidings.retrieve', call: (c, id) => c.voidings.retrieve(id), method: 'GET', path: '/v1/voidings/{id}', response: f.voiding, schema: Voiding },
  {
    sdk: 'voidings.list',
    call: (c) => c.voidings.list({ kind: 'RA', status: 'pending', documentId: 'doc_1', referenceDate: '2026-11-21', limit: 10 }),
    method: 'GET',
    path: '/v1/voidings',
    query: { kind: 'RA', status: 'pending', documentId: 'doc_1', referenceDate: '2026-11-21', limit: '10' },
    response: f.voiding,
    schema: Voiding,
    list: true,
  },
  {
    sdk: 'voidings.xml',
    call: (c, id) => c.voidings.xml(id),
    method: 'GET',
    path: '/v1/voidings/{id}/xml',
    accept: 'application/xml, application/problem+json',
    response: '<VoidedDocuments/>',
  },
  {
    sdk: 'voidings.cdr',
    call: (c, id) => c.voidings.cdr(id),
    method: 'GET',
    path: '/v1/voidings/{id}/cdr',
    accept: 'application/xml, application/problem+json',
    response: '<ApplicationResponse/>',
  },
  { sdk: 'summaries.retrieve', call: (c, id) => c.summaries.retrieve(id), method: 'GET', path: '/v1/summaries/{id}', response: f.summary, schema: Summary },
  {
    sdk: 'summaries.list',
    call: (c) => c.summaries.list({ status: 'accepted', documentId: 'doc_2', referenceDate: '2026-11-21' }),
    method: 'GET',
    path: '/v1/summaries',
    query: { status: 'accepted', documentId: 'doc_2', referenceDate: '2026-11-21' },
    response: f.summary,
    schema: Summary,
    list: true,
  },
  {
    sdk: 'summaries.xml',
    call: (c, id) => c.summaries.xml(id),
    method: 'GET',
    path: '/v1/summaries/{id}/xml',
    accept: 'application/xml, application/problem+json',
    response: '<SummaryDocuments/>',
  },
  {
    sdk: 'summaries.cdr',
    call: (c, id) => c.summaries.cdr(id),
    method: 'GET',
    path: '/v1/summaries/{id}/cdr',
    accept: 'application/xml, application/problem+json',
    response: '<ApplicationResponse/>',
  },

  {
    sdk: 'exchangeRates.retrieve',
    call: (c) => c.exchangeRates.retrieve(new Date('2026-11-21T03:00:00Z')), // still Nov 20 in Lima
    method: 'GET',
    path: '/v1/exchange-rates/2026-11-20',
    response: f.exchangeRate,
    schema: ExchangeRate,
  },
  {
    sdk: 'retentions.create',
    call: (c) => c.retentions.create(f.retentionCreate),
    method: 'POST',
    path: '/v1/retentions',
    body: f.retentionCreate,
    response: f.retention,
    status: 201,
    schema: RetentionReceipt,
  },
  { sdk: 'retentions.retrieve', call: (c, id) => c.retentions.retrieve(id), method: 'GET', path: '/v1/retentions/{id}', response: f.retention, schema: RetentionReceipt },
  {
    sdk: 'retentions.list',
    call: (c) => c.retentions.list({ documentNumber: '20100070970', issuedFrom: '2026-11-01', limit: 10 }),
    method: 'GET',
    path: '/v1/retentions',
    query: { documentNumber: '20100070970', issuedFrom: '2026-11-01', limit: '10' },
    response: (({ signedXml: _, ...item }) => item)(f.retention),
    schema: RetentionListItem,
    list: true,
  },
  {
    sdk: 'retentions.xml',
    call: (c, id) => c.retentions.xml(id),
    method: 'GET',
    path: '/v1/retentions/{id}/xml',
    accept: 'application/xml, application/problem+json',
    response: '<Retention/>',
  },
  {
    sdk: 'retentions.pdf',
    call: (c, id) => c.retentions.pdf(id),
    method: 'GET',
    path: '/v1/retentions/{id}/pdf',
    accept: 'application/pdf, application/problem+json',
    response: pdf,
  },
  {
    sdk: 'retentions.cdr',
    call: (c, id) => c.retentions.cdr(id),
    method: 'GET',
    path: '/v1/retentions/{id}/cdr',
    accept: 'application/xml, application/problem+json',
    response: '<ApplicationResponse/>',
  },
  {
    sdk: 'retentions.void',
    call: (c, id) => c.retentions.void(id, { reason: 'Pago anulado' }),
    method: 'POST',
    path: '/v1/retentions/{id}/void',
    body: { reason: 'Pago anulado' },
    response: { ...f.retention, status: 'voiding', voidedBy: { object: 'voiding', id: 'void_1' } },
    schema: RetentionReceipt,
  },
  {
    sdk: 'perceptions.create',
    call: (c) => c.perceptions.create(f.perceptionCreate),
    method: 'POST',
    path: '/v1/perceptions',
    body: f.perceptionCreate,
    response: f.perception,
    status: 201,
    schema: PerceptionReceipt,
  },
  {
    sdk: 'perceptions.retrieve',
    call: (c, id) => c.perceptions.retrieve(id),
    method: 'GET',
    path: '/v1/perceptions/{id}',
    response: f.perception,
    schema: PerceptionReceipt,
  },
  {
    sdk: 'perceptions.list',
    call: (c) => c.perceptions.list({ status: 'accepted', series: 'P001', issuedTo: new Date('2026-12-01T03:00:00Z') }),
    method: 'GET',
    path: '/v1/perceptions',
    query: { status: 'accepted', series: 'P001', issuedTo: '2026-11-30' },
    response: (({ signedXml: _, ...item }) => item)(f.perception),
    schema: PerceptionListItem,
    list: true,
  },
  {
    sdk: 'perceptions.xml',
    call: (c, id) => c.perceptions.xml(id),
    method: 'GET',
    path: '/v1/perceptions/{id}/xml',
    accept: 'application/xml, application/problem+json',
    response: '<Perception/>',
  },
  {
    sdk: 'perceptions.pdf',
    call: (c, id) => c.perceptions.pdf(id),
    method: 'GET',
    path: '/v1/perceptions/{id}/pdf',
    accept: 'application/pdf, application/problem+json',
    response: pdf,
  },
  {
    sdk: 'perceptions.cdr',
    call: (c, id) => c.perceptions.cdr(id),
    method: 'GET',
    path: '/v1/perceptions/{id}/cdr',
    accept: 'application/xml, application/problem+json',
    response: '<ApplicationResponse/>',
  },
  {
    sdk: 'perceptions.void',
    call: (c, id) => c.perceptions.void(id, { reason: 'Pago anulado' }),
    method: 'POST',
    path: '/v1/perceptions/{id}/void',
    body: { reason: 'Pago anulado' },
    response: { ...f.perception, status: 'voiding', voidedBy: { object: 'voiding', id: 'void_1' } },
    schema: PerceptionReceipt,
  },
  {
    sdk: 'despatches.create',
    call: (c) => c.despatches.create(f.despatchCreate),
    method: 'POST',
    path: '/v1/despatches',
    body: f.despatchCreate,
    response: f.despatch,
    status: 202,
    schema: Despatch,
  },
  { sdk: 'despatches.retrieve', call: (c, id) => c.despatches.retrieve(id), method: 'GET', path: '/v1/despatches/{id}', response: f.despatch, schema: Despatch },
  {
    sdk: 'despatches.list',
    call: (c) => c.despatches.list({ type: '09', status: 'pending', issuedFrom: '2026-11-01', limit: 10 }),
    method: 'GET',
    path: '/v1/despatches',
    query: { type: '09', status: 'pending', issuedFrom: '2026-11-01', limit: '10' },
    response: (({ signedXml: _, ...item }) => item)(f.despatch),
    schema: DespatchListItem,
    list: true,
  },
  {
    sdk: 'despatches.xml',
    call: (c, id) => c.despatches.xml(id),
    method: 'GET',
    path: '/v1/despatches/{id}/xml',
    accept: 'application/xml, application/problem+json',
    response: '<DespatchAdvice/>',
  },
  {
    sdk: 'despatches.pdf',
    call: (c, id) => c.despatches.pdf(id),
    method: 'GET',
    path: '/v1/despatches/{id}/pdf',
    accept: 'application/pdf, application/problem+json',
    response: pdf,
  },
  {
    sdk: 'despatches.cdr',
    call: (c, id) => c.despatches.cdr(id),
    method: 'GET',
    path: '/v1/despatches/{id}/cdr',
    accept: 'application/xml, application/problem+json',
    response: '<ApplicationResponse/>',
  },
];

/**
 * Methods made of other methods rather than one HTTP operation each: they have no row here,
 * and are proven in create-many.test.ts and wait.test.ts.
 */
export const COMPOSITE_METHODS = ['documents.createMany', 'documents.waitForOutcome', 'documents.createAndWait'];

/**
 * Every SDK method that calls one operation of the API, as `resource.method`: each getter of
 * `Client` that gives an `APIResource`, and each method of that resource's class, composite
 * methods aside.
 */

export function sdkMethods(client: Client): string[] {
  const methods: string[] = [];
  for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(Object.getPrototypeOf(client)))) {
    if (!descriptor.get) continue;
    const resource: unknown = descriptor.get.call(client);
    if (!(resource instanceof APIResource)) continue;
    for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(resource))) {
      if (method !== 'constructor' && !COMPOSITE_METHODS.includes(`${name}.${method}`)) methods.push(`${name}.${method}`);
    }
  }
  return methods;
}
