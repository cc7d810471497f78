import { describe, expect, it } from 'vitest';
import {
  IGV_RATE,
  IGV_RATE_REDUCED,
  classifyCdrCode,
  computeLine,
  computeTotals,
  isDuplicateCdrCode,
  isTransientCdrCode,
  isValidDni,
  isValidRuc,
  limaDate,
  roundAmount,
  rucCheckDigit,
  rucFromDni,
} from '../src/index.js';

describe('amounts (sunat.md worked lines)', () => {
  it.each([
    [2, 100, IGV_RATE, { taxable: 200, igv: 36, total: 236 }],
    [700, 1.102, IGV_RATE, { taxable: 771.4, igv: 138.85, total: 910.25 }],
    [3, 33.33, IGV_RATE, { taxable: 99.99, igv: 18, total: 117.99 }],
    [1, 21.186440678, IGV_RATE, { taxable: 21.19, igv: 3.81, total: 25 }],
    [1, 100, IGV_RATE_REDUCED, { taxable: 100, igv: 10, total: 110 }],
    [1, 1.25, IGV_RATE, { taxable: 1.25, igv: 0.23, total: 1.48 }], // 0.225 rounds half up
    [1, 0.35, IGV_RATE_REDUCED, { taxable: 0.35, igv: 0.04, total: 0.39 }], // 0.035 rounds half up
  ])('%d × %d at %d', (quantity, unitPrice, rate, expected) => {
    expect(computeLine({ quantity, unitPrice }, rate)).toEqual(expected);
  });

  it('charges no IGV on exonerated, unaffected and export lines', () => {
    for (const igvAffectation of ['20', '30', '40']) {
      expect(computeLine({ quantity: 2, unitPrice: 100, igvAffectation }, IGV_RATE)).toEqual({ taxable: 200, igv: 0, total: 200 });
    }
    expect(computeLine({ quantity: 2, unitPrice: 100, igvAffectation: '10' }, IGV_RATE).igv).toBe(36);
  });

  it('rounds half up where binary floats do not', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(roundAmount(1.005)).toBe(1.01);
    expect(roundAmount(0.225)).toBe(0.23);
    expect(roundAmount(-1.005)).toBe(-1.01);
  });

  it('totals are the sums of the lines', () => {
    expect(computeTotals([{ quantity: 700, unitPrice: 1.102, igv: 138.85 }, { quantity: 3, unitPrice: 33.33, igv: 18 }])).toEqual({
      taxable: 871.39,
      igv: 156.85,
      total: 1028.24,
    });
  });
});

describe('RUC and DNI', () => {
  it.each(['20131312955', '20000000001', '20100047218', '20512333797', '10054148289', '10441348521', '20554133470', '20100070970', '10082226341'])(
    '%s is a valid RUC',
    (ruc) => expect(isValidRuc(ruc)).toBe(true),
  );
  it.each(['20123456789', '20512333798', '20100128210', '2013131295', '30131312955', '2013131295a'])('%s is not', (ruc) =>
    expect(isValidRuc(ruc)).toBe(false),
  );
  it('computes check digits, including r = 0 and r = 1', () => {
    expect(rucCheckDigit('2012345678')).toBe(6);
    expect(rucCheckDigit('1044134852')).toBe(1);
    expect(rucCheckDigit('2055413347')).toBe(0);
    expect(rucFromDni('05414828')).toBe('10054148289');
  });
  it('a DNI is 8 digits', () => {
    expect(isValidDni('05414828')).toBe(true);
    expect(isValidDni('5414828')).toBe(false);
  });
});

describe('CDR codes', () => {
  it.each([
    ['0', 'accepted'],
    ['4000', 'observed'],
    ['4252', 'observed'],
    ['2800', 'rejected'],
    ['3999', 'rejected'],
    ['0100', 'exception'],
    ['1999', 'exception'],
    ['abc', undefined],
  ])('%s is %s', (code, expected) => expect(classifyCdrCode(code)).toBe(expected));

  it('knows the transient and duplicate codes', () => {
    expect(['0100', '0109', '0130', '0138', '0200', '0204', '0250', '0252'].every(isTransientCdrCode)).toBe(true);
    expect(['0101', '0139', '0151', '1078', '2800'].some(isTransientCdrCode)).toBe(false);
    expect(['0140', '0402', '1032', '1033', '2223', '4000'].every(isDuplicateCdrCode)).toBe(true);
    expect(isDuplicateCdrCode('0')).toBe(false);
  });
});

describe('dates', () => {
  it('an evening in Lima is still that day, though UTC has moved on', () => {
    expect(limaDate(new Date('2026-11-22T01:00:00Z'))).toBe('2026-11-21');
    expect(limaDate(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
  });
});
