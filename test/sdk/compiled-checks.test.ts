/**
 * The compiled checks (`src/operations/compiled.ts`, written by `scripts/compile-checks.ts`) are
 * what the client runs before it sends: each must accept exactly what its zod schema accepts. A
 * check that accepts more would send a body zod refuses; one that accepts less would load zod for
 * a body that is fine. Proven here on the examples of every request schema, the SUNAT scenarios,
 * and every path of them broken in each way a probe knows, plus random values from fast-check.
 */
import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { SCHEMA_EXAMPLES } from '../../scripts/openapi/examples.js';
import { answersWithId, Compiler } from '../../scripts/compile-checks.js';
import type { CompiledCheck, Operation } from '../../src/core/operation.js';
import { CustomerCreateParams } from '../../src/models/customer.js';
import { Document, DocumentCreateParams, DocumentEmailResult } from '../../src/models/document.js';
import * as compiledModule from '../../src/operations/compiled.js';
import { refuse } from '../../src/internal/refuse.js';
import { ValidationError } from '../../src/core/errors.js';
import * as predicates from '../../src/models/predicates.js';
import * as declarationModule from '../../src/operations/index.js';
import { UBL_SCENARIOS } from '../ubl-scenarios.js';
import { validCreate } from '../helpers.js';

type Group = keyof typeof declarationModule;

/** Every declaration, by resource (a copy of the module's exports, read by name below). */
const declarations: Record<Group, Record<string, Operation>> = { ...declarationModule };
/** The compiled operations, by resource. */
const compiled = { ...compiledModule };

/** Every schema a request is checked against, with its compiled check and its valid examples. */
function requestSchemas(): { label: string; schema: z.ZodMiniType; check: CompiledCheck; seeds: unknown[] }[] {
  const found = [];
  for (const group of Object.keys(declarations) as Group[]) {
    for (const [method, operation] of Object.entries(declarations[group]) as [string, Operation][]) {
      const runs = (compiled[group] as Record<string, Record<string, unknown>>)[method]!;
      const parts: [string, z.ZodMiniType | undefined, unknown][] = [
        ['query', operation.query, runs.query],
        ['body', operation.body, runs.body],
        ...Object.entries(operation.params ?? {}).map(([name, schema]): [string, z.ZodMiniType, unknown] => [
          name,
          schema,
          (runs.params as Record<string, unknown>)[name],
        ]),
      ];
      for (const [part, schema, check] of parts) {
        if (!schema) continue;
        const seeds = [...(SCHEMA_EXAMPLES.get(schema) ?? [])];
        if (schema === DocumentCreateParams) seeds.push(validCreate(), ...UBL_SCENARIOS.map(({ body }) => body));
        if (part === 'query') seeds.push({});
        found.push({ label: `${operation.name} ${part}`, schema, check: check as CompiledCheck, seeds });
      }
    }
  }
  return found;
}

const SCHEMAS = requestSchemas();

/** Values a field is broken with: each kind, each boundary the models draw, and SUNAT's usual codes. */
const PROBES: unknown[] = [
  undefined,
  null,
  true,
  false,
  [],
  [{}],
  {},
  { a: 1 },
  new Date(0),
  new Date(Number.NaN),
  ...[0, -0, 1, -1, 0.5, 0.12, 1.005, 0.1 + 0.2, 1.5e-7, 1e-11, 1e21, 2 ** 53, 2 ** 53 + 2, -1.01, 1.01, 20, 99_999_999, 100_000_000, 0.999999, 1000.123],
  ...[Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
  ...['', ' ', 'x', 'ab', 'abc', 'a\nb', '\uD800', '😀', '😀'.repeat(10), '😀'.repeat(11), '😀'.repeat(250), '😀'.repeat(251)],
  ...[1, 3, 4, 8, 11, 15, 20, 21, 100, 101, 200, 201, 250, 251, 500, 501, 1000, 1001].map((n) => 'x'.repeat(n)),
  ...['01', '03', '07', '08', '6', '1', '0', '4', 'A', 'PEN', 'USD', 'cash', 'credit', '00', '02', '47', '51', '2001', '0101', '1001'],
  ...['2026-11-21', '2025-01-01', '2099-12-31', '21/11/2026', 'F001', 'B001', 'f001', 'FF14-2', 'F001-0', '20131312955', '2013131295', '46027896', '4602789'],
  ...['https://erp.example.pe/hooks', 'http://localhost:3000/x', 'http://example.pe', 'not a url', 'documents:write', 'documents:delete', 'a@b', 'a b@c'],
  ...['ticket', 'a4', 'accepted', 'document.created', 'NIU', 'ZZ', '10', '20', '9999', '25101503', '2510150', 'doc_1'],
];

type Path = (string | number)[];

/** Every path into `value` that holds something: object keys and array indexes, at every depth. */
function paths(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null || value instanceof Date) return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [[...prefix, key], ...paths((value as Record<string | number, unknown>)[key], [...prefix, key])]);
}

const DELETE = Symbol('delete');

/** A copy of `value` with `path` set to `to`, or removed when `to` is {@link DELETE}. */
function withAt(value: unknown, path: Path, to: unknown): unknown {
  if (path.length === 0) return to;
  const [key, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && to === DELETE) {
    if (Array.isArray(copy)) (copy as unknown[]).splice(key as number, 1);
    else delete copy[key];
  } else copy[key] = withAt(copy[key], rest, to);
  return copy;
}

/** The objects of `value` (itself included), where unknown keys can be added. */
function objectPaths(value: unknown): Path[] {
  const all = [[] as Path, ...paths(value)];
  return all.filter((path) => {
    const at = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
    return typeof at === 'object' && at !== null && !Array.isArray(at) && !(at instanceof Date);
  });
}

/** Whether zod accepts `value` for `schema`: the judge. */
const zodAccepts = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;

describe('the compiled checks', () => {
  it('carry every declaration’s name, method, path and file, and a check for each schema a request is checked against', () => {
    for (const group of Object.keys(declarations) as Group[]) {
      const runs = compiled[group] as Record<string, Record<string, unknown>>;
      expect(Object.keys(runs)).toEqual(Object.keys(declarations[group]));
      for (const [method, operation] of Object.entries(declarations[group]) as [string, Operation][]) {
        const run = runs[method]!;
        expect([run.name, run.method, run.path, run.file]).toEqual([operation.name, operation.method, operation.path, operation.file]);
        expect([typeof run.query, typeof run.body]).toEqual([operation.query ? 'function' : 'undefined', operation.body ? 'function' : 'undefined']);
        expect(Object.keys((run.params as object | undefined) ?? {})).toEqual(Object.keys(operation.params ?? {}));
        expect(run.identified).toBe(answersWithId(operation) || undefined);
      }
    }
    expect(SCHEMAS.length).toBeGreaterThanOrEqual(20);
  });

  it('an answer must carry an id only where every answer its operation declares has one', () => {
    const operation = { name: 'things.create', method: 'POST', path: '/v1/things' } as const;
    expect(answersWithId(operation)).toBe(false); // none declared: a file, a list
    expect(answersWithId({ ...operation, responses: { 201: Document, 202: Document } })).toBe(true);
    expect(answersWithId({ ...operation, responses: { 200: DocumentEmailResult } })).toBe(false);
    expect(answersWithId({ ...operation, responses: { 200: Document, 202: DocumentEmailResult } })).toBe(false);
    expect([compiled.documentsOperations.create.identified, 'identified' in compiled.documentsOperations.email]).toEqual([true, false]);
  });

  it.each(SCHEMAS.map((entry) => [entry.label, entry]))(
    '%s: accepts every example, and agrees with zod on each path of them removed, set to each probe, or added',
    (_, { schema, check, seeds }) => {
      expect(seeds.length).toBeGreaterThan(0);
      let refused = 0;
      for (const seed of seeds) {
        expect(zodAccepts(schema, seed)).toBe(true);
        expect(check(seed)).toBe(true);
        const variants: unknown[] = [...PROBES];
        for (const path of paths(seed)) variants.push(withAt(seed, path, DELETE), ...PROBES.map((probe) => withAt(seed, path, probe)));
        for (const path of objectPaths(seed)) {
          variants.push(withAt(seed, [...path, 'unknownField'], 'x'), withAt(seed, [...path, 'unknownField'], 1), withAt(seed, [...path, '__proto__'], 1));
        }
        for (const variant of variants) {
          const judged = zodAccepts(schema, variant);
          if (check(variant) !== judged) expect({ variant, compiled: check(variant) }).toEqual({ variant, compiled: judged });
          if (!judged) refused++;
        }
      }
      // The probes do break things: a check that accepted everything would fail above.
      expect(refused).toBeGreaterThan(0);
    },
  );

  it('agree with zod on any value fast-check makes, put anywhere in a create body', () => {
    const seeds = [validCreate(), ...UBL_SCENARIOS.map(({ body }) => body)];
    const seedAndPath = fc.integer({ min: 0, max: seeds.length - 1 }).chain((i) => fc.tuple(fc.constant(seeds[i]!), fc.constantFrom(...paths(seeds[i]!))));
    fc.assert(
      fc.property(seedAndPath, fc.anything({ withDate: true, withNullPrototype: true, withSparseArray: true }), ([seed, path], value) => {
        const variant = withAt(seed, path, value);
        expect(compiled.documentsOperations.create.body(variant)).toBe(zodAccepts(DocumentCreateParams, variant));
      }),
      { numRuns: 3000, seed: 20261124 },
    );
  });

  it('count the keys of metadata as zod counts those of its copy: inherited ones in, an own __proto__ out', () => {
    const check = compiled.customersOperations.create.body;
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v']));
    const inherited = Object.assign(Object.create({ extra: 'v' }) as object, twenty);
    const ownProto = JSON.parse(JSON.stringify({ ...twenty, ['__proto__']: 'v' })) as object;
    expect(Object.keys(ownProto)).toHaveLength(21);
    const customer = (metadata: object) => ({ documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', metadata });
    for (const [metadata, accepted] of [
      [twenty, true],
      [inherited, false],
      [ownProto, true],
    ] as const) {
      expect([check(customer(metadata)), zodAccepts(CustomerCreateParams, customer(metadata))]).toEqual([accepted, accepted]);
    }
  });

  it('fail a key that for...in lists and `in` denies, as zod does (a Proxy that hides its keys)', () => {
    const hiding = (target: object) => new Proxy(target, { has: (t, key) => key !== 'extra' && key in t });
    const metadata = hiding({ extra: 'v' });
    const customer = { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', metadata };
    expect([compiled.customersOperations.create.body(customer), zodAccepts(CustomerCreateParams, customer)]).toEqual([false, false]);
  });

  it('count string lengths in code points, as zod does: 😀 is one character', () => {
    const check = compiled.documentsOperations.create.body;
    const named = (name: string) => ({ ...validCreate(), customer: { ...validCreate().customer, name } });
    expect([check(named('😀'.repeat(1500))), zodAccepts(DocumentCreateParams, named('😀'.repeat(1500)))]).toEqual([true, true]);
    expect([check(named('😀'.repeat(1501))), zodAccepts(DocumentCreateParams, named('😀'.repeat(1501)))]).toEqual([false, false]);
    // A lone surrogate is one code point, and a pair split by a lone one is two; either way a text field refuses it (no unpaired surrogate), in both.
    expect([check(named(`${'😀'.repeat(1499)}\uD800`)), zodAccepts(DocumentCreateParams, named(`${'😀'.repeat(1499)}\uD800`))]).toEqual([false, false]);
    expect([check(named(`\uD800${'😀'.repeat(1500)}`)), zodAccepts(DocumentCreateParams, named(`\uD800${'😀'.repeat(1500)}`))]).toEqual([false, false]);
  });
});

describe('a refusal', () => {
  it('throws rather than let a value go unchecked when the declarations have no schema for it (a compiled file older than they are)', () => {
    expect(() => refuse('documents.create', { part: 'query' }, {}, 'documents.create params')).toThrow('documents.create declares no query schema: run `npm run checks`');
    expect(() => refuse('things.create', { part: 'body' }, {}, 'things.create body')).toThrow('things.create declares no body schema');
    expect(() => refuse('lookups.ruc', { part: 'params', name: 'id' }, 'x', 'lookups.ruc id')).toThrow('lookups.ruc declares no id schema');
    expect(() => refuse('documents.retrieve', { part: 'params', name: 'id' }, 'x', 'documents.retrieve id')).toThrow('documents.retrieve declares no id schema');
  });

  it('words what zod refuses, and returns for what zod accepts', () => {
    expect(() => refuse('lookups.ruc', { part: 'params', name: 'number' }, '123', 'lookups.ruc number')).toThrow(ValidationError);
    expect(() => refuse('lookups.ruc', { part: 'params', name: 'number' }, '20131312955', 'lookups.ruc number')).not.toThrow();
  });
});

describe('the compiler', () => {
  const compile = (schema: z.ZodMiniType) => () => new Compiler().name(schema, 'test');

  it('refuses a refinement that is not a function of src/models/predicates.ts, rather than guess what it checks', () => {
    expect(compile(z.string().check(z.refine((value) => value !== 'x')))).toThrow('test: a refinement that is not in src/models/predicates.ts');
    expect(compile(z.number().check(z.refine(predicates.hasAtMostDecimals[2])))).not.toThrow();
  });

  it('refuses an option that changes what zod accepts in a way the compiled check would not follow', () => {
    expect(compile(z.coerce.number())).toThrow('test: a coercing schema');
    expect(compile(z.object({ a: z.exactOptional(z.string()) }))).toThrow('test.a: an exact optional');
    expect(compile(z.literal(Number.NaN))).toThrow('test: a value that is not a string, a finite number or a boolean');
    expect(compile(z.number().check(z.refine(predicates.hasAtMostDecimals[2], { when: () => true })))).toThrow('test: a refinement with its own `when`');
    expect(compile(z.literal(3))).not.toThrow();
  });

  it('refuses a zod kind or check it does not know', () => {
    expect(compile(z.record(z.string(), z.string()))).toThrow('test: zod kind record is not compiled');
    expect(compile(z.number().check(z.multipleOf(2)))).toThrow('test: zod check multiple_of is not compiled');
    expect(compile(z.email())).toThrow('test: the string format email');
    expect(compile(z.string().check(z.regex(/x/g)))).toThrow('test: a global or sticky pattern');
  });

  it('writes one function for schemas that check the same thing', () => {
    const compiler = new Compiler();
    expect(compiler.name(z.string().check(z.minLength(1)), 'a')).toBe(compiler.name(z.string().check(z.minLength(1)), 'b'));
    expect(compiler.name(z.string(), 'c')).not.toBe(compiler.name(z.string().check(z.minLength(1)), 'd'));
  });
});
