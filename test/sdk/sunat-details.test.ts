/**
 * A document's details, SUNAT's rules on them (codes and paths as SUNAT's stylesheets report
 * them, checked against those stylesheets while this was written): a line's GTIN (3201), its item
 * attributes of catálogo 55 (3064, 3065, 3135, 3172, 3243, 3136-3149), the delivery address (3098,
 * 3099; observed 4041, 4236, 4238-4241), the medios de pago of catálogo 59 (3174, 3034) and the
 * issuer's establishment (3239). With `strictSunatChecks` each is a ValidationError naming the
 * field and SUNAT's code, and nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import { type DocumentCreateParams, type ItemAttribute, ValidationError } from '../../src/index.js';
import { checkDocument, computeDocument, documentObservations } from '../../src/sunat/index.js';
import { abroad, factura, item } from '../document-bodies.js';
import { json, makeClient, respond } from '../helpers.js';
import { ISSUE_DATE as issueDate } from '../ubl-scenarios.js';

const check = (body: DocumentCreateParams, establishments?: string[]) =>
  checkDocument(body, { igvRate: 0.18, today: issueDate, ...(establishments && { establishments }) }).map((issue) => [issue.code, issue.path]);
const observed = (body: DocumentCreateParams) => documentObservations(body, { igvRate: 0.18, today: issueDate }).map((o) => [o.code, o.path]);

/** A line of `gtin`. */
const withGtin = (gtin: string) => factura({ items: [item(2, 100, 36, { gtin })] });

/** The ten attributes of a guest on an export of lodging (0202), as a hotel sends them. */
const guest: ItemAttribute[] = [
  { code: '4000', name: 'Código de país de emisión del pasaporte', value: 'US' },
  { code: '4001', name: 'Código de país de residencia', value: 'US' },
  { code: '4002', name: 'Fecha de ingreso al país', startDate: '2026-05-01' },
  { code: '4003', name: 'Fecha de ingreso al establecimiento', startDate: '2026-05-01' },
  { code: '4004', name: 'Fecha de salida del establecimiento', startDate: '2026-05-04' },
  { code: '4005', name: 'Número de días de permanencia', duration: 3 },
  { code: '4006', name: 'Fecha de consumo', startDate: '2026-05-04' },
  { code: '4007', name: 'Nombres y apellidos del huésped', value: 'JOHN SMITH' },
  { code: '4008', name: 'Tipo de documento de identidad del huésped', value: '7' },
  { code: '4009', name: 'Número de documento de identidad del huésped', value: 'X1234567' },
];
/** An export of lodging (or of a tour package with `operationType` 0205) of one line carrying `attributes`. */
const lodging = (attributes: ItemAttribute[], operationType = '0202') =>
  factura({
    operationType,
    customer: { documentType: '7', documentNumber: 'X1234567', name: 'JOHN SMITH' },
    currency: 'USD',
    items: [item(3, 80, 0, { igvAffectation: '40', attributes })],
  });
const without = (...codes: string[]) => guest.filter((attribute) => !codes.includes(attribute.code));
const attribute = (code: string, extra: Partial<ItemAttribute> = {}): ItemAttribute => ({ code, name: 'Concepto', ...extra });
const onLine = (...attributes: ItemAttribute[]) => factura({ items: [item(2, 100, 36, { attributes })] });

describe('GTIN (cac:StandardItemIdentification)', () => {
  it.each(['96385074', '012345678905', '7751271011126', '17751271011123'])('takes a GTIN of %s (8, 12, 13 or 14 digits)', (gtin) => {
    expect(check(withGtin(gtin))).toEqual([]);
  });

  it.each([
    ['10 digits', '1234567890'],
    ['11 digits', '77512710111'],
    ['15 digits', '775127101112612'],
    ['a letter', '775127101112A'],
    ['spaces', '7751271 011126'],
  ])('refuses a GTIN of %s with 3201, at its line', (_, gtin) => {
    expect(check(withGtin(gtin))).toEqual([['sunat_3201', ['items', 0, 'gtin']]]);
  });

  it('says what a GTIN is in the words of 3201', () => {
    expect(checkDocument(withGtin('1234567890'), { igvRate: 0.18, today: issueDate })[0]).toMatchObject({
      message: 'a GTIN is 8, 12, 13 or 14 digits (GTIN-8, UPC-A, EAN-13, GTIN-14), not "1234567890"',
      sunatDescription: 'El código de producto GS1 no cumple el estandar',
    });
  });
});

describe('item attributes of catálogo 55 (cac:AdditionalItemProperty)', () => {
  it("takes an export of lodging (0202) whose line carries the guest's ten attributes, and a tour package (0205) with the tourist's four", () => {
    expect(check(lodging(guest))).toEqual([]);
    expect(
      check(
        lodging(
          guest.filter((a) => ['4000', '4007', '4008', '4009'].includes(a.code)),
          '0205',
        ),
      ),
    ).toEqual([]);
  });

  it("refuses each missing datum of the guest with its own code, in SUNAT's order, at the line's attributes", () => {
    const at = ['items', 0, 'attributes'];
    expect(check(lodging(without('4000', '4005')))).toEqual([
      ['sunat_3138', at],
      ['sunat_3145', at],
    ]);
    expect(check(lodging(without('4001', '4002', '4003', '4004', '4006')))).toEqual([
      ['sunat_3140', at],
      ['sunat_3141', at],
      ['sunat_3142', at],
      ['sunat_3143', at],
      ['sunat_3144', at],
    ]);
    expect(check(lodging(without('4007', '4008', '4009')))).toEqual([
      ['sunat_3136', at],
      ['sunat_3137', at],
      ['sunat_3139', at],
    ]);
    // A tour package asks the tourist's passport country, name and document only.
    expect(check(lodging(without('4000', '4001', '4002'), '0205'))).toEqual([['sunat_3138', at]]);
  });

  it('checks every line of an export of lodging, not only the first', () => {
    const body = lodging(guest);
    body.items.push(item(1, 20, 0, { igvAffectation: '40', attributes: without('4006') }));
    expect(check(body)).toEqual([['sunat_3144', ['items', 1, 'attributes']]]);
  });

  it('asks the value, date, time, period or days its code needs (3064, 3065, 3172, 3243, 3135)', () => {
    expect(check(onLine(attribute('7000')))).toEqual([['sunat_3064', ['items', 0, 'attributes', 0, 'value']]]);
    expect(check(onLine(attribute('3050', { value: '' })))).toEqual([['sunat_3064', ['items', 0, 'attributes', 0, 'value']]]);
    expect(check(onLine(attribute('4003', { value: '2026-05-01' })))).toEqual([['sunat_3065', ['items', 0, 'attributes', 0, 'startDate']]]);
    expect(check(onLine(attribute('4063', { startDate: '2026-04-01' })))).toEqual([['sunat_3065', ['items', 0, 'attributes', 0, 'endDate']]]);
    expect(check(onLine(attribute('3060', { startDate: '2026-05-04' })))).toEqual([['sunat_3172', ['items', 0, 'attributes', 0, 'startTime']]]);
    expect(check(onLine(attribute('7014', { startDate: '2026-05-04' })))).toEqual([['sunat_3243', ['items', 0, 'attributes', 0, 'endDate']]]);
    expect(check(onLine(attribute('7014', { endDate: '2027-05-04' })))).toEqual([['sunat_3243', ['items', 0, 'attributes', 0, 'startDate']]]);
    expect(check(onLine(attribute('4005', { startDate: '2026-05-01' })))).toEqual([['sunat_3135', ['items', 0, 'attributes', 0, 'duration']]]);
    // The tonnes of a species sold (3006) are its quantity, not its value.
    expect(check(onLine(attribute('3006', { value: '10' })))).toEqual([['sunat_3135', ['items', 0, 'attributes', 0, 'quantity']]]);
  });

  it('takes each code with what it needs, a value of spaces as SUNAT does (it is not empty), and a code it does not check', () => {
    expect(
      check(
        onLine(
          attribute('7000', { value: 'ABC-123' }),
          attribute('3050', { value: ' ' }),
          attribute('3060', { startTime: '08:30:00' }),
          attribute('7014', { startDate: '2026-05-04', endDate: '2027-05-04' }),
          attribute('4005', { duration: 0 }),
          attribute('4063', { endDate: '2026-04-30' }),
          attribute('3006', { quantity: 20.5 }),
          attribute('9999'),
        ),
      ),
    ).toEqual([]);
  });

  it("asks each line of a sale of hydrobiological resources (1002) for the catch's six attributes (3063, 3130-3134)", () => {
    const fish = [
      attribute('3001', { value: 'CO-12345-PM' }),
      attribute('3002', { value: 'DON LUCHO II' }),
      attribute('3003', { value: 'ANCHOVETA' }),
      attribute('3004', { value: 'CHIMBOTE' }),
      attribute('3005', { startDate: '2026-05-03' }),
      attribute('3006', { quantity: 20 }),
    ];
    const sale = (attributes: ItemAttribute[]) =>
      factura({ operationType: '1002', detraction: { code: '004', rate: 0.04, account: '1' }, items: [item(20, 300, 0, { igvAffectation: '20', attributes })] });
    expect(check(sale(fish))).toEqual([]);
    expect(check(sale(fish.slice(1)))).toEqual([['sunat_3063', ['items', 0, 'attributes']]]);
    expect(check(sale(fish.slice(0, 4)))).toEqual([
      ['sunat_3134', ['items', 0, 'attributes']],
      ['sunat_3133', ['items', 0, 'attributes']],
    ]);
  });

  it("asks a mortgage loan's line (SUNAT product 84121901) for the loan's attributes on a factura, and of a type 3 for the property's (3150-3155)", () => {
    const loan = (attributes: ItemAttribute[] | undefined, extra: Partial<DocumentCreateParams> = {}) =>
      factura({ items: [item(1, 1500, 0, { igvAffectation: '30', sunatProductCode: '84121901', attributes })], ...extra });
    const basic = [attribute('7001', { value: '1' }), attribute('7004', { value: 'CH-2021-981' }), attribute('7005', { value: '2021-03-15' })];
    const at = ['items', 0, 'attributes'];
    expect(check(loan(basic))).toEqual([]);
    expect(check(loan(basic.slice(1)))).toEqual([['sunat_3150', at]]);
    expect(check(loan([...basic, attribute('7002', { value: '3' })]))).toEqual([
      ['sunat_3151', at],
      ['sunat_3154', at],
      ['sunat_3155', at],
    ]);
    expect(
      check(
        loan([
          ...basic,
          attribute('7002', { value: '3' }),
          attribute('7003', { value: 'P-1' }),
          attribute('7006', { value: '150131' }),
          attribute('7007', { value: 'CALLE 1' }),
        ]),
      ),
    ).toEqual([]);
    // The property's data only with a 7002 of 3: not with another 7002, nor with a 3 in another code.
    expect(check(loan([...basic, attribute('7002', { value: '1' })]))).toEqual([]);
    expect(check(loan([attribute('7001', { value: '3' }), ...basic.slice(1), attribute('7002', { value: '2' })]))).toEqual([]);
    // A boleta's stylesheet checks none; a nota's only on a line with attributes.
    expect(check(loan([], { type: '03', series: 'B001', customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' } }))).toEqual([]);
    const note = (attributes?: ItemAttribute[]) =>
      loan(attributes, { type: '07', reference: { type: '01', fullNumber: 'F001-4', issueDate: '2026-05-01', reason: '01', description: 'Anulación' } });
    expect(check(note([]))).toEqual([]);
    expect(check(note())).toEqual([]);
    expect(check(note([attribute('7001', { value: '1' })]))).toEqual([
      ['sunat_3152', at],
      ['sunat_3153', at],
    ]);
  });

  it('asks a sale to the State for its four codes 5000-5003 together, or none (3146-3149)', () => {
    const state = ['5000', '5001', '5002', '5003'].map((code) => attribute(code, { value: 'X-1' }));
    expect(check(onLine(...state))).toEqual([]);
    expect(check(onLine(state[1]!))).toEqual([
      ['sunat_3146', ['items', 0, 'attributes']],
      ['sunat_3148', ['items', 0, 'attributes']],
      ['sunat_3149', ['items', 0, 'attributes']],
    ]);
    expect(check(onLine(state[0]!, state[1]!, state[2]!))).toEqual([['sunat_3149', ['items', 0, 'attributes']]]);
  });

  it('words each refusal with the code and the operation', () => {
    const words = (body: DocumentCreateParams) => checkDocument(body, { igvRate: 0.18, today: issueDate }).map((issue) => issue.message);
    expect(words(lodging(without('4003')))).toEqual([
      'a line of an export of lodging to a non-resident (0202) carries the check-in date as the item attribute of catálogo 55 code 4003',
    ]);
    expect(words(lodging(without('4009'), '0205'))).toEqual([
      "a line of an export of a tour package (0205) carries the guest's identity document number as the item attribute of catálogo 55 code 4009",
    ]);
    expect(words(onLine(attribute('5000', { value: 'X' }), attribute('5001', { value: 'X' }), attribute('5002', { value: 'X' })))).toEqual([
      'a line of a sale to the State carries the four item attributes 5000 to 5003 or none: it lacks the contract number (code 5003)',
    ]);
    expect(words(onLine(attribute('7000')))).toEqual(['an item attribute of catálogo 55 code 7000 carries its value']);
  });

  it('words what each attribute lacks with its own code: a date, an end date, a time, a period, the days or the tonnes', () => {
    const words = (...attributes: ItemAttribute[]) => checkDocument(onLine(...attributes), { igvRate: 0.18, today: issueDate }).map((issue) => issue.message);
    expect(words(attribute('4003'))).toEqual(['an item attribute of catálogo 55 code 4003 is a date: it carries it (startDate)']);
    expect(words(attribute('4063'))).toEqual(['an item attribute of catálogo 55 code 4063 is a date: it carries it (endDate)']);
    expect(words(attribute('4047', { value: 'LIMA' }))).toEqual(['an item attribute of catálogo 55 code 4047 is a time: it carries it as startTime (HH:MM:SS)']);
    expect(words(attribute('7014', { startDate: '2026-05-04' }))).toEqual([
      'an item attribute of catálogo 55 code 7014 is a period: it carries its startDate and endDate',
    ]);
    expect(words(attribute('4005'))).toEqual(['the days of stay (catálogo 55 code 4005) carry their number as duration']);
    expect(words(attribute('3006'))).toEqual(['the species sold (catálogo 55 code 3006) carries its tonnes as quantity']);
  });

  it('leaves the amounts alone: attributes and a GTIN change no total', () => {
    const plain = computeDocument(factura(), { igvRate: 0.18 });
    const detailed = computeDocument(factura({ items: [item(2, 100, 36, { gtin: '7751271011126', attributes: [attribute('7000', { value: 'ABC-123' })] })] }), {
      igvRate: 0.18,
    });
    expect(detailed.totals).toEqual(plain.totals);
    expect(detailed.totals.total).toBe('236.00');
  });
});

describe("a cargo transport service under detracción (1004): each line's trip", () => {
  const trip = {
    origin: { ubigeo: '150101', address: 'AV. ARGENTINA 2000, LIMA' },
    destination: { ubigeo: '040101', address: 'CALLE MERCADERES 142, AREQUIPA' },
    description: 'Traslado de cemento de Lima a Arequipa',
    serviceReferenceValue: 2400,
    effectiveLoadReferenceValue: 2300,
    nominalLoadReferenceValue: 2600,
  };
  const cargo = (...items: DocumentCreateParams['items']) => factura({ operationType: '1004', detraction: { code: '027', rate: 0.04, account: '00-123-456789' }, items });

  it('takes a line with its trip, and computes the detracción as any: 4 % of 2 950.00 is 118.00', () => {
    const body = cargo(item(1, 2500, 450, { cargoTransport: trip }));
    expect(check(body)).toEqual([]);
    expect(observed(body)).toEqual([]);
    expect(computeDocument(body, { igvRate: 0.18 }).detraction?.amount).toBe('118.00');
  });

  it('refuses each line without its trip (3116), and takes a trip on another operation, where SUNAT checks none', () => {
    expect(check(cargo(item(1, 2500, 450, { cargoTransport: trip }), item(1, 100, 18)))).toEqual([['sunat_3116', ['items', 1, 'cargoTransport']]]);
    expect(check(factura({ items: [item(2, 100, 36, { cargoTransport: trip })] }))).toEqual([]);
  });

  it('observes a detail (4270) or an address (4236) of fewer than 3 characters with the detracción code 027, and nothing without it', () => {
    const short = { ...trip, description: 'AB', origin: { ubigeo: '150101', address: 'AV' } };
    expect(observed(cargo(item(1, 2500, 450, { cargoTransport: short })))).toEqual([
      ['4236', ['items', 0, 'cargoTransport', 'origin', 'address']],
      ['4270', ['items', 0, 'cargoTransport', 'description']],
    ]);
    expect(observed(factura({ items: [item(2, 100, 36, { cargoTransport: short })] }))).toEqual([]);
  });

  it("observes a destination's address as an origin's (4236), worded with SUNAT's lengths, 3 to 200", () => {
    const body = cargo(item(1, 2500, 450, { cargoTransport: { ...trip, destination: { ubigeo: '040101', address: ' AREQUIPA' } } }));
    const [observation, ...others] = documentObservations(body, { igvRate: 0.18, today: issueDate });
    expect(others).toEqual([]);
    expect(observation).toMatchObject({
      code: '4236',
      path: ['items', 0, 'cargoTransport', 'destination', 'address'],
      message: 'an address (dirección completa y detallada) is 3 to 200 characters on one line, not starting with a space',
      description: 'La dirección no tiene de 3 a 200 caracteres en una línea, sin espacio al inicio',
    });
    const origin = cargo(item(1, 2500, 450, { cargoTransport: { ...trip, origin: { ubigeo: '150101', address: 'A'.repeat(201) } } }));
    expect(documentObservations(origin, { igvRate: 0.18, today: issueDate }).map((o) => o.description)).toEqual([
      'La dirección no tiene de 3 a 200 caracteres en una línea, sin espacio al inicio',
    ]);
  });

  it("observes each line's trip past a line without one, and the texts a trip has when it lacks a point (a body not checked)", () => {
    const short = { ...trip, description: 'AB' };
    expect(observed(cargo(item(1, 100, 18), item(1, 2500, 450, { cargoTransport: short })))).toEqual([['4270', ['items', 1, 'cargoTransport', 'description']]]);
    const pointless = { description: 'AB', serviceReferenceValue: 1, effectiveLoadReferenceValue: 1, nominalLoadReferenceValue: 1 } as never;
    expect(observed(cargo(item(1, 2500, 450, { cargoTransport: pointless })))).toEqual([['4270', ['items', 0, 'cargoTransport', 'description']]]);
  });
});

describe('the delivery address (cac:Delivery)', () => {
  const address = {
    address: 'AV. EJÉRCITO 710, YANAHUARA',
    ubigeo: '040129',
    department: 'AREQUIPA',
    province: 'AREQUIPA',
    district: 'YANAHUARA',
    urbanization: 'CERCADO',
  };
  const serviceAbroad = (country?: string) =>
    factura({
      operationType: '0201',
      customer: abroad,
      currency: 'USD',
      items: [item(1, 100, 0, { igvAffectation: '40' })],
      delivery: { address: '100 MAIN ST, MIAMI FL', ...(country && { country }) },
    });

  it('takes an address in Peru, and observes nothing in it', () => {
    expect(check(factura({ delivery: address }))).toEqual([]);
    expect(observed(factura({ delivery: address }))).toEqual([]);
  });

  it('asks an export of services used abroad (0201, 0208) for the country where it is used, not PE (3098, 3099)', () => {
    expect(check(serviceAbroad('US'))).toEqual([]);
    expect(check(serviceAbroad())).toEqual([['sunat_3098', ['delivery', 'country']]]);
    expect(check(serviceAbroad('PE'))).toEqual([['sunat_3099', ['delivery', 'country']]]);
    expect(check({ ...serviceAbroad('PE'), operationType: '0208' })).toEqual([['sunat_3099', ['delivery', 'country']]]);
    expect(observed(serviceAbroad('US'))).toEqual([]);
  });

  it("observes the texts past SUNAT's lengths (4236, 4238-4241) and a country other than PE (4041)", () => {
    const body = factura({
      delivery: {
        address: 'AV',
        urbanization: 'U'.repeat(26),
        province: ' LIMA',
        department: 'D'.repeat(31),
        district: 'S'.repeat(31),
        country: 'CL',
      },
    });
    expect(check(body)).toEqual([]);
    expect(observed(body)).toEqual([
      ['4236', ['delivery', 'address']],
      ['4238', ['delivery', 'urbanization']],
      ['4239', ['delivery', 'province']],
      ['4240', ['delivery', 'department']],
      ['4241', ['delivery', 'district']],
      ['4041', ['delivery', 'country']],
    ]);
    // At the edges: 3 and 200 characters for the address, 25 for the urbanización, 30 for the others.
    const edges = factura({
      delivery: { address: 'A'.repeat(200), urbanization: 'U'.repeat(25), province: 'P'.repeat(30), department: 'D'.repeat(30), district: 'S'.repeat(30) },
    });
    expect(observed(edges)).toEqual([]);
    expect(observed(factura({ delivery: { address: 'AV.' } }))).toEqual([]);
    expect(observed(factura({ delivery: { address: 'A'.repeat(201) } }))).toEqual([['4236', ['delivery', 'address']]]);
  });

  it('words each refusal and observation with the operation, the lengths or the country', () => {
    const words = (body: DocumentCreateParams) => checkDocument(body, { igvRate: 0.18, today: issueDate }).map((issue) => issue.message);
    expect(words(serviceAbroad())).toEqual(['on an export of services of operation type 0201, the delivery names the country where the service is used']);
    expect(words({ ...serviceAbroad('PE'), operationType: '0208' })).toEqual([
      'on an export of services of operation type 0208, the country where the service is used is not PE',
    ]);
    const notes = documentObservations(factura({ delivery: { address: 'AV. LARCO 101', urbanization: 'U'.repeat(26), country: 'CL' } }), {
      igvRate: 0.18,
      today: issueDate,
    });
    expect(notes.map(({ message, description }) => [message, description])).toEqual([
      [
        "the delivery's urbanization is 1 to 25 characters on one line, not starting with a space",
        'La urbanización de entrega no tiene de 1 a 25 caracteres en una línea, sin espacio al inicio',
      ],
      ['SUNAT observes a delivery country other than PE (CL) but on an export of services used abroad (0201, 0208)', 'El país de entrega (CL) no es PE'],
    ]);
  });
});

describe('medios de pago of catálogo 59 (cac:PaymentMeans)', () => {
  const detraction = { code: '037', rate: 0.12, account: '00-123-456789' };
  const detracted = (paymentMethods: DocumentCreateParams['paymentMethods']) => factura({ items: [item(1, 1000, 180)], detraction, paymentMethods });

  it('takes codes of the catálogo, with or without an account or a number', () => {
    expect(check(factura({ paymentMethods: [{ code: '005', reference: '004512' }, { code: '009' }, { code: '003', account: '191-2345678-0-55' }] }))).toEqual([]);
  });

  it('refuses a code not in catálogo 59 (3174)', () => {
    expect(check(factura({ paymentMethods: [{ code: '009' }, { code: '014' }] }))).toEqual([['sunat_3174', ['paymentMethods', 1, 'code']]]);
  });

  it('asks each medio de pago of a document with a detracción for its account, as SUNAT asks every cac:PaymentMeans (3034)', () => {
    expect(check(detracted([{ code: '003', account: '0011-0123-0100012345' }]))).toEqual([]);
    expect(check(detracted([{ code: '005', reference: '004512' }]))).toEqual([['sunat_3034', ['paymentMethods', 0, 'account']]]);
    expect(checkDocument(detracted([{ code: '005' }]), { igvRate: 0.18, today: issueDate })[0]?.message).toBe(
      'on a document with a detracción, each medio de pago names the account it is paid into (SUNAT asks every cac:PaymentMeans for one)',
    );
  });
});

describe("the issuer's establishment (cbc:AddressTypeCode)", () => {
  it('takes 0000 by default and any code of 4 digits when the establishments are not known', () => {
    expect(check(factura())).toEqual([]);
    expect(check(factura({ establishmentCode: '0007' }))).toEqual([]);
  });

  it("refuses a code that is not 4 digits (3239): no RUC's establishment has one", () => {
    expect(check(factura({ establishmentCode: '7' }))).toEqual([['sunat_3239', ['establishmentCode']]]);
    expect(check(factura({ establishmentCode: '00001' }))).toEqual([['sunat_3239', ['establishmentCode']]]);
  });

  it("refuses one the issuer's establishments do not list, and names those it has (3239)", () => {
    expect(check(factura({ establishmentCode: '0001' }), ['0000', '0001'])).toEqual([]);
    expect(check(factura(), ['0000'])).toEqual([]);
    expect(check(factura({ establishmentCode: '0002' }), ['0000', '0001'])).toEqual([['sunat_3239', ['establishmentCode']]]);
    // An account whose fiscal address is not among its establishments cannot issue from it either.
    expect(check(factura(), ['0001'])).toEqual([['sunat_3239', ['establishmentCode']]]);
    expect(checkDocument(factura(), { igvRate: 0.18, today: issueDate, establishments: [] })[0]?.message).toBe(
      '0000 is not an establishment of the account: it has none',
    );
    const [issue] = checkDocument(factura({ establishmentCode: '0002' }), { igvRate: 0.18, today: issueDate, establishments: ['0000', '0001'] });
    expect(issue).toMatchObject({
      message: '0002 is not an establishment of the account: it has 0000, 0001',
      sunatDescription: 'El código de local anexo consignado no se encuentra declarado en el RUC',
    });
  });
});

describe('strictSunatChecks: a detail SUNAT refuses is a ValidationError naming the field and the code, and nothing is sent', () => {
  it.each([
    ['a GTIN of 10 digits', withGtin('1234567890'), 'sunat_3201 items.0.gtin'],
    ["an export of lodging without the guest's check-out date", lodging(without('4004')), 'sunat_3143 items.0.attributes'],
    ['a vehicle plate without its value', onLine(attribute('7000')), 'sunat_3064 items.0.attributes.0.value'],
    ['a medio de pago not in catálogo 59', factura({ paymentMethods: [{ code: '014' }] }), 'sunat_3174 paymentMethods.0.code'],
    ['an establishment of 5 digits', factura({ establishmentCode: '00001' }), 'sunat_3239 establishmentCode'],
    [
      'a cargo transport service without its trip',
      factura({ operationType: '1004', detraction: { code: '027', rate: 0.04, account: '1' } }),
      'sunat_3116 items.0.cargoTransport',
    ],
    [
      'a service used abroad delivered in Peru',
      { ...lodging(guest), operationType: '0201', customer: abroad, delivery: { address: 'AV. LARCO 101', country: 'PE' } },
      'sunat_3099 delivery.country',
    ],
  ])('%s', async (_, { issueDate: _sent, ...body }, expected) => {
    // Issued today (no issueDate): the strict checks read the day of the call.
    const seen = respond('all', '/v1/documents', json({}));
    const error = await makeClient({ strictSunatChecks: true })
      .documents.create(body)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(seen).toHaveLength(0);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => `${issue.code} ${issue.path}`)).toEqual([expected]);
  });
});
