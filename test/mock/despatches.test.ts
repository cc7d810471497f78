/**
 * `client.despatches` against the sandbox: a guía checked with SUNAT's rules before it is numbered
 * (422 `sunat_<code>` at the field, nothing numbered, nothing sent), answered 202 `pending` with
 * SUNAT's ticket, then answered by SUNAT after `settleAfterMs` as `ticketOutcome` chooses (fake
 * timers, no sleeping), with its `despatch.accepted` / `despatch.rejected` event; its DespatchAdvice
 * read back with a real parser, as SUNAT's GRE stylesheets read it; its PDF, its CDR once answered;
 * the list's filters and pages; the SDK's own refusals.
 */
import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, type DespatchCreateParams, NotFoundError, UnprocessableEntityError, ValidationError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockSandbox, type MockSandboxOptions, startMockServer } from '../../src/testing/index.js';
import { handlersFetch } from '../handlers-fetch.js';
import { makeClient } from '../helpers.js';
import { server } from '../msw.js';
import { readXml } from './read-xml.js';

/** The sandbox's issuer (its account's RUC). */
const ISSUER_RUC = '20000000001';

let sandbox: MockSandbox;
let client: Client;

function setUp(options: MockSandboxOptions = {}) {
  sandbox = createMockSandbox({ settleAfterMs: 5_000, ...options });
  client = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(sandbox.handlers), maxRetries: 0 });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  // Noon in Lima, 21 November 2026.
  vi.setSystemTime(new Date('2026-11-21T17:00:00Z'));
  setUp();
});
afterEach(() => vi.useRealTimers());

const driver = { documentType: '1', documentNumber: '45678912', firstName: 'JUAN CARLOS', lastName: 'PEREZ QUISPE', licence: 'Q45678912' };

/** A 09 for a sale, moved privately with the remitente's own truck and driver. */
const privateSale = (over: Partial<DespatchCreateParams> = {}): DespatchCreateParams => ({
  type: '09',
  series: 'T001',
  reason: '01',
  recipient: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE DESTINATARIO S.A.' },
  transport: { mode: '02', startDate: '2026-11-22', vehicles: [{ plate: 'ABC123' }], drivers: [driver] },
  departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
  arrival: { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' },
  grossWeight: 120.5,
  packages: 4,
  items: [{ description: 'COMPUTADORA DE ESCRITORIO', quantity: 10, code: 'PC-001', sunatProductCode: '43211507' }],
  relatedDocuments: [{ type: '01', number: 'F001-12', issuerRuc: ISSUER_RUC }],
  ...over,
});

/** A 09 whose goods a carrier moves (public transport). */
const publicSale = (over: Partial<DespatchCreateParams> = {}): DespatchCreateParams =>
  privateSale({
    transport: { mode: '01', startDate: '2026-11-22', carrier: { ruc: '20512345678', name: 'TRANSPORTES RAPIDOS S.A.C.', mtcRegistration: '1523456CNG' } },
    ...over,
  });

/** A 31: the sandbox's account carries a remitente's goods. */
const carried = (over: Partial<DespatchCreateParams> = {}): DespatchCreateParams => ({
  type: '31',
  series: 'V001',
  recipient: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE DESTINATARIO S.A.' },
  shipper: { documentType: '6', documentNumber: '20123456789', name: 'EMPRESA REMITENTE S.A.C.' },
  transport: { startDate: '2026-11-22', carrier: { mtcRegistration: '1523456CNG' }, vehicles: [{ plate: 'ABC123' }], drivers: [driver] },
  departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
  arrival: { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' },
  grossWeight: 2.5,
  weightUnit: 'TNE',
  items: [{ description: 'BIENES SEGUN GRE REMITENTE T001-9', quantity: 1 }],
  relatedDocuments: [{ type: '09', number: 'T001-9', issuerRuc: '20123456789' }],
  ...over,
});

/** The rejection of `promise` (it must reject). */
const rejection = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error,
  );

/** The types of the events so far, oldest first. */
const eventTypes = async () => (await client.events.list()).data.map((e) => e.type).reverse();

describe('despatches.create', () => {
  it('answers 202 pending with its ticket; SUNAT accepts it after settleAfterMs, with despatch.accepted, and its CDR appears', async () => {
    const created = await client.despatches.create(privateSale()).withResponse();
    expect(created.response.status).toBe(202);
    const despatch = created.data;
    expect(despatch).toMatchObject({
      object: 'despatch',
      type: '09',
      series: 'T001',
      number: 1,
      fullNumber: 'T001-1',
      issueDate: '2026-11-21',
      weightUnit: 'KGM',
      status: 'pending',
      taxAuthority: { status: 'pending', code: null, attempts: 1, nextAttemptAt: '2026-11-21T17:00:05Z' },
    });
    expect(despatch.id).toMatch(/^desp_/);
    expect(despatch.ticket).toMatch(/^\d+$/);
    expect(despatch.pdfUrl).toBe(`https://sandbox.yupana.pe/v1/despatches/${despatch.id}/pdf`);
    const early = await rejection(client.despatches.cdr(despatch.id));
    expect(early).toBeInstanceOf(NotFoundError);
    expect((early as NotFoundError).message).toContain('SUNAT has not answered the ticket of T001-1 yet');
    expect(await eventTypes()).toEqual([]);

    await vi.advanceTimersByTimeAsync(4_999);
    expect((await client.despatches.retrieve(despatch.id)).status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const accepted = await client.despatches.retrieve(despatch.id);
    expect(accepted).toMatchObject({
      status: 'accepted',
      ticket: despatch.ticket,
      taxAuthority: { status: 'accepted', code: '0', description: 'La Guia numero T001-1, ha sido aceptada', respondedAt: '2026-11-21T17:00:05Z' },
      updatedAt: '2026-11-21T17:00:05Z',
    });
    const events = await client.events.list({ type: 'despatch.accepted' });
    expect(events.data).toHaveLength(1);
    expect(events.data[0]!.data.object).toMatchObject({ object: 'despatch', id: despatch.id, status: 'accepted' });
    expect(await client.despatches.cdr(despatch.id)).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
  });

  it('without settleAfterMs SUNAT answers on the next timer turn', async () => {
    setUp({ settleAfterMs: undefined });
    const despatch = await client.despatches.create(privateSale());
    expect(despatch.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(0);
    expect((await client.despatches.retrieve(despatch.id)).status).toBe('accepted');
  });

  it('ticketOutcome rejected: rejected with SUNAT’s code, despatch.rejected, its CDR; its number stays used', async () => {
    const seen: unknown[] = [];
    setUp({
      ticketOutcome: (ticket) => {
        seen.push(ticket);
        return 'rejected';
      },
    });
    const despatch = await client.despatches.create(publicSale());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([{ kind: '09', identifier: 'T001-1', fullNumbers: ['T001-1'] }]);
    expect(await client.despatches.retrieve(despatch.id)).toMatchObject({
      status: 'rejected',
      taxAuthority: { status: 'rejected', code: '1033', description: 'El comprobante fue registrado previamente con otros datos' },
    });
    expect(await eventTypes()).toEqual(['despatch.rejected']);
    expect(await client.despatches.cdr(despatch.id)).toContain('<cbc:ResponseCode>1033</cbc:ResponseCode>');
    expect((await client.despatches.create(publicSale())).fullNumber).toBe('T001-2');
  });

  it('ticketOutcome in_process: pending with code 98 and nextAttemptAt; SUNAT is asked again then, and may answer', async () => {
    let answer: 'in_process' | 'accepted' = 'in_process';
    setUp({ ticketOutcome: () => answer });
    const despatch = await client.despatches.create(privateSale());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await client.despatches.retrieve(despatch.id)).toMatchObject({
      status: 'pending',
      taxAuthority: { status: 'pending', code: '98', description: 'Envío en proceso', attempts: 2, nextAttemptAt: '2026-11-21T17:01:05Z' },
    });
    expect(await rejection(client.despatches.cdr(despatch.id))).toBeInstanceOf(NotFoundError);
    expect(await eventTypes()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await client.despatches.retrieve(despatch.id)).taxAuthority).toMatchObject({ code: '98', attempts: 3, nextAttemptAt: '2026-11-21T17:02:05Z' });
    answer = 'accepted';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await client.despatches.retrieve(despatch.id)).toMatchObject({ status: 'accepted', taxAuthority: { code: '0', attempts: 3, nextAttemptAt: null } });
    expect(await eventTypes()).toEqual(['despatch.accepted']);
  });

  it('ticketOutcome unknown_ticket: pending with the exception 0127, asked no more', async () => {
    setUp({ ticketOutcome: () => 'unknown_ticket' });
    const despatch = await client.despatches.create(carried());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await client.despatches.retrieve(despatch.id)).toMatchObject({
      status: 'pending',
      taxAuthority: { status: 'exception', code: '0127', description: 'El ticket no existe', nextAttemptAt: null },
    });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(await eventTypes()).toEqual([]);
    expect((await client.despatches.retrieve(despatch.id)).taxAuthority.code).toBe('0127');
  });

  it('reset() cancels the answers still to come', async () => {
    const despatch = await client.despatches.create(privateSale());
    sandbox.reset();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await rejection(client.despatches.retrieve(despatch.id))).toBeInstanceOf(NotFoundError);
    expect((await client.despatches.create(privateSale())).fullNumber).toBe('T001-1');
  });

  it('numbers each series apart, and resolves a related document given by its id', async () => {
    const factura = await client.documents.create({
      type: '01',
      series: 'F001',
      customer: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE DESTINATARIO S.A.' },
      items: [{ description: 'COMPUTADORA', quantity: 1, unitPrice: 100, igv: 18 }],
    });
    const first = await client.despatches.create(privateSale({ relatedDocuments: [{ documentId: factura.id }] }));
    expect((await client.despatches.create(privateSale({ series: 'T002' }))).fullNumber).toBe('T002-1');
    expect((await client.despatches.create(privateSale())).fullNumber).toBe('T001-2');
    const xml = readXml(await client.despatches.xml(first.id));
    expect(xml.one('/da:DespatchAdvice/cac:AdditionalDocumentReference/cbc:ID')).toBe(factura.fullNumber);
    expect(xml.one('/da:DespatchAdvice/cac:AdditionalDocumentReference/cbc:DocumentTypeCode')).toBe('01');
    expect(xml.one('/da:DespatchAdvice/cac:AdditionalDocumentReference/cac:IssuerParty/cac:PartyIdentification/cbc:ID')).toBe(ISSUER_RUC);
  });

  it('refuses a related documentId this account does not have, naming it, before the number', async () => {
    const error = (await rejection(client.despatches.create(privateSale({ relatedDocuments: [{ documentId: 'doc_nobody' }] })))) as UnprocessableEntityError;
    expect(error.errors).toEqual([
      expect.objectContaining({ code: 'not_found', path: 'relatedDocuments.0.documentId', message: "No document with id 'doc_nobody' on this account" }),
    ]);
    expect((await client.despatches.create(privateSale())).fullNumber).toBe('T001-1');
  });

  it.each([
    ['a 09 on a V series', privateSale({ series: 'V001' }), 'sunat_1001', 'series'],
    ['a 09 without reason', privateSale({ reason: undefined }), 'sunat_3404', 'reason'],
    ['a reason outside catálogo 20', privateSale({ reason: '10' }), 'sunat_3405', 'reason'],
    ['reason 13 without its description', privateSale({ reason: '13' }), 'sunat_3457', 'reasonDescription'],
    [
      'reason 06 to a DNI',
      privateSale({ reason: '06', recipient: { documentType: '1', documentNumber: '46027896', name: 'ANA' } }),
      'sunat_3417',
      'recipient.documentType',
    ],
    ['a sale to the issuer itself', privateSale({ recipient: { documentType: '6', documentNumber: ISSUER_RUC, name: 'YO' } }), 'sunat_2555', 'recipient.documentNumber'],
    [
      'a 09 without modalidad',
      privateSale({ transport: { startDate: '2026-11-22', vehicles: [{ plate: 'ABC123' }], drivers: [driver] } }),
      'sunat_2532',
      'transport.mode',
    ],
    [
      'a start before the issue date',
      privateSale({ transport: { mode: '02', startDate: '2026-11-20', vehicles: [{ plate: 'ABC123' }], drivers: [driver] } }),
      'sunat_3343',
      'transport.startDate',
    ],
    [
      'a private move without its start date',
      privateSale({ transport: { mode: '02', vehicles: [{ plate: 'ABC123' }], drivers: [driver] } }),
      'sunat_3406',
      'transport.startDate',
    ],
    [
      'a private move naming a carrier',
      privateSale({ transport: { ...privateSale().transport, carrier: { ruc: '20512345678', name: 'T' } } }),
      'sunat_3347',
      'transport.carrier',
    ],
    ['a private move without vehicle', privateSale({ transport: { mode: '02', startDate: '2026-11-22', drivers: [driver] } }), 'sunat_2566', 'transport.vehicles'],
    [
      'a private move without driver',
      privateSale({ transport: { mode: '02', startDate: '2026-11-22', vehicles: [{ plate: 'ABC123' }] } }),
      'sunat_3357',
      'transport.drivers',
    ],
    ['a public move without carrier name', publicSale({ transport: { mode: '01', carrier: { ruc: '20512345678' } } }), 'sunat_2563', 'transport.carrier.name'],
    ['a public move naming a vehicle', publicSale({ transport: { ...publicSale().transport, vehicles: [{ plate: 'ABC123' }] } }), 'sunat_3354', 'transport.vehicles'],
    ['a plate with a hyphen', privateSale({ transport: { ...privateSale().transport, vehicles: [{ plate: 'ABC-12' }] } }), 'sunat_2567', 'transport.vehicles.0.plate'],
    [
      'a driver without licence',
      privateSale({ transport: { ...privateSale().transport, drivers: [{ ...driver, licence: undefined }] } }),
      'sunat_2572',
      'transport.drivers.0.licence',
    ],
    ['a ubigeo that does not exist', privateSale({ departure: { ubigeo: '150199', address: 'AV. ABANCAY 123, LIMA' } }), 'sunat_3363', 'departure.ubigeo'],
    ['an arrival ubigeo that does not exist', privateSale({ arrival: { ubigeo: '260101', address: 'AV. EJERCITO 101' } }), 'sunat_3368', 'arrival.ubigeo'],
    ['a weight in KG', privateSale({ weightUnit: 'KG' }), 'sunat_2523', 'weightUnit'],
    ['a product code of 7 digits', privateSale({ items: [{ description: 'PC', quantity: 1, sunatProductCode: '4321150' }] }), 'sunat_3002', 'items.0.sunatProductCode'],
    ['a 31 related on a 09', privateSale({ relatedDocuments: [{ type: '31', number: 'V001-1', issuerRuc: '20512345678' }] }), 'sunat_2692', 'relatedDocuments.0.type'],
    ['a 31 without shipper', carried({ shipper: undefined }), 'sunat_3383', 'shipper'],
    ['a 31 shipped by its own issuer', carried({ shipper: { documentType: '6', documentNumber: ISSUER_RUC, name: 'YO' } }), 'sunat_2560', 'shipper.documentNumber'],
  ])('refuses %s with its code at the field, before any number (422, no event)', async (_, body, code, path) => {
    const error = await rejection(client.despatches.create(body));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const refused = error as UnprocessableEntityError;
    expect(refused.code).toBe('validation_error');
    expect(refused.errors).toEqual([expect.objectContaining({ code, path, sunatDescription: expect.any(String) })]);
    const next = body.type === '09' ? privateSale() : carried();
    expect((await client.despatches.create(next)).number).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await eventTypes()).toEqual(['despatch.accepted']);
  });
});

describe('the DespatchAdvice, read back as SUNAT’s GRE stylesheets read it', () => {
  it('a 09 private: UBL 2.1, CustomizationID 2.0, issue time, reason, modalidad 02, start date, driver, vehicle, addresses, line', async () => {
    const despatch = await client.despatches.create(privateSale());
    const xml = readXml(await client.despatches.xml(despatch.id));
    const root = '/da:DespatchAdvice';
    expect(xml.one(`${root}/cbc:UBLVersionID`)).toBe('2.1');
    expect(xml.one(`${root}/cbc:CustomizationID`)).toBe('2.0');
    expect(xml.one(`${root}/cbc:ID`)).toBe('T001-1');
    expect(xml.one(`${root}/cbc:IssueDate`)).toBe('2026-11-21');
    expect(xml.one(`${root}/cbc:IssueTime`)).toBe('12:00:00');
    expect(xml.one(`${root}/cbc:DespatchAdviceTypeCode`)).toBe('09');
    expect(xml.one(`${root}/cac:DespatchSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID[@schemeID='6']`)).toBe(ISSUER_RUC);
    expect(xml.one(`${root}/cac:DeliveryCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID[@schemeID='6']`)).toBe('20100070970');
    const shipment = `${root}/cac:Shipment`;
    expect(xml.one(`${shipment}/cbc:ID`)).toBe('SUNAT_Envio');
    expect(xml.one(`${shipment}/cbc:HandlingCode`)).toBe('01');
    expect(xml.one(`${shipment}/cbc:GrossWeightMeasure[@unitCode='KGM']`)).toBe('120.500');
    expect(xml.one(`${shipment}/cbc:TotalTransportHandlingUnitQuantity`)).toBe('4');
    expect(xml.one(`${shipment}/cac:ShipmentStage/cbc:TransportModeCode`)).toBe('02');
    expect(xml.one(`${shipment}/cac:ShipmentStage/cac:TransitPeriod/cbc:StartDate`)).toBe('2026-11-22');
    expect(xml.texts(`${shipment}/cac:ShipmentStage/cac:CarrierParty`)).toEqual([]);
    const principal = `${shipment}/cac:ShipmentStage/cac:DriverPerson[cbc:JobTitle='Principal']`;
    expect(xml.one(`${principal}/cbc:ID[@schemeID='1']`)).toBe('45678912');
    expect(xml.one(`${principal}/cbc:FirstName`)).toBe('JUAN CARLOS');
    expect(xml.one(`${principal}/cbc:FamilyName`)).toBe('PEREZ QUISPE');
    expect(xml.one(`${principal}/cac:IdentityDocumentReference/cbc:ID`)).toBe('Q45678912');
    expect(xml.one(`${shipment}/cac:Delivery/cac:DeliveryAddress/cbc:ID`)).toBe('040101');
    expect(xml.one(`${shipment}/cac:Delivery/cac:Despatch/cac:DespatchAddress/cbc:ID`)).toBe('150101');
    expect(xml.one(`${shipment}/cac:Delivery/cac:Despatch/cac:DespatchAddress/cac:AddressLine/cbc:Line`)).toBe('AV. ABANCAY 123, LIMA');
    expect(xml.one(`${shipment}/cac:TransportHandlingUnit/cac:TransportEquipment/cbc:ID`)).toBe('ABC123');
    const line = `${root}/cac:DespatchLine`;
    expect(xml.one(`${line}/cbc:ID`)).toBe('1');
    expect(xml.one(`${line}/cbc:DeliveredQuantity[@unitCode='NIU']`)).toBe('10');
    expect(xml.one(`${line}/cac:Item/cbc:Description`)).toBe('COMPUTADORA DE ESCRITORIO');
    expect(xml.one(`${line}/cac:Item/cac:SellersItemIdentification/cbc:ID`)).toBe('PC-001');
    expect(xml.one(`${line}/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode`)).toBe('43211507');
    expect(xml.one(`${root}/cac:AdditionalDocumentReference/cbc:DocumentTypeCode`)).toBe('01');
  });

  it('a 09 public: modalidad 01 and its carrier (RUC, name, MTC), no vehicle, no driver', async () => {
    const despatch = await client.despatches.create(publicSale());
    const xml = readXml(await client.despatches.xml(despatch.id));
    const stage = '/da:DespatchAdvice/cac:Shipment/cac:ShipmentStage';
    expect(xml.one(`${stage}/cbc:TransportModeCode`)).toBe('01');
    expect(xml.one(`${stage}/cac:CarrierParty/cac:PartyIdentification/cbc:ID[@schemeID='6']`)).toBe('20512345678');
    expect(xml.one(`${stage}/cac:CarrierParty/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('TRANSPORTES RAPIDOS S.A.C.');
    expect(xml.one(`${stage}/cac:CarrierParty/cac:PartyLegalEntity/cbc:CompanyID`)).toBe('1523456CNG');
    expect(xml.texts(`${stage}/cac:DriverPerson`)).toEqual([]);
    expect(xml.texts('/da:DespatchAdvice/cac:Shipment/cac:TransportHandlingUnit')).toEqual([]);
  });

  it('a 09 in M1L vehicles between the issuer’s establishments (04): the indicator, both establishment codes owned by the issuer', async () => {
    const despatch = await client.despatches.create(
      privateSale({
        reason: '04',
        recipient: { documentType: '6', documentNumber: ISSUER_RUC, name: 'YO' },
        relatedDocuments: undefined,
        transport: { mode: '02', startDate: '2026-11-21', m1l: true },
        departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA', establishmentCode: '0000' },
        arrival: { ubigeo: '150122', address: 'AV. LARCO 1301, MIRAFLORES', establishmentCode: '0001' },
      }),
    );
    const xml = readXml(await client.despatches.xml(despatch.id));
    const shipment = '/da:DespatchAdvice/cac:Shipment';
    expect(xml.one(`${shipment}/cbc:SpecialInstructions`)).toBe('SUNAT_Envio_IndicadorTrasladoVehiculoM1L');
    expect(xml.one(`${shipment}/cac:Delivery/cac:Despatch/cac:DespatchAddress/cbc:AddressTypeCode[@listID='${ISSUER_RUC}']`)).toBe('0000');
    expect(xml.one(`${shipment}/cac:Delivery/cac:DeliveryAddress/cbc:AddressTypeCode[@listID='${ISSUER_RUC}']`)).toBe('0001');
    expect(xml.texts(`${shipment}/cac:TransportHandlingUnit`)).toEqual([]);
  });

  it('a 31: no reason nor modalidad, the shipper as DespatchParty, the carrier’s MTC registration, secondary vehicle and driver, TNE', async () => {
    const despatch = await client.despatches.create(
      carried({
        transport: {
          ...carried().transport,
          vehicles: [{ plate: 'ABC123' }, { plate: 'XYZ789' }],
          drivers: [driver, { ...driver, documentNumber: '45678913', licence: 'Q45678913' }],
        },
      }),
    );
    const xml = readXml(await client.despatches.xml(despatch.id));
    const root = '/da:DespatchAdvice';
    expect(xml.one(`${root}/cbc:DespatchAdviceTypeCode`)).toBe('31');
    expect(xml.texts(`${root}/cac:Shipment/cbc:HandlingCode`)).toEqual([]);
    expect(xml.texts(`${root}/cac:Shipment/cac:ShipmentStage/cbc:TransportModeCode`)).toEqual([]);
    expect(xml.one(`${root}/cac:Shipment/cbc:GrossWeightMeasure[@unitCode='TNE']`)).toBe('2.500');
    expect(xml.one(`${root}/cac:Shipment/cac:Delivery/cac:Despatch/cac:DespatchParty/cac:PartyIdentification/cbc:ID`)).toBe('20123456789');
    expect(xml.one(`${root}/cac:Shipment/cac:ShipmentStage/cac:CarrierParty/cac:PartyLegalEntity/cbc:CompanyID`)).toBe('1523456CNG');
    expect(xml.texts(`${root}/cac:Shipment/cac:ShipmentStage/cac:DriverPerson/cbc:JobTitle`)).toEqual(['Principal', 'Secundario']);
    expect(xml.one(`${root}/cac:Shipment/cac:TransportHandlingUnit/cac:TransportEquipment/cac:AttachedTransportEquipment/cbc:ID`)).toBe('XYZ789');
    expect(xml.one(`${root}/cac:AdditionalDocumentReference/cbc:DocumentTypeCode`)).toBe('09');
  });
});

describe('despatches: list, retrieve, downloads', () => {
  it('lists newest first, filtered by type, series, status and issue dates, and pages under for await', async () => {
    const a = await client.despatches.create(privateSale());
    const b = await client.despatches.create(carried());
    vi.setSystemTime(new Date('2026-11-23T17:00:00Z'));
    const later = { ...privateSale().transport, startDate: '2026-11-23' };
    const c = await client.despatches.create(privateSale({ series: 'T002', transport: later }));
    await vi.advanceTimersByTimeAsync(5_000);
    const d = await client.despatches.create(privateSale({ transport: later }));

    const page = await client.despatches.list();
    expect(page.data.map((x) => x.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(page.data.every((x) => !('signedXml' in x))).toBe(true);
    expect((await client.despatches.list({ type: '31' })).data.map((x) => x.id)).toEqual([b.id]);
    expect((await client.despatches.list({ series: 'T002' })).data.map((x) => x.id)).toEqual([c.id]);
    expect((await client.despatches.list({ status: 'pending' })).data.map((x) => x.id)).toEqual([d.id]);
    expect((await client.despatches.list({ issuedFrom: '2026-11-22' })).data.map((x) => x.id)).toEqual([d.id, c.id]);
    expect((await client.despatches.list({ issuedTo: new Date('2026-11-22T03:00:00Z') })).data.map((x) => x.id)).toEqual([b.id, a.id]);

    const all: string[] = [];
    for await (const x of client.despatches.list({ limit: 1 })) all.push(x.fullNumber);
    expect(all).toEqual(['T001-2', 'T002-1', 'V001-1', 'T001-1']);
  });

  it('answers 404 not_found for an unknown id on each read', async () => {
    for (const call of [
      client.despatches.retrieve('desp_nobody'),
      client.despatches.xml('desp_nobody'),
      client.despatches.pdf('desp_nobody'),
      client.despatches.cdr('desp_nobody'),
    ]) {
      const error = await rejection(call);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toContain("No despatch with id 'desp_nobody'");
      expect((error as NotFoundError).code).toBe('not_found');
    }
  });

  it('serves the XML and the CDR as application/xml and the PDF as application/pdf with its length; a CDR before SUNAT answered is a 404 not_found', async () => {
    const despatch = await client.despatches.create(privateSale());
    const early = await rejection(client.despatches.cdr(despatch.id));
    expect(early).toBeInstanceOf(NotFoundError);
    expect((early as NotFoundError).code).toBe('not_found');
    await vi.advanceTimersByTimeAsync(5_000);
    const xml = await client.despatches.xml(despatch.id).withResponse();
    expect(xml.response.headers.get('content-type')).toBe('application/xml');
    const cdr = await client.despatches.cdr(despatch.id).withResponse();
    expect(cdr.response.headers.get('content-type')).toBe('application/xml');
    const pdf = await client.despatches.pdf(despatch.id).withResponse();
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.response.headers.get('content-length')).toBe(String(pdf.data.byteLength));
  });

  it('answers 25 guías a page when no limit is given, and the audit log names each create’s guía', async () => {
    const created = [];
    for (let i = 0; i < 26; i++) created.push(await client.despatches.create(privateSale()));
    const page = await client.despatches.list();
    expect(page.data).toHaveLength(25);
    expect(page.hasMore).toBe(true);
    const logs = await client.auditLogs.list({ action: 'despatches.create', limit: 1 });
    expect(logs.data[0]?.resource).toEqual({ type: 'despatch', id: created[25]!.id });
  });

  it('serves its PDF, naming its number and weight', async () => {
    const despatch = await client.despatches.create(privateSale());
    const pdf = new TextDecoder().decode(await client.despatches.pdf(despatch.id));
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('T001-1 120.500 KGM');
  });
});

describe('the SDK’s own checks: nothing is sent', () => {
  it.each([
    ['an unknown type', { ...privateSale(), type: '10' }, 'type'],
    ['a series of another shape', { ...privateSale(), series: 'T1' }, 'series'],
    ['a ubigeo of 5 digits', { ...privateSale(), departure: { ubigeo: '15010', address: 'AV. ABANCAY 123' } }, 'departure.ubigeo'],
    ['a weight of 4 decimals', { ...privateSale(), grossWeight: 1.2345 }, 'grossWeight'],
    ['no items', { ...privateSale(), items: [] }, 'items'],
    ['four vehicles', { ...privateSale(), transport: { ...privateSale().transport, vehicles: Array(4).fill({ plate: 'ABC123' }) } }, 'transport.vehicles'],
  ])('%s is a ValidationError naming the field', async (_, body, path) => {
    const error = await rejection(client.despatches.create(body as DespatchCreateParams));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toContain(path);
    expect(sandbox.requests).toEqual([]);
  });
});

describe('examples/despatches.ts', () => {
  it('runs against the mock server over real HTTP: two guías pending then accepted, a refusal with SUNAT’s code, nothing numbered for it', async () => {
    vi.useRealTimers();
    const mock = await startMockServer();
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    vi.stubEnv('YUPANA_API_KEY', MOCK_API_KEY);
    vi.stubEnv('YUPANA_BASE_URL', mock.url);
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      await import('../../examples/despatches.js');
    } finally {
      log.mockRestore();
      await mock.close();
    }
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    expect(lines).toEqual([
      'Private: T001-1 pending, ticket given',
      'Private: T001-1 accepted, SUNAT code 0',
      'Public: T001-2 pending, ticket given',
      'Public: T001-2 accepted, SUNAT code 0',
      'Refused: sunat_3343 at transport.startDate',
      `Guías of ${today}: T001-2 accepted, T001-1 accepted`,
    ]);
  });
});
