/**
 * The sandbox answers as the service would (issue 19, item 4): it checks SUNAT's rules before
 * numbering (`sunat_<code>` and the path), refuses fields it does not know (`unknown_field`),
 * checks a nota's `documentId`, fills and computes every derived value exactly as `yupana/sunat`
 * does (sunat.md's worked examples, read through the SDK client and in the XML with a real
 * parser), numbers per type and series, and completes voids.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, type Document, type DocumentCreateParams, type Item, UnprocessableEntityError } from '../../src/index.js';
import { checkDocument, hasObservations } from '../../src/sunat/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockSandbox, type MockSandboxOptions } from '../../src/testing/index.js';
import { makeClient } from '../helpers.js';
import { handlersFetch } from '../handlers-fetch.js';
import { filledDocument, ISSUE_DATE as issueDate, scenario, UBL_SCENARIOS } from '../ubl-scenarios.js';
import { readXml } from './read-xml.js';
import { abroad, boleta, dni, factura, item, ruc, varios } from '../document-bodies.js';

const credit = (...amounts: number[]) => ({ type: 'credit' as const, installments: amounts.map((amount, i) => ({ amount, dueDate: `2026-0${6 + i}-01` })) });
const bag = (bags: number, igv: number, icbper: number) => item(bags, 0.1, igv, { description: 'Bolsa', icbper });
const free = (extra: Partial<Item> = {}) => item(1, 0, 0.9, { igvAffectation: '15', referenceValue: 5, ...extra });
const external = (extra: Record<string, string> = {}) => ({
  type: '01' as const,
  fullNumber: 'FF14-2',
  issueDate: '2026-04-20',
  reason: '01',
  description: 'Anulación',
  ...extra,
});
const note = (reason: string, extra: Partial<DocumentCreateParams> = {}): DocumentCreateParams => factura({ type: '07', reference: external({ reason }), ...extra });

let sandbox: MockSandbox;
let client: Client;

function setUp(options: MockSandboxOptions = {}) {
  sandbox = createMockSandbox(options);
  client = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(sandbox.handlers), maxRetries: 0 });
}

/** The 422 `validation_error` a call is refused with. */
async function failure(call: Promise<unknown>): Promise<UnprocessableEntityError> {
  const error: unknown = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnprocessableEntityError);
  expect((error as UnprocessableEntityError).code).toBe('validation_error');
  return error as UnprocessableEntityError;
}

/** The 422 a create is refused with. */
const refusal = (body: unknown) => failure(client.documents.create(body as DocumentCreateParams));

const issues = (error: UnprocessableEntityError) => error.errors.map((issue) => [issue.code, issue.path]);

/**
 * Fakes `timers` beside `Date`, which stands on ISSUE_DATE at noon in Lima: the bodies are issued
 * on it, and SUNAT refuses a factura sent more than 3 days after its issue date (2108).
 */
function onIssueDate(...timers: ('setTimeout' | 'clearTimeout')[]) {
  vi.useFakeTimers({ toFake: ['Date', ...timers] });
  vi.setSystemTime(new Date(`${issueDate}T17:00:00Z`));
}

beforeEach(() => {
  onIssueDate();
  setUp();
});
afterEach(() => vi.useRealTimers());

/** One body per family of SUNAT's ERR rules (sunat.md, "Documents in full"), with what the sandbox must answer. */
const broken: [string, DocumentCreateParams, [string, string][]][] = [
  ['series: a factura in a B series (1001)', factura({ series: 'B001' }), [['sunat_1001', 'series']]],
  ['dates: a factura sent 4 days after its issue date (2108)', factura({ issueDate: '2026-04-30' }), [['sunat_2108', 'issueDate']]],
  ['dates: a boleta sent 8 days after its issue date (1079)', boleta({ issueDate: '2026-04-26' }), [['sunat_1079', 'issueDate']]],
  ['dates: an issue date 3 days ahead (2329)', factura({ issueDate: '2026-05-07' }), [['sunat_2329', 'issueDate']]],
  ['customer: a factura named in 2 characters (2022)', factura({ customer: { ...ruc, name: 'AB' } }), [['sunat_2022', 'customer.name']]],
  ['customer: a factura 0101 to a DNI (2800)', factura({ customer: dni }), [['sunat_2800', 'customer.documentType']]],
  ['customer: a factura to varios (2800)', factura({ customer: varios }), [['sunat_2800', 'customer.documentType']]],
  ['operation type outside catálogo 51 (3206)', factura({ operationType: '9999' }), [['sunat_3206', 'operationType']]],
  [
    'export: a taxed line on an export (2642)',
    factura({ operationType: '0200', customer: abroad, items: [item(1, 100, 0, { igvAffectation: '40' }), item(1, 10, 1.8)] }),
    [['sunat_2642', 'items.1.igvAffectation']],
  ],
  ['forma de pago: credit without installments (3249)', factura({ paymentTerms: credit() }), [['sunat_3249', 'paymentTerms.installments']]],
  ['forma de pago: installments above the total (3265)', factura({ paymentTerms: credit(200, 36.01) }), [['sunat_3265', 'paymentTerms.installments']]],
  [
    'forma de pago: an installment due on the issue date (3267)',
    factura({ paymentTerms: { type: 'credit', installments: [{ amount: 236, dueDate: issueDate }] } }),
    [['sunat_3267', 'paymentTerms.installments.0.dueDate']],
  ],
  ['forma de pago: a nota de crédito of reason 01 with one (3244)', note('01', { paymentTerms: credit(236) }), [['sunat_3244', 'paymentTerms']]],
  ['nota 13: without a forma de pago (3257)', note('13', { items: [item(1, 0, 0)] }), [['sunat_3257', 'paymentTerms']]],
  ['nota 13: with a total (3315)', note('13', { paymentTerms: credit(236) }), [['sunat_3315', 'items']]],
  ['detracción: operation 1001 without it (3127)', factura({ operationType: '1001' }), [['sunat_3127', 'detraction']]],
  [
    'detracción: on a venta interna 0101 (3128)',
    factura({ operationType: '0101', detraction: { code: '037', rate: 0.12, account: '1' } }),
    [['sunat_3128', 'operationType']],
  ],
  ['detracción: a code outside catálogo 54 (3033)', factura({ detraction: { code: '006', rate: 0.12, account: '1' } }), [['sunat_3033', 'detraction.code']]],
  [
    'detracción: USD without exchange rate (3208)',
    factura({ currency: 'USD', detraction: { code: '037', rate: 0.12, account: '1', amount: 100 } }),
    [['sunat_3208', 'exchangeRate']],
  ],
  ['percepción: operation 2001 without it (3093)', factura({ operationType: '2001' }), [['sunat_3093', 'perception']]],
  ['percepción: on credit (3330)', factura({ perception: { code: '51' }, paymentTerms: credit(236) }), [['sunat_3330', 'paymentTerms']]],
  ['percepción: 1.01 off base × rate (2798)', factura({ items: [item(6, 100, 108)], perception: { code: '51', amount: 15.17 } }), [['sunat_2798', 'perception.amount']]],
  ['retención: to a DNI customer (3262)', boleta({ retention: {} }), [['sunat_3262', 'customer.documentType']]],
  ['retención: 1.01 off base × rate (3263)', factura({ items: [item(6, 100, 108)], retention: { amount: 22.25 } }), [['sunat_3263', 'retention.amount']]],
  ['ICBPER: half a bag (3237)', boleta({ items: [bag(2.5, 0.05, 1.25)] }), [['sunat_3237', 'items.0.quantity']]],
  ['ICBPER: bags with an ICBPER of 0 (3238)', boleta({ items: [bag(2, 0.04, 0)] }), [['sunat_3238', 'items.0.icbper']]],
  ['ICBPER: 0.01 over 3 bags, 0.00 a bag (3238)', boleta({ items: [bag(3, 0.05, 0.01)] }), [['sunat_3238', 'items.0.icbper']]],
  ['free line: with a unit price (2640)', factura({ items: [item(2, 30, 10.8), free({ unitPrice: 5 })] }), [['sunat_2640', 'items.1.unitPrice']]],
  [
    'free line: without valor referencial (3234)',
    factura({ items: [item(2, 30, 10.8), free({ referenceValue: undefined })] }),
    [['sunat_3234', 'items.1.referenceValue']],
  ],
  ['free line: taxed without its IGV (3111)', factura({ items: [item(2, 30, 10.8), free({ igv: 0 })] }), [['sunat_3111', 'items.1.igv']]],
  [
    'discounts: a line discount above the line (3290)',
    factura({ items: [item(1, 10, 0, { discounts: [{ code: '00', amount: 10.01 }] })] }),
    [['sunat_3290', 'items.0.discounts']],
  ],
  [
    'discounts: a global 02 above the taxed base (3277)',
    factura({ items: [item(1, 100, 18)], discounts: [{ code: '02', amount: 150, base: 150 }] }),
    [['sunat_3277', 'discounts']],
  ],
  ['totals: a global 03 above the total (3280)', factura({ discounts: [{ code: '03', amount: 236.01 }] }), [['sunat_3280', 'discounts']]],
  ['totals: a line IGV 1.01 off (3103)', factura({ items: [item(700, 1.102, 139.86)] }), [['sunat_3103', 'items.0.igv']]],
  ['totals: line IGVs each 0.01 off, 1.01 in all (3291)', factura({ items: Array.from({ length: 101 }, () => item(1, 1, 0.19)) }), [['sunat_3291', 'items']]],
  ['one rate: a line at 10.5% beside one at 18% (3462)', factura({ items: [item(1, 100, 18), item(1, 100, 10.5)] }), [['sunat_3462', 'items.1.igv']]],
  ['legends: a code outside catálogo 52 (3027)', factura({ legends: [{ code: '3000', text: 'x' }] }), [['sunat_3027', 'legends.0.code']]],
  ['legends: 1002 without free lines (2416)', factura({ legends: [{ code: '1002', text: 'TRANSFERENCIA GRATUITA' }] }), [['sunat_2416', 'legends.0.code']]],
  ['references: a factura referenced with a B number (2117)', note('01', { reference: external({ fullNumber: 'B001-2' }) }), [['sunat_2117', 'reference.fullNumber']]],
  [
    'references: a guía listed twice (2364)',
    factura({
      despatches: [
        { type: '09', fullNumber: 'T001-1' },
        { type: '09', fullNumber: 'T001-1' },
      ],
    }),
    [['sunat_2364', 'despatches.1']],
  ],
  ['boleta: 700.01 to varios (2514)', boleta({ customer: varios, items: [item(1, 700.01, 0, { igvAffectation: '20' })] }), [['sunat_2514', 'customer.documentType']]],
  [
    'ISC: on an exonerated line, which has no IGV base for it to raise (3272)',
    factura({ items: [item(1, 100, 0, { igvAffectation: '20', isc: { system: '01', rate: 0.25 } })] }),
    [['sunat_3272', 'items.0.isc']],
  ],
  ['ISC: a system outside catálogo 08 (2041)', factura({ items: [item(2, 100, 36, { isc: { system: '09', rate: 0.1 } })] }), [['sunat_2041', 'items.0.isc.system']]],
  [
    'IVAP: a taxed line beside an IVAP line (2644)',
    factura({ items: [item(1, 100, 4, { igvAffectation: '17' }), item(2, 100, 36)] }),
    [['sunat_2644', 'items.1.igvAffectation']],
  ],
  ['IVAP: a line at 18% (3103)', factura({ items: [item(2, 100, 36, { igvAffectation: '17' })] }), [['sunat_3103', 'items.0.igv']]],
];

describe('SUNAT rules on every create, before numbering', () => {
  it.each(broken)('refuses %s with its sunat_<code> and path, and numbers nothing', async (_, body, expected) => {
    const error = await refusal(body);
    expect(issues(error)).toEqual(expected);
    for (const issue of error.errors) expect(issue.message).toMatch(/\w{3}/);
    expect(error.message).toContain(expected[0]![1]);
    expect(sandbox.documents()).toEqual([]);
  });

  it('does not consume a number on a refusal: the next valid create gets the next one', async () => {
    expect((await client.documents.create(factura())).fullNumber).toBe('F001-1');
    await refusal(factura({ customer: dni }));
    await refusal(factura({ paymentTerms: credit() }));
    expect((await client.documents.create(factura())).fullNumber).toBe('F001-2');
    expect((await client.series.create({ series: 'F001', documentType: '01' })).nextNumber).toBe(3);
  });

  it("accepts a document SUNAT observes with code 0 and a note per observation (documentObservations), as SUNAT's answer does", async () => {
    // 0.80 over 2 bags is 0.40 a bag, 2022's amount; in 2026 it is 0.50 (4237).
    const observed = await client.documents.create(boleta({ items: [bag(2, 0.04, 0.8)] }));
    expect(observed).toMatchObject({ status: 'accepted', taxAuthority: { status: 'accepted', code: '0' } });
    expect(observed.taxAuthority.notes).toEqual([{ code: '4237', description: 'El monto por bolsa (0.40) no es el del ICBPER vigente en la fecha de emisión (0.50)' }]);
    expect(hasObservations(observed.taxAuthority)).toBe(true);
    expect((await client.documents.retrieve(observed.id)).taxAuthority.notes).toEqual(observed.taxAuthority.notes);
    const clean = await client.documents.create(boleta({ items: [bag(2, 0.04, 1)] }));
    expect([clean.taxAuthority.notes, hasObservations(clean.taxAuthority)]).toEqual([[], false]);
  });

  it("keeps a document's observations beside a simulated one, and on SUNAT's later answer to a pending document", async () => {
    setUp({ outcome: () => 'observed' });
    const both = await client.documents.create(boleta({ items: [bag(2, 0.04, 0.8)] }));
    expect(both.taxAuthority.notes.map((note) => note.code)).toEqual(['4237', '4252']);
    onIssueDate('setTimeout', 'clearTimeout');
    setUp({ outcome: () => 'pending', settleAfterMs: 5_000 });
    const pending = await client.documents.create(boleta({ items: [bag(2, 0.04, 0.8)] }));
    expect(pending.taxAuthority).toMatchObject({ status: 'pending', notes: [] });
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.documents.retrieve(pending.id)).taxAuthority).toMatchObject({ status: 'accepted', code: '0', notes: [{ code: '4237' }] });
  });

  it("takes a customer's name up to 1500 characters, as SUNAT does (2022), and refuses a longer one before sending it", async () => {
    const named = (length: number) => factura({ customer: { ...ruc, name: 'Comercial Andina '.repeat(100).slice(0, length) } });
    expect((await client.documents.create(named(1500))).customer.name).toHaveLength(1500);
    await expect(client.documents.create(named(1501))).rejects.toMatchObject({
      name: 'ValidationError',
      issues: [expect.objectContaining({ path: 'customer.name', code: 'too_big' })],
    });
    expect(sandbox.requests).toHaveLength(1);
  });

  it('refuses a text its XML cannot carry (a control character), naming the field, and numbers nothing: it never answers XML that is not well-formed', async () => {
    // The SDK refuses it before sending; client.request() sends it as another client would.
    const body = factura({ customer: { ...ruc, name: 'ACME\u0007 S.A.C.' } });
    const error = await failure(client.request({ method: 'POST', path: '/v1/documents', body }));
    expect(error.errors).toEqual([
      {
        path: 'customer.name',
        code: 'invalid_format',
        message: 'must not contain control characters (line breaks included; tab is allowed), U+FFFE, U+FFFF or unpaired surrogates',
      },
    ]);
    expect(sandbox.documents()).toEqual([]);
    await expect(client.documents.create(factura())).resolves.toMatchObject({ number: 1 });
  });

  it('numbers per type and series: 01/F001, 07/F001 and 01/F002 count separately', async () => {
    const numbers = [];
    for (const body of [factura(), factura(), note('01'), factura({ series: 'F002' }), note('01'), factura()]) {
      numbers.push((await client.documents.create(body)).fullNumber);
    }
    expect(numbers).toEqual(['F001-1', 'F001-2', 'F001-1', 'F002-1', 'F001-2', 'F001-3']);
    expect(sandbox.documents().map((d) => `${d.type}/${d.fullNumber}`)).toEqual(['01/F001-1', '01/F001-2', '07/F001-1', '01/F002-1', '07/F001-2', '01/F001-3']);
  });
});

describe('a field whose shape SUNAT has a rule for', () => {
  // The SDK refuses these before sending; client.request() sends them as they are, as another client would.
  const detraction = { code: '037', rate: 0.12, account: '00-000-000001' };
  it.each([
    ['a detracción without its account', factura({ detraction: { code: '037', rate: 0.12 } as never }), 'sunat_3034', 'detraction.account'],
    ['a detracción code outside catálogo 54', factura({ detraction: { ...detraction, code: 'X' } as never }), 'sunat_3033', 'detraction.code'],
    ['a nota without its reference', factura({ type: '07' }), 'sunat_2524', 'reference'],
    [
      'a line discount with a global code',
      factura({ items: [item(2, 100, 36, { discounts: [{ code: '02', amount: 1 }] as never })] }),
      'sunat_3114',
      'items.0.discounts.0.code',
    ],
    [
      'a cuota without an amount',
      factura({ paymentTerms: { type: 'credit', installments: [{ dueDate: '2026-06-01' }] } as never }),
      'sunat_3254',
      'paymentTerms.installments.0.amount',
    ],
    [
      'a cuota of an amount that is not a number',
      factura({ paymentTerms: { type: 'credit', installments: [{ amount: '236', dueDate: '2026-06-01' }] } as never }),
      'sunat_3253',
      'paymentTerms.installments.0.amount',
    ],
    [
      'a cuota without its due date',
      factura({ paymentTerms: { type: 'credit', installments: [{ amount: 236 }] } as never }),
      'sunat_3256',
      'paymentTerms.installments.0.dueDate',
    ],
    [
      'a cuota due on a date that is not one',
      factura({ paymentTerms: { type: 'credit', installments: [{ amount: 236, dueDate: 'mañana' }] } as never }),
      'sunat_3255',
      'paymentTerms.installments.0.dueDate',
    ],
    ['a forma de pago that is neither cash nor credit', factura({ paymentTerms: { type: 'other' } as never }), 'sunat_3246', 'paymentTerms.type'],
    ['a forma de pago without its type', factura({ paymentTerms: {} as never }), 'sunat_3245', 'paymentTerms.type'],
    ['an empty operation type, which SUNAT reads as none', factura({ operationType: '' as never }), 'sunat_3205', 'operationType'],
    ['an operation type outside catálogo 51', factura({ operationType: '9999' as never }), 'sunat_3206', 'operationType'],
    [
      'a cuota of an empty amount, which SUNAT reads as none',
      factura({ paymentTerms: { type: 'credit', installments: [{ amount: '', dueDate: '2026-06-01' }] } as never }),
      'sunat_3254',
      'paymentTerms.installments.0.amount',
    ],
  ])("%s is refused with the rule's code, not only a schema code", async (_, body, code, path) => {
    const error = await failure(client.request({ method: 'POST', path: '/v1/documents', body }));
    expect(issues(error)).toContainEqual([code, path]);
    expect(error.errors.every((issue) => !issue.code?.startsWith('sunat_') || issue.path !== path || issue.code === code)).toBe(true);
    await expect(client.documents.create(factura())).resolves.toMatchObject({ number: 1 });
  });

  it('leaves a field no SUNAT rule speaks of with its schema code', async () => {
    const error = await failure(client.request({ method: 'POST', path: '/v1/documents', body: factura({ purchaseOrder: '' }) }));
    expect(issues(error)).toEqual([['too_small', 'purchaseOrder']]);
  });
});

describe("SUNAT's code, the same everywhere, with SUNAT's own words for it", () => {
  const rounding = 'El monto para el redondeo del Importe Total excede el valor permitido';
  const legend = 'El dato ingresado en descripcion de leyenda no cumple con el formato establecido.';
  it.each([
    ['a rounding past 1.00 (3303)', factura({ rounding: 1.01 }), 'rounding', 'sunat_3303', 'rounding is from -1.00 to 1.00', rounding],
    ['a rounding below -1.00 (3303)', factura({ rounding: -5 }), 'rounding', 'sunat_3303', 'rounding is from -1.00 to 1.00', rounding],
    [
      'a legend of 201 characters (3006)',
      factura({ legends: [{ code: '2001', text: 'A'.repeat(201) }] }),
      'legends.0.text',
      'sunat_3006',
      'a legend is 1 to 200 characters on one line, not starting with a space',
      legend,
    ],
    [
      'a legend on two lines (3006)',
      factura({ legends: [{ code: '2001', text: 'BIENES TRANSFERIDOS\nEN LA AMAZONÍA' }] }),
      'legends.0.text',
      'sunat_3006',
      'a legend is 1 to 200 characters on one line, not starting with a space',
      legend,
    ],
  ])('%s: checkDocument, strictSunatChecks and the sandbox name it alike', async (_, body, path, code, message, sunatDescription) => {
    const expected = { path, code, message, sunatDescription };
    expect(checkDocument(body, { igvRate: 0.18, today: issueDate }).map((issue) => ({ ...issue, path: issue.path.join('.') }))).toEqual([expected]);
    // Strict checks refuse it before sending: nothing reaches the sandbox.
    const strict = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(sandbox.handlers), strictSunatChecks: true });
    await expect(strict.documents.create(body)).rejects.toMatchObject({ name: 'ValidationError', issues: [{ path, code, message }] });
    expect(sandbox.requests).toHaveLength(0);
    // Without them the SDK sends it (its shape is right), and the sandbox answers the same code with SUNAT's words.
    const error = await refusal(body);
    expect(error.errors).toEqual([expected]);
    expect(sandbox.documents()).toEqual([]);
  });

  it("gives every refusal of a SUNAT rule SUNAT's own description of its code, and no other issue one", async () => {
    const ruleError = await refusal(factura({ paymentTerms: credit() }));
    expect(ruleError.errors).toEqual([
      {
        path: 'paymentTerms.installments',
        code: 'sunat_3249',
        message: 'a sale on credit lists at least one installment (cuota)',
        sunatDescription: 'Si el tipo de transaccion es al Credito debe existir al menos información de una cuota de pago',
      },
    ]);
    // A field's shape that a SUNAT rule covers, refused by the schema, carries the rule's code and words.
    const shapeError = await failure(client.request({ method: 'POST', path: '/v1/documents', body: factura({ detraction: { code: '037', rate: 0.12 } as never }) }));
    expect(shapeError.errors.find((issue) => issue.path === 'detraction.account')).toEqual({
      path: 'detraction.account',
      code: 'sunat_3034',
      message: 'is required',
      sunatDescription: 'El xml no contiene el tag o no existe información en el nro de cuenta de detracción',
    });
    // A code that is not SUNAT's has none: the service's own words are all there is.
    const unknown = await failure(client.request({ method: 'POST', path: '/v1/documents', body: { ...factura(), xColor: 'red' } }));
    expect(unknown.errors).toEqual([{ path: 'xColor', code: 'unknown_field', message: expect.any(String) }]);
  });

  it("words the rules the service checks against its own documents in SUNAT's words too: a nota of reason 13 (3260)", async () => {
    const cash = await client.documents.create(factura());
    const error = await refusal(
      note('13', { items: [item(1, 0, 0)], paymentTerms: credit(236), reference: { documentId: cash.id, reason: '13', description: 'Nuevas cuotas' } }),
    );
    expect(error.errors).toEqual([
      {
        path: 'reference.documentId',
        code: 'sunat_3260',
        message: `a nota de crédito of reason 13 modifies a factura sold on credit; ${cash.fullNumber} was paid in cash`,
        sunatDescription: 'Para el tipo de nota de credito 13 el documento afectado debe ser Factura al credito',
      },
    ]);
  });
});

describe('unknown fields', () => {
  it('refuses each field the contract does not declare, at any depth, naming its path; nothing is issued', async () => {
    const body = {
      ...factura({ paymentTerms: credit(100, 136) }),
      curency: 'USD',
      customer: { ...ruc, x: 1 },
      items: [{ ...item(2, 100, 36), igvAfectation: '20' }],
      paymentTerms: {
        type: 'credit',
        installments: [
          { amount: 100, dueDate: '2026-06-01' },
          { amount: 136, dueDate: '2026-07-01', y: true },
        ],
      },
      metadata: { anyKey: 'metadata takes any key' },
    };
    const error = await refusal(body);
    expect(issues(error)).toEqual([
      ['unknown_field', 'customer.x'],
      ['unknown_field', 'items.0.igvAfectation'],
      ['unknown_field', 'paymentTerms.installments.1.y'],
      ['unknown_field', 'curency'],
    ]);
    expect(sandbox.documents()).toEqual([]);
  });

  it('knows both forms of a nota reference, and refuses a field of neither', async () => {
    const error = await refusal(note('01', { reference: { ...external(), documentNumber: '2' } as never }));
    expect(issues(error)).toEqual([['unknown_field', 'reference.documentNumber']]);
  });

  it('applies to other creates and updates too; a PATCH ignores the read-only fields of what it answers', async () => {
    const customer = await client.customers.create({ documentType: '6', documentNumber: '20131312955', name: 'ACME' });
    const create = await failure(client.customers.create({ documentType: '6', documentNumber: '20131312955', name: 'ACME', emial: 'a@b.pe' } as never));
    expect(issues(create)).toEqual([['unknown_field', 'emial']]);
    const patch = await failure(client.customers.update(customer.id, { id: 'cus_other', name: 'ACME S.A.C.', nmae: 'x' } as never));
    expect(issues(patch)).toEqual([['unknown_field', 'nmae']]);
    expect(await client.customers.update(customer.id, { id: 'cus_other', name: 'ACME S.A.C.' } as never)).toMatchObject({ id: customer.id, name: 'ACME S.A.C.' });
  });
});

describe("a nota's reference", () => {
  it('by documentId: must exist, be a factura or boleta, and share the series letter', async () => {
    const f = await client.documents.create(factura());
    const b = await client.documents.create(boleta());
    const byId = (documentId: string, extra: Partial<DocumentCreateParams> = {}) =>
      factura({ type: '07', reference: { documentId, reason: '01', description: 'Anulación' }, ...extra });

    expect(issues(await refusal(byId('doc_missing')))).toEqual([['not_found', 'reference.documentId']]);
    expect(issues(await refusal(byId(b.id)))).toEqual([['invalid_reference', 'reference.documentId']]);
    const n = await client.documents.create(byId(f.id));
    expect(issues(await refusal(byId(n.id)))).toEqual([['invalid_reference', 'reference.documentId']]);
    expect(await client.documents.create(byId(b.id, { series: 'B001' }))).toMatchObject({ fullNumber: 'B001-1', type: '07' });
    expect(sandbox.documents().map((d) => d.fullNumber)).toEqual(['F001-1', 'B001-1', 'F001-1', 'B001-1']);
  });

  it('by documentId: its XML names the document it modifies, from the store', async () => {
    const f = await client.documents.create(factura({ paymentTerms: credit(100.13, 135.87) }));
    const n = await client.documents.create(factura({ type: '07', reference: { documentId: f.id, reason: '01', description: 'Anulación de la operación' } }));
    const xml = readXml(n.signedXml);
    expect(xml.one('/cn:CreditNote/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('F001-1');
    expect(xml.one('/cn:CreditNote/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode')).toBe('01');
    expect(xml.one('/cn:CreditNote/cac:DiscrepancyResponse/cbc:ResponseCode')).toBe('01');
    expect(xml.one('/cn:CreditNote/cac:DiscrepancyResponse/cbc:Description')).toBe('Anulación de la operación');
  });

  it('of reason 13 by documentId: a factura (3259) sold on credit (3260), new installments within its total (3320)', async () => {
    const cash = await client.documents.create(factura());
    const onCredit = await client.documents.create(factura({ paymentTerms: credit(100.13, 135.87) }));
    const b = await client.documents.create(boleta());
    const reason13 = (documentId: string, amounts: number[], series = 'F001') =>
      factura({ type: '07', series, items: [item(1, 0, 0)], paymentTerms: credit(...amounts), reference: { documentId, reason: '13', description: 'Nuevo cronograma' } });

    expect(issues(await refusal(reason13(b.id, [236], 'B001')))).toEqual([['sunat_3259', 'reference.documentId']]);
    expect(issues(await refusal(reason13(cash.id, [236])))).toEqual([['sunat_3260', 'reference.documentId']]);
    expect(issues(await refusal(reason13(onCredit.id, [118, 118.01])))).toEqual([['sunat_3320', 'paymentTerms.installments']]);
    const adjusted = await client.documents.create(reason13(onCredit.id, [118, 118]));
    expect(adjusted).toMatchObject({ fullNumber: 'F001-1', totals: { total: 0 }, paymentTerms: credit(118, 118) });
    const xml = readXml(adjusted.signedXml);
    expect(xml.texts("/cn:CreditNote/cac:PaymentTerms[cbc:ID='FormaPago']/cbc:PaymentMeansID")).toEqual(['Credito', 'Cuota001', 'Cuota002']);
  });

  it('by type, fullNumber and issueDate: a document issued elsewhere is taken as given', async () => {
    const n = await client.documents.create(scenario('nota de crédito for a factura issued elsewhere').body);
    expect(n).toMatchObject({ fullNumber: 'F001-1', reference: { type: '01', fullNumber: 'FF14-2', issueDate: '2026-04-20' } });
    const xml = readXml(n.signedXml);
    expect(xml.one('/cn:CreditNote/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('FF14-2');
  });
});

describe('what the sandbox fills is what yupana/sunat computes', () => {
  const byBody = UBL_SCENARIOS.filter((s) => s.body.reference === undefined || !('documentId' in s.body.reference));
  it.each(byBody.map((s) => [s.name, s] as const))('%s: every filled and derived field equals computeDocument', async (_, s) => {
    if (s.igvReducedRate) await client.account.update({ igvReducedRate: true });
    const doc = await client.documents.create(s.body);
    const expected = filledDocument({ ...s, number: 1 });
    for (const field of ['operationType', 'paymentTerms', 'detraction', 'perception', 'retention', 'legends', 'totals'] as const) {
      expect(doc[field], field).toEqual(expected[field]);
    }
  });
});

describe("sunat.md's worked examples, answered by the sandbox through the SDK", () => {
  it('a factura without paymentTerms is cash (Contado), operation 0101, with legend 1000 in words', async () => {
    const doc = await client.documents.create(factura());
    expect(doc).toMatchObject({
      operationType: '0101',
      paymentTerms: { type: 'cash' },
      legends: [{ code: '1000', text: 'SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES' }],
      totals: {
        taxable: 200,
        exempt: 0,
        unaffected: 0,
        export: 0,
        free: 0,
        freeIgv: 0,
        igv: 36,
        icbper: 0,
        lineExtension: 200,
        taxInclusive: 236,
        discounts: 0,
        charges: 0,
        rounding: 0,
        total: 236,
      },
    });
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:PaymentTerms[cbc:ID='FormaPago']/cbc:PaymentMeansID")).toBe('Contado');
    expect(xml.one('/inv:Invoice/cbc:InvoiceTypeCode/@listID')).toBe('0101');
    expect(xml.one("/inv:Invoice/cbc:Note[@languageLocaleID='1000']")).toBe('SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES');
  });

  it('credit: 100.13 + 135.87 on 236.00, numbered Cuota001 and Cuota002', async () => {
    const doc = await client.documents.create(scenario('credit factura with cuotas').body);
    expect(doc.totals.total).toBe(236);
    expect(doc.paymentTerms).toEqual({
      type: 'credit',
      installments: [
        { amount: 100.13, dueDate: '2026-06-03' },
        { amount: 135.87, dueDate: '2026-07-03' },
      ],
    });
    const xml = readXml(doc.signedXml);
    expect(xml.texts("/inv:Invoice/cac:PaymentTerms[cbc:ID='FormaPago']/cbc:PaymentMeansID")).toEqual(['Credito', 'Cuota001', 'Cuota002']);
    expect(xml.texts("/inv:Invoice/cac:PaymentTerms[cbc:ID='FormaPago']/cbc:Amount")).toEqual(['236.00', '100.13', '135.87']);
    expect(xml.one('/inv:Invoice/cbc:DueDate')).toBe('2026-07-03');
  });

  it('detracción: 37.76 on 944.00 at 4%, operation 1001, legend 2006, the account in PaymentMeans', async () => {
    const doc = await client.documents.create(scenario('detracción 014 at 4%').body);
    expect(doc).toMatchObject({
      operationType: '1001',
      totals: { total: 944 },
      detraction: { code: '014', rate: 0.04, account: '00-741-123456', paymentMethod: '001', amount: 37.76 },
    });
    expect(doc.legends.map((l) => l.code)).toEqual(['1000', '2006']);
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:PaymentTerms[cbc:ID='Detraccion']/cbc:Amount")).toBe('37.76');
    expect(xml.one("/inv:Invoice/cac:PaymentTerms[cbc:ID='Detraccion']/cbc:PaymentPercent")).toBe('4.00');
    expect(xml.one("/inv:Invoice/cac:PaymentMeans[cbc:ID='Detraccion']/cac:PayeeFinancialAccount/cbc:ID")).toBe('00-741-123456');
    expect(xml.one('/inv:Invoice/cbc:InvoiceTypeCode/@listID')).toBe('1001');
  });

  it('percepción: 14.16 on 708.00, total with it 722.16, operation 2001', async () => {
    const doc = await client.documents.create(scenario('percepción 51').body);
    expect(doc).toMatchObject({ operationType: '2001', totals: { total: 708 }, perception: { code: '51', rate: 0.02, base: 708, amount: 14.16, total: 722.16 } });
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:PaymentTerms[cbc:ID='Percepcion']/cbc:Amount")).toBe('722.16');
    expect(xml.one("/inv:Invoice/cac:AllowanceCharge[cbc:AllowanceChargeReasonCode='51']/cbc:Amount")).toBe('14.16');
    expect(xml.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('708.00');
  });

  it('retención: 21.24 on 708.00 at 3%, not part of what is payable', async () => {
    const doc = await client.documents.create(scenario('retención 3% on credit').body);
    expect(doc).toMatchObject({ totals: { total: 708 }, retention: { rate: 0.03, base: 708, amount: 21.24 } });
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:AllowanceCharge[cbc:AllowanceChargeReasonCode='62']/cbc:Amount")).toBe('21.24');
    expect(xml.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('708.00');
  });

  it('a global discount 02: taxable 50.00, IGV 9.00, payable 59.00', async () => {
    const doc = await client.documents.create(scenario('global discount 02').body);
    expect(doc.totals).toMatchObject({ taxable: 50, igv: 9, lineExtension: 50, taxInclusive: 59, discounts: 0, total: 59 });
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='1000']/cbc:TaxableAmount")).toBe('50.00');
    expect(xml.one('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('9.00');
  });

  it('ISC: 25% on 500.00 and 2.25 a litre on 10 litres; the IGV on the value plus the ISC; scheme 2000 with its system', async () => {
    const doc = await client.documents.create(scenario('ISC al valor and específico').body);
    expect(doc).toMatchObject({ status: 'accepted' });
    expect(doc.totals).toMatchObject({ taxable: 540, iscBase: 540, isc: 147.5, igv: 123.75, lineExtension: 540, taxInclusive: 811.25, total: 811.25 });
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='2000']/cbc:TaxAmount")).toBe('147.50');
    expect(xml.one("/inv:Invoice/cac:InvoiceLine[1]/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='2000']/cac:TaxCategory/cbc:TierRange")).toBe('01');
    expect(xml.one("/inv:Invoice/cac:InvoiceLine[1]/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='1000']/cbc:TaxableAmount")).toBe('625.00');
  });

  it('IVAP: milled rice at 4%, issued (not "not computed yet"), scheme 1016 and legend 2007', async () => {
    const doc = await client.documents.create(scenario('IVAP with a global discount 02').body);
    expect(doc).toMatchObject({ status: 'accepted' });
    expect(doc.totals).toMatchObject({ taxable: 0, igv: 0, ivapBase: 4525, ivap: 181, lineExtension: 4525, total: 4706 });
    expect(doc.legends.map((l) => l.code)).toEqual(['1000', '2007']);
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='1016']/cbc:TaxAmount")).toBe('181.00');
    expect(xml.one('/inv:Invoice/cac:InvoiceLine[1]/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toBe('4.00');
  });

  it('a global discount 03: payable 490.00', async () => {
    const doc = await client.documents.create(scenario('global discount 03').body);
    expect(doc.totals).toMatchObject({ taxable: 500, igv: 90, taxInclusive: 590, discounts: 100, total: 490 });
    expect(readXml(doc.signedXml).one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:AllowanceTotalAmount')).toBe('100.00');
  });

  it('free lines: gratuitas 200.00 with IGV 36.00, payable 0.00, legend 1002', async () => {
    const doc = await client.documents.create(scenario('free line (11) with referenceValue').body);
    expect(doc.totals).toMatchObject({ free: 200, freeIgv: 36, taxable: 0, igv: 0, total: 0 });
    expect(doc.legends.map((l) => [l.code, l.text])).toEqual([
      ['1000', 'SON CERO CON 00/100 SOLES'],
      ['1002', 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE'],
    ]);
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='9996']/cbc:TaxableAmount")).toBe('200.00');
    expect(xml.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('0.00');
  });

  it('two bags in 2026: ICBPER 1.00, in the total and in scheme 7152', async () => {
    const doc = await client.documents.create(scenario('boleta with 2 plastic bags to varios').body);
    expect(doc).toMatchObject({ fullNumber: 'B001-1', operationType: '0101', totals: { taxable: 8.64, igv: 1.56, icbper: 1, taxInclusive: 11.2, total: 11.2 } });
    expect(doc.paymentTerms).toBeUndefined();
    const xml = readXml(doc.signedXml);
    expect(xml.one("/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='7152']/cbc:TaxAmount")).toBe('1.00');
    expect(xml.one("/inv:Invoice/cac:InvoiceLine[2]/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='7152']/cbc:BaseUnitMeasure")).toBe('2');
  });

  it('an export in USD: operation 0200, the total in words in dólares americanos', async () => {
    const doc = await client.documents.create(scenario('export in USD').body);
    expect(doc).toMatchObject({ operationType: '0200', currency: 'USD', totals: { export: 550, total: 550 } });
    expect(doc.legends[0]).toEqual({ code: '1000', text: 'SON QUINIENTOS CINCUENTA CON 00/100 DÓLARES AMERICANOS' });
  });

  it('the XML names the account as issuer, as it was when the document was created', async () => {
    const before = await client.documents.create(factura());
    await client.account.update({ name: 'NUEVA RAZON SOCIAL S.A.C.' });
    const after = await client.documents.create(factura());
    const issuer = (doc: Document) => readXml(doc.signedXml).one('/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName');
    expect(issuer(await client.documents.retrieve(before.id))).toBe('EMPRESA DE PRUEBAS S.A.C.');
    expect(issuer(after)).toBe('NUEVA RAZON SOCIAL S.A.C.');
    expect(readXml(after.signedXml).one('/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID')).toBe('20000000001');
  });
});

describe('voids', () => {
  it('complete after the settle delay: voiding, then voided with its document.voided event', async () => {
    onIssueDate('setTimeout', 'clearTimeout');
    setUp({ settleAfterMs: 5_000 });
    const doc = await client.documents.create(factura());
    const voiding = await client.documents.void(doc.id, { reason: 'Error en el precio' });
    expect(voiding.status).toBe('voiding');
    await vi.advanceTimersByTimeAsync(4_999);
    expect((await client.documents.retrieve(doc.id)).status).toBe('voiding');
    await vi.advanceTimersByTimeAsync(1);
    expect((await client.documents.retrieve(doc.id)).status).toBe('voided');
    const events = await client.events.list({ type: 'document.voided' });
    expect(events.data.map((e) => [e.type, (e.data.object as Document).id, (e.data.object as Document).status])).toEqual([['document.voided', doc.id, 'voided']]);
  });

  it('complete on the next timer turn without a settle delay', async () => {
    onIssueDate('setTimeout', 'clearTimeout');
    const doc = await client.documents.create(factura({ issueDate: undefined }));
    expect((await client.documents.void(doc.id, { reason: 'Duplicado' })).status).toBe('voiding');
    await vi.advanceTimersByTimeAsync(0);
    expect((await client.documents.retrieve(doc.id)).status).toBe('voided');
  });

  it('are refused more than 7 calendar days after the issue date in Lima (sunat_2957); 7 days is still in time', async () => {
    // Issued on 2026-05-04 (one dated the day before, within the 3 days SUNAT takes a factura in).
    const inTime = await client.documents.create(factura({ issueDate: '2026-05-04' }));
    const late = await client.documents.create(factura({ issueDate: '2026-05-03' }));
    // 2026-05-12 at 02:00 UTC is still 2026-05-11 in Lima.
    vi.setSystemTime(new Date('2026-05-12T02:00:00Z'));
    expect((await client.documents.void(inTime.id, { reason: 'Error' })).status).toBe('voiding');
    const error = await failure(client.documents.void(late.id, { reason: 'Error' }));
    expect(error.errors).toEqual([
      {
        path: '',
        code: 'sunat_2957',
        message: `${late.fullNumber} was issued on 2026-05-03, more than 7 calendar days ago: void it with a nota de crédito of reason 01`,
        sunatDescription: 'El comprobante no puede ser dado de baja por exceder el plazo desde su fecha de emision',
      },
    ]);
    expect((await client.documents.retrieve(late.id)).status).toBe('accepted');
  });
});
