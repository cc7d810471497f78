/**
 * Property tests of `documents.create` validation (fast-check): random valid bodies pass, reach
 * the mock sandbox byte for byte as `JSON.stringify` of what the caller gave, untouched, and
 * are accepted there too; random invalid bodies fail at once with a `ValidationError` that names
 * the broken path, and nothing is sent. fast-check prints the seed of a failing run.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { UnprocessableEntityError, ValidationError, type DocumentCreateParams } from '../../src/index.js';
import { CREDIT_NOTE_REASON_CODES, CURRENCIES, DEBIT_NOTE_REASON_CODES, IDENTITY_DOCUMENT_TYPES, IGV_AFFECTATIONS } from '../../src/sunat/index.js';
import { limaDate } from '../../src/sunat/dates.js';
import { checkDocument } from '../../src/sunat/document/index.js';
import { rucProblem } from '../../src/sunat/identity.js';
import { igvRateOn } from '../../src/sunat/rates.js';
import { createMockSandbox, MOCK_API_KEY } from '../../src/testing/index.js';
import { sellRateOf } from '../../src/testing/store/registries.js';
import { makeClient } from '../helpers.js';
import { handlersFetch } from '../handlers-fetch.js';

const VALID_RUNS = 200;
const INVALID_RUNS = 1_000;

const codes = (catalog: object) => Object.keys(catalog);
/** A character a text field takes: any Unicode code point but C0 controls other than tab, U+FFFE and U+FFFF (written out, not read from the code). */
const textChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => !/^[\u0000-\u0008\u000a-\u001f\ufffe\uffff]$/.test(c));
/** Strings of such code points; at most 2 × `max` UTF-16 units, so `max` ≤ 250 stays within a 500-character limit. */
const text = (min: number, max: number) => fc.string({ unit: textChar, minLength: min, maxLength: max });
/** A character no text of a request may hold: a C0 control but tab and the line breaks, U+FFFE, U+FFFF, a lone surrogate. */
const forbiddenChar = fc.oneof(
  fc
    .integer({ min: 0, max: 0x1f })
    .filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d)
    .map((c) => String.fromCharCode(c)),
  fc.constantFrom('\ufffe', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff'),
);
/** What a one-line text (a customer's name) refuses besides: a line break. An item's description takes them. */
const lineBreak = fc.constantFrom('\n', '\r');
/** An amount of 2 decimals at most, as the contract takes them. */
const amount = fc.integer({ min: 0, max: 100_000_000_000 }).map((cents) => cents / 100);
/** A quantity or unit value of 10 decimals at most. */
const tenDecimals = (min: number) => fc.tuple(fc.integer({ min, max: 1_000_000 }), fc.integer({ min: 0, max: 10 })).map(([digits, decimals]) => digits / 10 ** decimals);

const customer = fc.constantFrom(...codes(IDENTITY_DOCUMENT_TYPES)).chain((documentType) =>
  fc.record(
    {
      documentType: fc.constant(documentType),
      documentNumber: documentType === '6' ? fc.stringMatching(/^\d{11}$/) : documentType === '1' ? fc.stringMatching(/^\d{8}$/) : text(1, 10),
      name: text(1, 250),
      address: text(0, 60),
      email: fc.emailAddress(),
    },
    { requiredKeys: ['documentType', 'documentNumber', 'name'] },
  ),
);

const item = fc.record(
  {
    description: text(1, 250),
    quantity: tenDecimals(1),
    unitPrice: tenDecimals(0),
    igv: amount,
    code: text(1, 15),
    unitCode: fc.stringMatching(/^[A-Z0-9]{1,3}$/),
    igvAffectation: fc.oneof(fc.constantFrom(...codes(IGV_AFFECTATIONS)), fc.stringMatching(/^\d{2}$/)),
  },
  { requiredKeys: ['description', 'quantity', 'unitPrice', 'igv'] },
);

/** Fields this SDK does not know yet: they must reach the wire untouched. */
const unknownFields = fc.dictionary(fc.stringMatching(/^x[A-Za-z]{1,8}$/), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

const validBody: fc.Arbitrary<DocumentCreateParams> = fc
  .tuple(
    fc.record(
      {
        type: fc.constantFrom('01', '03', '07', '08'),
        series: fc.stringMatching(/^[A-Z]\d{3}$/),
        customer,
        items: fc.array(item, { minLength: 1, maxLength: 5 }),
        currency: fc.constantFrom(...codes(CURRENCIES)),
        issueDate: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        metadata: fc.dictionary(text(1, 12), text(0, 20), { maxKeys: 20 }),
      },
      { requiredKeys: ['type', 'series', 'customer', 'items'] },
    ),
    fc.record({
      documentId: text(1, 30),
      creditReason: fc.constantFrom(...CREDIT_NOTE_REASON_CODES),
      debitReason: fc.constantFrom(...DEBIT_NOTE_REASON_CODES),
      description: text(1, 60),
    }),
    unknownFields,
  )
  .map(([body, { documentId, creditReason, debitReason, description }, extra]) => ({
    ...extra,
    ...body,
    // A nota de crédito takes a catálogo 09 reason, a nota de débito a catálogo 10 one.
    ...(body.type === '07' || body.type === '08' ? { reference: { documentId, reason: body.type === '07' ? creditReason : debitReason, description } } : {}),
  })) as fc.Arbitrary<DocumentCreateParams>;

type Path = (string | number)[];
type Body = Record<string, unknown>;

/** Sets (or with `undefined`, deletes) the value at `path` of a deep copy of `body`. */
function withValue(body: Body, path: Path, value: unknown): Body {
  const copy = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

function valueAt(body: Body, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], body);
}

/** A body with one defect, and the path the ValidationError must name. */
interface Broken {
  kind: string;
  body: Body;
  path: string;
}

const itemIndex = (body: Body) => fc.nat({ max: (body['items'] as unknown[]).length - 1 });
const numberField = (body: Body) => fc.tuple(itemIndex(body), fc.constantFrom('quantity', 'unitPrice', 'igv')).map(([i, f]): Path => ['items', i, f]);
const stringField = (body: Body) =>
  fc.oneof(
    fc.constantFrom<Path>(['type'], ['series'], ['customer', 'documentType'], ['customer', 'documentNumber'], ['customer', 'name']),
    itemIndex(body).map((i): Path => ['items', i, 'description']),
  );
const requiredField = (body: Body) =>
  fc.oneof(
    fc.constantFrom<Path>(['type'], ['series'], ['customer'], ['items'], ['customer', 'documentType'], ['customer', 'documentNumber'], ['customer', 'name']),
    fc.tuple(itemIndex(body), fc.constantFrom('description', 'quantity', 'unitPrice', 'igv')).map(([i, f]): Path => ['items', i, f]),
  );
const notAString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const notANumber = fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.double(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const join = (path: Path) => path.join('.');

/** Every kind of defect the validation must catch, each with the path it breaks. */
function broken(body: Body): fc.Arbitrary<Broken> {
  const at = (kind: string, path: Path, value: unknown): Broken => ({ kind, body: withValue(body, path, value), path: join(path) });
  return fc.oneof(
    fc.tuple(stringField(body), notAString).map(([path, value]) => at('wrong type (string expected)', path, value)),
    fc.tuple(numberField(body), notANumber).map(([path, value]) => at('wrong type (number expected)', path, value)),
    fc
      .tuple(fc.constantFrom<Path>(['customer'], ['items'], ['metadata']), fc.oneof(fc.string(), fc.integer(), fc.constant(null)))
      .map(([path, value]) => at('wrong type (object or array expected)', path, value)),
    requiredField(body).map((path) => at('missing required field', path, undefined)),
    fc.tuple(fc.oneof(stringField(body), numberField(body)), fc.boolean()).map(([path, asArray]) => {
      const value = valueAt(body, path);
      return at('extra nesting', path, asArray ? [value] : { value });
    }),
    fc.constant(at('extra nesting (an array of item arrays)', ['items'], [body['items']])).map((b) => ({ ...b, path: 'items.0' })),
    fc.tuple(numberField(body), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).map(([path, value]) => at(`${value}`, path, value)),
    fc.tuple(itemIndex(body), fc.double({ max: 0, noNaN: true, noDefaultInfinity: true })).map(([i, q]) => at('quantity ≤ 0', ['items', i, 'quantity'], q)),
    fc
      .tuple(itemIndex(body), fc.constantFrom('unitPrice', 'igv'), fc.double({ max: -Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }))
      .map(([i, field, value]) => at(`negative ${field}`, ['items', i, field], value)),
    fc.constant(at('empty items', ['items'], [])),
    fc
      .tuple(
        fc.oneof(
          fc.tuple(fc.constant<Path>(['customer', 'name']), fc.oneof(forbiddenChar, lineBreak)),
          fc.tuple(
            itemIndex(body).map((i): Path => ['items', i, 'description']),
            forbiddenChar,
          ),
        ),
        fc.nat(),
      )
      .map(([[path, c], offset]) => {
        const given = String(valueAt(body, path));
        const where = offset % (given.length + 1);
        return at('a character SUNAT cannot carry', path, `${given.slice(0, where)}${c}${given.slice(where)}`);
      }),
    fc.oneof(
      fc.tuple(itemIndex(body), fc.integer({ min: 501, max: 5_000 })).map(([i, n]) => at('oversize description', ['items', i, 'description'], 'x'.repeat(n))),
      fc.integer({ min: 1501, max: 5_000 }).map((n) => at('oversize name', ['customer', 'name'], 'x'.repeat(n))),
      fc.integer({ min: 21, max: 5_000 }).map((n) => at('oversize documentNumber', ['customer', 'documentNumber'], '1'.repeat(n))),
    ),
    fc
      .string()
      .filter((s) => !/^[A-Z]\d{3}$/.test(s))
      .map((series) => at('series of another shape', ['series'], series)),
    fc
      .string()
      .filter((s) => !['01', '03', '07', '08'].includes(s))
      .map((type) => at('unknown document type', ['type'], type)),
    // Unknown catalog codes of the right shape pass (SUNAT adds codes); other shapes do not.
    fc
      .tuple(
        itemIndex(body),
        fc.string().filter((s) => !/^\d{2}$/.test(s)),
      )
      .map(([i, code]) => at('IGV affectation of another shape', ['items', i, 'igvAffectation'], code)),
    fc
      .string()
      .filter((s) => !/^[0-9A-Z-]$/.test(s))
      .map((code) => at('identity document type of another shape', ['customer', 'documentType'], code)),
    fc
      .string()
      .filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s))
      .map((date) => at('issue date of another shape', ['issueDate'], date)),
  );
}

/** What the client put on the wire, per request. */
let wire: string[] = [];
/** Records the wire text, then answers with `next` (the global msw server by default). */
const recording =
  (next: typeof fetch = (input, init) => fetch(input, init)): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    wire.push(await request.clone().text());
    return next(request);
  };

beforeEach(() => {
  wire = [];
});

describe('documents.create validation, fuzzed', () => {
  it(`${VALID_RUNS} random valid bodies pass, reach the wire exactly as given, untouched, and the sandbox judges them as the service does`, async () => {
    const sandbox = createMockSandbox();
    const client = makeClient({ apiKey: MOCK_API_KEY, fetch: recording(handlersFetch(sandbox.handlers)), logLevel: 'off' });
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(validBody, async (body) => {
        wire = [];
        const before = structuredClone(body);
        const outcome = await client.documents.create(body).then(
          (doc) => ({ doc, error: undefined }),
          (error: unknown) => ({ doc: undefined, error }),
        );
        expect(wire).toEqual([JSON.stringify(before)]);
        expect(body).toEqual(before);
        // The sandbox knows its contract: fields the SDK sends untouched but does not declare are
        // refused by name; then SUNAT's rules (the same checkDocument), then a nota's documentId.
        const extra = Object.keys(body).filter((key) => /^x[A-Za-z]{1,8}$/.test(key));
        const today = limaDate();
        const rules = (() => {
          try {
            // The service's own check of a RUC's check digit comes first, then SUNAT's rules at the day's exchange rate, as the sandbox runs them.
            const issueDate = body.issueDate ?? today;
            const exchangeRate = body.currency === 'USD' ? sellRateOf(issueDate, today) : undefined;
            const ruc = body.customer.documentType === '6' && rucProblem(body.customer.documentNumber) !== undefined ? ['invalid_ruc'] : [];
            return [...ruc, ...checkDocument(body, { igvRate: igvRateOn(issueDate), today, exchangeRate }).map((issue) => issue.code)];
          } catch {
            return ['invalid_value'];
          }
        })();
        if (outcome.doc) {
          expect([extra, rules, body.reference]).toEqual([[], [], undefined]);
          expect(outcome.doc.id).toMatch(/^doc_/);
          accepted++;
          return;
        }
        expect(outcome.error).toBeInstanceOf(UnprocessableEntityError);
        const issues = (outcome.error as UnprocessableEntityError).errors;
        if (extra.length > 0) {
          expect(issues.map((issue) => [issue.code, issue.path])).toEqual(extra.map((key) => ['unknown_field', key]));
        } else {
          const expected = [...rules, ...(body.reference && !rules.includes('invalid_value') ? ['not_found'] : [])];
          expect(issues.map((issue) => issue.code).filter((code) => code !== 'invalid_value')).toEqual(expected.filter((code) => code !== 'invalid_value'));
          expect(expected.length > 0 || issues.every((issue) => issue.code === 'invalid_value')).toBe(true);
        }
      }),
      { numRuns: VALID_RUNS },
    );
    expect(sandbox.documents()).toHaveLength(accepted);
  });

  it(`${INVALID_RUNS} random invalid bodies fail locally with a ValidationError naming the broken path, and nothing is sent`, async () => {
    const client = makeClient({ fetch: recording(), logLevel: 'off' });
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        validBody.chain((body) => broken(body as Body)),
        async ({ kind, body, path }) => {
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          let error: unknown;
          try {
            await client.documents.create(body as DocumentCreateParams);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(ValidationError);
          const paths = (error as ValidationError).issues.map((i) => i.path);
          expect(paths).toContain(path);
          expect(paths.filter((p) => p !== path && !p.startsWith(`${path}.`))).toEqual([]);
          expect((error as ValidationError).message).toContain(`${path}: `);
        },
      ),
      { numRuns: INVALID_RUNS },
    );
    expect(wire).toEqual([]);
    expect(kinds.size).toBe(22); // every kind of defect was drawn
  });
});
