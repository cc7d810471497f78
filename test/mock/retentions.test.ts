/**
 * `client.retentions` and `client.perceptions` against the sandbox: a create checked with SUNAT's
 * rules before it is numbered (422 `sunat_<code>` at the field, nothing numbered), numbered per
 * series, its amounts to the cent, its UBL 2.0 XML read back with a real parser, its PDF and CDR,
 * its `retention.accepted` / `perception.accepted` event; the SDK's own refusals (nothing sent);
 * the list's filters and its pages.
 */
import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, type PerceptionCreateParams, type RetentionCreateParams, UnprocessableEntityError, ValidationError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockSandbox, startMockServer } from '../../src/testing/index.js';
import { handlersFetch } from '../handlers-fetch.js';
import { makeClient } from '../helpers.js';
import { server } from '../msw.js';
import { readXml } from './read-xml.js';

/** The sandbox's issuer (its account's RUC). */
const ISSUER_RUC = '20000000001';

let sandbox: MockSandbox;
let client: Client;

beforeEach(() => {
  // Noon in Lima, 21 November 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T17:00:00Z'));
  sandbox = createMockSandbox();
  client = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(sandbox.handlers), maxRetries: 0 });
});
afterEach(() => vi.useRealTimers());

const retention = (over: Partial<RetentionCreateParams> = {}): RetentionCreateParams => ({
  series: 'R001',
  supplier: { documentType: '6', documentNumber: '20100070970', name: 'PROVEEDOR S.A.' },
  regime: '01',
  documents: [{ type: '01', number: 'F001-100', issueDate: '2026-11-10', total: 1000, payment: { date: '2026-11-20', amount: 1000 } }],
  ...over,
});

const perception = (over: Partial<PerceptionCreateParams> = {}): PerceptionCreateParams => ({
  series: 'P001',
  customer: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' },
  regime: '01',
  documents: [{ type: '01', number: 'F001-200', issueDate: '2026-11-10', total: 1180, payment: { date: '2026-11-20', amount: 1180 } }],
  ...over,
});

/** The rejection of `promise` (it must reject). */
const rejection = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error,
  );

/** The requests the sandbox received so far. */
const received = () => sandbox.requests.map((r) => `${r.method} ${r.path}`);

describe('retentions.create', () => {
  it('issues R001-1 accepted: 1,000.00 PEN at 3 % → 30.00 withheld, 970.00 paid, today as its issue date', async () => {
    const created = await client.retentions.create(retention()).withResponse();
    expect(created.response.status).toBe(201);
    const ret = created.data;
    expect(ret).toMatchObject({
      object: 'retention',
      series: 'R001',
      number: 1,
      fullNumber: 'R001-1',
      issueDate: '2026-11-21',
      status: 'accepted',
      regime: '01',
      rate: 0.03,
      totals: { retained: 30, paid: 970 },
      taxAuthority: { status: 'accepted', code: '0' },
    });
    expect(ret.id).toMatch(/^ret_/);
    expect(ret.documents).toEqual([
      {
        type: '01',
        number: 'F001-100',
        issueDate: '2026-11-10',
        total: 1000,
        currency: 'PEN',
        payment: { number: 1, date: '2026-11-20', amount: 1000 },
        retainedAmount: 30,
        netPaid: 970,
      },
    ]);
    expect(await client.retentions.retrieve(ret.id)).toEqual(ret);
  });

  it('numbers per series: R001-1, R001-2, then R002-1', async () => {
    const numbers = [];
    for (const series of ['R001', 'R001', 'R002']) numbers.push((await client.retentions.create(retention({ series }))).fullNumber);
    expect(numbers).toEqual(['R001-1', 'R001-2', 'R002-1']);
  });

  it('a USD document at its exchange rate, half up, and totals without the nota de crédito', async () => {
    const ret = await client.retentions.create(
      retention({
        documents: [
          {
            type: '01',
            number: 'F001-100',
            issueDate: '2026-11-10',
            total: 75,
            currency: 'USD',
            payment: { date: '2026-11-20', amount: 75 },
            exchangeRate: { rate: 3.7, date: '2026-11-20' },
          },
          { type: '07', number: 'F001-7', issueDate: '2026-11-12', total: 100, payment: { date: '2026-11-20', amount: 100 } },
        ],
      }),
    );
    // 75 × 3.7 = 277.50 PEN; 3 % = 8.325 → 8.33; net 269.17. The 07's 3.00 / 97.00 stay out of the totals.
    expect(ret.documents.map((d) => [d.retainedAmount, d.netPaid])).toEqual([
      [8.33, 269.17],
      [3, 97],
    ]);
    expect(ret.totals).toEqual({ retained: 8.33, paid: 269.17 });
  });

  it('writes the XML SUNAT reads: a Retention of UBL 2.0, regime 01 at 3.00 %, each document with its payment and amounts in PEN', async () => {
    const ret = await client.retentions.create(
      retention({
        note: 'Retención & pago de noviembre',
        supplier: { documentType: '6', documentNumber: '20100070970', name: 'PROVEEDOR S.A.', address: 'Jr. Lampa 456, Lima' },
        documents: [
          { type: '01', number: 'F001-100', issueDate: '2026-11-10', total: 1000, payment: { date: '2026-11-20', amount: 1000 } },
          {
            type: '01',
            number: 'F001-101',
            issueDate: '2026-11-12',
            total: 500,
            currency: 'USD',
            payment: { number: 2, date: '2026-11-21', amount: 500 },
            exchangeRate: { rate: 3.75, date: '2026-11-21' },
          },
        ],
      }),
    );
    const xml = readXml(ret.signedXml);
    const root = '/ret:Retention';
    expect([`${root}/cbc:UBLVersionID`, `${root}/cbc:CustomizationID`, `${root}/cbc:ID`, `${root}/cbc:IssueDate`].map(xml.one)).toEqual([
      '2.0',
      '1.0',
      'R001-1',
      '2026-11-21',
    ]);
    expect(xml.one(`${root}/cac:AgentParty/cac:PartyIdentification/cbc:ID`)).toBe(ISSUER_RUC);
    // The issuer's trade name and registered name (the sandbox account's).
    expect([`${root}/cac:AgentParty/cac:PartyName/cbc:Name`, `${root}/cac:AgentParty/cac:PartyLegalEntity/cbc:RegistrationName`].map(xml.one)).toEqual([
      'YUPANA SANDBOX',
      'EMPRESA DE PRUEBAS S.A.C.',
    ]);
    expect(xml.one(`${root}/cac:ReceiverParty/cac:PostalAddress/cac:Country/cbc:IdentificationCode`)).toBe('PE');
    expect(xml.one(`${root}/cac:ReceiverParty/cac:PartyIdentification/cbc:ID/@schemeID`)).toBe('6');
    expect(xml.one(`${root}/cac:ReceiverParty/cac:PostalAddress/cbc:StreetName`)).toBe('Jr. Lampa 456, Lima');
    expect([`${root}/sac:SUNATRetentionSystemCode`, `${root}/sac:SUNATRetentionPercent`, `${root}/cbc:Note`].map(xml.one)).toEqual([
      '01',
      '3.00',
      'Retención & pago de noviembre',
    ]);
    expect([`${root}/cbc:TotalInvoiceAmount`, `${root}/sac:SUNATTotalPaid`, `${root}/sac:SUNATTotalPaid/@currencyID`].map(xml.one)).toEqual(['86.25', '2788.75', 'PEN']);
    const second = `${root}/sac:SUNATRetentionDocumentReference[2]`;
    expect(
      [
        `${second}/cbc:ID`,
        `${second}/cbc:ID/@schemeID`,
        `${second}/cbc:TotalInvoiceAmount/@currencyID`,
        `${second}/cac:Payment/cbc:ID`,
        `${second}/cac:Payment/cbc:PaidAmount`,
        `${second}/cac:Payment/cbc:PaidDate`,
        `${second}/sac:SUNATRetentionInformation/sac:SUNATRetentionAmount`,
        `${second}/sac:SUNATRetentionInformation/sac:SUNATNetTotalPaid`,
        `${second}/sac:SUNATRetentionInformation/cac:ExchangeRate/cbc:SourceCurrencyCode`,
        `${second}/sac:SUNATRetentionInformation/cac:ExchangeRate/cbc:TargetCurrencyCode`,
        `${second}/sac:SUNATRetentionInformation/cac:ExchangeRate/cbc:CalculationRate`,
        `${second}/sac:SUNATRetentionInformation/cac:ExchangeRate/cbc:Date`,
      ].map(xml.one),
    ).toEqual(['F001-101', '01', 'USD', '2', '500.00', '2026-11-21', '56.25', '1818.75', 'USD', 'PEN', '3.75', '2026-11-21']);
    // A PEN document carries no exchange rate, even one sent with it (SUNAT would convert at it).
    expect(xml.texts(`${root}/sac:SUNATRetentionDocumentReference[1]/sac:SUNATRetentionInformation/cac:ExchangeRate`)).toEqual([]);
    const sentWithRate = await client.retentions.create(
      retention({
        documents: [
          {
            type: '01',
            number: 'F001-9',
            issueDate: '2026-11-10',
            total: 10,
            payment: { date: '2026-11-20', amount: 10 },
            exchangeRate: { rate: 3.7, date: '2026-11-20' },
          },
        ],
      }),
    );
    expect(readXml(sentWithRate.signedXml).texts('//cac:ExchangeRate')).toEqual([]);
    expect(sentWithRate.totals).toEqual({ retained: 0.3, paid: 9.7 });
    expect(await client.retentions.xml(ret.id)).toBe(ret.signedXml);
  });

  it('serves its PDF and its CDR (ResponseCode 0)', async () => {
    const ret = await client.retentions.create(retention());
    const pdf = await client.retentions.pdf(ret.id);
    expect(new TextDecoder().decode(pdf.slice(0, 8))).toBe('%PDF-1.4');
    expect(new TextDecoder().decode(pdf)).toContain('R001-1 PEN 30.00');
    const cdr = readXml(await client.retentions.cdr(ret.id));
    expect(cdr.one('//cbc:ResponseCode')).toBe('0');
    expect(cdr.one('//cac:DocumentReference/cbc:ID')).toBe('R001-1');
  });

  it('emits retention.accepted, carrying the retention', async () => {
    const ret = await client.retentions.create(retention());
    const events = await client.events.list({ type: 'retention.accepted' });
    expect(events.data).toHaveLength(1);
    expect(events.data[0]?.data.object).toMatchObject({ id: ret.id, object: 'retention', fullNumber: 'R001-1', totals: { retained: 30, paid: 970 } });
    expect((await client.events.list({ documentId: ret.id })).data.map((e) => e.type)).toEqual(['retention.accepted']);
  });
});

describe("SUNAT's rules, before a number is assigned", () => {
  it.each([
    ['a regime that does not exist', retention({ regime: '03' }), 'sunat_2618', 'regime'],
    ['a rate other than the regime’s', retention({ rate: 0.06 }), 'sunat_2619', 'rate'],
    ['the supplier being the issuer', retention({ supplier: { documentType: '6', documentNumber: ISSUER_RUC, name: 'YO' } }), 'sunat_2620', 'supplier.documentNumber'],
    [
      'a payment outside the month',
      retention({ documents: [{ type: '01', number: 'F001-1', issueDate: '2026-10-01', total: 10, payment: { date: '2026-10-30', amount: 10 } }] }),
      'sunat_2661',
      'documents.0.payment.date',
    ],
    [
      'a payment before the document’s date',
      retention({ documents: [{ type: '01', number: 'F001-1', issueDate: '2026-11-20', total: 10, payment: { date: '2026-11-19', amount: 10 } }] }),
      'sunat_2625',
      'documents.0.payment.date',
    ],
    [
      'a USD document without exchange rate',
      retention({ documents: [{ type: '01', number: 'F001-1', issueDate: '2026-11-10', total: 10, currency: 'USD', payment: { date: '2026-11-20', amount: 10 } }] }),
      'sunat_2749',
      'documents.0.exchangeRate',
    ],
  ])('%s is a 422 with %s at its field; nothing is numbered', async (_, body, code, path) => {
    const error = await rejection(client.retentions.create(body));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const refused = error as UnprocessableEntityError;
    expect(refused.code).toBe('validation_error');
    expect(refused.errors).toEqual([expect.objectContaining({ code, path, sunatDescription: expect.any(String) })]);
    // The refused body took no number, and made no event.
    expect((await client.retentions.create(retention())).fullNumber).toBe('R001-1');
    expect((await client.events.list()).data.map((e) => e.type)).toEqual(['retention.accepted']);
  });

  it('a supplier RUC whose check digit fails is invalid_ruc', async () => {
    const error = (await rejection(
      client.retentions.create(retention({ supplier: { documentType: '6', documentNumber: '20100070971', name: 'X' } })),
    )) as UnprocessableEntityError;
    expect(error.errors.map((e) => [e.code, e.path])).toEqual([['invalid_ruc', 'supplier.documentNumber']]);
  });

  it.each([
    ['a regime that does not exist', perception({ regime: '05' }), 'sunat_2602', 'regime'],
    ['a rate other than the regime’s', perception({ regime: '03', rate: 0.02 }), 'sunat_2603', 'rate'],
    ['the customer being the issuer', perception({ customer: { documentType: '6', documentNumber: ISSUER_RUC, name: 'YO' } }), 'sunat_2604', 'customer.documentNumber'],
    [
      'a collection outside the month',
      perception({ documents: [{ type: '01', number: 'F001-1', issueDate: '2026-10-01', total: 10, payment: { date: '2026-10-30', amount: 10 } }] }),
      'sunat_2659',
      'documents.0.payment.date',
    ],
  ])('a perception with %s is a 422 with %s; nothing is numbered', async (_, body, code, path) => {
    const error = (await rejection(client.perceptions.create(body))) as UnprocessableEntityError;
    expect(error.errors).toEqual([expect.objectContaining({ code, path })]);
    expect((await client.perceptions.create(perception())).fullNumber).toBe('P001-1');
  });
});

describe('the SDK’s own checks: nothing is sent', () => {
  it.each([
    ['a series of another family', { ...retention(), series: 'F001' }, 'series'],
    ['a supplier identified by DNI', { ...retention(), supplier: { documentType: '1', documentNumber: '46027896', name: 'ANA' } }, 'supplier.documentType'],
    ['a RUC of 10 digits', { ...retention(), supplier: { documentType: '6', documentNumber: '2010007097', name: 'X' } }, 'supplier.documentNumber'],
    ['no documents', { ...retention(), documents: [] }, 'documents'],
    [
      'an amount of 3 decimals',
      retention({ documents: [{ type: '01', number: 'F001-1', issueDate: '2026-11-10', total: 10, payment: { date: '2026-11-20', amount: 1.005 } }] }),
      'documents.0.payment.amount',
    ],
    [
      'a payment without its date',
      { ...retention(), documents: [{ type: '01', number: 'F001-1', issueDate: '2026-11-10', total: 10, payment: { amount: 10 } }] },
      'documents.0.payment.date',
    ],
    [
      'an exchange rate of 7 decimals',
      retention({
        documents: [
          {
            type: '01',
            number: 'F001-1',
            issueDate: '2026-11-10',
            total: 10,
            currency: 'USD',
            payment: { date: '2026-11-20', amount: 10 },
            exchangeRate: { rate: 3.7512345, date: '2026-11-20' },
          },
        ],
      }),
      'documents.0.exchangeRate.rate',
    ],
  ])('%s rejects with a ValidationError naming %s', async (_, body, path) => {
    const call = client.retentions.create(body as RetentionCreateParams);
    const error = await rejection(call);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toContain(path);
    expect(received()).toEqual([]);
  });

  it('a perception series must start with P, and a list filter must be a date', async () => {
    expect(await rejection(client.perceptions.create({ ...perception(), series: 'R001' }))).toBeInstanceOf(ValidationError);
    expect(await rejection(client.retentions.list({ issuedFrom: '21/11/2026' }))).toBeInstanceOf(ValidationError);
    expect(received()).toEqual([]);
  });
});

describe('perceptions.create', () => {
  it('issues P001-1: 1,180.00 PEN at 2 % → 23.60 perceived, 1,203.60 cashed; a Perception XML at 2.00 %; perception.accepted', async () => {
    const perc = await client.perceptions.create(perception());
    expect(perc).toMatchObject({ object: 'perception', fullNumber: 'P001-1', rate: 0.02, status: 'accepted', totals: { perceived: 23.6, cashed: 1203.6 } });
    expect(perc.id).toMatch(/^perc_/);
    expect(perc.documents[0]).toMatchObject({ perceivedAmount: 23.6, netCashed: 1203.6, payment: { number: 1 } });
    const xml = readXml(perc.signedXml);
    expect(['/per:Perception/sac:SUNATPerceptionSystemCode', '/per:Perception/sac:SUNATPerceptionPercent', '/per:Perception/sac:SUNATTotalCashed'].map(xml.one)).toEqual([
      '01',
      '2.00',
      '1203.60',
    ]);
    expect((await client.events.list({ type: 'perception.accepted' })).data.map((e) => e.data.object.id)).toEqual([perc.id]);
  });

  it.each([
    ['02', 0.01, 11.8, '1.00'],
    ['03', 0.005, 5.9, '0.50'],
  ])('regime %s perceives at %s: %s on 1,180.00, written as %s %%', async (regime, rate, perceived, percent) => {
    const perc = await client.perceptions.create(perception({ regime }));
    expect([perc.rate, perc.totals.perceived]).toEqual([rate, perceived]);
    expect(readXml(perc.signedXml).one('/per:Perception/sac:SUNATPerceptionPercent')).toBe(percent);
  });
});

describe('retentions.list', () => {
  it('filters by the supplier’s RUC, series, status and issue dates, newest first, without the XML', async () => {
    const other = { documentType: '6' as const, documentNumber: '20131312955', name: 'SUNAT' };
    await client.retentions.create(retention());
    await client.retentions.create(retention({ supplier: other }));
    await client.retentions.create(retention({ series: 'R002', issueDate: '2026-11-20' }));
    const mine = await client.retentions.list({ documentNumber: '20100070970' });
    expect(mine.data.map((r) => r.fullNumber)).toEqual(['R002-1', 'R001-1']);
    expect(mine.data[0]).not.toHaveProperty('signedXml');
    expect((await client.retentions.list({ series: 'R001' })).data.map((r) => r.fullNumber)).toEqual(['R001-2', 'R001-1']);
    expect((await client.retentions.list({ issuedTo: '2026-11-20' })).data.map((r) => r.fullNumber)).toEqual(['R002-1']);
    expect((await client.retentions.list({ issuedFrom: new Date('2026-11-21T17:00:00Z') })).data.map((r) => r.fullNumber)).toEqual(['R001-2', 'R001-1']);
    expect((await client.retentions.list({ status: 'voided' })).data).toEqual([]);
    expect((await client.perceptions.list()).data).toEqual([]);
  });

  it('pages automatically under for await, each page a request', async () => {
    for (let i = 0; i < 5; i++) await client.retentions.create(retention());
    const before = sandbox.requests.length;
    const seen: string[] = [];
    for await (const r of client.retentions.list({ limit: 2 })) seen.push(r.fullNumber);
    expect(seen).toEqual(['R001-5', 'R001-4', 'R001-3', 'R001-2', 'R001-1']);
    const pages = sandbox.requests.slice(before).map((r) => new URL(r.path, 'https://x').searchParams);
    expect(pages.map((query) => query.get('limit'))).toEqual(['2', '2', '2']);
    expect(pages[0]?.get('cursor')).toBeNull();
    expect(pages.slice(1).map((query) => query.get('cursor')?.startsWith('cur_'))).toEqual([true, true]);
  });

  it('perceptions.list filters by the customer’s RUC', async () => {
    await client.perceptions.create(perception());
    await client.perceptions.create(perception({ customer: { documentType: '6', documentNumber: '20131312955', name: 'SUNAT' } }));
    expect((await client.perceptions.list({ documentNumber: '20131312955' })).data.map((p) => p.fullNumber)).toEqual(['P001-2']);
  });
});

describe('examples/retentions.ts', () => {
  it('runs against the mock server over real HTTP: the amounts computeRetention expected, a refusal with SUNAT’s code, nothing numbered for it', async () => {
    vi.useRealTimers();
    const mock = await startMockServer();
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    vi.stubEnv('YUPANA_API_KEY', MOCK_API_KEY);
    vi.stubEnv('YUPANA_BASE_URL', mock.url);
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      await import('../../examples/retentions.js');
    } finally {
      log.mockRestore();
      await mock.close();
    }
    expect(lines).toEqual([
      'Expected: withheld PEN 86.25, paid PEN 2788.75',
      'Retention R001-1 accepted: withheld PEN 86.25, paid PEN 2788.75',
      '  F001-4512: PEN 1000.00 → withheld 30.00, net 970.00',
      '  F001-4530: USD 500.00 → withheld 56.25, net 1818.75',
      'Perception P001-1 accepted: perceived PEN 23.60, cashed PEN 1203.60',
      'Refused: sunat_2661 at documents.0.payment.date',
      'Retentions to SUPERMERCADOS PERUANOS S.A.: R001-1',
    ]);
  });
});
