/**
 * Boletas reported in the resumen diario (issue 32): with the account's `boletaReporting`
 * `'summary'`, a boleta, or a nota on a `B` series, is a line of condition `1` in the RC of its
 * issue date: its create answers it `pending` with its `summaryId`, the RC is sent on the next
 * timer turn with every document created until then (up to SUNAT's 500), and SUNAT's answer to
 * the RC's ticket (the sandbox's `ticketOutcome`) is each document's. `'individual'`, the
 * default, sends each on its own as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, type Document, UnprocessableEntityError, ValidationError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockSandbox, type MockSandboxOptions, type MockTicket } from '../../src/testing/index.js';
import { boleta, factura, item } from '../document-bodies.js';
import { handlersFetch } from '../handlers-fetch.js';
import { makeClient } from '../helpers.js';
import { ISSUE_DATE, scenario } from '../ubl-scenarios.js';
import { readXml } from './read-xml.js';

let sandbox: MockSandbox;
let client: Client;

function setUp(options: MockSandboxOptions = {}) {
  sandbox = createMockSandbox({ settleAfterMs: 5_000, boletaReporting: 'summary', ...options });
  client = makeClient({ apiKey: MOCK_API_KEY, maxRetries: 0, fetch: handlersFetch(sandbox.handlers) });
}

/** The rejection of a call, as what it was rejected with. */
const rejection = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

/** A nota de crédito on `B001` that returns one line of 100.00 (IGV 18.00) of `modified`. */
const notaOf = (modified: Document) =>
  boleta({ type: '07', series: 'B001', reference: { documentId: modified.id, reason: '07', description: 'Devolución' }, items: [item(1, 100, 18)] });

/** The types of the events so far, oldest first. */
const eventTypes = async () => (await client.events.list({ limit: 100 })).data.map((e) => e.type).reverse();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  // The day after the documents' issue date, at noon in Lima (a boleta is reported by the next day).
  vi.setSystemTime(new Date('2026-05-05T17:00:00.250Z'));
  setUp();
});
afterEach(() => vi.useRealTimers());

describe("boletaReporting 'individual' (the default)", () => {
  it('sends each boleta on its own: accepted by its create, no summaryId, no summary', async () => {
    setUp({ boletaReporting: undefined });
    expect((await client.account.retrieve()).boletaReporting).toBe('individual');
    const { data, response } = await client.documents.create(boleta()).withResponse();
    expect(response.status).toBe(201);
    expect(data.status).toBe('accepted');
    expect(data).not.toHaveProperty('summaryId');
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await client.summaries.list()).data).toEqual([]);
  });

  it('switches with account.update({ boletaReporting }), for the documents created after it, and back', async () => {
    setUp({ boletaReporting: undefined });
    const before = await client.documents.create(boleta());
    expect(await client.account.update({ boletaReporting: 'summary' })).toMatchObject({ boletaReporting: 'summary' });
    const after = await client.documents.create(boleta());
    expect(after.status).toBe('pending');
    expect(after.summaryId).toMatch(/^sum_/);
    expect((await client.documents.retrieve(before.id)).status).toBe('accepted');
    await client.account.update({ boletaReporting: 'individual' });
    expect((await client.documents.create(boleta())).status).toBe('accepted');
    // reset() takes the account back to the sandbox's option.
    sandbox.reset();
    expect((await client.account.retrieve()).boletaReporting).toBe('individual');
  });

  it('refuses a value other than individual or summary, naming the field', async () => {
    const fetch = handlersFetch(sandbox.handlers);
    const response = await fetch('https://api.yupana.pe/v1/account', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${MOCK_API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ boletaReporting: 'daily' }),
    });
    expect(response.status).toBe(422);
    const problem = (await response.json()) as { errors: { path: string; message: string }[] };
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'boletaReporting', message: expect.stringContaining("'individual'") })]);
    expect((await client.account.retrieve()).boletaReporting).toBe('summary');
    // The SDK refuses it before sending.
    const local = await rejection(client.account.update({ boletaReporting: 'daily' as 'summary' }));
    expect(local).toBeInstanceOf(ValidationError);
    expect((local as ValidationError).issues.map((issue) => issue.path)).toEqual(['boletaReporting']);
  });

  it('a sandbox option other than individual or summary is a RangeError', () => {
    expect(() => createMockSandbox({ boletaReporting: 'daily' as 'summary' })).toThrow(new RangeError(`boletaReporting must be 'individual' or 'summary', got "daily"`));
    expect(() => createMockSandbox({ boletaReporting: 'individual' })).not.toThrow();
  });
});

describe("boletaReporting 'summary'", () => {
  it('answers a boleta pending (202) with its summaryId: a line of condition 1 in the RC of its issue date, no ticket until sent', async () => {
    expect((await client.account.retrieve()).boletaReporting).toBe('summary');
    const { data: doc, response } = await client.documents.create(boleta()).withResponse();
    expect(response.status).toBe(202);
    expect(doc).toMatchObject({ status: 'pending', fullNumber: 'B001-1', taxAuthority: { status: 'pending', code: null, attempts: 0 } });
    expect(doc.id).toMatch(/^doc_/);
    const summary = await client.summaries.retrieve(doc.summaryId!);
    expect(summary).toMatchObject({
      object: 'summary',
      kind: 'RC',
      identifier: 'RC-20260505-1',
      issueDate: '2026-05-05',
      referenceDate: ISSUE_DATE,
      lines: [{ lineId: 1, documentId: doc.id, type: '03', fullNumber: 'B001-1', condition: '1', total: 236 }],
      status: 'pending',
      ticket: null,
      taxAuthority: { status: 'pending', code: null, attempts: 0 },
    });
    expect((await client.documents.retrieve(doc.id)).summaryId).toBe(summary.id);
    expect((await client.summaries.list({ documentId: doc.id })).data.map((s) => s.id)).toEqual([summary.id]);
    // Sent on the next timer turn: its ticket.
    await vi.advanceTimersByTimeAsync(0);
    const sent = await client.summaries.retrieve(summary.id);
    expect(sent.ticket).toMatch(/^\d+$/);
    expect(sent.taxAuthority).toMatchObject({ status: 'pending', code: null, attempts: 1 });
    expect((await client.documents.retrieve(doc.id)).status).toBe('pending');
    // reset() takes the account back to the sandbox's option.
    await client.account.update({ boletaReporting: 'individual' });
    sandbox.reset();
    expect((await client.account.retrieve()).boletaReporting).toBe('summary');
  });

  it('puts the boletas created before the RC is sent in it, a later one in the next RC, and another issue date in its own', async () => {
    const first = await Promise.all([client.documents.create(boleta()), client.documents.create(boleta()), client.documents.create(boleta({ series: 'B002' }))]);
    const other = await client.documents.create(boleta({ issueDate: '2026-05-05' }));
    expect(new Set(first.map((doc) => doc.summaryId)).size).toBe(1);
    const summary = await client.summaries.retrieve(first[0]!.summaryId!);
    expect(summary.lines.map((line) => [line.lineId, line.documentId])).toEqual(first.map((doc, i) => [i + 1, doc.id]));
    const ofToday = await client.summaries.retrieve(other.summaryId!);
    expect(ofToday).toMatchObject({ identifier: 'RC-20260505-2', referenceDate: '2026-05-05', lines: [{ documentId: other.id }] });

    await vi.advanceTimersByTimeAsync(0);
    const later = await client.documents.create(boleta());
    expect(later.summaryId).not.toBe(summary.id);
    expect(await client.summaries.retrieve(later.summaryId!)).toMatchObject({
      identifier: 'RC-20260505-3',
      referenceDate: ISSUE_DATE,
      lines: [{ lineId: 1, documentId: later.id }],
    });
    // The RC sent carries the three lines it had then.
    expect(readXml(await client.summaries.xml(summary.id)).texts('//sac:SummaryDocumentsLine/cbc:ID')).toEqual(['B001-1', 'B001-2', 'B002-1']);
  });

  it('opens another RC past 500 lines (SUNAT’s limit)', async () => {
    const docs: Document[] = [];
    for (let i = 0; i < 501; i++) docs.push(await client.documents.create(boleta()));
    const [full, next] = [docs[0]!.summaryId!, docs[500]!.summaryId!];
    expect(docs[499]!.summaryId).toBe(full);
    expect(next).not.toBe(full);
    expect((await client.summaries.retrieve(full)).lines).toHaveLength(500);
    expect((await client.summaries.retrieve(next)).lines).toEqual([expect.objectContaining({ lineId: 1, fullNumber: 'B001-501' })]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.documents.list({ status: 'accepted', limit: 100 })).data).toHaveLength(100);
    expect((await client.summaries.list({ status: 'accepted' })).data).toHaveLength(2);
  });

  it('writes each line of condition 1 with its customer, total, InstructionID amounts and taxes, and a nota on B001 with the boleta it modifies', async () => {
    const doc = await client.documents.create(boleta({ items: [item(2, 100, 36), item(1, 50, 0, { igvAffectation: '20' })] }));
    const nota = await client.documents.create(notaOf(doc));
    const dollars = await client.documents.create(boleta({ currency: 'USD' }));
    expect([nota.summaryId, dollars.summaryId]).toEqual([doc.summaryId, doc.summaryId]);
    const xml = readXml(await client.summaries.xml(doc.summaryId!));
    expect(xml.one('/sd:SummaryDocuments/cbc:CustomizationID')).toBe('1.1');
    expect(xml.one('/sd:SummaryDocuments/cbc:ID')).toBe('RC-20260505-1');
    expect(xml.one('/sd:SummaryDocuments/cbc:ReferenceDate')).toBe(ISSUE_DATE);
    expect(xml.one('/sd:SummaryDocuments/cbc:IssueDate')).toBe('2026-05-05');
    const line = (n: number) => `/sd:SummaryDocuments/sac:SummaryDocumentsLine[cbc:LineID = '${n}']`;
    expect(xml.one(`${line(1)}/cbc:DocumentTypeCode`)).toBe('03');
    expect(xml.one(`${line(1)}/cbc:ID`)).toBe('B001-1');
    expect(xml.one(`${line(1)}/cac:AccountingCustomerParty/cbc:CustomerAssignedAccountID`)).toBe('05414828');
    expect(xml.one(`${line(1)}/cac:Status/cbc:ConditionCode`)).toBe('1');
    expect(xml.texts(`${line(1)}/cac:BillingReference`)).toEqual([]);
    // 2 × 100.00 taxed (IGV 36.00) and 50.00 exonerated: 286.00.
    expect(xml.one(`${line(1)}/sac:TotalAmount`)).toBe('286.00');
    expect(xml.one(`${line(1)}/sac:TotalAmount/@currencyID`)).toBe('PEN');
    expect(xml.one(`${line(3)}/sac:TotalAmount/@currencyID`)).toBe('USD');
    expect(xml.texts(`${line(1)}/sac:BillingPayment/cbc:InstructionID`)).toEqual(['01', '02']);
    expect(xml.texts(`${line(1)}/sac:BillingPayment/cbc:PaidAmount`)).toEqual(['200.00', '50.00']);
    expect(xml.one(`${line(1)}/cac:TaxTotal/cbc:TaxAmount`)).toBe('36.00');
    expect(xml.one(`${line(2)}/cbc:DocumentTypeCode`)).toBe('07');
    expect(xml.one(`${line(2)}/cbc:ID`)).toBe('B001-1');
    expect(xml.one(`${line(2)}/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`)).toBe('B001-1');
    expect(xml.one(`${line(2)}/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode`)).toBe('03');
    expect(xml.one(`${line(2)}/cac:Status/cbc:ConditionCode`)).toBe('1');
    expect(xml.one(`${line(2)}/sac:TotalAmount`)).toBe('118.00');
    // The XML sent is the one read before.
    await vi.advanceTimersByTimeAsync(0);
    expect(readXml(await client.summaries.xml(doc.summaryId!)).texts('//cac:Status/cbc:ConditionCode')).toEqual(['1', '1', '1']);
  });

  it('names the boleta a nota modifies when it was issued elsewhere, in its line of condition 1 and in a void’s line of condition 3', async () => {
    const reference = { type: '03', fullNumber: 'B900-17', issueDate: '2026-04-30', reason: '07', description: 'Devolución' } as const;
    const nota = await client.documents.create(boleta({ type: '07', reference, items: [item(1, 100, 18)] }));
    const billingReference = async (summaryId: string) =>
      readXml(await client.summaries.xml(summaryId)).texts('//cac:BillingReference/cac:InvoiceDocumentReference/cbc:*');
    expect(await billingReference(nota.summaryId!)).toEqual(['B900-17', '03']);
    await vi.advanceTimersByTimeAsync(5_000);
    const { voidedBy } = await client.documents.void(nota.id, { reason: 'Error' });
    expect(await billingReference(voidedBy!.id)).toEqual(['B900-17', '03']);
  });

  it('never summarises a factura', async () => {
    const doc = await client.documents.create(factura());
    expect(doc.status).toBe('accepted');
    expect(doc).not.toHaveProperty('summaryId');
  });
});

describe("SUNAT's answer to the RC's ticket is each document's", () => {
  it('accepted: each document accepted, its taxAuthority the summary’s answer, with summary.accepted then document.accepted', async () => {
    const doc = await client.documents.create(boleta());
    const nota = await client.documents.create(notaOf(doc));
    await vi.advanceTimersByTimeAsync(4_999);
    expect((await client.documents.retrieve(doc.id)).status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const summary = await client.summaries.retrieve(doc.summaryId!);
    expect(summary.status).toBe('accepted');
    for (const id of [doc.id, nota.id]) {
      expect(await client.documents.retrieve(id)).toMatchObject({
        status: 'accepted',
        summaryId: summary.id,
        taxAuthority: { status: 'accepted', code: '0', description: 'El Resumen diario RC-20260505-1, ha sido aceptado', respondedAt: summary.taxAuthority.respondedAt },
      });
    }
    expect(await eventTypes()).toEqual(['document.created', 'document.created', 'summary.accepted', 'document.accepted', 'document.accepted']);
    const accepted = (await client.events.list({ type: 'document.accepted' })).data.map((e) => e.data.object.id);
    expect(accepted.sort()).toEqual([doc.id, nota.id].sort());
  });

  it('accepted: what SUNAT observes in a boleta is among its notes, first', async () => {
    const { body } = scenario('boleta with bags SUNAT observes (4237, 4318, 4320)');
    const doc = await client.documents.create({ ...body, issueDate: ISSUE_DATE });
    expect(doc.taxAuthority.notes).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    const accepted = await client.documents.retrieve(doc.id);
    expect(accepted.taxAuthority).toMatchObject({ status: 'accepted', code: '0' });
    expect(accepted.taxAuthority.notes.map((note) => note.code)).toEqual(['4320', '4318', '4237']);
    expect((await client.summaries.retrieve(doc.summaryId!)).taxAuthority.notes).toEqual([]);
  });

  it('rejected: each document rejected with the summary’s code and document.rejected', async () => {
    const seen: MockTicket[] = [];
    setUp({ ticketOutcome: (ticket) => (seen.push(ticket), 'rejected') });
    const doc = await client.documents.create(boleta());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([{ kind: 'RC', identifier: 'RC-20260505-1', fullNumbers: ['B001-1'] }]);
    expect(await client.documents.retrieve(doc.id)).toMatchObject({
      status: 'rejected',
      taxAuthority: { status: 'rejected', code: '2282', description: 'Existe documento ya informado anteriormente' },
    });
    expect(await eventTypes()).toEqual(['document.created', 'summary.rejected', 'document.rejected']);
  });

  it.each([
    ['in_process', { status: 'pending', code: '98' }],
    ['unknown_ticket', { status: 'exception', code: '0127' }],
  ] as const)('%s: the summary says so, each document stays pending, no event', async (outcome, answer) => {
    setUp({ ticketOutcome: () => outcome });
    const doc = await client.documents.create(boleta());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await client.summaries.retrieve(doc.summaryId!)).toMatchObject({ status: 'pending', taxAuthority: answer });
    expect(await client.documents.retrieve(doc.id)).toMatchObject({ status: 'pending', taxAuthority: { status: 'pending', code: null } });
    expect(await eventTypes()).toEqual(['document.created']);
  });
});

describe('what a summarised boleta allows', () => {
  it('voided once accepted: a line of condition 3 in a later RC; refused while pending', async () => {
    const doc = await client.documents.create(boleta());
    const early = await rejection(client.documents.void(doc.id, { reason: 'Error' }));
    expect(early).toBeInstanceOf(UnprocessableEntityError);
    expect((early as UnprocessableEntityError).errors[0]?.code).toBe('sunat_2105');
    await vi.advanceTimersByTimeAsync(5_000);
    const { voidedBy } = await client.documents.void(doc.id, { reason: 'Error' });
    expect(voidedBy?.id).not.toBe(doc.summaryId);
    expect(await client.summaries.retrieve(voidedBy!.id)).toMatchObject({ identifier: 'RC-20260505-2', lines: [{ documentId: doc.id, condition: '3' }] });
    expect((await client.summaries.list({ documentId: doc.id })).data.map((s) => s.identifier)).toEqual(['RC-20260505-2', 'RC-20260505-1']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.documents.retrieve(doc.id)).status).toBe('voided');
  });

  it('refuses a resend: SUNAT answers it through the summary’s ticket', async () => {
    const doc = await client.documents.create(boleta());
    const error = await rejection(client.documents.resend(doc.id));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).errors).toEqual([
      expect.objectContaining({
        code: 'invalid_status',
        message: `B001-1 is reported to SUNAT in the resumen diario ${doc.summaryId}: SUNAT answers it through that summary's ticket, not on its own`,
      }),
    ]);
    expect((await client.documents.retrieve(doc.id)).taxAuthority.attempts).toBe(0);
  });
});
