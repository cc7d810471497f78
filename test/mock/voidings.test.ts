/**
 * Voidings you can see (issue 32): `documents.void` makes a comunicación de baja (RA) for a
 * factura or a nota on an `F` series, or a resumen diario (RC) line of condition 3 for a boleta or
 * a nota on a `B` series; each has SUNAT's identifier, a ticket, its XML and, once SUNAT answered
 * the ticket, its CDR. SUNAT's answer is the sandbox's `ticketOutcome`: accepted, rejected, still
 * at 98, or a ticket SUNAT does not know (0127). SUNAT's status rules refuse a void before
 * anything is made.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, type Document, NotFoundError, UnprocessableEntityError, ValidationError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockSandbox, type MockSandboxOptions, type MockTicket } from '../../src/testing/index.js';
import { boleta, factura, item } from '../document-bodies.js';
import { handlersFetch } from '../handlers-fetch.js';
import { makeClient } from '../helpers.js';
import { ISSUE_DATE } from '../ubl-scenarios.js';
import { readXml } from './read-xml.js';

let sandbox: MockSandbox;
let client: Client;
let fetched: string[];

function setUp(options: MockSandboxOptions = {}) {
  sandbox = createMockSandbox({ settleAfterMs: 5_000, ...options });
  const fetch = handlersFetch(sandbox.handlers);
  fetched = [];
  client = makeClient({
    apiKey: MOCK_API_KEY,
    maxRetries: 0,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      fetched.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    },
  });
}

/** The rejection of a call, as what it was rejected with. */
const rejection = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  // The day after the documents' issue date, at noon in Lima (and a quarter second: a ticket is still whole digits).
  vi.setSystemTime(new Date('2026-05-05T17:00:00.250Z'));
  setUp();
});
afterEach(() => vi.useRealTimers());

describe('a factura voided', () => {
  it('gets a comunicación de baja RA-YYYYMMDD-n with its ticket, pending until SUNAT answers, then voided with its events', async () => {
    const doc = await client.documents.create(factura());
    const voiding = await client.documents.void(doc.id, { reason: 'Error en el RUC del cliente' });
    expect(voiding.status).toBe('voiding');
    expect(voiding.voidedBy?.object).toBe('voiding');

    const pending = await client.voidings.retrieve(voiding.voidedBy!.id);
    expect(pending).toMatchObject({
      object: 'voiding',
      kind: 'RA',
      identifier: 'RA-20260505-1',
      issueDate: '2026-05-05',
      referenceDate: ISSUE_DATE,
      lines: [{ lineId: 1, documentId: doc.id, type: '01', fullNumber: 'F001-1', reason: 'Error en el RUC del cliente' }],
      status: 'pending',
      taxAuthority: { status: 'pending', code: null },
    });
    expect(pending.id).toMatch(/^void_/);
    expect(pending.ticket).toMatch(/^\d+$/);
    // No CDR before SUNAT answered the ticket.
    const early = await rejection(client.voidings.cdr(pending.id));
    expect(early).toBeInstanceOf(NotFoundError);
    expect((early as NotFoundError).message).toContain('SUNAT has not answered the ticket of RA-20260505-1 yet');
    expect((early as NotFoundError).code).toBe('not_found');

    await vi.advanceTimersByTimeAsync(4_999);
    expect((await client.documents.retrieve(doc.id)).status).toBe('voiding');
    await vi.advanceTimersByTimeAsync(1);
    expect((await client.documents.retrieve(doc.id)).status).toBe('voided');
    const accepted = await client.voidings.retrieve(pending.id);
    expect(accepted.status).toBe('accepted');
    expect(accepted.ticket).toBe(pending.ticket);
    expect(accepted.taxAuthority).toMatchObject({ status: 'accepted', code: '0', description: 'La Comunicacion de baja RA-20260505-1, ha sido aceptada' });

    const answered = await client.voidings.cdr(pending.id).withResponse();
    expect(answered.response.headers.get('content-type')).toBe('application/xml');
    const cdr = readXml(answered.data);
    expect(cdr.one('//cac:DocumentResponse/cac:Response/cbc:ResponseCode')).toBe('0');
    expect(cdr.one('//cac:DocumentResponse/cac:Response/cbc:ReferenceID')).toBe('RA-20260505-1');

    // Newest first: the voiding's answer, then what it did to the document.
    const events = (await client.events.list()).data;
    expect(events.map((e) => [e.type, e.data.object.id]).slice(0, 2)).toEqual([
      ['document.voided', doc.id],
      ['voiding.accepted', pending.id],
    ]);
  });

  it("writes SUNAT's VoidedDocuments: UBL 2.0, CustomizationID 1.0, the day's identifier, the account as it is today, and one line per document", async () => {
    const doc = await client.documents.create(factura());
    await client.account.update({ name: 'EMPRESA DE PRUEBAS RENOMBRADA S.A.C.' });
    const { voidedBy } = await client.documents.void(doc.id, { reason: 'Duplicado' });
    const { data, response } = await client.voidings.xml(voidedBy!.id).withResponse();
    expect(response.headers.get('content-type')).toBe('application/xml');
    const xml = readXml(data);
    expect(xml.one('/vd:VoidedDocuments/cbc:UBLVersionID')).toBe('2.0');
    expect(xml.one('/vd:VoidedDocuments/cbc:CustomizationID')).toBe('1.0');
    expect(xml.one('/vd:VoidedDocuments/cbc:ID')).toBe('RA-20260505-1');
    expect(xml.one('/vd:VoidedDocuments/cbc:ReferenceDate')).toBe(ISSUE_DATE);
    expect(xml.one('/vd:VoidedDocuments/cbc:IssueDate')).toBe('2026-05-05');
    expect(xml.one('/vd:VoidedDocuments/cac:AccountingSupplierParty/cbc:CustomerAssignedAccountID')).toBe('20000000001');
    expect(xml.one('/vd:VoidedDocuments/cac:AccountingSupplierParty/cbc:AdditionalAccountID')).toBe('6');
    expect(xml.one('/vd:VoidedDocuments/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName')).toBe('EMPRESA DE PRUEBAS RENOMBRADA S.A.C.');
    const line = '/vd:VoidedDocuments/sac:VoidedDocumentsLine';
    expect([
      xml.one(`${line}/cbc:LineID`),
      xml.one(`${line}/cbc:DocumentTypeCode`),
      xml.one(`${line}/sac:DocumentSerialID`),
      xml.one(`${line}/sac:DocumentNumberID`),
      xml.one(`${line}/sac:VoidReasonDescription`),
    ]).toEqual(['1', '01', 'F001', '1', 'Duplicado']);
  });

  it("numbers the day's voidings 1, 2, 3, starts again the next day, and never reuses a number after reset()", async () => {
    const docs = [await client.documents.create(factura()), await client.documents.create(factura()), await client.documents.create(factura())];
    const identifier = async (doc: Document) => (await client.voidings.retrieve((await client.documents.void(doc.id, { reason: 'Error' })).voidedBy!.id)).identifier;
    expect(await identifier(docs[0]!)).toBe('RA-20260505-1');
    expect(await identifier(docs[1]!)).toBe('RA-20260505-2');
    vi.setSystemTime(new Date('2026-05-06T17:00:00Z'));
    expect(await identifier(docs[2]!)).toBe('RA-20260506-1');
    sandbox.reset();
    expect(await identifier(await client.documents.create(factura({ issueDate: '2026-05-06' })))).toBe('RA-20260506-2');
  });
});

describe('a boleta voided', () => {
  it('gets a line of condition 3 in a resumen diario RC, with its total, and is voided once SUNAT accepts it', async () => {
    const doc = await client.documents.create(boleta());
    const voiding = await client.documents.void(doc.id, { reason: 'Error' });
    expect(voiding.voidedBy?.object).toBe('summary');
    const summary = await client.summaries.retrieve(voiding.voidedBy!.id);
    expect(summary).toMatchObject({
      object: 'summary',
      kind: 'RC',
      identifier: 'RC-20260505-1',
      referenceDate: ISSUE_DATE,
      lines: [{ lineId: 1, documentId: doc.id, type: '03', fullNumber: 'B001-1', condition: '3', total: 236 }],
      status: 'pending',
    });
    expect(summary.id).toMatch(/^sum_/);
    // No CDR before SUNAT answered the ticket.
    const early = await rejection(client.summaries.cdr(summary.id));
    expect(early).toBeInstanceOf(NotFoundError);
    expect((early as NotFoundError).message).toContain('SUNAT has not answered the ticket of RC-20260505-1 yet');
    expect((early as NotFoundError).code).toBe('not_found');
    // An RA and an RC are numbered apart.
    expect((await client.voidings.list()).data).toEqual([]);

    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.documents.retrieve(doc.id)).status).toBe('voided');
    expect((await client.summaries.retrieve(summary.id)).taxAuthority).toMatchObject({ code: '0', description: 'El Resumen diario RC-20260505-1, ha sido aceptado' });
    const cdr = await client.summaries.cdr(summary.id).withResponse();
    expect(cdr.response.headers.get('content-type')).toBe('application/xml');
    expect(readXml(cdr.data).one('//cac:DocumentResponse/cac:Response/cbc:ReferenceID')).toBe('RC-20260505-1');
    expect((await client.events.list({ type: 'summary.accepted' })).data.map((e) => e.data.object.id)).toEqual([summary.id]);
  });

  it("writes SUNAT's SummaryDocuments: CustomizationID 1.1, the customer, ConditionCode 3, the total, each InstructionID's amount and the IGV", async () => {
    const doc = await client.documents.create(boleta({ items: [item(2, 100, 36), item(1, 50, 0, { igvAffectation: '20' })] }));
    const { voidedBy } = await client.documents.void(doc.id, { reason: 'Error' });
    const { data, response } = await client.summaries.xml(voidedBy!.id).withResponse();
    expect(response.headers.get('content-type')).toBe('application/xml');
    const xml = readXml(data);
    expect(xml.one('/sd:SummaryDocuments/cbc:UBLVersionID')).toBe('2.0');
    expect(xml.one('/sd:SummaryDocuments/cbc:CustomizationID')).toBe('1.1');
    expect(xml.one('/sd:SummaryDocuments/cbc:ID')).toBe('RC-20260505-1');
    const line = '/sd:SummaryDocuments/sac:SummaryDocumentsLine';
    expect(xml.one(`${line}/cbc:DocumentTypeCode`)).toBe('03');
    expect(xml.one(`${line}/cbc:ID`)).toBe('B001-1');
    expect(xml.one(`${line}/cac:AccountingCustomerParty/cbc:CustomerAssignedAccountID`)).toBe('05414828');
    expect(xml.one(`${line}/cac:AccountingCustomerParty/cbc:AdditionalAccountID`)).toBe('1');
    expect(xml.one(`${line}/cac:Status/cbc:ConditionCode`)).toBe('3');
    // 2 × 100.00 taxed (IGV 36.00) and 50.00 exonerated: 286.00.
    expect(xml.one(`${line}/sac:TotalAmount`)).toBe('286.00');
    expect(xml.texts(`${line}/sac:BillingPayment/cbc:InstructionID`)).toEqual(['01', '02']);
    expect(xml.texts(`${line}/sac:BillingPayment/cbc:PaidAmount`)).toEqual(['200.00', '50.00']);
    expect(xml.one(`${line}/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID`)).toBe('1000');
    expect(xml.one(`${line}/cac:TaxTotal/cbc:TaxAmount`)).toBe('36.00');
  });

  it('a nota de crédito on a B series goes in an RC too (an RA refuses its series), naming the boleta it modifies', async () => {
    const modified = await client.documents.create(boleta());
    const nota = await client.documents.create(
      boleta({ type: '07', series: 'B002', reference: { documentId: modified.id, reason: '07', description: 'Devolución' }, items: [item(1, 100, 18)] }),
    );
    const { voidedBy } = await client.documents.void(nota.id, { reason: 'Error' });
    expect(voidedBy?.object).toBe('summary');
    const xml = readXml(await client.summaries.xml(voidedBy!.id));
    const line = '/sd:SummaryDocuments/sac:SummaryDocumentsLine';
    expect(xml.one(`${line}/cbc:DocumentTypeCode`)).toBe('07');
    expect(xml.one(`${line}/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`)).toBe('B001-1');
    expect(xml.one(`${line}/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode`)).toBe('03');
    expect(xml.one(`${line}/sac:TotalAmount`)).toBe('118.00');
  });
});

describe("SUNAT's answer to the ticket, as ticketOutcome chooses it", () => {
  it('rejected: the voiding says why, the factura is accepted again, and a second void makes a new RA', async () => {
    const seen: MockTicket[] = [];
    setUp({
      ticketOutcome: (ticket) => {
        seen.push(ticket);
        return seen.length === 1 ? 'rejected' : 'accepted';
      },
    });
    const doc = await client.documents.create(factura());
    const first = (await client.documents.void(doc.id, { reason: 'Error' })).voidedBy!.id;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([{ kind: 'RA', identifier: 'RA-20260505-1', fullNumbers: ['F001-1'] }]);
    expect(await client.voidings.retrieve(first)).toMatchObject({
      status: 'rejected',
      taxAuthority: { status: 'rejected', code: '2323', description: 'Existe documento ya informado anteriormente en una comunicacion de baja' },
    });
    expect((await client.documents.retrieve(doc.id)).status).toBe('accepted');
    expect((await client.events.list()).data.map((e) => e.type)).not.toContain('document.voided');
    expect((await client.voidings.cdr(first)).includes('<cbc:ResponseCode>2323</cbc:ResponseCode>')).toBe(true);

    const second = await client.documents.void(doc.id, { reason: 'Error' });
    const again = await client.voidings.retrieve(second.voidedBy!.id);
    expect(again.identifier).toBe('RA-20260505-2');
    expect(again.ticket).not.toBe((await client.voidings.retrieve(first)).ticket);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.documents.retrieve(doc.id)).status).toBe('voided');
  });

  it("rejected for an RC: the summary's own code, the boleta accepted again", async () => {
    setUp({ ticketOutcome: () => 'rejected' });
    const doc = await client.documents.create(boleta());
    const { voidedBy } = await client.documents.void(doc.id, { reason: 'Error' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.summaries.retrieve(voidedBy!.id)).taxAuthority).toMatchObject({ code: '2282', description: 'Existe documento ya informado anteriormente' });
    expect((await client.documents.retrieve(doc.id)).status).toBe('accepted');
    expect((await client.events.list({ type: 'summary.rejected' })).data).toHaveLength(1);
  });

  it('in process (98): the voiding stays pending and the factura voiding, with no CDR and no event', async () => {
    setUp({ ticketOutcome: () => 'in_process' });
    const doc = await client.documents.create(factura());
    const { voidedBy } = await client.documents.void(doc.id, { reason: 'Error' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await client.voidings.retrieve(voidedBy!.id)).toMatchObject({
      status: 'pending',
      taxAuthority: { status: 'pending', code: '98', description: 'Envío en proceso' },
    });
    expect((await client.documents.retrieve(doc.id)).status).toBe('voiding');
    expect(await rejection(client.voidings.cdr(voidedBy!.id))).toBeInstanceOf(NotFoundError);
    expect((await client.events.list()).data.map((e) => e.type)).toEqual(['document.accepted', 'document.created']);
  });

  it('an unknown ticket (0127): the voiding stays pending with an exception, the factura voiding', async () => {
    setUp({ ticketOutcome: () => 'unknown_ticket' });
    const doc = await client.documents.create(factura());
    const { voidedBy } = await client.documents.void(doc.id, { reason: 'Error' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.voidings.retrieve(voidedBy!.id)).taxAuthority).toMatchObject({ status: 'exception', code: '0127', description: 'El ticket no existe' });
    expect((await client.documents.retrieve(doc.id)).status).toBe('voiding');
  });

  it('reset() cancels the answers still to come', async () => {
    const doc = await client.documents.create(factura());
    await client.documents.void(doc.id, { reason: 'Error' });
    sandbox.reset();
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.voidings.list()).data).toEqual([]);
    expect((await client.events.list()).data).toEqual([]);
  });
});

describe("SUNAT's rules before anything is made", () => {
  /** The 422 a void is refused with: its one issue's code and SUNAT's description. */
  const refusal = async (id: string) => {
    const error = await rejection(client.documents.void(id, { reason: 'Error' }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const [issue] = (error as UnprocessableEntityError).errors as { code?: string; sunatDescription?: string }[];
    return [issue?.code, issue?.sunatDescription];
  };

  it('a document SUNAT has not registered (2105), one it rejected (2398), one voided or being voided (2323)', async () => {
    setUp({ outcome: (params) => (params.items[0]!.quantity === 1 ? 'pending' : params.items[0]!.quantity === 3 ? 'rejected' : 'accepted'), settleAfterMs: 5_000 });
    const pending = await client.documents.create(factura({ items: [item(1, 100, 18)] }));
    const rejected = await client.documents.create(factura({ items: [item(3, 100, 54)] }));
    const accepted = await client.documents.create(factura());
    expect(await refusal(pending.id)).toEqual(['sunat_2105', 'Comprobante a dar de baja no se encuentra registrado en SUNAT']);
    expect(await refusal(rejected.id)).toEqual(['sunat_2398', 'El documento a dar de baja se encuentra rechazado']);
    await client.documents.void(accepted.id, { reason: 'Error' });
    expect(await refusal(accepted.id)).toEqual(['sunat_2323', 'Existe documento ya informado anteriormente en una comunicacion de baja']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await refusal(accepted.id)).toEqual(['sunat_2323', 'Existe documento ya informado anteriormente en una comunicacion de baja']);
    // Only the one void that passed made a voiding.
    expect((await client.voidings.list()).data.map((v) => v.lines[0]!.documentId)).toEqual([accepted.id]);
  });

  it('a boleta more than 7 days old (2957), with no summary made', async () => {
    const doc = await client.documents.create(boleta());
    vi.setSystemTime(new Date('2026-05-12T17:00:00Z'));
    expect(await refusal(doc.id)).toEqual(['sunat_2957', 'El comprobante no puede ser dado de baja por exceder el plazo desde su fecha de emision']);
    expect((await client.summaries.list()).data).toEqual([]);
  });
});

describe('lists', () => {
  it('filter voidings by kind, status, document and reference date, and page through them newest first', async () => {
    setUp({ ticketOutcome: (ticket) => (ticket.identifier.endsWith('-2') ? 'rejected' : 'accepted') });
    const docs = [
      await client.documents.create(factura()),
      await client.documents.create(factura()),
      await client.documents.create(factura({ issueDate: '2026-05-05' })),
    ];
    for (const doc of docs) await client.documents.void(doc.id, { reason: 'Error' });
    await vi.advanceTimersByTimeAsync(5_000);
    const identifiers = async (params: Parameters<Client['voidings']['list']>[0]) =>
      (await client.voidings.list(params).toArray({ limit: 100 })).map((v) => v.identifier);
    expect(await identifiers({ limit: 1 })).toEqual(['RA-20260505-3', 'RA-20260505-2', 'RA-20260505-1']);
    expect(await identifiers({ status: 'rejected' })).toEqual(['RA-20260505-2']);
    expect(await identifiers({ documentId: docs[0]!.id })).toEqual(['RA-20260505-1']);
    expect(await identifiers({ referenceDate: '2026-05-05' })).toEqual(['RA-20260505-3']);
    expect(await identifiers({ kind: 'RA' })).toEqual(['RA-20260505-3', 'RA-20260505-2', 'RA-20260505-1']);
    expect(await identifiers({ kind: 'RR' })).toEqual([]);
    const first = await client.voidings.list({ limit: 1 });
    expect([first.data.length, first.hasMore]).toEqual([1, true]);
  });

  it('answer 25 a page unless told otherwise', async () => {
    for (let i = 0; i < 26; i++) await client.documents.void((await client.documents.create(factura())).id, { reason: 'Error' });
    for (let i = 0; i < 26; i++) await client.documents.void((await client.documents.create(boleta())).id, { reason: 'Error' });
    const [voidings, summaries] = [await client.voidings.list(), await client.summaries.list()];
    expect([voidings.data.length, voidings.hasMore, summaries.data.length, summaries.hasMore]).toEqual([25, true, 25, true]);
  });

  it('filter summaries by status, document and reference date', async () => {
    const docs = [await client.documents.create(boleta()), await client.documents.create(boleta({ issueDate: '2026-05-05' }))];
    for (const doc of docs) await client.documents.void(doc.id, { reason: 'Error' });
    const identifiers = async (params: Parameters<Client['summaries']['list']>[0]) =>
      (await client.summaries.list(params).toArray({ limit: 100 })).map((s) => s.identifier);
    expect(await identifiers({ status: 'pending' })).toEqual(['RC-20260505-2', 'RC-20260505-1']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await identifiers({ status: 'pending' })).toEqual([]);
    expect(await identifiers({ documentId: docs[1]!.id })).toEqual(['RC-20260505-2']);
    expect(await identifiers({ referenceDate: ISSUE_DATE })).toEqual(['RC-20260505-1']);
  });

  it('refuse a filter of the wrong shape by name, with nothing sent', async () => {
    fetched.length = 0;
    const error = await rejection(client.voidings.list({ referenceDate: '2026-5-5' }).toArray({ limit: 100 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(['referenceDate']);
    const kind = await rejection(client.voidings.list({ kind: 'RC' as 'RA' }).toArray({ limit: 100 }));
    expect((kind as ValidationError).issues.map((issue) => issue.path)).toEqual(['kind']);
    expect(fetched).toEqual([]);
  });

  it('a voiding id is not a summary (404), and an unknown one is a 404 with nothing else', async () => {
    const doc = await client.documents.create(factura());
    const { voidedBy } = await client.documents.void(doc.id, { reason: 'Error' });
    expect(await rejection(client.summaries.retrieve(voidedBy!.id))).toBeInstanceOf(NotFoundError);
    expect(await rejection(client.summaries.xml(voidedBy!.id))).toBeInstanceOf(NotFoundError);
    const missing = await rejection(client.voidings.xml('void_missing'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).message).toContain("No voiding with id 'void_missing'");
    expect(((await rejection(client.summaries.retrieve('sum_missing'))) as NotFoundError).message).toContain("No summary with id 'sum_missing'");
  });
});

describe('a retention or a perception voided: a resumen de reversiones (RR)', () => {
  const supplier = { documentType: '6' as const, documentNumber: '20100070970', name: 'PROVEEDOR S.A.' };
  const related = [{ type: '01' as const, number: 'F001-100', issueDate: '2026-05-01', total: 1000, payment: { date: '2026-05-04', amount: 1000 } }];
  const retention = () => client.retentions.create({ series: 'R001', supplier, regime: '01', documents: related });
  const perception = () => client.perceptions.create({ series: 'P001', customer: { ...supplier, name: 'CLIENTE S.A.' }, regime: '01', documents: related });

  it('gets an RR-YYYYMMDD-n voiding of one line of type 20, and is voided once SUNAT accepts it, with its events', async () => {
    const receipt = await retention();
    const voiding = await client.retentions.void(receipt.id, { reason: 'Pago anulado' });
    expect([voiding.status, voiding.voidedBy?.object]).toEqual(['voiding', 'voiding']);
    const rr = await client.voidings.retrieve(voiding.voidedBy!.id);
    expect(rr).toMatchObject({
      kind: 'RR',
      identifier: 'RR-20260505-1',
      referenceDate: '2026-05-05',
      lines: [{ lineId: 1, documentId: receipt.id, type: '20', fullNumber: 'R001-1', reason: 'Pago anulado' }],
      status: 'pending',
    });
    const xml = readXml(await client.voidings.xml(rr.id));
    expect(xml.one('/vd:VoidedDocuments/cbc:ID')).toBe('RR-20260505-1');
    expect(xml.one('/vd:VoidedDocuments/sac:VoidedDocumentsLine/cbc:DocumentTypeCode')).toBe('20');
    expect(xml.one('/vd:VoidedDocuments/sac:VoidedDocumentsLine/sac:DocumentSerialID')).toBe('R001');

    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.retentions.retrieve(receipt.id)).status).toBe('voided');
    expect((await client.voidings.retrieve(rr.id)).taxAuthority).toMatchObject({ code: '0', description: 'El Resumen de reversiones RR-20260505-1, ha sido aceptado' });
    expect((await client.events.list()).data.map((e) => [e.type, e.data.object.id]).slice(0, 2)).toEqual([
      ['retention.voided', receipt.id],
      ['voiding.accepted', rr.id],
    ]);
    expect((await client.voidings.list({ kind: 'RR' })).data.map((v) => v.identifier)).toEqual(['RR-20260505-1']);
  });

  it("a perception the same way (type 40); rejected, it is accepted again with SUNAT's 2751 on the RR", async () => {
    setUp({ ticketOutcome: () => 'rejected' });
    const receipt = await perception();
    const { voidedBy } = await client.perceptions.void(receipt.id, { reason: 'Cobro anulado' });
    expect((await client.voidings.retrieve(voidedBy!.id)).lines[0]).toMatchObject({ type: '40', fullNumber: 'P001-1' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.voidings.retrieve(voidedBy!.id)).taxAuthority).toMatchObject({
      status: 'rejected',
      code: '2751',
      description: 'El comprobante fue informado previamente en una reversión.',
    });
    expect((await client.perceptions.retrieve(receipt.id)).status).toBe('accepted');
    expect((await client.events.list()).data.map((e) => e.type)).not.toContain('perception.voided');
  });

  it('refuses a second void, while voiding and once voided (2751), with no second RR', async () => {
    const receipt = await retention();
    await client.retentions.void(receipt.id, { reason: 'Pago anulado' });
    const code = async () => ((await rejection(client.retentions.void(receipt.id, { reason: 'Otra vez' }))) as UnprocessableEntityError).errors[0]?.code;
    expect(await code()).toBe('sunat_2751');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await code()).toBe('sunat_2751');
    expect((await client.voidings.list()).data).toHaveLength(1);
  });
});
