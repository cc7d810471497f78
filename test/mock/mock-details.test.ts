/**
 * The sandbox's details of a document, read back from its XML with a real parser: the exact
 * elements it writes for a GTIN (`cac:StandardItemIdentification`), item attributes of catálogo 55
 * (`cac:AdditionalItemProperty`), the delivery address (`cac:Delivery`), the medios de pago
 * (`cac:PaymentMeans`) and the issuer's establishment (`cbc:AddressTypeCode`); the fields echoed in
 * the document answered; the account's establishments, and a document from another refused with
 * `sunat_3239` before it is numbered.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, type DocumentCreateParams, UnprocessableEntityError, ValidationError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY } from '../../src/testing/index.js';
import { factura } from '../document-bodies.js';
import { handlersFetch } from '../handlers-fetch.js';
import { makeClient } from '../helpers.js';
import { ISSUE_DATE as issueDate, scenario } from '../ubl-scenarios.js';
import { readXml } from './read-xml.js';

let client: Client;

beforeEach(() => {
  // Documents are issued on ISSUE_DATE, at noon in Lima.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${issueDate}T17:00:00Z`));
  client = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(createMockSandbox().handlers), maxRetries: 0 });
});
afterEach(() => vi.useRealTimers());

/** Creates `body` and reads its XML. */
async function issued(body: DocumentCreateParams) {
  const doc = await client.documents.create(body);
  return { doc, xml: readXml(doc.signedXml) };
}

const SUNAT_55 = ['Propiedad del item', 'PE:SUNAT', 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo55'];
const SUNAT_59 = ['Medio de pago', 'PE:SUNAT', 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo59'];

describe('a line: its GTIN and its item attributes', () => {
  it('writes each GTIN with its structure in schemeID, a 12-digit UPC-A as a GTIN-13 padded with a 0', async () => {
    const { xml } = await issued(scenario('factura with GTINs, a sale to the State, a delivery address, medios de pago, from establishment 0001').body);
    expect(xml.texts('/inv:Invoice/cac:InvoiceLine/cac:Item/cac:StandardItemIdentification/cbc:ID')).toEqual([
      '7751271011126',
      '96385074',
      '0012345678905',
      '17751271011123',
    ]);
    expect(xml.texts('/inv:Invoice/cac:InvoiceLine/cac:Item/cac:StandardItemIdentification/cbc:ID/@schemeID')).toEqual(['GTIN-13', 'GTIN-8', 'GTIN-13', 'GTIN-14']);
  });

  it("writes each attribute's name, catálogo 55 code (with the catálogo's attributes) and value", async () => {
    const { xml } = await issued(scenario('factura with GTINs, a sale to the State, a delivery address, medios de pago, from establishment 0001').body);
    const property = "/inv:Invoice/cac:InvoiceLine[cbc:ID='1']/cac:Item/cac:AdditionalItemProperty";
    expect(xml.texts(`${property}/cbc:NameCode`)).toEqual(['5000', '5001', '5002', '5003']);
    expect(xml.texts(`${property}/cbc:Value`)).toEqual(['EXP-2026-0451', '001234', 'AS-SM-12-2026', 'CONTRATO-088-2026']);
    expect(xml.texts(`${property}[1]/cbc:Name`)).toEqual(['Proveedores Estado: Número de Expediente']);
    expect([`${property}[1]/cbc:NameCode/@listName`, `${property}[1]/cbc:NameCode/@listAgencyName`, `${property}[1]/cbc:NameCode/@listURI`].map(xml.one)).toEqual(
      SUNAT_55,
    );
    // The other lines carry none.
    expect(xml.texts("/inv:Invoice/cac:InvoiceLine[cbc:ID!='1']/cac:Item/cac:AdditionalItemProperty")).toEqual([]);
  });

  it("writes a guest's dates and days of stay in cac:UsabilityPeriod (StartDate, DurationMeasure in DAY)", async () => {
    const { doc, xml } = await issued(scenario("export of lodging (0202) with the guest's data").body);
    expect(doc).toMatchObject({ operationType: '0202', totals: { export: 240, igv: 0, total: 240 } });
    const property = (code: string) => `/inv:Invoice/cac:InvoiceLine/cac:Item/cac:AdditionalItemProperty[cbc:NameCode='${code}']`;
    expect(xml.one(`${property('4003')}/cac:UsabilityPeriod/cbc:StartDate`)).toBe('2026-05-01');
    expect(xml.one(`${property('4004')}/cac:UsabilityPeriod/cbc:StartDate`)).toBe('2026-05-04');
    expect(xml.one(`${property('4005')}/cac:UsabilityPeriod/cbc:DurationMeasure`)).toBe('3');
    expect(xml.one(`${property('4005')}/cac:UsabilityPeriod/cbc:DurationMeasure/@unitCode`)).toBe('DAY');
    expect(xml.texts(`${property('4005')}/cbc:Value`)).toEqual([]);
    expect(xml.one(`${property('4009')}/cbc:Value`)).toBe('X1234567');
    expect(xml.texts(`${property('4009')}/cac:UsabilityPeriod`)).toEqual([]);
  });

  it("writes a catch's tonnes as cbc:ValueQuantity in TNE, and its unloading date", async () => {
    const { doc, xml } = await issued(scenario("detracción of hydrobiological resources (1002) with the catch's data").body);
    expect(doc).toMatchObject({ operationType: '1002', detraction: { code: '004', amount: 240 }, totals: { exempt: 6000, total: 6000 } });
    const property = (code: string) => `/inv:Invoice/cac:InvoiceLine/cac:Item/cac:AdditionalItemProperty[cbc:NameCode='${code}']`;
    expect(xml.one(`${property('3006')}/cbc:ValueQuantity`)).toBe('20');
    expect(xml.one(`${property('3006')}/cbc:ValueQuantity/@unitCode`)).toBe('TNE');
    expect(xml.one(`${property('3005')}/cac:UsabilityPeriod/cbc:StartDate`)).toBe('2026-05-03');
    expect(xml.one(`${property('3001')}/cbc:Value`)).toBe('CO-12345-PM');
  });

  it('writes a time and an end date where the attribute has them', async () => {
    const body = factura({
      items: [
        {
          description: 'Pasaje Lima - Arequipa',
          quantity: 1,
          unitPrice: 100,
          igv: 18,
          attributes: [{ code: '3059', name: 'Fecha de inicio programado', startDate: '2026-05-05', startTime: '21:30:00', endDate: '2026-05-06' }],
        },
      ],
    });
    const { xml } = await issued(body);
    const period = '/inv:Invoice/cac:InvoiceLine/cac:Item/cac:AdditionalItemProperty/cac:UsabilityPeriod';
    expect([`${period}/cbc:StartDate`, `${period}/cbc:StartTime`, `${period}/cbc:EndDate`].map(xml.one)).toEqual(['2026-05-05', '21:30:00', '2026-05-06']);
  });

  it('echoes the GTINs and attributes in the document answered', async () => {
    const body = scenario("export of lodging (0202) with the guest's data").body;
    const { doc } = await issued(body);
    expect(doc.items[0]?.attributes).toEqual(body.items[0]?.attributes);
    const { doc: other } = await issued(scenario('boleta with a vehicle plate (7000) and a GTIN').body);
    expect(other.items[0]).toMatchObject({ gtin: '7751271011126', attributes: [{ code: '7000', value: 'ABC-123' }] });
  });
});

describe("a cargo trip: the line's cac:Delivery", () => {
  it('writes the destination, the detail and origin (cac:Despatch), and the three referential values in PEN', async () => {
    const { doc, xml } = await issued(scenario('detracción of a cargo transport service (1004) with its trip').body);
    expect(doc).toMatchObject({ operationType: '1004', detraction: { code: '027', amount: 118 }, totals: { total: 2950 } });
    const delivery = '/inv:Invoice/cac:InvoiceLine/cac:Delivery';
    expect(xml.one(`${delivery}/cac:DeliveryLocation/cac:Address/cbc:ID`)).toBe('040101');
    expect(xml.one(`${delivery}/cac:DeliveryLocation/cac:Address/cbc:ID/@schemeName`)).toBe('Ubigeos');
    expect(xml.one(`${delivery}/cac:DeliveryLocation/cac:Address/cac:AddressLine/cbc:Line`)).toBe('CALLE MERCADERES 142, CERCADO, AREQUIPA');
    expect(xml.one(`${delivery}/cac:Despatch/cbc:Instructions`)).toBe('Traslado de 20 t de cemento de Lima a Arequipa');
    expect(xml.one(`${delivery}/cac:Despatch/cac:DespatchAddress/cbc:ID`)).toBe('150101');
    expect(xml.one(`${delivery}/cac:Despatch/cac:DespatchAddress/cac:AddressLine/cbc:Line`)).toBe('AV. ARGENTINA 2000, CERCADO DE LIMA');
    expect(xml.texts(`${delivery}/cac:DeliveryTerms/cbc:ID`)).toEqual(['01', '02', '03']);
    expect(xml.texts(`${delivery}/cac:DeliveryTerms/cbc:Amount`)).toEqual(['2400.00', '2300.00', '2600.00']);
    expect(xml.texts(`${delivery}/cac:DeliveryTerms/cbc:Amount/@currencyID`)).toEqual(['PEN', 'PEN', 'PEN']);
    // The document's own cac:Delivery is the delivery address: none here.
    expect(xml.texts('/inv:Invoice/cac:Delivery')).toEqual([]);
  });

  it("refuses a trip's missing parts with SUNAT's codes when another client sends them (3116-3120, 3122), numbering nothing", async () => {
    const { body } = scenario('detracción of a cargo transport service (1004) with its trip');
    const trip = body.items[0]!.cargoTransport!;
    const broken = {
      ...body,
      items: [{ ...body.items[0], cargoTransport: { origin: { address: trip.origin.address }, destination: {}, serviceReferenceValue: 1.001 } }],
    };
    const error = await client.request({ method: 'POST', path: '/v1/documents', body: broken }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const at = 'items.0.cargoTransport';
    expect((error as UnprocessableEntityError).errors.map((issue) => [issue.code, issue.path])).toEqual([
      ['sunat_3116', `${at}.origin.ubigeo`],
      ['sunat_3118', `${at}.destination.ubigeo`],
      ['sunat_3119', `${at}.destination.address`],
      ['sunat_3120', `${at}.description`],
      ['sunat_3123', `${at}.serviceReferenceValue`],
      ['sunat_3122', `${at}.effectiveLoadReferenceValue`],
      ['sunat_3122', `${at}.nominalLoadReferenceValue`],
    ]);
    expect((await client.documents.create(body)).fullNumber).toBe('F001-1');
  });
});

describe('the delivery address', () => {
  it('writes cac:Delivery/cac:DeliveryLocation/cac:Address with the ubigeo of INEI and the country PE by default', async () => {
    const { doc, xml } = await issued(scenario('factura with GTINs, a sale to the State, a delivery address, medios de pago, from establishment 0001').body);
    const address = '/inv:Invoice/cac:Delivery/cac:DeliveryLocation/cac:Address';
    expect(
      [
        'cbc:ID',
        'cbc:ID/@schemeAgencyName',
        'cbc:ID/@schemeName',
        'cbc:CitySubdivisionName',
        'cbc:CityName',
        'cbc:CountrySubentity',
        'cbc:District',
        'cac:AddressLine/cbc:Line',
      ].map((path) => xml.one(`${address}/${path}`)),
    ).toEqual(['040129', 'PE:INEI', 'Ubigeos', 'CERCADO', 'AREQUIPA', 'AREQUIPA', 'YANAHUARA', 'AV. EJÉRCITO 710, YANAHUARA']);
    expect(xml.one(`${address}/cac:Country/cbc:IdentificationCode`)).toBe('PE');
    expect(xml.one(`${address}/cac:Country/cbc:IdentificationCode/@listID`)).toBe('ISO 3166-1');
    expect(doc.delivery).toEqual({
      address: 'AV. EJÉRCITO 710, YANAHUARA',
      ubigeo: '040129',
      urbanization: 'CERCADO',
      province: 'AREQUIPA',
      department: 'AREQUIPA',
      district: 'YANAHUARA',
    });
  });

  it('writes only the parts sent, and the country sent', async () => {
    const { xml } = await issued(factura({ delivery: { address: 'JR. DE LA UNIÓN 500', country: 'CL' } }));
    const address = '/inv:Invoice/cac:Delivery/cac:DeliveryLocation/cac:Address';
    expect(xml.texts(`${address}/cbc:ID | ${address}/cbc:CityName | ${address}/cbc:District`)).toEqual([]);
    expect(xml.one(`${address}/cac:AddressLine/cbc:Line`)).toBe('JR. DE LA UNIÓN 500');
    expect(xml.one(`${address}/cac:Country/cbc:IdentificationCode`)).toBe('CL');
  });

  it('writes no cac:Delivery without a delivery address', async () => {
    const { doc, xml } = await issued(factura());
    expect(xml.texts('/inv:Invoice/cac:Delivery')).toEqual([]);
    expect(doc.delivery).toBeUndefined();
  });
});

describe('the medios de pago', () => {
  it('writes one cac:PaymentMeans each: the catálogo 59 code, its number (PaymentID), the account paid into', async () => {
    const { doc, xml } = await issued(scenario('factura with GTINs, a sale to the State, a delivery address, medios de pago, from establishment 0001').body);
    expect(xml.texts('/inv:Invoice/cac:PaymentMeans/cbc:PaymentMeansCode')).toEqual(['005', '003']);
    expect(['@listName', '@listAgencyName', '@listURI'].map((a) => xml.texts(`/inv:Invoice/cac:PaymentMeans/cbc:PaymentMeansCode/${a}`)[0])).toEqual(SUNAT_59);
    expect(xml.texts('/inv:Invoice/cac:PaymentMeans/cbc:PaymentID')).toEqual(['004512']);
    expect(xml.texts('/inv:Invoice/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toEqual(['191-2345678-0-55']);
    expect(xml.texts('/inv:Invoice/cac:PaymentMeans/cbc:ID')).toEqual([]);
    expect(doc.paymentMethods).toEqual([
      { code: '005', reference: '004512' },
      { code: '003', account: '191-2345678-0-55' },
    ]);
  });

  it("writes the detracción's Detraccion first, then the medios de pago, each with its account", async () => {
    const { doc, xml } = await issued(scenario('detracción 037 with a medio de pago and its account').body);
    expect(doc.detraction?.amount).toBe(141.6);
    expect(xml.texts('/inv:Invoice/cac:PaymentMeans/cbc:ID')).toEqual(['Detraccion']);
    expect(xml.texts('/inv:Invoice/cac:PaymentMeans/cbc:PaymentMeansCode')).toEqual(['001', '003']);
    expect(xml.texts('/inv:Invoice/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toEqual(['00-123-456789', '0011-0123-0100012345']);
  });

  it('refuses a medio de pago without its account on a document with a detracción (sunat_3034), numbering nothing', async () => {
    const body = { ...scenario('detracción 037 with a medio de pago and its account').body, paymentMethods: [{ code: '005', reference: '004512' }] };
    const error = await client.documents.create(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).errors.map((issue) => [issue.code, issue.path])).toEqual([['sunat_3034', 'paymentMethods.0.account']]);
    expect((await client.documents.create(scenario('detracción 037 with a medio de pago and its account').body)).fullNumber).toBe('F001-1');
  });
});

describe("the issuer's establishment", () => {
  it('writes 0000 and the fiscal address by default', async () => {
    const { doc, xml } = await issued(factura());
    const address = '/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cac:RegistrationAddress';
    expect(xml.one(`${address}/cbc:AddressTypeCode`)).toBe('0000');
    expect(xml.one(`${address}/cbc:AddressTypeCode/@listAgencyName`)).toBe('PE:SUNAT');
    expect(xml.one(`${address}/cbc:AddressTypeCode/@listName`)).toBe('Establecimientos anexos');
    expect(xml.one(`${address}/cac:AddressLine/cbc:Line`)).toBe('AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA');
    expect(doc.establishmentCode).toBeUndefined();
  });

  it("writes the establishment named, with that establishment's address (a nota de débito too)", async () => {
    const { doc, xml } = await issued(scenario('factura with GTINs, a sale to the State, a delivery address, medios de pago, from establishment 0001').body);
    const address = '/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cac:RegistrationAddress';
    expect(xml.one(`${address}/cbc:AddressTypeCode`)).toBe('0001');
    expect(xml.one(`${address}/cac:AddressLine/cbc:Line`)).toBe('CALLE MERCADERES 142, CERCADO, AREQUIPA');
    expect(doc.establishmentCode).toBe('0001');
    const { body } = scenario('nota de débito with a delivery address and a medio de pago');
    const note = await issued({ ...body, reference: { ...body.reference!, documentId: doc.id } } as DocumentCreateParams);
    expect(note.xml.one('/dn:DebitNote/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cac:RegistrationAddress/cbc:AddressTypeCode')).toBe('0001');
    expect(note.xml.one('/dn:DebitNote/cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:ID')).toBe('040129');
    expect(note.xml.one('/dn:DebitNote/cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('003');
  });

  it("lists the sandbox account's establishments: 0000, the fiscal address, and 0001", async () => {
    expect((await client.account.retrieve()).establishments).toEqual([
      { code: '0000', address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA' },
      { code: '0001', address: 'CALLE MERCADERES 142, CERCADO, AREQUIPA' },
    ]);
  });

  it('refuses an establishment the account does not have with sunat_3239 before numbering; account.update adds it in the sandbox', async () => {
    const error = await client.documents.create(factura({ establishmentCode: '0002' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const [issue] = (error as UnprocessableEntityError).errors;
    expect(issue).toMatchObject({
      code: 'sunat_3239',
      path: 'establishmentCode',
      message: '0002 is not an establishment of the account: it has 0000, 0001',
      sunatDescription: 'El código de local anexo consignado no se encuentra declarado en el RUC',
    });
    const account = await client.account.update({
      establishments: [
        { code: '0000', address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA' },
        { code: '0002', address: 'AV. PARDO 220, CHICLAYO' },
      ],
    });
    expect(account.establishments.map((e) => e.code)).toEqual(['0000', '0002']);
    const { doc, xml } = await issued(factura({ establishmentCode: '0002' }));
    // The refused create took no number.
    expect(doc.fullNumber).toBe('F001-1');
    expect(xml.one('/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine/cbc:Line')).toBe(
      'AV. PARDO 220, CHICLAYO',
    );
    // 0001 is gone from the account: a document from it is refused now.
    const again = await client.documents.create(factura({ establishmentCode: '0001' })).catch((e: unknown) => e);
    expect((again as UnprocessableEntityError).errors.map((i) => [i.code, i.path])).toEqual([['sunat_3239', 'establishmentCode']]);
  });

  it('refuses an establishment code that is not text before sending it (ValidationError naming the field)', async () => {
    const error = await client.documents.create(factura({ establishmentCode: '' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(['establishmentCode']);
  });
});
