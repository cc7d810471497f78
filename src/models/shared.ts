import * as z from 'zod/mini';
import { dniHas8Digits, hasAtMost20Keys, hasAtMostDecimals, hasMetadataKeys, type IdentityNumber, rucHas11Digits } from './predicates.js';
import { MULTI_LINE_MESSAGE, MULTI_LINE_TEXT, SINGLE_LINE_MESSAGE, SINGLE_LINE_TEXT } from './text.js';

/**
 * A text field of a request: `min` to `max` characters (code points), of the characters SUNAT's XML
 * can carry (see `text.ts`: no control character but tab, no U+FFFE, U+FFFF or unpaired surrogate),
 * on one line unless `lines` is `'multiline'`, which lets LF and CR through too. Each refusal names
 * the field. `min` 0 adds no lower bound.
 *
 * Multi-line text is what SUNAT takes on several lines, or never sees: an item's description
 * (SUNAT's pattern for it, rule 2027, takes any character), a legend (whose one line is SUNAT's
 * rule 3006, checked by the rules), and free text that never reaches the XML (metadata values, a
 * webhook endpoint's description).
 */
export const text = (min: number, max: number, lines: 'one line' | 'multiline' = 'one line') =>
  z
    .string()
    .check(
      ...(min > 0 ? [z.minLength(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)] : []),
      z.maxLength(max, `must be at most ${max} characters`),
      lines === 'multiline' ? z.regex(MULTI_LINE_TEXT, MULTI_LINE_MESSAGE) : z.regex(SINGLE_LINE_TEXT, SINGLE_LINE_MESSAGE),
    );

/**
 * A string enum that also accepts values this SDK version does not know yet, so a status the
 * API adds later never breaks parsing. Its type keeps the known values for autocomplete.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), text(0, 100)]) as unknown as z.ZodMiniType<T[number] | (string & {}), T[number] | (string & {})>;
}

/**
 * A SUNAT catalog code in a request: the codes this SDK knows, for autocomplete, or any other of
 * the same shape, because SUNAT adds codes to its catalogs and the API follows. `message` says
 * what the shape is when a value does not have it.
 */
export function openCode<T extends string>(shape: RegExp, message: string) {
  return z.string().check(z.regex(shape, message)) as unknown as z.ZodMiniType<T | (string & {}), T | (string & {})>;
}

/**
 * The API's environments: `production` (live documents, sent to SUNAT) and `sandbox` (test
 * documents, never reported). Their base addresses are in `ENVIRONMENTS`.
 */
export const ENVIRONMENT_NAMES = ['production', 'sandbox'] as const;

/** An ISO 8601 timestamp in UTC, e.g. `2026-11-21T15:04:05Z`. */
export const Timestamp = z.string();

/** A calendar date `YYYY-MM-DD` (issue dates are dates in America/Lima, never timestamps). */
export const CalendarDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));

/** A date filter: a `YYYY-MM-DD` string, or a `Date` (sent as its calendar day in America/Lima). */
export const DateFilter = z.union([CalendarDate, z.date()]);

/** A check that a number has at most `digits` decimals ({@link hasAtMostDecimals}). */
export const maxDecimals = (digits: keyof typeof hasAtMostDecimals) => z.refine<number>(hasAtMostDecimals[digits], `must have at most ${digits} decimals`);

/**
 * `T` without the `[key: string]: unknown` a loose zod schema's type carries, at every depth: the
 * exact fields of a document type inferred from its schema, so that a misspelt field in an object
 * literal does not compile. An index signature of another value type (metadata's
 * `[key: string]: string`) stays. A `Pick` of them all, so that `type Document = Closed<...>` is
 * named `Document` wherever another declaration refers to it (an event's `data.object`), and
 * keeps each field's docs and `?`.
 */
export type Closed<T> = Pick<ClosedValue<T>, keyof ClosedValue<T>>;
/** A value of {@link Closed}: an object's fields closed in place, so that a nested object's type shows as its fields. */
type ClosedValue<V> = V extends string | number | boolean | bigint | symbol | null | undefined | Date
  ? V
  : V extends readonly (infer E)[]
    ? ClosedValue<E>[]
    : { [K in keyof V as string extends K ? (unknown extends V[K] ? never : K) : number extends K ? never : K]: ClosedValue<V[K]> };

/**
 * The shape of `z.partial(schema)`: each field of `T` optional. Written as a schema's type,
 * `z.ZodMiniObject<OptionalShape<typeof shape>, z.core.$loose>`, it makes the declarations the
 * build writes refer to the shape's own fields, docs included, where zod's inferred type would
 * print the fields again without their docs.
 */
export type OptionalShape<T extends z.core.$ZodShape> = { -readonly [K in keyof T]: z.ZodMiniOptional<T[K]> };

/**
 * `z.looseObject`, typed with its shape as written. zod's own type maps the shape (`Writeable`),
 * and the declarations the build writes drop the docs of a mapped field: a type inferred from a
 * schema built here keeps each field's JSDoc in an editor's hover, one built by zod's would not.
 */
export function looseObject<T extends z.core.$ZodLooseShape>(shape: T): z.ZodMiniObject<T, z.core.$loose> {
  return z.looseObject(shape);
}

/** A decimal amount in the document's currency (2 decimals for line amounts and totals). */
export const Amount = z.number().check(z.gte(0));

/**
 * Up to 20 string keys (1 to 40 characters, on one line) with string values (up to 500
 * characters, line breaks allowed), stored with the object and echoed back.
 */
export const Metadata = z
  .catchall(z.object({}), text(0, 500, 'multiline'))
  .check(
    z.refine(hasAtMost20Keys, 'must have at most 20 keys'),
    z.refine(hasMetadataKeys, 'must have keys of 1 to 40 characters, without control characters, U+FFFE, U+FFFF or unpaired surrogates'),
  );

/**
 * The envelope of every list endpoint: one page of items, newest first. The zod schema of
 * `ListEnvelope` (in `core/pagination.ts`, which checks that the two agree), for `openapi.json`.
 */
export function listEnvelope<T extends z.ZodMiniType>(item: T) {
  return looseObject({
    object: z.literal('list'),
    data: z.array(item),
    /** Whether another page follows this one. */
    hasMore: z.boolean(),
    /** The cursor of the next page; `null` on the last page. */
    nextCursor: z.nullable(z.string()),
  });
}

/** Filters every list operation takes. */
export const ListParams = looseObject({
  /** Items per page, 1 to 100. Default: 25 (server side). */
  limit: z.optional(z.int().check(z.gte(1), z.lte(100))),
  /** The opaque cursor of the page to fetch, from a previous page's `nextCursor`: at most 255 characters. */
  cursor: z.optional(text(0, 255)),
});
/**
 * Filters every list operation takes.
 *
 * @interface
 */
export type ListParams = Closed<z.output<typeof ListParams>>;

/** What every delete answers: the id and kind of the object that is gone. */
export const DeletedObject = looseObject({
  /** The id of the deleted object, e.g. `cus_8KqL1s`. */
  id: z.string(),
  /** What kind of object it was, e.g. `customer`. */
  object: z.string(),
  deleted: z.literal(true),
});
/**
 * What every delete answers: the id and kind of the object that is gone.
 *
 * @interface
 */
export type DeletedObject = Closed<z.output<typeof DeletedObject>>;

/**
 * SUNAT's shapes for identity numbers (catálogo 06): a RUC (`6`) has 11 digits, a DNI (`1`) 8.
 * Checked when both `documentType` and `documentNumber` are present, so partial updates work too.
 */
export const identityNumberChecks = [
  z.refine<IdentityNumber>(rucHas11Digits, {
    message: 'a RUC (documentType 6) must be 11 digits',
    path: ['documentNumber'],
  }),
  z.refine<IdentityNumber>(dniHas8Digits, {
    message: 'a DNI (documentType 1) must be 8 digits',
    path: ['documentNumber'],
  }),
];
