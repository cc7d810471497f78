/**
 * The operations of `client.documents`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import {
  Document,
  DocumentCreateParams,
  DocumentEmailParams,
  DocumentEmailResult,
  DocumentListItem,
  DocumentListParams,
  DocumentPdfParams,
  DocumentVoidParams,
} from '../models/document.js';

/** The operations of `client.documents`, by method name. */
export const documentsOperations = {
  create: { name: 'documents.create', method: 'POST', path: '/v1/documents', body: DocumentCreateParams, responses: { 201: Document, 202: Document } },
  retrieve: { name: 'documents.retrieve', method: 'GET', path: '/v1/documents/{id}', responses: { 200: Document } },
  list: { name: 'documents.list', method: 'GET', path: '/v1/documents', query: DocumentListParams, list: DocumentListItem },
  xml: { name: 'documents.xml', method: 'GET', path: '/v1/documents/{id}/xml', file: 'application/xml' },
  pdf: { name: 'documents.pdf', method: 'GET', path: '/v1/documents/{id}/pdf', query: DocumentPdfParams, file: 'application/pdf' },
  cdr: { name: 'documents.cdr', method: 'GET', path: '/v1/documents/{id}/cdr', file: 'application/xml' },
  void: { name: 'documents.void', method: 'POST', path: '/v1/documents/{id}/void', body: DocumentVoidParams, responses: { 200: Document } },
  resend: { name: 'documents.resend', method: 'POST', path: '/v1/documents/{id}/resend', responses: { 200: Document } },
  email: { name: 'documents.email', method: 'POST', path: '/v1/documents/{id}/email', body: DocumentEmailParams, responses: { 200: DocumentEmailResult } },
} as const satisfies Record<string, Operation>;
