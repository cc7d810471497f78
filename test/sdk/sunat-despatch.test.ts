/**
 * `yupana/sunat` on guías de remisión (09 remitente, 31 transportista): `checkDespatch`'s worked
 * examples, written by hand from the contract and SUNAT's GRE stylesheets (docs/contract.md §5,
 * "Despatches"): a valid 09 private (with its vehicle and driver, and in M1L vehicles), a 09 public
 * with its carrier, a 31 with its shipper; each rule's refusal with its code, the field's path,
 * the English words and SUNAT's own; `ubigeoExists` on catálogo 13; and the XML of each valid
 * example as the stylesheets read it.
 */
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { DespatchCreateParams } from '../../src/models/despatch.js';
import { type CheckDespatchOptions, checkDespatch, ubigeoExists } from '../../src/sunat/index.js';
import { DESPATCH_CODES } from '../../src/sunat/despatch/codes.js';
import { sunatDescription } from '../../src/sunat/return-codes.js';
import { renderDespatch } from '../../src/sunat/ubl/despatch.js';

const ISSUER = '20123456789';
const TODAY = '2026-11-21';
const options: CheckDespatchOptions = { issuerRuc: ISSUER, today: TODAY };

const driver = { documentType: '1', documentNumber: '45678912', firstName: 'JUAN CARLOS', lastName: 'PEREZ QUISPE', licence: 'Q45678912' };
const recipient = { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' };
const lima = { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' };
const arequipa = { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' };

/** A 09 for a sale, moved privately. */
const privateSale = (over: Partial<DespatchCreateParams> = {}): DespatchCreateParams => ({
  type: '09',
  series: 'T001',
  issueDate: TODAY,
  reason: '01',
  recipient,
  transport: { mode: '02', startDate: '2026-11-22', vehicles: [{ plate: 'ABC123' }], drivers: [driver] },
  departure: lima,
  arrival: arequipa,
  grossWeight: 120.5,
  items: [{ description: 'COMPUTADORA', quantity: 10, sunatProductCode: '43211507' }],
  ...over,
});
const privateTransport = privateSale().transport;

/** A 09 for a sale a carrier moves. */
const publicSale = (over: Partial<DespatchCreateParams> = {}): DespatchCreateParams =>
  privateSale({ transport: { mode: '01', carrier: { ruc: '20512345678', name: 'TRANSPORTES RAPIDOS S.A.C.', mtcRegistration: '1523456CNG' } }, ...over });
const publicTransport = publicSale().transport;

/** A 31: the issuer carries a remitente's goods. */
const carried = (over: Partial<DespatchCreateParams> = {}): DespatchCreateParams => ({
  type: '31',
  series: 'V001',
  issueDate: TODAY,
  recipient,
  shipper: { documentType: '6', documentNumber: '20600000001', name: 'REMITENTE S.A.C.' },
  transport: { startDate: TODAY, carrier: { mtcRegistration: '1523456CNG' }, vehicles: [{ plate: 'ABC123' }], drivers: [driver] },
  departure: lima,
  arrival: arequipa,
  grossWeight: 1.25,
  weightUnit: 'TNE',
  items: [{ description: 'BIENES', quantity: 1 }],
  relatedDocuments: [{ type: '09', number: 'T001-9', issuerRuc: '20600000001' }],
  ...over,
});

/** The codes and paths of the issues of `body`. */
const found = (body: DespatchCreateParams, given = options) => checkDespatch(body, given).map(({ code, path }) => [code, path.join('.')]);

describe('checkDespatch: valid guías', () => {
  it.each([
    ['a 09 private with its vehicle and principal driver', privateSale()],
    ['a 09 private in M1L vehicles: no vehicle, no driver', privateSale({ transport: { mode: '02', startDate: TODAY, m1l: true } })],
    ['a 09 private in an M1L vehicle named', privateSale({ transport: { mode: '02', startDate: TODAY, m1l: true, vehicles: [{ plate: 'ABC123' }] } })],
    ['a 09 public with its carrier, no start date (an observation at most)', publicSale()],
    ['a 09 public in M1L vehicles: no carrier needed', publicSale({ transport: { mode: '01', startDate: TODAY, m1l: true } })],
    [
      'a 09 with two secondary vehicles and drivers',
      privateSale({
        transport: { ...privateTransport, vehicles: [{ plate: 'ABC123' }, { plate: 'B1C2D3E4' }], drivers: [driver, { ...driver, licence: 'A123456789' }] },
      }),
    ],
    ['a 31 with its shipper', carried()],
    [
      'a 09 between the issuer’s establishments (04)',
      privateSale({
        reason: '04',
        recipient: { documentType: '6', documentNumber: ISSUER, name: 'YO' },
        departure: { ...lima, establishmentCode: '0000' },
        arrival: { ...arequipa, establishmentCode: '0001' },
      }),
    ],
    ['a 09 of an itinerant issuer (18) from its premises', privateSale({ reason: '18', departure: { ...lima, establishmentCode: '0002' } })],
    ['a 09 of reason 13 described', privateSale({ reason: '13', reasonDescription: 'Traslado a feria' })],
    ['a 09 of reason 06 to a RUC', privateSale({ reason: '06' })],
    [
      'a 09 with related documents by id (not the rules’ to judge) and by number',
      privateSale({ relatedDocuments: [{ documentId: 'doc_1' }, { type: '50', number: '118-2026-10-123' }] }),
    ],
    ['a 31 naming a modalidad (not read on a 31)', carried({ transport: { ...carried().transport, mode: '01' } })],
    ['a 31 naming a reason without establishments (not read on a 31)', carried({ reason: '04' })],
    [
      'plates and licences with zeros at either end, a carné of 9 characters',
      privateSale({
        transport: {
          ...privateTransport,
          vehicles: [{ plate: '0BC100' }],
          drivers: [{ ...driver, documentType: '4', documentNumber: '001234567', licence: '0A1234560' }],
        },
      }),
    ],
    [
      'product codes with zeros at either end',
      privateSale({
        items: [
          { description: 'PC', quantity: 1, sunatProductCode: '00000001' },
          { description: 'PC', quantity: 1, sunatProductCode: '10000000' },
        ],
      }),
    ],
  ])('%s: no issue', (_, body) => {
    expect(checkDespatch(body, options)).toEqual([]);
  });

  it('without the issuer’s RUC, the rules about the issuer are not checked', () => {
    const toItself = privateSale({ recipient: { documentType: '6', documentNumber: ISSUER, name: 'YO' } });
    expect(found(toItself, { issuerRuc: undefined, today: TODAY })).toEqual([]);
    expect(found(toItself)).toEqual([['sunat_2555', 'recipient.documentNumber']]);
    expect(found(privateSale({ reason: '02' }), { issuerRuc: undefined, today: TODAY })).toEqual([]);
  });

  it('takes today in Lima as the issue date of a body without one', () => {
    const undated = privateSale({ issueDate: undefined, transport: { ...privateTransport, startDate: '2026-11-21' } });
    expect(found(undated, { issuerRuc: ISSUER, today: '2026-11-21' })).toEqual([]);
    expect(found(undated, { issuerRuc: ISSUER, today: '2026-11-22' })).toEqual([['sunat_3343', 'transport.startDate']]);
    expect(checkDespatch(privateSale({ transport: { ...privateTransport, startDate: '2000-01-01' } }))).toHaveLength(1);
  });
});

/** Each refusal: a body breaking one rule (or two that go together), and the codes and paths it gets. */
/** The English words of each code, the first time {@link REFUSALS} meets it. */
const WORDS: Record<string, string> = {
  sunat_1001: 'a guía 09 has a series starting with T: V001 does not',
  sunat_2523: 'the gross weight is in KGM (kilograms) or TNE (tonnes): KG is neither',
  sunat_2532: 'a guía remitente (09) names its modalidad de traslado: transport.mode 01 (public) or 02 (private)',
  sunat_2554: 'for reason 02 the recipient is the issuer itself: its RUC, documentType 6',
  sunat_2555: 'for reason 01 the recipient is not the issuer itself',
  sunat_2558: 'a public move names its carrier: transport.carrier.ruc',
  sunat_2560: 'the shipper (remitente) is not the issuer itself',
  sunat_2563: "a public move names its carrier: transport.carrier.name, the carrier's registered name",
  sunat_2566: 'a private move (but in M1L vehicles) and a guía transportista (31) name the principal vehicle: transport.vehicles',
  sunat_2567: 'a plate is 6 to 8 uppercase letters or digits without hyphen, not all zeros: AB123 is not',
  sunat_2569: "a driver's DNI is 8 digits: 456789123 is not",
  sunat_2571: 'a driver is identified by a DNI, carné or passport, never a RUC (documentType 6)',
  sunat_2572: 'every driver carries the number of its driving licence: licence',
  sunat_2573: 'a driving licence is 9 or 10 uppercase letters or digits, not all zeros: Q4567891 is not',
  sunat_2692: 'a guía 09 does not relate a document of type 31: use 01, 03, 04, 09, 12, 48, 49, 50, 52, 71, 72, 73, 74, 75, 76, 77, 78, 80, 81',
  sunat_2773: 'transport.mode is a catálogo 18 code, 01 (public) or 02 (private): 03 is not',
  sunat_3002: 'a SUNAT product code is the 8 digits of catálogo 25 (UNSPSC), not all zeros: 432115070 is not',
  sunat_3343: 'the move starts on or after the issue date (2026-11-21): 2026-11-20 is before it',
  sunat_3347: 'a private move (02) carries no carrier: leave transport.carrier out',
  sunat_3354: 'a public move (01) names no vehicle, the carrier does: leave transport.vehicles out',
  sunat_3357: 'a private move (but in M1L vehicles) and a guía transportista (31) name the principal driver: transport.drivers',
  sunat_3363: "the departure's ubigeo 150144 is not in catálogo 13",
  sunat_3365: 'for reason 04 the departure names the establishment it leaves: departure.establishmentCode',
  sunat_3368: "the arrival's ubigeo 100302 is not in catálogo 13",
  sunat_3369: 'for reason 04 the arrival names the establishment it reaches: arrival.establishmentCode',
  sunat_3380: 'a related document of type 01 names the RUC of its issuer: issuerRuc',
  sunat_3383: 'a guía transportista (31) names the remitente whose goods it carries: shipper',
  sunat_3404: 'a guía remitente (09) names its motivo de traslado: reason',
  sunat_3405: 'reason is a catálogo 20 code (01-09, 13, 14, 17, 18): 10 is not',
  sunat_3406: 'a move but a public one names the day it starts: transport.startDate',
  sunat_3411: "for reason 02 the departure is not one of the issuer's establishments: leave its establishmentCode out",
  sunat_3416: "an itinerant issuer's move (reason 18) names no arrival establishment: leave arrival.establishmentCode out",
  sunat_3417: 'for reason 05 the recipient is identified by its RUC: documentType 6',
  sunat_3453: 'a move in M1L vehicles names at most the principal vehicle',
  sunat_3455: 'a public move (01), whose carrier drives, names no driver: leave transport.drivers out',
  sunat_3457: 'reason 13 (otros) says what the move is for: reasonDescription',
};

const REFUSALS: [string, DespatchCreateParams, string[][]][] = [
  // series, reason, parties
  ['a 09 on a V series', privateSale({ series: 'V001' }), [['sunat_1001', 'series']]],
  ['a 31 on a T series', carried({ series: 'T001' }), [['sunat_1001', 'series']]],
  ['a 09 without reason', privateSale({ reason: undefined }), [['sunat_3404', 'reason']]],
  ['a reason outside catálogo 20', privateSale({ reason: '10' }), [['sunat_3405', 'reason']]],
  ['reason 13 without description', privateSale({ reason: '13' }), [['sunat_3457', 'reasonDescription']]],
  [
    'reason 05 to a DNI',
    privateSale({ reason: '05', recipient: { documentType: '1', documentNumber: '46027896', name: 'ANA' } }),
    [['sunat_3417', 'recipient.documentType']],
  ],
  [
    'reason 17 to a DNI',
    privateSale({ reason: '17', recipient: { documentType: '1', documentNumber: '46027896', name: 'ANA' } }),
    [['sunat_3417', 'recipient.documentType']],
  ],
  ['a purchase (02) to another', privateSale({ reason: '02' }), [['sunat_2554', 'recipient.documentNumber']]],
  [
    'a purchase (02) to a DNI with the issuer’s number',
    privateSale({ reason: '02', recipient: { documentType: '1', documentNumber: ISSUER, name: 'X' } }),
    [['sunat_2554', 'recipient.documentNumber']],
  ],
  [
    'a sale (01) to the issuer itself',
    privateSale({ recipient: { documentType: '6', documentNumber: ISSUER, name: 'YO' } }),
    [['sunat_2555', 'recipient.documentNumber']],
  ],
  ['a 31 without shipper', carried({ shipper: undefined }), [['sunat_3383', 'shipper']]],
  ['a 31 whose shipper is its issuer', carried({ shipper: { documentType: '6', documentNumber: ISSUER, name: 'YO' } }), [['sunat_2560', 'shipper.documentNumber']]],
  // transport
  ['a 09 without modalidad', privateSale({ transport: { ...privateTransport, mode: undefined } }), [['sunat_2532', 'transport.mode']]],
  ['a modalidad outside catálogo 18', privateSale({ transport: { ...privateTransport, mode: '03' } }), [['sunat_2773', 'transport.mode']]],
  [
    'a modalidad outside catálogo 18 and no crew: the crew is not asked for',
    privateSale({ transport: { mode: '03', startDate: TODAY } }),
    [['sunat_2773', 'transport.mode']],
  ],
  [
    'a product code of 9 digits',
    privateSale({ items: [{ description: 'PC', quantity: 1, sunatProductCode: '432115070' }] }),
    [['sunat_3002', 'items.0.sunatProductCode']],
  ],
  [
    'a driver’s DNI of 9 digits',
    privateSale({ transport: { ...privateTransport, drivers: [{ ...driver, documentNumber: '456789123' }] } }),
    [['sunat_2569', 'transport.drivers.0.documentNumber']],
  ],
  ['a private move with a carrier', privateSale({ transport: { ...privateTransport, carrier: { mtcRegistration: 'X1' } } }), [['sunat_3347', 'transport.carrier']]],
  [
    'a public move without carrier',
    publicSale({ transport: { mode: '01' } }),
    [
      ['sunat_2558', 'transport.carrier.ruc'],
      ['sunat_2563', 'transport.carrier.name'],
    ],
  ],
  ['a public move carried by the issuer', publicSale({ transport: { mode: '01', carrier: { ruc: ISSUER, name: 'YO' } } }), [['sunat_2560', 'transport.carrier.ruc']]],
  [
    'a public move naming vehicle and driver',
    publicSale({ transport: { ...publicTransport, vehicles: [{ plate: 'ABC123' }], drivers: [driver] } }),
    [
      ['sunat_3354', 'transport.vehicles'],
      ['sunat_3455', 'transport.drivers'],
    ],
  ],
  ['M1L vehicles with a driver', privateSale({ transport: { mode: '02', startDate: TODAY, m1l: true, drivers: [driver] } }), [['sunat_3455', 'transport.drivers']]],
  [
    'M1L vehicles with a secondary',
    privateSale({ transport: { mode: '02', startDate: TODAY, m1l: true, vehicles: [{ plate: 'ABC123' }, { plate: 'XYZ789' }] } }),
    [['sunat_3453', 'transport.vehicles.1']],
  ],
  [
    'a private move with neither vehicle nor driver',
    privateSale({ transport: { mode: '02', startDate: TODAY } }),
    [
      ['sunat_2566', 'transport.vehicles'],
      ['sunat_3357', 'transport.drivers'],
    ],
  ],
  ['a 31 without vehicle', carried({ transport: { startDate: TODAY, drivers: [driver] } }), [['sunat_2566', 'transport.vehicles']]],
  ['a 31 without start date', carried({ transport: { ...carried().transport, startDate: undefined } }), [['sunat_3406', 'transport.startDate']]],
  ['an M1L public move without start date', publicSale({ transport: { mode: '01', m1l: true } }), [['sunat_3406', 'transport.startDate']]],
  ['a start the day before the issue date', privateSale({ transport: { ...privateTransport, startDate: '2026-11-20' } }), [['sunat_3343', 'transport.startDate']]],
  [
    'a public move starting before the issue date (the contract refuses it)',
    publicSale({ transport: { ...publicTransport, startDate: '2026-11-20' } }),
    [['sunat_3343', 'transport.startDate']],
  ],
  ['a plate of 5', privateSale({ transport: { ...privateTransport, vehicles: [{ plate: 'AB123' }] } }), [['sunat_2567', 'transport.vehicles.0.plate']]],
  ['a plate of zeros', privateSale({ transport: { ...privateTransport, vehicles: [{ plate: '000000' }] } }), [['sunat_2567', 'transport.vehicles.0.plate']]],
  [
    'a lowercase plate',
    privateSale({ transport: { ...privateTransport, vehicles: [{ plate: 'ABC123' }, { plate: 'abc123' }] } }),
    [['sunat_2567', 'transport.vehicles.1.plate']],
  ],
  [
    'a driver with a RUC',
    privateSale({ transport: { ...privateTransport, drivers: [{ ...driver, documentType: '6', documentNumber: '10456789121' }] } }),
    [['sunat_2571', 'transport.drivers.0.documentType']],
  ],
  [
    'a driver’s DNI of 7 digits',
    privateSale({ transport: { ...privateTransport, drivers: [{ ...driver, documentNumber: '4567891' }] } }),
    [['sunat_2569', 'transport.drivers.0.documentNumber']],
  ],
  [
    'a driver without licence',
    privateSale({ transport: { ...privateTransport, drivers: [{ ...driver, licence: undefined }] } }),
    [['sunat_2572', 'transport.drivers.0.licence']],
  ],
  [
    'a licence of 8',
    privateSale({ transport: { ...privateTransport, drivers: [driver, { ...driver, licence: 'Q4567891' }] } }),
    [['sunat_2573', 'transport.drivers.1.licence']],
  ],
  [
    'a licence of zeros',
    privateSale({ transport: { ...privateTransport, drivers: [{ ...driver, licence: '000000000' }] } }),
    [['sunat_2573', 'transport.drivers.0.licence']],
  ],
  // places
  ['a departure ubigeo not in catálogo 13', privateSale({ departure: { ...lima, ubigeo: '150144' } }), [['sunat_3363', 'departure.ubigeo']]],
  ['an arrival ubigeo not in catálogo 13', privateSale({ arrival: { ...arequipa, ubigeo: '100302' } }), [['sunat_3368', 'arrival.ubigeo']]],
  [
    'a move between establishments (04) without their codes',
    privateSale({ reason: '04', recipient: { documentType: '6', documentNumber: ISSUER, name: 'YO' } }),
    [
      ['sunat_3365', 'departure.establishmentCode'],
      ['sunat_3369', 'arrival.establishmentCode'],
    ],
  ],
  ['an itinerant issuer (18) without its departure’s code', privateSale({ reason: '18' }), [['sunat_3365', 'departure.establishmentCode']]],
  [
    'an itinerant issuer (18) naming its arrival’s code',
    privateSale({ reason: '18', departure: { ...lima, establishmentCode: '0000' }, arrival: { ...arequipa, establishmentCode: '0001' } }),
    [['sunat_3416', 'arrival.establishmentCode']],
  ],
  [
    'a purchase (02) departing from the issuer’s premises',
    privateSale({ reason: '02', recipient: { documentType: '6', documentNumber: ISSUER, name: 'YO' }, departure: { ...lima, establishmentCode: '0000' } }),
    [['sunat_3411', 'departure.establishmentCode']],
  ],
  ['a sale (01) arriving at the issuer’s premises', privateSale({ arrival: { ...arequipa, establishmentCode: '0001' } }), [['sunat_3411', 'arrival.establishmentCode']]],
  // goods
  ['a weight in KG', privateSale({ weightUnit: 'KG' }), [['sunat_2523', 'weightUnit']]],
  [
    'a product code of letters',
    privateSale({
      items: [
        { description: 'PC', quantity: 1 },
        { description: 'PC', quantity: 1, sunatProductCode: '4321150A' },
      ],
    }),
    [['sunat_3002', 'items.1.sunatProductCode']],
  ],
  ['a product code of zeros', privateSale({ items: [{ description: 'PC', quantity: 1, sunatProductCode: '00000000' }] }), [['sunat_3002', 'items.0.sunatProductCode']]],
  [
    'a GRE transportista (31) related on a 09',
    privateSale({ relatedDocuments: [{ type: '31', number: 'V001-1', issuerRuc: '20512345678' }] }),
    [['sunat_2692', 'relatedDocuments.0.type']],
  ],
  ['a constancia de depósito (49) related on a 31', carried({ relatedDocuments: [{ type: '49', number: '123456' }] }), [['sunat_2692', 'relatedDocuments.0.type']]],
  [
    'a factura related without its issuer',
    privateSale({ relatedDocuments: [{ documentId: 'doc_1' }, { type: '01', number: 'F001-12' }] }),
    [['sunat_3380', 'relatedDocuments.1.issuerRuc']],
  ],
  ['a 31 related on a 31 without its issuer', carried({ relatedDocuments: [{ type: '31', number: 'V001-3' }] }), [['sunat_3380', 'relatedDocuments.0.issuerRuc']]],
];

describe('checkDespatch: each refusal, its code and path', () => {
  it.each(REFUSALS)('%s', (_, body, expected) => {
    expect(found(body)).toEqual(expected);
  });

  it('words each code in English with the values of the body, the first time the table meets it', () => {
    const words: Record<string, string> = {};
    for (const [, body] of REFUSALS) for (const issue of checkDespatch(body, options)) words[issue.code] ??= issue.message;
    expect(words).toEqual(WORDS);
  });

  it('words each refusal in English with its values, and carries SUNAT’s own description', () => {
    const [issue] = checkDespatch(privateSale({ transport: { ...privateTransport, startDate: '2026-11-20' } }), options);
    expect(issue).toEqual({
      code: 'sunat_3343',
      path: ['transport', 'startDate'],
      message: 'the move starts on or after the issue date (2026-11-21): 2026-11-20 is before it',
      sunatDescription: 'La Fecha de inicio del traslado debe ser mayor o igual a la Fecha de emision del documento',
    });
    const [plate] = checkDespatch(privateSale({ transport: { ...privateTransport, vehicles: [{ plate: 'ABC-12' }] } }), options);
    expect(plate?.message).toBe('a plate is 6 to 8 uppercase letters or digits without hyphen, not all zeros: ABC-12 is not');
    expect(plate?.sunatDescription).toBe('Numero de placa del vehículo - El dato ingresado no cumple con el formato establecido.');
  });

  it('every code of the registry has SUNAT’s description', () => {
    expect(Object.keys(DESPATCH_CODES).filter((code) => sunatDescription(code) === undefined)).toEqual([]);
  });

  it('reports every rule broken at once, in the order of the body’s fields', () => {
    const broken = privateSale({
      series: 'V001',
      reason: '13',
      transport: { mode: '02', startDate: '2026-11-01', carrier: { ruc: '20512345678' } },
      departure: { ...lima, ubigeo: '999999' },
      weightUnit: 'LBR',
    });
    expect(found(broken).map(([code]) => code)).toEqual(['sunat_1001', 'sunat_3457', 'sunat_3343', 'sunat_3347', 'sunat_2566', 'sunat_3357', 'sunat_3363', 'sunat_2523']);
  });
});

describe('ubigeoExists: catálogo 13', () => {
  it.each([
    ['150101', true, 'Lima, Lima, Lima'],
    ['040101', true, 'Arequipa'],
    ['150143', true, 'Villa María del Triunfo, the highest of Lima'],
    ['150144', false, 'past the highest district of Lima'],
    ['150000', true, 'a department'],
    ['150100', true, 'a province'],
    ['251104', false, 'a province Ucayali does not have'],
    ['250401', true, 'Purús, Ucayali’s last province'],
    ['260101', false, 'a department that does not exist'],
    ['000000', false, 'zeros'],
    ['100302', false, 'a district catálogo 13 skips (Huánuco, Dos de Mayo)'],
    ['100301', true, 'the one before it'],
    ['090712', false, 'Huancavelica, Tayacaja: 12 skipped'],
    ['090713', true, 'and 13 there'],
    ['15010', false, '5 digits'],
    ['1501011', false, '7 digits'],
    ['x150101', false, 'a letter first'],
    ['15010A', false, 'a letter'],
  ])('%s is %s (%s)', (code, exists) => {
    expect(ubigeoExists(code)).toBe(exists);
  });
});

describe('renderDespatch: what SUNAT’s stylesheets read', () => {
  const issuer = { ruc: ISSUER, name: 'EMPRESA EMISORA S.A.C.', address: 'AV. LIMA 1' };
  const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
  const render = (body: DespatchCreateParams) => renderDespatch(body, { issuer, fullNumber: `${body.series}-1`, issueDate: TODAY, issueTime: '10:30:00', related: [] });

  it('prints quantities and weights without exponent nor trailing zeros (weight to 3 decimals)', () => {
    const xml = render(
      privateSale({
        grossWeight: 0.001,
        items: [
          { description: 'TORNILLO', quantity: 1e-7 },
          { description: 'CABLE', quantity: 12.5 },
        ],
      }),
    );
    expect(xml).toContain('<cbc:GrossWeightMeasure unitCode="KGM">0.001</cbc:GrossWeightMeasure>');
    expect(xml).toContain('<cbc:DeliveredQuantity unitCode="NIU">0.0000001</cbc:DeliveredQuantity>');
    expect(xml).toContain('<cbc:DeliveredQuantity unitCode="NIU">12.5</cbc:DeliveredQuantity>');
    expect(parse(xml).documentElement?.localName).toBe('DespatchAdvice');
  });

  it('a related document of a type without a name in the table is still named (SUNAT observes a nameless one, 4371)', () => {
    const xml = renderDespatch(privateSale(), { issuer, fullNumber: 'T001-1', issueDate: TODAY, issueTime: '10:30:00', related: [{ type: '71', number: '123' }] });
    expect(xml).toContain('<cbc:DocumentType>Documento relacionado al transporte</cbc:DocumentType>');
    expect(xml).not.toContain('cac:IssuerParty');
  });

  it('a 31 without the issuer’s MTC registration has no CarrierParty', () => {
    expect(render(carried({ transport: { ...carried().transport, carrier: undefined } }))).not.toContain('CarrierParty');
    expect(render(carried({ transport: { ...carried().transport, carrier: {} } }))).not.toContain('CarrierParty');
  });
});
