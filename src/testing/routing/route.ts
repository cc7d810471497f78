/**
 * How a route of the sandbox is declared: `route(operation, run)`, from the operation's
 * declaration (its method and path route the request, on any origin; its name is the `action` of
 * the audit log entries), and the context `run` receives, which checks the request against the
 * same declaration.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { Operation } from '../../core/operation.js';
import { toFieldIssues } from '../../core/validate.js';
import { validationError } from '../middleware/problem.js';
import { parseBody, parseListQuery } from './input.js';

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
  /**
   * The object a write acted on, for its audit log entry, set by a route whose answer is not that
   * object (an email's `{ sent: true }`): the entry names it instead of the answer.
   */
  subject?: { type: string; id: string };
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
