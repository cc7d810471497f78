/**
 * The documents routes of the mock: each maps a request onto a {@link DocumentStore} call.
 * Auth, faults, idempotency and the `Request-Id` header are applied around them by the sandbox.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Operation } from '../core/operation.js';
import {
  DocumentCreateParams,
  DocumentEmailParams,
  DocumentListParams,
  DocumentPdfParams,
  DocumentVoidParams,
} from '../models/document.js';
import { MockAPIError, validationError } from './problem.js';
import { renderCdr, renderPdf } from './render.js';
import { toFieldIssues } from '../internal/validate.js';
import type { DocumentStore } from './state.js';
import { documentsOperations } from '../operations/documents.js';

/** What a route receives: the request, its path parameters and its parsed JSON body. */
export interface RouteContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The parsed JSON body; `undefined` when the request had none. */
  body: unknown;
}

/**
 * A route of the mock: the operation it serves (its declaration's method and path route the
 * request, on any origin; its name is the `action` of the audit log entries) and what it does.
 */
export interface MockRoute {
  operation: Operation;
  run(ctx: RouteContext): Response | Promise<Response>;
}

/** The msw path pattern of an operation's path template, on any origin: `/v1/documents/{id}` → `*\/v1/documents/:id`. */
export const routePattern = (operation: Operation): string => `*${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** A JSON response. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Parses with a zod schema, or throws the API's 422 `validation_error`. */
export function parseWith<T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationError(toFieldIssues(result.error.issues));
  return result.data;
}

/**
 * Parses a list's query with its zod schema: `limit` as a number, a repeated key as an array;
 * anything else is a 422 `validation_error`.
 */
export function parseListQuery<T extends z.ZodMiniType>(schema: T, url: URL): z.infer<T> {
  const query: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : values[0];
  }
  const limit = query['limit'];
  if (typeof limit === 'string') query['limit'] = limit.trim() === '' ? Number.NaN : Number(limit);
  return parseWith(schema, query);
}

/** A date filter as `YYYY-MM-DD`: over HTTP it is always a string (the SDK sends a `Date` as its Lima day). */
export const calendarDate = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The documents routes (contract section 5) over `store`. */
export function documentRoutes(store: DocumentStore): MockRoute[] {
  const id = (ctx: RouteContext) => ctx.params['id'] ?? '';
  return [
    {
      operation: documentsOperations.create,
      run(ctx) {
        const params = parseWith(DocumentCreateParams, ctx.body);
        const doc = store.create(params, ctx.url.origin);
        return jsonResponse(doc.status === 'pending' ? 202 : 201, doc);
      },
    },
    {
      operation: documentsOperations.list,
      run(ctx) {
        const parsed = parseListQuery(DocumentListParams, ctx.url);
        return jsonResponse(
          200,
          store.list({
            ...parsed,
            limit: parsed.limit ?? 25,
            issuedFrom: calendarDate(parsed.issuedFrom),
            issuedTo: calendarDate(parsed.issuedTo),
          }),
        );
      },
    },
    {
      operation: documentsOperations.retrieve,
      run: (ctx) => jsonResponse(200, store.get(id(ctx))),
    },
    {
      operation: documentsOperations.xml,
      run(ctx) {
        const doc = store.get(id(ctx));
        return new Response(doc.signedXml, { status: 200, headers: { 'Content-Type': 'application/xml' } });
      },
    },
    {
      operation: documentsOperations.cdr,
      run(ctx) {
        const doc = store.get(id(ctx));
        if (doc.taxAuthority.code === null) {
          throw new MockAPIError(404, 'not_found', `SUNAT has not answered for ${doc.fullNumber} yet: there is no CDR`);
        }
        return new Response(renderCdr(doc), { status: 200, headers: { 'Content-Type': 'application/xml' } });
      },
    },
    {
      operation: documentsOperations.pdf,
      run(ctx) {
        const doc = store.get(id(ctx));
        const { format } = parseWith(DocumentPdfParams, Object.fromEntries(ctx.url.searchParams));
        const pdf = renderPdf(doc, format ?? 'a4');
        return new Response(pdf, {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.byteLength) },
        });
      },
    },
    {
      operation: documentsOperations.void,
      run(ctx) {
        store.get(id(ctx)); // 404 before 422
        parseWith(DocumentVoidParams, ctx.body);
        return jsonResponse(200, store.void(id(ctx)));
      },
    },
    {
      operation: documentsOperations.resend,
      run: (ctx) => jsonResponse(200, store.resend(id(ctx))),
    },
    {
      operation: documentsOperations.email,
      run(ctx) {
        store.get(id(ctx));
        parseWith(DocumentEmailParams, ctx.body);
        return jsonResponse(200, { sent: true });
      },
    },
  ];
}
