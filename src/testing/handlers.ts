/**
 * The documents routes of the mock: each maps a request onto a {@link DocumentStore} call.
 * Auth, faults, idempotency and the `Request-Id` header are applied around them by the sandbox.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Operation } from '../core/operation.js';
import type { ListEnvelope } from '../core/pagination.js';
import { unknownFieldIssues, unknownFields } from './known-fields.js';
import { MockAPIError, validationError } from './problem.js';
import { sunatCodeOfField } from '../sunat/document/rules.js';
import { renderCdr, renderPdf } from './render.js';
import { toFieldIssues } from '../internal/validate.js';
import { type DocumentStore, presentDocument } from './state.js';
import { documentsOperations } from '../operations/documents.js';

/** What a declared schema checks a value into; `never` where the operation declares none. */
type Checked<S> = S extends z.ZodMiniType ? z.output<S> : never;

/**
 * What a route receives: the request, its path parameters and its parsed JSON body, and the
 * same checked against the operation's declaration (the schemas the SDK checks with), each a
 * 422 `validation_error` naming every field when it fails. A route calls them where the API
 * checks them (a 404 for an unknown id comes first).
 */
export interface RouteContext<O extends Operation = Operation> {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The parsed JSON body; `undefined` when the request had none. */
  body: unknown;
  /** The body, checked against the declared `body` schema; a field it does not declare is an `unknown_field` issue. */
  input(): Checked<O['body']>;
  /** The query, checked against the declared `query` schema: `limit` read as a number, a repeated key as an array. */
  query(): Checked<O['query']>;
  /** Path parameter `name`, checked against its declared schema when it has one (the issue's path starts with `name`). */
  param(name: string): string;
}

/**
 * A route of the mock: the operation it serves (its declaration's method and path route the
 * request, on any origin; its name is the `action` of the audit log entries) and what it does.
 */
export interface MockRoute {
  operation: Operation;
  run(ctx: RouteContext): Response | Promise<Response>;
}

/** A route for `operation`, whose context types its checked body and query from the declaration. */
export function route<const O extends Operation>(operation: O, run: (ctx: RouteContext<O>) => Response | Promise<Response>): MockRoute {
  return { operation, run: run as MockRoute['run'] };
}

/** The context of a request to `operation`: its checked views read the declaration, on demand. */
export function routeContext(operation: Operation, request: Request, url: URL, params: Record<string, string>, body: unknown): RouteContext {
  return {
    request,
    url,
    params,
    body,
    input: () => parseBody(operation, body) as never,
    query: () => parseListQuery(operation.query!, url) as never,
    param(name) {
      const value = params[name] ?? '';
      const schema = operation.params?.[name];
      if (!schema) return value;
      const result = schema.safeParse(value, { reportInput: true });
      if (!result.success) throw validationError(toFieldIssues(result.error.issues).map((issue) => ({ ...issue, path: [name, issue.path].filter(Boolean).join('.') })));
      return value;
    },
  };
}

/** The msw path pattern of an operation's path template, on any origin: `/v1/documents/{id}` → `*\/v1/documents/:id`. */
export const routePattern = (operation: Operation): string => `*${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;

const encoder = new TextEncoder();

/**
 * The bytes of `body` as JSON. A list is encoded item by item, never as one string: a page of
 * 100 documents would be a string of some 300 KB, which V8 keeps in its large-object space until
 * a full collection, so that listing a month of documents would be paced by collections of the
 * whole heap.
 */
function jsonBytes(body: unknown): Uint8Array<ArrayBuffer> {
  const list = body as Partial<ListEnvelope<unknown>> | null;
  if (list === null || typeof list !== 'object' || list.object !== 'list' || !Array.isArray(list.data)) return encoder.encode(JSON.stringify(body));
  const { data, ...envelope } = list;
  const parts = [encoder.encode(`${JSON.stringify(envelope).slice(0, -1)},"data":[`)];
  data.forEach((item, i) => parts.push(encoder.encode(`${i === 0 ? '' : ','}${JSON.stringify(item)}`)));
  parts.push(encoder.encode(']}'));
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** A JSON response. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(jsonBytes(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** How to make each {@link replayable} response again. */
const replays = new WeakMap<Response, () => Response>();

/**
 * The response `make` answers, remembered with `make`: an idempotent replay of it makes it again
 * instead of keeping its body (for an answer that `make` renders the same each time, e.g. from an
 * unchanging version of a document).
 */
export function replayable(make: () => Response): Response {
  const response = make();
  replays.set(response, make);
  return response;
}

/** How to make `response` again, when it is {@link replayable}. */
export const replayOf = (response: Response): (() => Response) | undefined => replays.get(response);

/** Parses with a zod schema, or throws the API's 422 `validation_error`. */
export function parseWith<T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationError(toFieldIssues(result.error.issues));
  return result.data;
}

/**
 * Parses a request body with its operation's declared schema, or throws the API's 422
 * `validation_error` naming every failing field and every field the declaration does not know
 * (`unknown_field`). A partial update (`PATCH`) ignores the read-only fields of the object it
 * answers (`id`, `createdAt`, a series' `nextNumber`...): they are known, only not changed.
 */
function parseBody(operation: Operation, value: unknown): unknown {
  const schema = operation.body!;
  const result = schema.safeParse(value, { reportInput: true });
  let unknown = unknownFieldIssues(schema, value);
  const answered = operation.method === 'PATCH' ? operation.responses?.[200] : undefined;
  if (answered) {
    const unknownToo = new Set(unknownFields(answered, value));
    unknown = unknown.filter((issue) => unknownToo.has(issue.path));
  }
  const ruleOf = FIELD_RULES[operation.name];
  const refused = result.success ? [] : toFieldIssues(result.error.issues).map((issue) => ({ ...issue, code: ruleOf?.(issue.path) ?? issue.code }));
  const errors = [...refused, ...unknown];
  if (errors.length > 0 || !result.success) throw validationError(errors);
  return result.data;
}

/**
 * Per operation, the SUNAT rule that covers a field its schema refuses: the service answers
 * such a refusal with that rule's code (`sunat_3034` for a detracción without its account).
 */
const FIELD_RULES: Readonly<Record<string, (path: string) => string | undefined>> = {
  'documents.create': sunatCodeOfField,
};

/**
 * Parses a list's query with its zod schema: `limit` as a number, a repeated key as an array;
 * anything else is a 422 `validation_error`.
 */
function parseListQuery<T extends z.ZodMiniType>(schema: T, url: URL): z.infer<T> {
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
  return [
    route(documentsOperations.create, (ctx) => {
      const doc = store.create(ctx.input(), ctx.url.origin);
      return replayable(() => jsonResponse(doc.status === 'pending' ? 202 : 201, presentDocument(doc)));
    }),
    route(documentsOperations.list, (ctx) => {
      const filters = ctx.query();
      return jsonResponse(
        200,
        store.list({ ...filters, limit: filters.limit ?? 25, issuedFrom: calendarDate(filters.issuedFrom), issuedTo: calendarDate(filters.issuedTo) }),
      );
    }),
    route(documentsOperations.retrieve, (ctx) => jsonResponse(200, store.get(ctx.param('id')))),
    route(documentsOperations.xml, (ctx) => {
      const doc = store.get(ctx.param('id'));
      return new Response(doc.signedXml, { status: 200, headers: { 'Content-Type': 'application/xml' } });
    }),
    route(documentsOperations.cdr, (ctx) => {
      const doc = store.get(ctx.param('id'));
      if (doc.taxAuthority.code === null) {
        throw new MockAPIError(404, 'not_found', `SUNAT has not answered for ${doc.fullNumber} yet: there is no CDR`);
      }
      return new Response(renderCdr(doc), { status: 200, headers: { 'Content-Type': 'application/xml' } });
    }),
    route(documentsOperations.pdf, (ctx) => {
      const doc = store.get(ctx.param('id'));
      const pdf = renderPdf(doc, ctx.query().format ?? 'a4');
      return new Response(pdf, {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.byteLength) },
      });
    }),
    route(documentsOperations.void, (ctx) => {
      store.get(ctx.param('id')); // 404 before 422
      ctx.input();
      return jsonResponse(200, store.void(ctx.param('id')));
    }),
    route(documentsOperations.resend, (ctx) => jsonResponse(200, store.resend(ctx.param('id')))),
    route(documentsOperations.email, (ctx) => {
      store.get(ctx.param('id')); // 404 before 422
      ctx.input();
      return jsonResponse(200, { sent: true });
    }),
  ];
}
