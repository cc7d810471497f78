/**
 * `strictSunatChecks` on the other families: `retentions.create`, `perceptions.create` and
 * `despatches.create` check SUNAT's rules of a comprobante de retención or percepción
 * (`checkRetention`, `checkPerception`) or of a guía de remisión (`checkDespatch`) before sending,
 * whatever the IGV setting; with the option off the same bodies reach the API.
 */
import { describe, expect, it } from 'vitest';
import { type ClientOptions, type DespatchCreateParams, type PerceptionCreateParams, type RetentionCreateParams, ValidationError } from '../../src/index.js';
import { limaDate } from '../../src/sunat/index.js';
import { json, makeClient, respond } from '../helpers.js';

const today = limaDate();
const firstOfMonth = `${today.slice(0, 8)}01`;
const supplier = { documentType: '6', documentNumber: '20100070970', name: 'SUPERMERCADOS PERUANOS S.A.' } as const;
const paid = { type: '01', number: 'F001-4512', issueDate: firstOfMonth, total: 1000, payment: { date: today, amount: 1000 } } as const;
const retention: RetentionCreateParams = { series: 'R001', supplier, regime: '01', documents: [paid] };
const perception: PerceptionCreateParams = { series: 'P001', customer: supplier, regime: '01', documents: [paid] };
/** A payment of last year: in no month of an issue date today. */
const lastYear = { ...paid, issueDate: '2025-01-02', payment: { date: '2025-01-31', amount: 1000 } };

/** A guía remitente for a sale, a private move starting today, in the contract's words. */
const despatch: DespatchCreateParams = {
  type: '09',
  series: 'T001',
  reason: '01',
  recipient: { documentType: '6', documentNumber: '20131312955', name: 'SUNAT' },
  transport: {
    mode: '02',
    startDate: today,
    vehicles: [{ plate: 'ABC123' }],
    drivers: [{ documentType: '1', documentNumber: '45678912', firstName: 'JUAN', lastName: 'PEREZ', licence: 'Q45678912' }],
  },
  departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
  arrival: { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' },
  grossWeight: 120.5,
  items: [{ description: 'COMPUTADORA DE ESCRITORIO', quantity: 10 }],
};

type Family = 'retentions' | 'perceptions' | 'despatches';
type Body = RetentionCreateParams | PerceptionCreateParams | DespatchCreateParams;
const create = (family: Family, options: ClientOptions, body: Body) => {
  const client = makeClient(options);
  if (family === 'retentions') return client.retentions.create(body as RetentionCreateParams);
  if (family === 'perceptions') return client.perceptions.create(body as PerceptionCreateParams);
  return client.despatches.create(body as DespatchCreateParams);
};

/** Creates `body` and answers the ValidationError's `code path` lines, asserting nothing was sent. */
async function refusals(family: Family, body: Body, options: ClientOptions = { strictSunatChecks: true }) {
  const seen = respond('all', `/v1/${family}`, json({}));
  const error = await create(family, options, body).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(seen).toHaveLength(0);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues.map((issue) => `${issue.code} ${issue.path}`);
}

/** Creates `body` and answers the bodies that reached the API. */
async function sent(family: Family, body: Body, options: ClientOptions) {
  const seen = respond('post', `/v1/${family}`, json({}, 201));
  await create(family, options, body).catch(() => undefined);
  return seen.map((request) => JSON.parse(request.body) as unknown);
}

describe('strictSunatChecks on retentions, perceptions and despatches', () => {
  it("refuses a retention's payment of another month (2661) and a rate that is not its regime's (2619), naming each field, and sends nothing", async () => {
    const issues = await refusals('retentions', { ...retention, rate: 0.06, documents: [lastYear] });
    expect(issues).toEqual(['sunat_2619 rate', 'sunat_2661 documents.0.payment.date']);
  });

  it("refuses a perception's collection of another month (2659) and a dollar document without its exchange rate (2749)", async () => {
    const issues = await refusals('perceptions', { ...perception, documents: [lastYear, { ...paid, number: 'F001-9', currency: 'USD' }] });
    expect(issues).toEqual(['sunat_2659 documents.0.payment.date', 'sunat_2749 documents.1.exchangeRate']);
  });

  it('refuses a guía whose move starts before its issue date (3343) from a ubigeo that does not exist (3363), naming each field', async () => {
    const issues = await refusals('despatches', {
      ...despatch,
      issueDate: today,
      transport: { ...despatch.transport, startDate: '2025-01-02' },
      departure: { ...despatch.departure, ubigeo: '159999' },
    });
    expect(issues).toEqual(['sunat_3343 transport.startDate', 'sunat_3363 departure.ubigeo']);
  });

  it('checks them whatever the IGV setting: a fixed rate, or the padrón of restaurants and hotels', async () => {
    for (const strictSunatChecks of [{ igvRate: 0.18 }, { igvReducedRate: true }, { igvReducedRate: false }]) {
      expect(await refusals('retentions', { ...retention, documents: [lastYear] }, { strictSunatChecks })).toEqual(['sunat_2661 documents.0.payment.date']);
    }
  });

  it('sends a body that follows the rules, as it is', async () => {
    expect(await sent('retentions', retention, { strictSunatChecks: true })).toEqual([retention]);
    expect(await sent('perceptions', perception, { strictSunatChecks: true })).toEqual([perception]);
    expect(await sent('despatches', despatch, { strictSunatChecks: true })).toEqual([despatch]);
  });

  it('off (the default), a body that breaks them reaches the API untouched', async () => {
    const body = { ...retention, documents: [lastYear] };
    expect(await sent('retentions', body, {})).toEqual([body]);
    expect(await sent('perceptions', { ...perception, documents: [lastYear] }, { strictSunatChecks: false })).toHaveLength(1);
    const early = { ...despatch, transport: { ...despatch.transport, startDate: '2025-01-02' } };
    expect(await sent('despatches', early, {})).toEqual([early]);
  });

  it("reports the schema's issues alone when the body breaks its shape: SUNAT's rules run on a body that passed it", async () => {
    const issues = await refusals('retentions', { ...retention, documents: [{ ...lastYear, total: -1 }] });
    expect(issues).toEqual(['too_small documents.0.total']);
  });
});
