/**
 * The helpers of `yupana/sunat` that compute what the service fills: the rates of a date, the
 * amount in words of legend 1000, a line from a price with IGV, the net pending amount of a
 * credit sale and the content of the printed representation's QR code. Expected values are
 * written out (from ../shared/sunat.md, Greenter and Nubefact), never read from the code.
 */
import { describe, expect, it } from 'vitest';
import { IGV_RATE, IGV_RATE_REDUCED, IGV_RATE_REDUCED_2023, amountInWords, icbperPerBag, igvRateOn, line } from '../../src/sunat/index.js';

describe('igvRateOn', () => {
  it.each([
    ['2011-03-01', 0.18],
    ['2023-01-01', 0.18],
    ['2026-02-13', 0.18],
    ['2030-12-31', 0.18],
  ])('the general rate on %s is %d', (date, rate) => {
    expect(igvRateOn(date)).toBe(rate);
    expect(igvRateOn(date, { reduced: false })).toBe(rate);
    expect(igvRateOn(date, {})).toBe(rate);
  });

  it.each([
    ['2023-01-01', 0.1],
    ['2024-02-29', 0.1],
    ['2026-02-12', 0.1],
    ['2026-02-13', 0.105],
    ['2026-12-31', 0.105],
  ])('the reduced rate of restaurants and hotels on %s is %d', (date, rate) => {
    expect(igvRateOn(date, { reduced: true })).toBe(rate);
  });

  it('names the constants it reads: 18%, 10% until 2026-02-12, 10.5% after', () => {
    expect([IGV_RATE, IGV_RATE_REDUCED_2023, IGV_RATE_REDUCED]).toEqual([0.18, 0.1, 0.105]);
  });

  it('a rate of a date gives the worked lines of that date', () => {
    expect(line({ quantity: 1, unitValue: 100, igvRate: igvRateOn('2026-02-12', { reduced: true }) }).igv).toBe('10.00');
    expect(line({ quantity: 1, unitValue: 100, igvRate: igvRateOn('2026-02-13', { reduced: true }) })).toEqual({ base: '100.00', igv: '10.50', total: '110.50' });
    expect(line({ quantity: 1, unitValue: 0.35, igvRate: igvRateOn('2026-03-01', { reduced: true }) }).igv).toBe('0.04'); // 0.03675
  });

  it('refuses a reduced rate before 2023 and a general one before 2011-03-01 (19% then), naming the date', () => {
    expect(() => igvRateOn('2022-12-31', { reduced: true })).toThrow(new RangeError('date 2022-12-31 is before 2023-01-01, the first day of the reduced IGV rate (Ley 31556)'));
    expect(() => igvRateOn('2011-02-28')).toThrow(new RangeError('date 2011-02-28 is before 2011-03-01, the first day of the 18% IGV rate (Ley 29666)'));
    expect(igvRateOn('2022-12-31')).toBe(0.18);
  });

  it.each(['2026-02-30', '2023-02-29', '2026-13-01', '2026-00-10', '2026-2-13', '13/02/2026', '2026-02-13T00:00:00Z', '', ' 2026-02-13'])(
    'refuses %j, which is not a calendar date YYYY-MM-DD',
    (date) => {
      expect(() => igvRateOn(date)).toThrow(new RangeError(`date must be a calendar date YYYY-MM-DD, got ${date}`));
      expect(() => igvRateOn(date, { reduced: true })).toThrow(RangeError);
    },
  );

  it('refuses what is not a string at all', () => {
    expect(() => igvRateOn(new Date() as never)).toThrow(/date must be a calendar date YYYY-MM-DD/);
    expect(() => igvRateOn(20260213 as never)).toThrow('date must be a calendar date YYYY-MM-DD, got 20260213');
  });
});

describe('icbperPerBag', () => {
  it.each([
    ['2019-08-01', '0.10'],
    ['2019-12-31', '0.10'],
    ['2020-01-01', '0.20'],
    ['2020-12-31', '0.20'],
    ['2021-01-01', '0.30'],
    ['2021-12-31', '0.30'],
    ['2022-01-01', '0.40'],
    ['2022-12-31', '0.40'],
    ['2023-01-01', '0.50'],
    ['2026-05-04', '0.50'],
  ])('on %s is S/ %s per bag', (date, amount) => {
    expect(icbperPerBag(date)).toBe(amount);
  });

  it('refuses a date before the tax (2019-08-01) and one that is not a calendar date', () => {
    expect(() => icbperPerBag('2019-07-31')).toThrow(new RangeError('date 2019-07-31 is before 2019-08-01, the first day of the ICBPER (Ley 30884)'));
    expect(() => icbperPerBag('2024-02-30')).toThrow(new RangeError('date must be a calendar date YYYY-MM-DD, got 2024-02-30'));
  });
});

describe('amountInWords (legend 1000)', () => {
  it.each([
    [0, 'CERO'],
    [1, 'UNO'],
    [2, 'DOS'],
    [10, 'DIEZ'],
    [11, 'ONCE'],
    [15, 'QUINCE'],
    [16, 'DIECISÉIS'],
    [17, 'DIECISIETE'],
    [19, 'DIECINUEVE'],
    [20, 'VEINTE'],
    [21, 'VEINTIUNO'],
    [22, 'VEINTIDÓS'],
    [23, 'VEINTITRÉS'],
    [26, 'VEINTISÉIS'],
    [29, 'VEINTINUEVE'],
    [30, 'TREINTA'],
    [31, 'TREINTA Y UNO'],
    [44, 'CUARENTA Y CUATRO'],
    [99, 'NOVENTA Y NUEVE'],
    [100, 'CIEN'],
    [101, 'CIENTO UNO'],
    [115, 'CIENTO QUINCE'],
    [121, 'CIENTO VEINTIUNO'],
    [200, 'DOSCIENTOS'],
    [236, 'DOSCIENTOS TREINTA Y SEIS'],
    [300, 'TRESCIENTOS'],
    [400, 'CUATROCIENTOS'],
    [500, 'QUINIENTOS'],
    [600, 'SEISCIENTOS'],
    [700, 'SETECIENTOS'],
    [800, 'OCHOCIENTOS'],
    [900, 'NOVECIENTOS'],
    [944, 'NOVECIENTOS CUARENTA Y CUATRO'],
    [999, 'NOVECIENTOS NOVENTA Y NUEVE'],
    [1000, 'MIL'],
    [1001, 'MIL UNO'],
    [1021, 'MIL VEINTIUNO'],
    [1100, 'MIL CIEN'],
    [1999, 'MIL NOVECIENTOS NOVENTA Y NUEVE'],
    [2000, 'DOS MIL'],
    [16000, 'DIECISÉIS MIL'],
    [21000, 'VEINTIÚN MIL'],
    [21021, 'VEINTIÚN MIL VEINTIUNO'],
    [22000, 'VEINTIDÓS MIL'],
    [31000, 'TREINTA Y UN MIL'],
    [41001, 'CUARENTA Y UN MIL UNO'],
    [100000, 'CIEN MIL'],
    [101000, 'CIENTO UN MIL'],
    [121000, 'CIENTO VEINTIÚN MIL'],
    [500500, 'QUINIENTOS MIL QUINIENTOS'],
    [999999, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE'],
    [1000000, 'UN MILLÓN'],
    [1000001, 'UN MILLÓN UNO'],
    [1001000, 'UN MILLÓN MIL'],
    [1500000, 'UN MILLÓN QUINIENTOS MIL'],
    [2000000, 'DOS MILLONES'],
    [21000000, 'VEINTIÚN MILLONES'],
    [31000000, 'TREINTA Y UN MILLONES'],
    [100000000, 'CIEN MILLONES'],
    [101000000, 'CIENTO UN MILLONES'],
    [700000700, 'SETECIENTOS MILLONES SETECIENTOS'],
    [1000000000, 'MIL MILLONES'],
    [1001000000, 'MIL UN MILLONES'],
    [2000000000, 'DOS MIL MILLONES'],
    [21000000000, 'VEINTIÚN MIL MILLONES'],
    [21021021021, 'VEINTIÚN MIL VEINTIÚN MILLONES VEINTIÚN MIL VEINTIUNO'],
    [100000000000, 'CIEN MIL MILLONES'],
    [123456789012, 'CIENTO VEINTITRÉS MIL CUATROCIENTOS CINCUENTA Y SEIS MILLONES SETECIENTOS OCHENTA Y NUEVE MIL DOCE'],
    [999999999999, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE'],
  ])('%d soles: %s', (amount, words) => {
    expect(amountInWords(amount, 'PEN')).toBe(`SON ${words} CON 00/100 SOLES`);
    expect(amountInWords(String(amount), 'USD')).toBe(`SON ${words} CON 00/100 DÓLARES AMERICANOS`);
  });

  it.each([
    ['236.00', 'PEN', 'SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES'], // sunat.md, legend 1000
    [236, 'USD', 'SON DOSCIENTOS TREINTA Y SEIS CON 00/100 DÓLARES AMERICANOS'],
    [0.5, 'PEN', 'SON CERO CON 50/100 SOLES'],
    ['0.05', 'PEN', 'SON CERO CON 05/100 SOLES'],
    [0.01, 'PEN', 'SON CERO CON 01/100 SOLES'],
    [906.24, 'PEN', 'SON NOVECIENTOS SEIS CON 24/100 SOLES'],
    [722.16, 'PEN', 'SON SETECIENTOS VEINTIDÓS CON 16/100 SOLES'],
    ['1021.50', 'USD', 'SON MIL VEINTIUNO CON 50/100 DÓLARES AMERICANOS'],
    [0.1 + 0.2, 'PEN', 'SON CERO CON 30/100 SOLES'], // the float 0.30000000000000004 read at 10 decimals
    ['999999999999.99', 'PEN', 'SON NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES'],
    ['1.0000000000', 'PEN', 'SON UNO CON 00/100 SOLES'],
  ] as const)('%s %s: %s', (amount, currency, words) => {
    expect(amountInWords(amount, currency)).toBe(words);
  });

  it('refuses an amount with more than 2 decimals, rather than rounding it to a wrong legend', () => {
    expect(() => amountInWords(1.005, 'PEN')).toThrow(new RangeError('amount must have at most 2 decimals, got 1.005'));
    expect(() => amountInWords('236.001', 'PEN')).toThrow(new RangeError('amount must have at most 2 decimals, got 236.001'));
  });

  it('refuses a negative amount, one past 999 999 999 999.99, and what is not a decimal', () => {
    expect(() => amountInWords(-1, 'PEN')).toThrow(new RangeError('amount must be from 0 to 999999999999.99, got -1'));
    expect(() => amountInWords('-0.01', 'PEN')).toThrow(RangeError);
    expect(() => amountInWords(1e12, 'PEN')).toThrow(new RangeError('amount must be from 0 to 999999999999.99, got 1000000000000'));
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, '1e3', '', '12,50', 'doscientos']) {
      expect(() => amountInWords(amount, 'PEN'), String(amount)).toThrow(/^amount must be a finite decimal/);
    }
  });

  it('refuses a currency other than PEN and USD, naming it', () => {
    expect(() => amountInWords(1, 'EUR' as never)).toThrow(new RangeError('currency must be PEN or USD, got EUR'));
    expect(() => amountInWords(1, 'toString' as never)).toThrow(new RangeError('currency must be PEN or USD, got toString'));
  });
});
