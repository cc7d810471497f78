/**
 * A request's input checked against its operation's declaration (the schemas the SDK checks
 * with): the body, with the fields it does not declare refused, and a list's query. Every
 * failure is the API's 422 `validation_error` naming each field.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { Operation } from '../../core/operation.js';
import { toFieldIssues } from '../../core/validate.js';
import { sunatCodeOfField } from '../../sunat/document/rules.js';
import { sunatDescription } from '../../sunat/return-codes.js';
import { validationError } from '../middleware/problem.js';
import { unknownFieldIssues, unknownFields } from './known-fields.js';

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
export function parseBody(operation: Operation, value: unknown): unknown {
  const schema = operation.body!;
  const result = schema.safeParse(value, { reportInput: true });
  let unknown = unknownFieldIssues(schema, value);
  const answered = operation.method === 'PATCH' ? operation.responses?.[200] : undefined;
  if (answered) {
    const unknownToo = new Set(unknownFields(answered, value));
    unknown = unknown.filter((issue) => unknownToo.has(issue.path));
  }
  const ruleOf = FIELD_RULES[operation.name];
  const issues = result.success ? [] : result.error.issues;
  const refused = toFieldIssues(issues).map((issue, i) => {
    // SUNAT's stylesheets read an empty value as none.
    const missing = issues[i]!.input === undefined || issues[i]!.input === '';
    const code = ruleOf?.(issue.path, { missing }) ?? issue.code;
    // A SUNAT rule's code carries SUNAT's own description of it (docs/contract.md §2).
    const description = sunatDescription(code);
    return description === undefined ? { ...issue, code } : { ...issue, code, sunatDescription: description };
  });
  const errors = [...refused, ...unknown];
  if (errors.length > 0 || !result.success) throw validationError(errors);
  return result.data;
}

/**
 * Per operation, the SUNAT rule that covers a field its schema refuses: the service answers
 * such a refusal with that rule's code (`sunat_3034` for a detracción without its account).
 */
const FIELD_RULES: Readonly<Record<string, (path: string, field: { missing: boolean }) => string | undefined>> = {
  'documents.create': sunatCodeOfField,
};

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
