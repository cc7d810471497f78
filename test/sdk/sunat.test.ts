/**
 * The SUNAT helpers against the vectors of ../shared/sunat.md, plus a property test of the
 * amounts against an independent big-integer computation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import { DocumentCreateParams } from '../../src/models/document.js';
import { strictDocumentCreateParams } from '../../src/lib/strict/schema.js';
import {
  CURRENCIES,
  DOCUMENT_TYPES,
  IDENTITY_DOCUMENT_TYPES,
  IGV_RATE,
  IGV_RATE_REDUCED_2023,
  UNITS_OF_MEASURE,
  describeAuthorityCode,
  hasObservations,
  isAccepted,
  isValidDni,
  isValidRuc,
  isValidSeries,
  limaDate,
  line,
  lineFromPriceWithIgv,
  rucCheckDigit,
  rucFromDni,
  totals,
} from '../../src/sunat/index.js';

describe('yupana/sunat', () => {
  it('is an entry of its own: `yupana` exports none of its values, so a client app does not carry them', async () => {
    const sunat = await import('../../src/sunat/index.js');
    expect(Object.keys(sunat).length).toBeGreaterThan(20);
    expect(Object.keys(sunat).filter((name) => name in root)).toEqual([]);
  });
});

describe('line (the worked lines of sunat.md)', () => {
  it.each([
    [2, 100, IGV_RATE, ['200.00', '36.00', '236.00']],
    [700, 1.102, IGV_RATE, ['771.40', '138.85', '910.25']],
    [3, 33.33, IGV_RATE, ['99.99', '18.00', '117.99']],
    [1, 21.186440678, IGV_RATE, ['21.19', '3.81', '25.00']],
    [1, 100, IGV_RATE_REDUCED_2023, ['100.00', '10.00', '110.00']],
    [1, 1.25, IGV_RATE, ['1.25', '0.23', '1.48']], // IGV 0.225 rounds half up; binary floats say 0.22
    [1, 0.35, IGV_RATE_REDUCED_2023, ['0.35', '0.04', '0.39']], // IGV 0.035 rounds half up
  ])('%d × %d at %d', (quantity, unitValue, igvRate, [base, igv, total]) => {
    expect(line({ quantity, unitValue, igvRate })).toEqual({ base, igv, total });
    expect(line({ quantity: String(quantity), unitValue: String(unitValue), igvRate: String(igvRate) })).toEqual({ base, igv, total });
  });

  it('charges no IGV on exonerated, unaffected and export lines, and IGV on every gravado code', () => {
    for (const affectation of ['20', '21', '30', '37', '40'] as const) {
      expect(line({ quantity: 2, unitValue: 100, igvRate: IGV_RATE, affectation })).toEqual({ base: '200.00', igv: '0.00', total: '200.00' });
    }
    for (const affectation of ['10', '11', '16'] as const) expect(line({ quantity: 2, unitValue: 100, igvRate: IGV_RATE, affectation }).igv).toBe('36.00');
    expect(line({ quantity: 2, unitValue: 100, igvRate: 0.04, affectation: '17' }).igv).toBe('8.00'); // IVAP, at its own rate
    // IVAP is 4% whatever the issuer's IGV rate: 200.00 × 4% = 8.00, never 36.00.
    expect(line({ quantity: 2, unitValue: 100, igvRate: IGV_RATE, affectation: '17' })).toEqual({ base: '200.00', igv: '8.00', total: '208.00' });
    expect(lineFromPriceWithIgv({ quantity: 1, priceWithIgv: 104, igvRate: IGV_RATE, affectation: '17' })).toMatchObject({ base: '100.00', igv: '4.00' });
  });

  it('refuses an affectation catálogo 07 does not have, and a rate that is not a fraction', () => {
    expect(() => line({ quantity: 1, unitValue: 1, igvRate: IGV_RATE, affectation: '99' as never })).toThrow(/affectation must be a catálogo 07 code/);
    for (const igvRate of [18, -0.18, 1, '18%']) {
      expect(() => line({ quantity: 1, unitValue: 1, igvRate }), String(igvRate)).toThrow(/igvRate must be/);
      expect(() => line({ quantity: 1, unitValue: 1, igvRate, affectation: '20' }), `${igvRate} on an exonerated line`).toThrow(/igvRate/);
    }
    expect(line({ quantity: 1, unitValue: 100, igvRate: 0 }).igv).toBe('0.00');
  });

  it('reads numbers as they print, exponents included', () => {
    expect(line({ quantity: 1e-7, unitValue: 1e8, igvRate: IGV_RATE }).base).toBe('10.00');
    expect(line({ quantity: 1e21, unitValue: '0.000000001', igvRate: IGV_RATE }).base).toBe('1000000000000.00');
    expect(line({ quantity: 0.1 + 0.2, unitValue: 10, igvRate: IGV_RATE }).base).toBe('3.00');
    expect(line({ quantity: -2, unitValue: 0.005, igvRate: IGV_RATE })).toEqual({ base: '-0.01', igv: '0.00', total: '-0.01' });
  });

  it('keeps unit values to 10 decimals and never rounds them to 2', () => {
    expect(line({ quantity: '3', unitValue: '0.3333333333', igvRate: IGV_RATE }).base).toBe('1.00');
    expect(line({ quantity: 10_000, unitValue: '0.0000000001', igvRate: IGV_RATE }).base).toBe('0.00');
    expect(line({ quantity: 100_000, unitValue: '0.0000000499', igvRate: IGV_RATE }).base).toBe('0.00');
    expect(line({ quantity: 100_000, unitValue: '0.0000000500', igvRate: IGV_RATE }).base).toBe('0.01');
  });

  it('refuses what is not a decimal of up to 10 places, naming the input', () => {
    expect(() => line({ quantity: '1.12345678901', unitValue: 1, igvRate: IGV_RATE })).toThrow(/quantity must be a finite decimal/);
    expect(() => line({ quantity: 1, unitValue: Number.NaN, igvRate: IGV_RATE })).toThrow(/unitValue must be a finite decimal/);
    for (const unitValue of ['1e3', '.5', '1.', ' 1', '1,5', '']) expect(() => line({ quantity: 1, unitValue, igvRate: IGV_RATE }), unitValue).toThrow(RangeError);
  });
});

describe('line, property: equals an exact big-integer computation', () => {
  /** A decimal of up to 10 places as its digits and its scale. */
  const decimal = fc.tuple(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }), fc.integer({ min: 0, max: 10 })).map(([digits, places]) => {
    const text = (digits < 0n ? -digits : digits).toString().padStart(places + 1, '0');
    return `${digits < 0n ? '-' : ''}${places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`}`;
  });

  /** `n / d` rounded half away from zero: the quotient of the magnitudes, plus one when the remainder is at least half of `d`. */
  const divideHalfUp = (n: bigint, d: bigint): bigint => {
    if (n < 0n) return -divideHalfUp(-n, d);
    return n / d + (2n * (n % d) >= d ? 1n : 0n);
  };
  const parse = (text: string) => ({ units: BigInt(text.replace('.', '')), places: text.split('.')[1]?.length ?? 0 });
  const toCents = (units: bigint, places: number) => (places >= 2 ? divideHalfUp(units, 10n ** BigInt(places - 2)) : units * 10n ** BigInt(2 - places));
  const money = (cents: bigint): string => (cents < 0n ? `-${money(-cents)}` : `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`);

  it('for random quantities and unit values (up to 10 decimals, either sign) at 18%, 10% and 4%; total = base + igv to the cent', () => {
    fc.assert(
      fc.property(decimal, decimal, fc.constantFrom('0.18', '0.10', '0.04'), (quantity, unitValue, rate) => {
        const q = parse(quantity);
        const u = parse(unitValue);
        const r = parse(rate);
        const base = toCents(q.units * u.units, q.places + u.places);
        const igv = divideHalfUp(base * r.units, 10n ** BigInt(r.places));
        const result = line({ quantity, unitValue, igvRate: rate });
        expect(result).toEqual({ base: money(base), igv: money(igv), total: money(base + igv) });
        const cents = (amount: string) => BigInt(amount.replace('.', ''));
        expect(cents(result.total)).toBe(cents(result.base) + cents(result.igv));
      }),
      { numRuns: 2_000 },
    );
  });

  it('a number gives what its decimal string gives, while it has at most 15 significant digits', () => {
    const short = decimal.filter((text) => text.replace('.', '').replace(/^0+/, '').length <= 15);
    fc.assert(
      fc.property(short, short, (quantity, unitValue) => {
        expect(line({ quantity: Number(quantity), unitValue: Number(unitValue), igvRate: IGV_RATE })).toEqual(line({ quantity, unitValue, igvRate: '0.18' }));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('totals', () => {
  it('sums the lines exactly, in the shape of Document.totals', () => {
    const lines = [line({ quantity: 700, unitValue: 1.102, igvRate: IGV_RATE }), line({ quantity: 3, unitValue: 33.33, igvRate: IGV_RATE })];
    expect(totals(lines)).toEqual({ taxable: '871.39', igv: '156.85', total: '1028.24' });
    expect(totals([])).toEqual({ taxable: '0.00', igv: '0.00', total: '0.00' });
  });

  it('adds ten thousand cents without drifting, where floats do', () => {
    const cent = { base: '0.01', igv: 0.01 };
    let float = 0;
    for (let i = 0; i < 10_000; i++) float += 0.01;
    expect(float).not.toBe(100);
    expect(totals(Array(10_000).fill(cent))).toEqual({ taxable: '100.00', igv: '100.00', total: '200.00' });
  });

  it('names the line whose amount is not a decimal', () => {
    expect(() =>
      totals([
        { base: '1.00', igv: '0.18' },
        { base: 'abc', igv: '0' },
      ]),
    ).toThrow(/lines\[1\]\.base/);
  });
});

describe('RUC and DNI (sunat.md vectors)', () => {
  it.each(['20131312955', '20000000001', '20100047218', '20512333797', '10054148289', '10441348521', '20554133470', '20100070970', '10082226341'])(
    '%s is a valid RUC',
    (ruc) => expect(isValidRuc(ruc)).toBe(true),
  );
  it.each(['20123456789', '20512333798', '20100128210', '2013131295', '201313129550', '30131312955', '2013131295a', ''])('%s is not', (ruc) =>
    expect(isValidRuc(ruc)).toBe(false),
  );
  it('computes check digits, including r = 0 and r = 1', () => {
    expect(rucCheckDigit('2012345678')).toBe(6); // 20123456789 should end in 6
    expect(rucCheckDigit('1044134852')).toBe(1); // r = 0
    expect(rucCheckDigit('2055413347')).toBe(0); // r = 1
    expect(() => rucCheckDigit('20123')).toThrow(RangeError);
  });
  it('a person RUC is 10 + DNI + check digit', () => {
    expect(rucFromDni('05414828')).toBe('10054148289');
    expect(() => rucFromDni('5414828')).toThrow(RangeError);
  });
  it('a DNI is 8 digits', () => {
    expect(isValidDni('05414828')).toBe(true);
    expect(['5414828', '054148281', '0541482a', ''].some(isValidDni)).toBe(false);
  });
});

describe('isValidSeries (SUNAT rules per document type)', () => {
  it.each([
    ['01', 'F001', true],
    ['01', 'FF01', true],
    ['01', 'FA2Z', true],
    ['01', 'B001', false],
    ['01', 'f001', false],
    ['01', 'F01', false],
    ['01', 'F0001', false],
    ['03', 'B001', true],
    ['03', 'BB01', true],
    ['03', 'F001', false],
    ['07', 'F001', true],
    ['07', 'B001', true],
    ['07', 'S001', true],
    ['07', 'C001', false],
    ['08', 'FD01', true],
    ['08', 'X001', false],
    ['01', '0001', true], // contingency
    ['03', '0123', true],
    ['07', '0001', true],
  ] as const)('%s %s → %s', (type, series, valid) => expect(isValidSeries(type, series)).toBe(valid));

  it('a type v1 does not issue has no valid series, contingency included', () => {
    expect(isValidSeries('09' as never, 'T001')).toBe(false);
    expect(isValidSeries('09' as never, '0001')).toBe(false);
  });

  it("reads a type by the table's own keys: a type named after an object's property is no type (issue 33)", () => {
    for (const type of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(isValidSeries(type as never, 'F001'), type).toBe(false);
      expect(isValidSeries(type as never, '0001'), type).toBe(false);
      expect(isValidSeries('07', 'F001', type as never), type).toBe(false);
    }
  });

  it('a note takes the letter of the document it modifies', () => {
    expect(isValidSeries('07', 'F001', '01')).toBe(true);
    expect(isValidSeries('07', 'B001', '01')).toBe(false);
    expect(isValidSeries('08', 'B001', '03')).toBe(true);
    expect(isValidSeries('08', 'F001', '03')).toBe(false);
  });
});

describe('describeAuthorityCode', () => {
  it.each([
    ['0', 'accepted', true],
    ['0100', 'exception', false],
    ['1999', 'exception', false],
    ['2000', 'rejected', true],
    ['3999', 'rejected', true],
    ['4000', 'observed', true],
    ['4252', 'observed', true],
  ] as const)('%s is %s, number used up: %s', (code, outcome, numberUsedUp) => {
    expect(describeAuthorityCode(code)).toMatchObject({ outcome, numberUsedUp });
    expect(describeAuthorityCode(Number(code))).toEqual(describeAuthorityCode(code));
  });

  it("gives SUNAT's own words for a code it names or yupana's rules report, written as SUNAT writes codes (0109, not 109)", () => {
    expect(describeAuthorityCode(109).sunatDescription).toBe('El sistema no puede responder su solicitud. (El servicio de autenticación no está disponible)');
    expect(describeAuthorityCode('3303').sunatDescription).toBe('El monto para el redondeo del Importe Total excede el valor permitido');
    expect(describeAuthorityCode('4252').sunatDescription).toBe('El dato ingresado como atributo @listName es incorrecto.');
    const named = [
      '0100',
      '0109',
      '0130',
      '0131',
      '0132',
      '0133',
      '0134',
      '0135',
      '0136',
      '0137',
      '0138',
      '0200',
      '0201',
      '0202',
      '0203',
      '0204',
      '0250',
      '0251',
      '0252',
      '0253',
    ];
    const duplicates = ['0140', '0402', '1032', '1033', '2106', '2109', '2223', '2282', '2323', '2324', '2403', '2987', '4000', '4003', '4034', '4035'];
    for (const code of [...named, ...duplicates]) expect(describeAuthorityCode(code).sunatDescription, code).toMatch(/^\p{L}[\p{L}\p{N} .,:;()/-]{9,}$/u);
    // A code yupana neither reports nor names: SUNAT's CDR says its words (taxAuthority.description).
    for (const code of ['0', '1', '2348', '4036']) expect(describeAuthorityCode(code).sunatDescription, code).toBeUndefined();
  });

  it('the transient codes are retryable, configuration errors and rejections are not', () => {
    for (const code of ['0100', '0109', '0130', '0133', '0138', '0200', '0202', '0250', '0251', '0253']) {
      expect(describeAuthorityCode(code), code).toMatchObject({ outcome: 'exception', retryable: true, numberUsedUp: false });
    }
    // A zip with no file or more than one (0203, 0204, 0252) fails the same way when resent.
    for (const code of ['0', '0101', '0106', '0110', '0129', '0139', '0151', '0203', '0204', '0205', '0252', '0254', '0300', '1078', '2800', '4000']) {
      expect(describeAuthorityCode(code).retryable, code).toBe(false);
    }
  });

  it('knows the duplicate signals: the authority already holds the document, its number or its voiding', () => {
    const duplicates = ['0140', '0402', '1032', '1033', '2106', '2109', '2223', '2282', '2323', '2324', '2403', '2987', '4000', '4003', '4034', '4035'];
    for (const code of duplicates) expect(describeAuthorityCode(code).duplicate, code).toBe(true);
    // 2109 and 2403 are rejections worded as 1033 and 0402 are: the number is used up.
    expect(describeAuthorityCode('2109')).toEqual({
      outcome: 'rejected',
      retryable: false,
      numberUsedUp: true,
      duplicate: true,
      sunatDescription: 'El comprobante fue registrado previamente con otros datos',
    });
    expect(describeAuthorityCode('2403')).toEqual({
      outcome: 'rejected',
      retryable: false,
      numberUsedUp: true,
      duplicate: true,
      sunatDescription: 'La numeracion o nombre del documento ya ha sido enviado anteriormente',
    });
    expect(['0', '0100', '2800', '2348', '4001', '4036'].some((code) => describeAuthorityCode(code).duplicate)).toBe(false);
  });

  it('a code below 0100 registered nothing; what is not a code is refused', () => {
    expect(describeAuthorityCode('99')).toStrictEqual({ outcome: 'exception', retryable: false, numberUsedUp: false, duplicate: false, sunatDescription: undefined });
    for (const code of ['', 'abc', '12345', '-1', '1.5']) expect(() => describeAuthorityCode(code), code).toThrow(RangeError);
  });
});

describe('isAccepted and hasObservations', () => {
  const answer = (code: string | null, notes: { code: string; description: string }[] = []) => ({ code, notes });
  it.each([
    [answer(null), false, false],
    [answer('0'), true, false],
    [answer('0', [{ code: '4252', description: 'El dato ingresado como atributo @listName es incorrecto' }]), true, true],
    [answer('4252'), true, true],
    [answer('2800'), false, false],
    [answer('0109'), false, false],
    [answer('garbage'), false, false],
  ])('%j: accepted %s, observations %s', (taxAuthority, accepted, observed) => {
    expect(isAccepted(taxAuthority)).toBe(accepted);
    expect(hasObservations(taxAuthority)).toBe(observed);
  });
});

describe('catalogs', () => {
  it('labels in Spanish', () => {
    expect(DOCUMENT_TYPES['01']).toBe('Factura');
    expect(UNITS_OF_MEASURE.ZZ).toBe('Unidad (servicios)');
    expect(CURRENCIES.USD).toBe('Dólar estadounidense');
    expect(IDENTITY_DOCUMENT_TYPES['0']).toBe('Documento tributario de no domiciliado sin RUC');
    expect(IDENTITY_DOCUMENT_TYPES['-']).toBe('Varios - ventas menores a S/ 700.00 y otros');
  });
});

describe('catálogo 06 varios (-): the anonymous customer of a small boleta', () => {
  const varios = { documentType: '-', documentNumber: '-', name: 'Clientes varios' };
  const boleta = { type: '03', series: 'B001', customer: varios, items: [{ description: 'Pan', quantity: 10, unitPrice: 0.5, igv: 0.9 }] };

  it('a boleta to varios passes the schema and the strict checks', () => {
    expect(DocumentCreateParams.safeParse(boleta).success).toBe(true);
    expect(strictDocumentCreateParams(0.18).safeParse(boleta).success).toBe(true);
  });

  it('the strict checks refuse a factura to varios, exports included: a factura names its customer', () => {
    const factura = { ...boleta, type: '01', series: 'F001' };
    const exported = { ...factura, items: [{ description: 'Café', quantity: 1, unitPrice: 100, igv: 0, igvAffectation: '40' }] };
    for (const body of [factura, exported]) {
      expect(strictDocumentCreateParams(0.18).safeParse(body).error?.issues).toEqual([
        expect.objectContaining({ path: ['customer', 'documentType'], message: 'a factura (01) names its customer: varios (-) is for boletas' }),
      ]);
    }
  });
});

describe('dates', () => {
  it('an evening in Lima is still that day, though UTC has moved on', () => {
    expect(limaDate(new Date('2026-11-22T01:00:00Z'))).toBe('2026-11-21');
    expect(limaDate(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
  });
});
