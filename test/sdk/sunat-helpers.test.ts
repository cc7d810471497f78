/**
 * The helpers of `yupana/sunat` that compute what the service fills: the rates of a date, the
 * amount in words of legend 1000, a line from a price with IGV, the net pending amount of a
 * credit sale and the content of the printed representation's QR code. Expected values are
 * written out (from ../shared/sunat.md, Greenter and Nubefact), never read from the code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IGV_RATE,
  IGV_RATE_REDUCED,
  IGV_RATE_REDUCED_2023,
  IGV_RATES,
  rucProblem,
  amountInWords,
  icbperPerBag,
  igvRateOn,
  line,
  lineFromPriceWithIgv,
  netPendingAmount,
  qrContent,
  type QrInput,
} from '../../src/sunat/index.js';

describe('rucProblem', () => {
  it('words why a number is not a RUC, as the service and strictSunatChecks refuse it (invalid_ruc)', () => {
    expect(rucProblem('20131312955')).toBeUndefined();
    // 20123456789: 2·5 + 0·4 + 1·3 + 2·2 + 3·7 + 4·6 + 5·5 + 6·4 + 7·3 + 8·2 = 148; 148 mod 11 = 5; 11 − 5 = 6.
    expect(rucProblem('20123456789')).toBe('is not a valid RUC: its check digit should be 6');
    expect(rucProblem('30131312955')).toBe('is not a valid RUC: it must start with 10, 15, 16, 17, 20');
    expect(rucProblem('2013131295')).toBe('is not a valid RUC: it is 11 digits');
  });
});

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
    ['2022-09-01', 0.1], // Ley 31556 in force
    ['2023-01-01', 0.1],
    ['2024-02-29', 0.1],
    ['2026-01-01', 0.1], // Ley 32387's 10.5% is law, but SUNAT's validations read 10.00 until 2026-02-12
    ['2026-02-12', 0.1],
    ['2026-02-13', 0.105],
    ['2026-12-31', 0.105],
  ])('the reduced rate of restaurants and hotels on %s is %d', (date, rate) => {
    expect(igvRateOn(date, { reduced: true })).toBe(rate);
  });

  it('names the constants it reads: 18%, 10% until 2026-02-12, 10.5% after, and every rate a line may be at', () => {
    expect([IGV_RATE, IGV_RATE_REDUCED_2023, IGV_RATE_REDUCED]).toEqual([0.18, 0.1, 0.105]);
    expect(IGV_RATES).toEqual([0.18, 0.1, 0.105]);
  });

  it('a rate of a date gives the worked lines of that date', () => {
    expect(line({ quantity: 1, unitValue: 100, igvRate: igvRateOn('2026-02-12', { reduced: true }) }).igv).toBe('10.00');
    expect(line({ quantity: 1, unitValue: 100, igvRate: igvRateOn('2026-02-13', { reduced: true }) })).toEqual({ base: '100.00', igv: '10.50', total: '110.50' });
    expect(line({ quantity: 1, unitValue: 0.35, igvRate: igvRateOn('2026-03-01', { reduced: true }) }).igv).toBe('0.04'); // 0.03675
  });

  it('refuses a reduced rate before 2022-09-01 and a general one before 2011-03-01 (19% then), naming the date', () => {
    expect(() => igvRateOn('2022-08-31', { reduced: true })).toThrow(
      new RangeError('date 2022-08-31 is before 2022-09-01, the first day of the reduced IGV rate (Ley 31556)'),
    );
    expect(() => igvRateOn('2011-02-28')).toThrow(new RangeError('date 2011-02-28 is before 2011-03-01, the first day of the 18% IGV rate (Ley 29666)'));
    expect(igvRateOn('2022-08-31')).toBe(0.18);
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
    [
      '999999999999.99',
      'PEN',
      'SON NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES',
    ],
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

describe('amountInWords, property: the words read back to the amount', () => {
  /** Each word's value below a thousand: an independent reading of Spanish numerals. */
  const VALUES: Record<string, number> = Object.fromEntries(
    [
      ['UN UNO', 1],
      ['DOS', 2],
      ['TRES', 3],
      ['CUATRO', 4],
      ['CINCO', 5],
      ['SEIS', 6],
      ['SIETE', 7],
      ['OCHO', 8],
      ['NUEVE', 9],
      ['DIEZ', 10],
      ['ONCE', 11],
      ['DOCE', 12],
      ['TRECE', 13],
      ['CATORCE', 14],
      ['QUINCE', 15],
      ['DIECISÉIS', 16],
      ['DIECISIETE', 17],
      ['DIECIOCHO', 18],
      ['DIECINUEVE', 19],
      ['VEINTE', 20],
      ['VEINTIÚN VEINTIUNO', 21],
      ['VEINTIDÓS', 22],
      ['VEINTITRÉS', 23],
      ['VEINTICUATRO', 24],
      ['VEINTICINCO', 25],
      ['VEINTISÉIS', 26],
      ['VEINTISIETE', 27],
      ['VEINTIOCHO', 28],
      ['VEINTINUEVE', 29],
      ['TREINTA', 30],
      ['CUARENTA', 40],
      ['CINCUENTA', 50],
      ['SESENTA', 60],
      ['SETENTA', 70],
      ['OCHENTA', 80],
      ['NOVENTA', 90],
      ['CIEN CIENTO', 100],
      ['DOSCIENTOS', 200],
      ['TRESCIENTOS', 300],
      ['CUATROCIENTOS', 400],
      ['QUINIENTOS', 500],
      ['SEISCIENTOS', 600],
      ['SETECIENTOS', 700],
      ['OCHOCIENTOS', 800],
      ['NOVECIENTOS', 900],
      ['Y', 0],
    ].flatMap(([words, value]) =>
      String(words)
        .split(' ')
        .map((word) => [word, value as number]),
    ),
  );
  const belowThousand = (words: string[]): number =>
    words.reduce((sum, word) => {
      expect(VALUES, word).toHaveProperty([word]);
      return sum + (VALUES[word] as number);
    }, 0);
  const split = (words: string[], at: (word: string) => boolean): [string[], string[]] | undefined => {
    const i = words.length - 1 - [...words].reverse().findIndex(at);
    if (i === words.length) return undefined;
    return [words.slice(0, i), words.slice(i + 1)];
  };
  const belowMillion = (words: string[]): number => {
    const parts = split(words, (word) => word === 'MIL');
    return parts ? (parts[0].length ? belowThousand(parts[0]) : 1) * 1000 + belowThousand(parts[1]) : belowThousand(words);
  };
  const read = (text: string): bigint => {
    const match = /^SON (.+) CON (\d\d)\/100 SOLES$/.exec(text);
    expect(match, text).not.toBeNull();
    const words = match![1]!.split(' ');
    if (words.join(' ') === 'CERO') return BigInt(match![2]!);
    const parts = split(words, (word) => word === 'MILLÓN' || word === 'MILLONES');
    const whole = parts ? belowMillion(parts[0]) * 1_000_000 + belowMillion(parts[1]) : belowMillion(words);
    return BigInt(whole) * 100n + BigInt(match![2]!);
  };

  it('for random amounts up to 999 999 999 999.99, with UN only before MIL or MILLÓN/MILLONES and UNO only last', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999n }), (cents) => {
        const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const text = amountInWords(amount, 'PEN');
        expect(read(text), text).toBe(cents);
        expect(text, amount).not.toMatch(/\b(UN|VEINTIÚN)\b(?! (MIL|MILLÓN|MILLONES)\b)/);
        expect(text, amount).not.toMatch(/\b(UNO|VEINTIUNO) (MIL|MILLÓN|MILLONES)\b/);
        expect(text, amount).not.toMatch(/^SON UN (MIL|MILLONES)\b|\bCIENTO (MIL|MILLONES|CON)\b|\bMILLÓN\b.*\bMILLONES\b/);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('lineFromPriceWithIgv (a shelf price)', () => {
  it.each([
    // quantity, price with IGV, rate → base, igv, total, unitValue
    [2, 5, IGV_RATE, ['8.47', '1.53', '10.00', '4.2372881356']], // the IGV absorbs the rounding: 8.47 × 0.18 would be 1.52
    [1, 25, IGV_RATE, ['21.19', '3.81', '25.00', '21.1864406780']], // sunat.md: 1 × 21.1864406780 → 21.19 / 3.81 / 25.00
    [2, 118, IGV_RATE, ['200.00', '36.00', '236.00', '100.0000000000']],
    [3, 1.5, IGV_RATE, ['3.81', '0.69', '4.50', '1.2711864407']],
    [1, 110, IGV_RATE_REDUCED_2023, ['100.00', '10.00', '110.00', '100.0000000000']],
    [1, 110.5, IGV_RATE_REDUCED, ['100.00', '10.50', '110.50', '100.0000000000']],
    [7, 0.1, IGV_RATE, ['0.59', '0.11', '0.70', '0.0847457627']],
    [1, 0, IGV_RATE, ['0.00', '0.00', '0.00', '0.0000000000']],
    ['0.5', '9.99', IGV_RATE, ['4.24', '0.76', '5.00', '8.4800000000']], // 4.995 rounds half up to a total of 5.00; 5.00 ÷ 1.18 = 4.237…
  ] as const)('%s × %s at %s', (quantity, priceWithIgv, igvRate, [base, igv, total, unitValue]) => {
    expect(lineFromPriceWithIgv({ quantity, priceWithIgv, igvRate })).toEqual({ base, igv, total, unitValue });
  });

  it('reproduces the line: its unitValue gives back its base, base + igv is quantity × price, and igv is within 0.01 of base × rate', () => {
    const cases: [number | string, number | string, number][] = [
      [2, 5, 0.18],
      [3, 1.5, 0.18],
      [7, 0.1, 0.18],
      [13, 2.99, 0.18],
      [1, 0.01, 0.18],
      [12, 3.5, 0.105],
      [1000, 0.37, 0.18],
      ['2.345', '17.89', 0.18],
      ['0.333', 12, 0.1],
    ];
    for (const [quantity, priceWithIgv, igvRate] of cases) {
      const priced = lineFromPriceWithIgv({ quantity, priceWithIgv, igvRate });
      const sent = line({ quantity, unitValue: priced.unitValue, igvRate });
      expect(sent.base, `${quantity} × ${priceWithIgv}`).toBe(priced.base);
      expect(Math.abs(Math.round(Number(sent.igv) * 100) - Math.round(Number(priced.igv) * 100)), `${quantity} × ${priceWithIgv}`).toBeLessThanOrEqual(1);
      expect((Number(priced.base) * 100 + Number(priced.igv) * 100) / 100, `${quantity} × ${priceWithIgv}`).toBeCloseTo(Number(priced.total), 10);
    }
  });

  it('property: for random quantities, prices and rates, total = quantity × price, base = total ÷ (1 + rate), both half up, and the unit value gives the base back', () => {
    const decimal = (max: number, places: number) => fc.integer({ min: 1, max: max * 10 ** places }).map((units) => ({ units: BigInt(units), places }));
    const text = ({ units, places }: { units: bigint; places: number }) => {
      const digits = String(units).padStart(places + 1, '0');
      return `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
    };
    /** `n / d` for positive integers, half up. */
    const divide = (n: bigint, d: bigint) => n / d + (2n * (n % d) >= d ? 1n : 0n);
    fc.assert(
      fc.property(
        decimal(100_000, 3),
        decimal(10_000, 4),
        fc.constantFrom(['0.18', 1180n] as const, ['0.105', 1105n] as const, ['0.10', 1100n] as const),
        (q, p, [igvRate, onePlusRate]) => {
          const total = divide(q.units * p.units, 10n ** BigInt(q.places + p.places - 2)); // cents
          const base = divide(total * 1000n, onePlusRate); // 1 + rate, in thousandths
          const priced = lineFromPriceWithIgv({ quantity: text(q), priceWithIgv: text(p), igvRate });
          const cents = (amount: string) => BigInt(amount.replace('.', ''));
          expect([cents(priced.total), cents(priced.base), cents(priced.igv)]).toEqual([total, base, total - base]);
          const sent = line({ quantity: text(q), unitValue: priced.unitValue, igvRate });
          expect(sent.base).toBe(priced.base);
          expect(cents(sent.igv) - cents(priced.igv)).toBeGreaterThanOrEqual(-1n);
          expect(cents(sent.igv) - cents(priced.igv)).toBeLessThanOrEqual(1n);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('when the total was rounded to cents, the unit value is base ÷ quantity, so that it still gives back the base', () => {
    // 1.5 × 3.33 = 4.995 → total 5.00, base 4.24; 3.33 ÷ 1.18 = 2.8220338983 would give 4.23
    expect(lineFromPriceWithIgv({ quantity: 1.5, priceWithIgv: 3.33, igvRate: IGV_RATE })).toEqual({
      base: '4.24',
      igv: '0.76',
      total: '5.00',
      unitValue: '2.8266666667',
    });
    expect(line({ quantity: 1.5, unitValue: '2.8266666667', igvRate: IGV_RATE }).base).toBe('4.24');
  });

  it('carries no IGV on affectations 20 to 40: the price is the value', () => {
    for (const affectation of ['20', '30', '40'] as const) {
      expect(lineFromPriceWithIgv({ quantity: 3, priceWithIgv: 10, igvRate: IGV_RATE, affectation })).toEqual({
        base: '30.00',
        igv: '0.00',
        total: '30.00',
        unitValue: '10.0000000000',
      });
    }
    expect(lineFromPriceWithIgv({ quantity: 1, priceWithIgv: 1.04, igvRate: 0.04, affectation: '17' })).toEqual({
      base: '1.00',
      igv: '0.04',
      total: '1.04',
      unitValue: '1.0000000000',
    }); // IVAP, at its rate
  });

  it('refuses, naming the input: a quantity not above 0, a negative price, a non-decimal, a bad rate or affectation', () => {
    const ok = { quantity: 1, priceWithIgv: 5, igvRate: IGV_RATE };
    expect(() => lineFromPriceWithIgv({ ...ok, quantity: 0 })).toThrow(new RangeError('quantity must be more than 0, got 0'));
    expect(() => lineFromPriceWithIgv({ ...ok, quantity: -2 })).toThrow(new RangeError('quantity must be more than 0, got -2'));
    expect(() => lineFromPriceWithIgv({ ...ok, priceWithIgv: '-5.00' })).toThrow(new RangeError('priceWithIgv must be 0 or more, got -5.00'));
    expect(() => lineFromPriceWithIgv({ ...ok, priceWithIgv: 'S/ 5' })).toThrow(/^priceWithIgv must be a finite decimal/);
    expect(() => lineFromPriceWithIgv({ ...ok, quantity: '1.12345678901' })).toThrow(/^quantity must be a finite decimal/);
    expect(() => lineFromPriceWithIgv({ ...ok, igvRate: 18 })).toThrow(/^igvRate must be a fraction/);
    expect(() => lineFromPriceWithIgv({ ...ok, affectation: '99' as never })).toThrow(/^affectation must be a catálogo 07 code/);
  });

  it('refuses a quantity so large that no unit value of 10 decimals gives back the base, rather than send a line that does not add up', () => {
    expect(() => lineFromPriceWithIgv({ quantity: '671527062.517', priceWithIgv: '0.8737', igvRate: IGV_RATE })).toThrow(
      new RangeError('quantity 671527062.517 is too large: no valor unitario of 10 decimals gives back the base 497214571.63'),
    );
  });
});

describe('netPendingAmount (a credit sale)', () => {
  it.each([
    [{ total: 944, detraction: 37.76, currency: 'PEN' }, '906.24'], // sunat.md: detracción 4% of 944.00
    [{ total: '708.00', retention: '21.24', currency: 'PEN' }, '686.76'], // Nubefact: retención 3% of 708.00
    [{ total: 1000, detraction: 100, retention: 30, currency: 'PEN' }, '870.00'],
    [{ total: 236, currency: 'PEN' }, '236.00'],
    [{ total: 236, currency: 'USD' }, '236.00'],
    [{ total: 236, detraction: 0, currency: 'USD' }, '236.00'], // nothing to convert: no rate needed
    [{ total: 1180, detraction: 47.2, currency: 'USD', exchangeRate: 3.75 }, '1167.41'], // 47.20 ÷ 3.75 = 12.5866… → 12.59
    [{ total: 1180, detraction: '141.60', retention: 35.4, currency: 'USD', exchangeRate: '3.540' }, '1104.60'], // 141.60 ÷ 3.54 = 40.00
    [{ total: 100, detraction: '0.05', currency: 'USD', exchangeRate: 3.75 }, '99.99'], // 0.0133… → 0.01
    [{ total: 100, detraction: '0.06', currency: 'USD', exchangeRate: 3 }, '99.98'], // 0.02 exactly
    [{ total: 100, detraction: '0.15', currency: 'USD', exchangeRate: 6 }, '99.97'], // 0.025 rounds half up to 0.03
    [{ total: 100, detraction: 100, currency: 'PEN' }, '0.00'],
    [{ total: 100, detraction: 10, currency: 'PEN', exchangeRate: 3.75 }, '90.00'], // a PEN document ignores the rate
  ] as const)('%o → %s', (input, pending) => {
    expect(netPendingAmount(input)).toBe(pending);
  });

  it('refuses a USD detraction without a usable exchange rate', () => {
    expect(() => netPendingAmount({ total: 1180, detraction: 47.2, currency: 'USD' })).toThrow(
      new RangeError('exchangeRate is required on a USD document with a detraction: the detraction is in PEN'),
    );
    expect(() => netPendingAmount({ total: 1180, detraction: 47.2, currency: 'USD', exchangeRate: 0 })).toThrow(
      new RangeError('exchangeRate must be more than 0, got 0'),
    );
    expect(() => netPendingAmount({ total: 1180, detraction: 47.2, currency: 'USD', exchangeRate: -3.7 })).toThrow(
      new RangeError('exchangeRate must be more than 0, got -3.7'),
    );
    expect(() => netPendingAmount({ total: 1180, detraction: 47.2, currency: 'USD', exchangeRate: 'tres' })).toThrow(/^exchangeRate must be a finite decimal/);
  });

  it('refuses deductions above the total, negative amounts, more than 2 decimals and another currency, naming the input', () => {
    expect(() => netPendingAmount({ total: 100, detraction: 60, retention: 40.01, currency: 'PEN' })).toThrow(
      new RangeError('detraction and retention (100.01 PEN) exceed the total 100.00'),
    );
    expect(() => netPendingAmount({ total: -1, currency: 'PEN' })).toThrow(new RangeError('total must be 0 or more, got -1'));
    expect(() => netPendingAmount({ total: 10, detraction: -1, currency: 'PEN' })).toThrow(new RangeError('detraction must be 0 or more, got -1'));
    expect(() => netPendingAmount({ total: 10, retention: -1, currency: 'PEN' })).toThrow(new RangeError('retention must be 0 or more, got -1'));
    expect(() => netPendingAmount({ total: 944.001, currency: 'PEN' })).toThrow(new RangeError('total must have at most 2 decimals, got 944.001'));
    expect(() => netPendingAmount({ total: 944, detraction: '37.755', currency: 'PEN' })).toThrow(new RangeError('detraction must have at most 2 decimals, got 37.755'));
    expect(() => netPendingAmount({ total: 944, currency: 'EUR' as never })).toThrow(new RangeError('currency must be PEN or USD, got EUR'));
    expect(() => netPendingAmount({ total: Number.NaN, currency: 'PEN' })).toThrow(/^total must be a finite decimal/);
  });
});

describe('qrContent (the printed representation’s QR code)', () => {
  const factura: QrInput = {
    issuerRuc: '20000000001',
    type: '01',
    series: 'F001',
    number: 123,
    igv: 36,
    total: 236,
    issueDate: '2026-05-04',
    customer: { documentType: '6', documentNumber: '20131312955' },
  };

  it('writes SUNAT’s fields in order, amounts with 2 decimals, the date YYYY-MM-DD and a trailing |', () => {
    expect(qrContent(factura)).toBe('20000000001|01|F001|123|36.00|236.00|2026-05-04|6|20131312955|');
  });

  it('adds the valor resumen (DigestValue) after the customer, when given', () => {
    expect(qrContent({ ...factura, digestValue: 'wY1jTI0MvFb8Lq4N9kBSOr3Z6oM=' })).toBe(
      '20000000001|01|F001|123|36.00|236.00|2026-05-04|6|20131312955|wY1jTI0MvFb8Lq4N9kBSOr3Z6oM=|',
    );
  });

  it.each([
    [
      { type: '03', series: 'B001', number: '8', igv: '0.76', total: '5.00', customer: { documentType: '-', documentNumber: '-' } },
      '20000000001|03|B001|8|0.76|5.00|2026-05-04|-|-|',
    ],
    [
      { type: '03', series: 'B002', number: 99999999, igv: 0, total: 0, customer: { documentType: '1', documentNumber: '05414828' } },
      '20000000001|03|B002|99999999|0.00|0.00|2026-05-04|1|05414828|',
    ],
    [
      { type: '07', series: 'FC01', number: 1, igv: 9, total: 59, customer: { documentType: '6', documentNumber: '20131312955' } },
      '20000000001|07|FC01|1|9.00|59.00|2026-05-04|6|20131312955|',
    ],
    [
      { type: '01', series: 'F001', igv: 0, total: '1234.50', customer: { documentType: '0', documentNumber: 'AB1234567' } },
      '20000000001|01|F001|123|0.00|1234.50|2026-05-04|0|AB1234567|',
    ],
  ] as const)('%o', (fields, content) => {
    expect(qrContent({ ...factura, ...fields })).toBe(content);
  });

  it.each([
    [{ issuerRuc: '2000000000' }, 'issuerRuc must be 11 digits, got 2000000000'],
    [{ issuerRuc: '2000000000A' }, 'issuerRuc must be 11 digits, got 2000000000A'],
    [{ type: '09' }, 'type must be a catálogo 01 code (01, 03, 07, 08), got 09'],
    [{ series: 'B001' }, 'series must be a series of document type 01, got B001'],
    [{ series: 'F001|' }, 'series must be a series of document type 01, got F001|'],
    [{ number: 0 }, 'number must be a whole number from 1 to 99999999 without zero padding, got 0'],
    [{ number: '00000123' }, 'number must be a whole number from 1 to 99999999 without zero padding, got 00000123'],
    [{ number: 100000000 }, 'number must be a whole number from 1 to 99999999 without zero padding, got 100000000'],
    [{ number: 1.5 }, 'number must be a whole number from 1 to 99999999 without zero padding, got 1.5'],
    [{ igv: 36.005 }, 'igv must have at most 2 decimals, got 36.005'],
    [{ total: -236 }, 'total must be 0 or more, got -236'],
    [{ issueDate: '04/05/2026' }, 'issueDate must be a calendar date YYYY-MM-DD, got 04/05/2026'],
    [{ customer: { documentType: 'X', documentNumber: '1' } }, 'customer.documentType must be a catálogo 06 code, got X'],
    [{ customer: { documentType: '6', documentNumber: '2013|1312955' } }, 'customer.documentNumber must be 1 to 15 characters without spaces or |, got 2013|1312955'],
    [{ customer: { documentType: '6', documentNumber: '' } }, 'customer.documentNumber must be 1 to 15 characters without spaces or |, got '],
    [{ digestValue: 'not base64|' }, 'digestValue must be the base64 DigestValue of the signature, got not base64|'],
  ])('refuses %o', (fields, message) => {
    expect(() => qrContent({ ...factura, ...(fields as Partial<QrInput>) })).toThrow(new RangeError(message));
  });

  it('refuses a missing customer, naming it', () => {
    expect(() => qrContent({ ...factura, customer: undefined as never })).toThrow(new RangeError('customer.documentType must be a catálogo 06 code, got undefined'));
  });
});
