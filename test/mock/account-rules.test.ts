/**
 * What the service decides from the account and its own records, in the sandbox (issue 31): the
 * reduced IGV rate of SUNAT's padrón of restaurants and hotels (`account.igvReducedRate`, the
 * sandbox's option and `account.update`), a customer RUC whose check digit fails, a USD boleta to
 * varios read in soles at the day's exchange rate (S/ 700), and a nota de crédito past what its
 * document charged. Every amount below is worked by hand.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, type DocumentCreateParams, UnprocessableEntityError } from '../../src/index.js';
import { checkDocument } from '../../src/sunat/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockSandbox, type MockSandboxOptions } from '../../src/testing/index.js';
import { boleta, factura, item, ruc, varios } from '../document-bodies.js';
import { handlersFetch } from '../handlers-fetch.js';
import { makeClient } from '../helpers.js';
import { ISSUE_DATE } from '../ubl-scenarios.js';
import { readXml } from './read-xml.js';

let sandbox: MockSandbox;
let client: Client;

function setUp(options: MockSandboxOptions = {}) {
  sandbox = createMockSandbox(options);
  client = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(sandbox.handlers), maxRetries: 0 });
}

/** Stands `Date` on `day` at noon in Lima. */
function on(day: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T17:00:00Z`));
}

/** The `[code, path, message]` of each issue a create is refused with (a 422 `validation_error`). */
async function refused(body: DocumentCreateParams): Promise<[string | undefined, string, string][]> {
  const error: unknown = await client.documents.create(body).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnprocessableEntityError);
  return (error as UnprocessableEntityError).errors.map((issue) => [issue.code, issue.path, issue.message]);
}

beforeEach(() => {
  on(ISSUE_DATE);
  setUp();
});
afterEach(() => vi.useRealTimers());

/** A restaurant's boleta: 2 menús × 25.00 = 50.00 (IGV at 10.5%: 5.25) and a chicha morada 5.00 (IGV 0.525, half up 0.53). */
const menu = (extra: Partial<DocumentCreateParams> = {}) =>
  boleta({
    items: [item(2, 25, 5.25, { description: 'Menú ejecutivo', unitCode: 'NIU' }), item(1, 5, 0.53, { description: 'Chicha morada 1 l' })],
    ...extra,
  });

describe('the reduced IGV rate (Ley 31556): account.igvReducedRate', () => {
  it('a restaurant in the padrón issues at 10.5% on 2026-05-04: totals 55.00 + 5.78 = 60.78, each line at Percent 10.50', async () => {
    setUp({ igvReducedRate: true });
    expect((await client.account.retrieve()).igvReducedRate).toBe(true);
    const doc = await client.documents.create(menu());
    expect(doc.totals).toMatchObject({ taxable: 55, igv: 5.78, lineExtension: 55, taxInclusive: 60.78, total: 60.78 });
    const xml = readXml(doc.signedXml);
    expect(xml.texts('//cac:InvoiceLine/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toEqual(['10.50', '10.50']);
    // The stored document renders the same XML again, at the rate it was issued at.
    expect((await client.documents.retrieve(doc.id)).signedXml).toBe(doc.signedXml);
  });

  it('an account outside the padrón is refused the same boleta, naming the rate and the setting, and nothing is numbered', async () => {
    expect((await client.account.retrieve()).igvReducedRate).toBe(false);
    // 50.00 × 18% = 9.00, 3.75 from 5.25; the chicha's 0.53 is within SUNAT's 1.00 of 0.90.
    expect(await refused(menu())).toEqual([
      [
        'sunat_3103',
        'items.0.igv',
        "should be 9.00 at an IGV rate of 0.18, the issuer's on the issue date, not 0.105: a reduced rate (Ley 31556) is for an account in SUNAT's padrón of restaurants and hotels (account.igvReducedRate), on the dates it is in force",
      ],
    ]);
    expect(await client.account.update({ igvReducedRate: true })).toMatchObject({ igvReducedRate: true });
    expect((await client.documents.create(menu())).fullNumber).toBe('B001-1');
    // reset() takes the account back to the sandbox's option.
    sandbox.reset();
    expect((await client.account.retrieve()).igvReducedRate).toBe(false);
  });

  it('one rate per document: a line at 18% beside lines at 10.5% is 3462', async () => {
    setUp({ igvReducedRate: true });
    const mixed = menu({ items: [item(1, 100, 10.5, { description: 'Almuerzo' }), item(1, 100, 18, { description: 'Cerveza' })] });
    expect((await refused(mixed)).map(([code, path]) => [code, path])).toEqual([['sunat_3462', 'items.1.igv']]);
  });

  it('from 2026-01-01 to 2026-02-12 the service issues at 10%, the rate SUNAT validated then, and refuses 10.5%', async () => {
    on('2026-01-20');
    setUp({ igvReducedRate: true });
    // 50.00 × 10% = 5.00 and 5.00 × 10% = 0.50: total 60.50.
    const at10 = menu({ issueDate: '2026-01-20', items: [item(2, 25, 5, { description: 'Menú ejecutivo' }), item(1, 5, 0.5, { description: 'Chicha morada 1 l' })] });
    expect((await client.documents.create(at10)).totals).toMatchObject({ igv: 5.5, total: 60.5 });
    // 1 000.00 at 10.5% is 105.00, 5.00 from the 100.00 of 10%.
    const at105 = menu({ issueDate: '2026-01-20', items: [item(1, 1000, 105, { description: 'Banquete' })] });
    expect(await refused(at105)).toEqual([
      ['sunat_3103', 'items.0.igv', "should be 100.00 at an IGV rate of 0.1, the reduced rate of SUNAT's padrón on the issue date, not 0.105"],
    ]);
  });

  it("production reads the padrón: the update body is the sandbox's, and a wrong type is refused", async () => {
    const error: unknown = await client.account.update({ igvReducedRate: 'yes' as never }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as { issues?: { path: string }[] }).issues?.map((issue) => issue.path)).toEqual(['igvReducedRate']);
  });
});

describe("a customer's RUC", () => {
  it('whose check digit fails is refused by the service, strict checks or not, and takes no number', async () => {
    // 2·5 + 0·4 + 1·3 + 3·2 + 1·7 + 3·6 + 1·5 + 2·4 + 9·3 + 5·2 = 94; 94 mod 11 = 6; (11 − 6) mod 10 = 5.
    const mistyped = factura({ customer: { ...ruc, documentNumber: '20131312956' } });
    expect(await refused(mistyped)).toEqual([['invalid_ruc', 'customer.documentNumber', 'is not a valid RUC: its check digit should be 5']]);
    expect((await client.documents.create(factura())).fullNumber).toBe('F001-1');
  });
});

describe('a boleta to varios above S/ 700 (2514)', () => {
  // SUNAT's sell rate of 2026-05-04 in the sandbox's registry is 3.841 (exchangeRates.retrieve answers it).
  const usd = (total: number) => boleta({ currency: 'USD', customer: varios, items: [item(1, total, 0, { description: 'Libro importado', igvAffectation: '20' })] });

  it("reads a USD total in soles at the day's exchange rate: USD 190.00 × 3.841 = S/ 729.79 is refused, USD 182.00 = S/ 699.06 is not", async () => {
    expect((await client.exchangeRates.retrieve(ISSUE_DATE)).sell).toBe(3.841);
    expect(await refused(usd(190))).toEqual([
      ['sunat_2514', 'customer.documentType', 'a boleta above S/ 700.00 names its customer: not varios (-); this one is S/ 729.79 at the exchange rate 3.841'],
    ]);
    expect((await client.documents.create(usd(182))).totals.total).toBe(182);
  });

  it("checkDocument reads it at the rate it is given, else at the body's, else takes the dollars as a lower bound", () => {
    const codes = (body: DocumentCreateParams, exchangeRate?: number) =>
      checkDocument(body, { igvRate: 0.18, today: ISSUE_DATE, exchangeRate }).map((issue) => issue.code);
    expect(codes(usd(190), 3.841)).toEqual(['sunat_2514']);
    expect(codes(usd(190))).toEqual([]);
    expect(codes({ ...usd(190), exchangeRate: 3.7 })).toEqual(['sunat_2514']); // 703.00
    expect(codes(usd(190), 3.68)).toEqual([]); // 699.20
  });
});

describe('a nota de crédito past what its document charged', () => {
  /** A nota de crédito of F001-1 (by its id), returning a line of `value` + 18% IGV. */
  const credit = (documentId: string, value: number, description = 'Devolución') =>
    factura({ type: '07', items: [item(1, value, value * 0.18, { description })], reference: { documentId, reason: '07', description: 'Devolución por ítem' } });

  it('is refused naming the balance left: 236.00 − 177.00 = 59.00; a nota of exactly 59.00 passes, then nothing is left', async () => {
    const doc = await client.documents.create(factura()); // 2 × 100.00 + 36.00 = 236.00
    expect((await client.documents.create(credit(doc.id, 150))).totals.total).toBe(177); // 150.00 + 27.00
    expect(await refused(credit(doc.id, 100))).toEqual([
      ['sunat_3286', 'items', 'F001-1 charged 236.00 and its notas de crédito already credit 177.00: this one may credit at most 59.00, not 118.00'],
    ]);
    expect((await client.documents.create(credit(doc.id, 50))).totals.total).toBe(59); // 50.00 + 9.00
    expect((await refused(credit(doc.id, 1)))[0]![2]).toBe(
      'F001-1 charged 236.00 and its notas de crédito already credit 236.00: this one may credit at most 0.00, not 1.18',
    );
  });

  it('counts its notas de débito, and not the notas SUNAT rejected', async () => {
    setUp({ outcome: (params) => (params.items[0]!.description === 'Rechazada' ? 'rejected' : 'accepted') });
    const doc = await client.documents.create(factura());
    await client.documents.create(credit(doc.id, 200, 'Rechazada')); // 236.00, rejected: credits nothing
    // A nota de débito of 50.00 + 9.00 raises what the factura charged to 295.00.
    await client.documents.create(
      factura({ type: '08', items: [item(1, 50, 9, { description: 'Intereses' })], reference: { documentId: doc.id, reason: '01', description: 'Intereses por mora' } }),
    );
    expect((await client.documents.create(credit(doc.id, 250))).totals.total).toBe(295); // 250.00 + 45.00
    expect(await refused(credit(doc.id, 1))).toEqual([
      ['sunat_3286', 'items', 'F001-1 charged 295.00 and its notas de crédito already credit 295.00: this one may credit at most 0.00, not 1.18'],
    ]);
  });
});
