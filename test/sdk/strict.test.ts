/**
 * `strictSunatChecks`: SUNAT's own rules, checked before `documents.create` sends. Each rule
 * refuses with a ValidationError naming its path and sends nothing; with the option off, the
 * same bodies reach the API.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError, type ClientOptions, type DocumentCreateParams } from '../../src/index.js';
import { IGV_RATE_REDUCED, limaDate } from '../../src/sunat/index.js';
import { json, makeClient, respond, validCreate } from '../helpers.js';
// Loaded here, as the client loads it on its first strict create: so a mutation run counts the
// rules' module-level tables as loaded once (static), not as part of whichever test came first.
import '../../src/lib/strict/checks.js';

/** Creates `body` with `options` and returns the ValidationError's `code path: message` lines, asserting nothing was sent. */
async function refusals(body: DocumentCreateParams, options: ClientOptions = { strictSunatChecks: true }): Promise<string[]> {
  const seen = respond('all', '/v1/documents', json({}));
  let error: unknown;
  try {
    await makeClient(options).documents.create(body);
  } catch (e) {
    error = e;
  }
  expect(seen).toHaveLength(0);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues.map((issue) => `${issue.code} ${issue.path}: ${issue.message}`);
}

/** Creates `body` with `options` and returns the bodies that reached the API. */
async function sent(body: DocumentCreateParams, options: ClientOptions): Promise<unknown[]> {
  const seen = respond('post', '/v1/documents', json({ id: 'doc_1', object: 'document' }, 201));
  await makeClient(options).documents.create(body);
  return seen.map((request) => JSON.parse(request.body));
}

const factura = validCreate;
const item = (quantity: number, unitPrice: number, igv: number, igvAffectation?: string) => ({
  description: 'Servicio',
  quantity,
  unitPrice,
  igv,
  ...(igvAffectation ? { igvAffectation } : {}),
});

/** One body per rule, each breaking only that rule, and the path and words it must be refused with. */
const broken: [string, DocumentCreateParams, string][] = [
  [
    'a RUC that fails the check digit',
    { ...factura(), customer: { documentType: '6', documentNumber: '20123456789', name: 'ACME S.A.C.' } },
    'invalid_ruc customer.documentNumber: is not a valid RUC: its check digit should be 6',
  ],
  [
    'a RUC with a prefix not in use',
    { ...factura(), customer: { documentType: '6', documentNumber: '30131312955', name: 'ACME S.A.C.' } },
    'invalid_ruc customer.documentNumber: is not a valid RUC: it must start with 10, 15, 16, 17, 20',
  ],
  [
    'a factura to a DNI customer',
    { ...factura(), customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' } },
    'sunat_2800 customer.documentType: a factura of operation type 0101 goes to a RUC customer (6)',
  ],
  [
    'a boleta in an F series',
    { ...factura(), type: '03', series: 'F001', customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' } },
    'sunat_1001 series: does not fit document type 03: facturas take an F series, boletas a B, notes the letter of the document they modify',
  ],
  [
    'a factura in a B series',
    { ...factura(), series: 'B001' },
    'sunat_1001 series: does not fit document type 01: facturas take an F series, boletas a B, notes the letter of the document they modify',
  ],
  ['an IGV 1.01 off the line', { ...factura(), items: [item(2, 100, 36), item(700, 1.102, 139.86)] }, 'sunat_3103 items.1.igv: should be 138.85 at an IGV rate of 0.18'],
  [
    'IGV charged on an exonerated line',
    { ...factura(), items: [item(2, 100, 36, '20')] },
    'sunat_3110 items.0.igv: a line of affectation 20 carries no IGV: it should be 0.00',
  ],
];

describe('strictSunatChecks', () => {
  it.each(broken)('refuses %s, naming the field, and sends nothing', async (_, body, expected) => {
    expect(await refusals(body)).toEqual([expected]);
  });

  it.each(broken)('off (the default), %s reaches the API untouched', async (_, body) => {
    expect(await sent(body, {})).toEqual([body]);
    expect(await sent(body, { strictSunatChecks: false })).toEqual([body]);
  });

  it('passes bodies that follow the rules: valid RUCs, exports, notes, rounding within 0.01', async () => {
    const strict = { strictSunatChecks: true };
    const ok: DocumentCreateParams[] = [
      factura(),
      { ...factura(), customer: { documentType: '6', documentNumber: '10054148289', name: 'Persona con negocio' } },
      { ...factura(), customer: { documentType: '0', documentNumber: 'US-12345', name: 'ACME Inc.' }, items: [item(2, 100, 0, '40')] },
      { ...factura(), type: '03', series: 'B001', customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' } },
      { ...factura(), type: '07', series: 'B001', reference: { documentId: 'doc_0', reason: '07', description: 'Devolución' } },
      { ...factura(), items: [item(700, 1.102, 138.85), item(700, 1.102, 138.84), item(700, 1.102, 138.86), item(1, 1.25, 0.23), item(3, 5, 0, '30')] },
    ];
    for (const body of ok) expect(await sent(body, strict)).toEqual([body]);
  });

  it("allows a line's igv within 1.00 of base × rate (771.40 × 0.18 = 138.852, unrounded), as SUNAT does, not a fraction more", async () => {
    const strict = { strictSunatChecks: true };
    for (const igv of [137.86, 139.85]) {
      const body = { ...factura(), items: [item(700, 1.102, igv)] };
      expect(await sent(body, strict), String(igv)).toEqual([body]);
    }
    for (const igv of [137.85, 139.86]) {
      expect(await refusals({ ...factura(), items: [item(700, 1.102, igv)] }), String(igv)).toEqual(['sunat_3103 items.0.igv: should be 138.85 at an IGV rate of 0.18']);
    }
  });

  it("checks a line's IGV on its value plus its ISC, and refuses an ISC SUNAT refuses before sending", async () => {
    const strict = { strictSunatChecks: true };
    // 10 × 50.00 = 500.00, ISC 25% = 125.00: IGV (500.00 + 125.00) × 18% = 112.50; 90.00 (on 500.00 alone) is 22.50 off.
    const whisky = (igv: number, igvAffectation?: string) => ({ ...item(10, 50, igv, igvAffectation), isc: { system: '01', rate: 0.25 } });
    const body = { ...factura(), items: [whisky(112.5)] };
    expect(await sent(body, strict)).toEqual([body]);
    expect(await refusals({ ...factura(), items: [whisky(90)] })).toEqual(['sunat_3103 items.0.igv: should be 112.50 at an IGV rate of 0.18']);
    expect(await refusals({ ...factura(), items: [whisky(0, '20')] })).toEqual([
      "sunat_3272 items.0.isc: an ISC raises the line's IGV base (its value plus its ISC): it goes on a taxed line (10-16), not on one of affectation 20",
    ]);
  });

  it("a quantity too large for a float's digits still gets a ValidationError, not a crash", async () => {
    expect(await refusals({ ...factura(), items: [item(1e21, 1, 36)] })).toEqual([
      'sunat_3103 items.0.igv: should be 180000000000000000000.00 at an IGV rate of 0.18',
      "sunat_2025 items.0.quantity: a line's quantity (1000000000000000000000.00) has more than 12 integer digits: SUNAT's amounts are at most 999999999999.99",
    ]);
  });

  it('checks an IVAP line (17) at 4% and leaves the igv of affectations this SDK does not know to the API', async () => {
    const rice = { ...factura(), items: [item(2, 100, 8, '17')] };
    const unknown = { ...factura(), items: [item(2, 100, 12.34, '50')] };
    expect(await sent(rice, { strictSunatChecks: true })).toEqual([rice]);
    expect(await sent(unknown, { strictSunatChecks: true })).toEqual([unknown]);
  });

  it('checks every rule at once, and only after the schema passes', async () => {
    const body = { ...factura(), type: '03' as const, customer: { documentType: '6' as const, documentNumber: '20123456789', name: 'A' }, items: [item(1, 100, 10)] };
    expect(await refusals(body)).toEqual([
      'invalid_ruc customer.documentNumber: is not a valid RUC: its check digit should be 6',
      'sunat_1001 series: does not fit document type 03: facturas take an F series, boletas a B, notes the letter of the document they modify',
      'sunat_2022 customer.name: a boleta names its customer in 3 to 1500 characters on one line, not starting with a space',
      "sunat_3103 items.0.igv: should be 18.00 at an IGV rate of 0.18, the issuer's on the issue date, not 0.1: a reduced rate (Ley 31556) is for an account in SUNAT's padrón of restaurants and hotels (account.igvReducedRate), on the dates it is in force",
    ]);
    expect(await refusals({ ...body, series: 'x' })).toEqual(['invalid_format series: must be an uppercase letter followed by three digits, e.g. F001']);
    expect(await refusals({ ...body, items: [{ ...item(1, 100, 18), quantity: 'abc' as never }] })).toEqual([
      'invalid_type items.0.quantity: quantity must be a finite number',
    ]);
  });

  it('checks IGV at the rate given: the reduced 10.5% for small restaurants and lodging', async () => {
    const reduced = { strictSunatChecks: { igvRate: IGV_RATE_REDUCED } };
    const restaurant = { ...factura(), items: [item(1, 100, 10.5), item(1, 0.35, 0.04)] };
    expect(await sent(restaurant, reduced)).toEqual([restaurant]);
    expect(await refusals(restaurant)).toEqual([
      "sunat_3103 items.0.igv: should be 18.00 at an IGV rate of 0.18, the issuer's on the issue date, not 0.105: a reduced rate (Ley 31556) is for an account in SUNAT's padrón of restaurants and hotels (account.igvReducedRate), on the dates it is in force",
    ]);
    expect(await refusals(factura(), reduced)).toEqual([
      "sunat_3103 items.0.igv: should be 21.00 at an IGV rate of 0.105, the reduced rate of SUNAT's padrón on the issue date, not 0.18",
    ]);
  });

  it("with the account's setting, igvReducedRate, checks each document at the reduced rate of its issue date", async () => {
    const padron = { strictSunatChecks: { igvReducedRate: true } };
    const today = limaDate();
    // Worked by hand: 2 menús × 25.00 = 50.00, IGV 50.00 × 10.5% = 5.25; a 10% IGV would be 5.00 (0.25 off: within SUNAT's 1.00).
    const menu = { description: 'Menú ejecutivo', quantity: 2, unitPrice: 25, igv: 5.25 };
    const restaurant = { ...factura(), issueDate: today, items: [menu] };
    expect(await sent(restaurant, padron)).toEqual([restaurant]);
    // Without an issue date, the service issues it today: checked at today's reduced rate too.
    const { issueDate: _, ...undated } = restaurant;
    expect(await sent(undated, padron)).toEqual([undated]);
    // 1 × 1000.00 at 10.5% is 105.00; at 10% (the rate of 2026-02-12 and before) it is 100.00, 5.00 off.
    const large = { ...factura(), issueDate: today, items: [{ ...menu, quantity: 1, unitPrice: 1000, igv: 100 }] };
    expect(await refusals(large, padron)).toEqual([
      "sunat_3103 items.0.igv: should be 105.00 at an IGV rate of 0.105, the reduced rate of SUNAT's padrón on the issue date, not 0.1",
    ]);
    // Off the padrón, the same document is checked at 18%: 180.00.
    expect(await refusals({ ...large, items: [{ ...large.items[0]!, igv: 105 }] }, { strictSunatChecks: { igvReducedRate: false } })).toEqual([
      "sunat_3103 items.0.igv: should be 180.00 at an IGV rate of 0.18, the issuer's on the issue date, not 0.105: a reduced rate (Ley 31556) is for an account in SUNAT's padrón of restaurants and hotels (account.igvReducedRate), on the dates it is in force",
    ]);
    expect(makeClient(padron).strictSunatChecks).toEqual({ igvReducedRate: true });
  });

  it('refuses an igvReducedRate that is not a boolean, and both settings at once, at construction', () => {
    expect(() => makeClient({ strictSunatChecks: { igvReducedRate: 'yes' } as never })).toThrow(
      "Invalid client options: strictSunatChecks.igvReducedRate: must be true (the account is in SUNAT's padrón of restaurants and hotels) or false",
    );
    expect(() => makeClient({ strictSunatChecks: { igvReducedRate: true, igvRate: 0.105 } as never })).toThrow(
      'Invalid client options: strictSunatChecks: takes igvRate or igvReducedRate, not both',
    );
  });

  it("runs SUNAT's rules: each refusal carries sunat_<code> and the field's path, and nothing is sent", async () => {
    const today = limaDate();
    const cases: [DocumentCreateParams, string][] = [
      [
        { ...factura(), paymentTerms: { type: 'credit', installments: [] } },
        'sunat_3249 paymentTerms.installments: a sale on credit lists at least one installment (cuota)',
      ],
      [
        { ...factura(), issueDate: today, paymentTerms: { type: 'credit', installments: [{ amount: 236, dueDate: today }] } },
        `sunat_3267 paymentTerms.installments.0.dueDate: an installment is due after the issue date ${today}`,
      ],
      [
        {
          ...factura(),
          paymentTerms: {
            type: 'credit',
            installments: [
              { amount: 200, dueDate: '2999-01-01' },
              { amount: 100, dueDate: '2999-02-01' },
            ],
          },
        },
        'sunat_3265 paymentTerms.installments: the installments add up to at most the total 236.00',
      ],
      [
        { ...factura(), issueDate: limaDate(new Date(Date.now() - 4 * 86_400_000)) },
        `sunat_2108 issueDate: is 4 days before today in Lima (${today}): SUNAT takes a factura or a nota of one within 3 calendar days of its issue date; issue it with today's date`,
      ],
      [{ ...factura(), operationType: '1001' }, 'sunat_3127 detraction: operation type 1001 is a sale under detracción: it carries its detraction'],
      [
        { ...factura(), detraction: { code: '037', rate: 0.12, account: '  ' } },
        "sunat_3034 detraction.account: a detracción names the issuer's account at the Banco de la Nación",
      ],
      [
        { ...factura(), retention: {}, type: '03', series: 'B001', customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' } },
        'sunat_3262 customer.documentType: a retención is informed to a customer with a RUC (6), an agente de retención',
      ],
      [
        { ...factura(), items: [item(2, 100, 36), { ...item(1, 0, 0, '11'), referenceValue: 100 }] },
        'sunat_3111 items.1.igv: a free taxed line (11) reports its IGV: it should be 18.00 at an IGV rate of 0.18',
      ],
      [
        {
          ...factura(),
          legends: [
            { code: '2001', text: 'a' },
            { code: '2001', text: 'b' },
          ],
        },
        'sunat_3014 legends.1.code: legend 2001 appears once',
      ],
      [
        { ...factura(), type: '03', series: 'B001', customer: { documentType: '-', documentNumber: '-', name: 'Varios' }, items: [item(10, 100, 180)] },
        'sunat_2514 customer.documentType: a boleta above S/ 700.00 names its customer: not varios (-)',
      ],
    ];
    for (const [body, expected] of cases) expect(await refusals(body), expected).toEqual([expected]);
  });

  it('a free line (bonificación, 15) is not paid: its IGV is reported, and the body is sent as it is', async () => {
    const body = { ...factura(), items: [item(2, 30, 10.8), { ...item(1, 0, 0.9, '15'), referenceValue: 5 }] };
    expect(await sent(body, { strictSunatChecks: true })).toEqual([body]);
    expect(await refusals({ ...body, items: [item(2, 30, 10.8), { ...item(1, 5, 0.9, '15'), referenceValue: 5 }] })).toEqual([
      'sunat_2640 items.1.unitPrice: a free line (gratuita) has a unit price of 0: its value goes in referenceValue',
    ]);
  });

  it('createMany checks each input as create does: the schema first, then SUNAT’s rules, each failure a result and nothing sent for it', async () => {
    const seen = respond('post', '/v1/documents', json({ id: 'doc_1', object: 'document' }, 201));
    const ruc = { ...factura(), customer: { documentType: '6' as const, documentNumber: '20123456789', name: 'ACME S.A.C.' } };
    const results = [];
    for await (const result of makeClient({ strictSunatChecks: true }).documents.createMany([ruc, { ...ruc, series: 'x' }, factura()])) results.push(result);
    const refused = results.filter((result) => !result.ok).sort((a, b) => a.index - b.index);
    expect(refused.map((result) => (result.ok ? '' : `${result.index} ${result.error.message}`))).toEqual([
      '0 Invalid documents.createMany input 0: customer.documentNumber: is not a valid RUC: its check digit should be 6',
      '1 Invalid documents.createMany input 1: series: must be an uppercase letter followed by three digits, e.g. F001',
    ]);
    const codes = refused.map((result) => (result.ok ? undefined : (result.error as ValidationError).issues.map((issue) => issue.code)));
    expect(codes).toEqual([['invalid_ruc'], ['invalid_format']]);
    expect(seen).toHaveLength(1);
  });

  it('refuses a rate that is not a fraction, at construction', () => {
    for (const igvRate of [18, -0.1, Number.NaN, '0.18']) {
      expect(() => makeClient({ strictSunatChecks: { igvRate } as never })).toThrow(ValidationError);
    }
    expect(() => makeClient({ strictSunatChecks: {} as never })).toThrow('strictSunatChecks.igvRate: must be a fraction from 0 to 1, e.g. 0.18');
    expect(makeClient({ strictSunatChecks: true }).strictSunatChecks).toEqual({ igvRate: 0.18 });
    expect(makeClient().strictSunatChecks).toBe(false);
  });
});
