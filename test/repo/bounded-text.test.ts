/**
 * Every text a request carries (a path parameter, a query filter, a body field, at any depth) is
 * bounded and takes only what SUNAT's XML can carry (issue 33): walked from the declarations, so a
 * field added without a maximum length, or without the text rule, fails here by name.
 */
import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/core/operation.js';
import * as declarations from '../../src/operations/index.js';

interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
  in?: z.ZodMiniType;
}
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as Def;

/** Whether `schema` takes nothing but strings (a string, an enum of strings, a union of those). */
function isText(schema: z.ZodMiniType): boolean {
  const def = defOf(schema);
  if (def.type === 'string') return true;
  if (def.type === 'union') return (def.options ?? []).every(isText);
  return false;
}

/** Every text schema reachable from `schema`, by its dot-separated path (`*` for any key, `[]` for any index). */
function texts(schema: z.ZodMiniType, path: string, found: Map<string, z.ZodMiniType>): Map<string, z.ZodMiniType> {
  if (isText(schema)) return found.set(path, schema);
  const def = defOf(schema);
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape ?? {})) texts(field, at(key), found);
      if (def.catchall && defOf(def.catchall).type !== 'unknown') texts(def.catchall, at('*'), found);
      break;
    case 'array':
      texts(def.element!, `${path}[]`, found);
      break;
    case 'union':
      (def.options ?? []).forEach((option) => texts(option, path, found));
      break;
    case 'optional':
    case 'nullable':
    case 'default':
      texts(def.innerType!, path, found);
      break;
    case 'pipe':
      texts(def.in!, path, found);
      break;
  }
  return found;
}

const requestTexts = new Map<string, z.ZodMiniType>();
for (const operations of Object.values(declarations)) {
  for (const operation of Object.values(operations as Record<string, Operation>)) {
    for (const [name, schema] of Object.entries(operation.params ?? {})) texts(schema, `${operation.name} params.${name}`, requestTexts);
    if (operation.query) texts(operation.query, `${operation.name} query`, requestTexts);
    if (operation.body) texts(operation.body, `${operation.name} body`, requestTexts);
  }
}

/** Values some text field takes, to find one each field accepts. */
const SAMPLES = [
  'Servicio de consultoría',
  'x',
  'ACME',
  '01',
  '6',
  '20131312955',
  '12345678',
  'F001',
  'FF14-2',
  '2026-11-21',
  'NIU',
  '10',
  '0101',
  '037',
  '001',
  'pagos@acme.pe',
  'https://hooks.example.pe/yupana',
  'documents:write',
  'document.accepted',
  'pending',
  'doc_8KqL1s',
  'a4',
  '150101',
  'PE',
  '08:30:00',
  'R001',
  'P001',
];

/** What no text field takes, each beside an accepted value: C0 controls but tab, U+FFFE, U+FFFF, unpaired surrogates. */
const FORBIDDEN = ['\u0000', '\u0001', '\u0008', '\n', '\r', '\u000b', '\u001b', '\u001f', '\ufffe', '\uffff', '\ud800', '\udfff'];

describe('the text fields of every request', () => {
  it('are found by the walk (the walk reaches the fields it must)', () => {
    expect(requestTexts.size).toBeGreaterThan(60);
    for (const path of [
      'documents.create body.customer.name',
      'documents.create body.customer.address',
      'documents.create body.metadata.*',
      'customers.create body.phone',
      'documents.list query.cursor',
    ]) {
      expect([...requestTexts.keys()]).toContain(path);
    }
  });

  it.each([...requestTexts])('%s refuses 100 001 characters, digits or letters', (_, schema) => {
    expect(schema.safeParse('9'.repeat(100_001)).success).toBe(false);
    expect(schema.safeParse('x'.repeat(100_001)).success).toBe(false);
  });

  it.each([...requestTexts])('%s refuses control characters but tab, U+FFFE, U+FFFF and unpaired surrogates', (_, schema) => {
    const accepted = SAMPLES.filter((sample) => schema.safeParse(sample).success);
    expect(accepted.length).toBeGreaterThan(0);
    for (const sample of accepted) {
      for (const c of FORBIDDEN) {
        if (c === '\n' || c === '\r') continue; // line breaks: below, by field
        expect(schema.safeParse(sample + c).success, `${JSON.stringify(sample + c)}`).toBe(false);
        expect(schema.safeParse(c + sample).success, `${JSON.stringify(c + sample)}`).toBe(false);
      }
    }
  });

  it("only an item's description (a product's too), a legend (SUNAT's 3006 judges its lines) and free text that never reaches the XML break lines", () => {
    const multiline = [...requestTexts].filter(([, schema]) => schema.safeParse('a\nb').success && schema.safeParse('a\r\nb').success).map(([path]) => path);
    expect(multiline.sort()).toEqual(
      [
        'customers.create body.metadata.*',
        'customers.update body.metadata.*',
        'despatches.create body.metadata.*',
        'documents.create body.items[].description',
        'documents.create body.legends[].text',
        'documents.create body.metadata.*',
        'products.create body.description',
        'products.update body.description',
        'webhookEndpoints.create body.description',
        'webhookEndpoints.update body.description',
      ].sort(),
    );
  });
});
