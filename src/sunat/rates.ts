/**
 * The IGV rates and the ICBPER amount per bag, and which applies on a given issue date. A module
 * of its own that imports nothing: the client reads `IGV_RATE` for its `strictSunatChecks`
 * option, and must not carry the amounts arithmetic or the date checks to do so.
 *
 * @module
 */

/** The general IGV rate: 18% (16% IGV + 2% IPM, Impuesto de Promoción Municipal) since 2011-03-01 (Ley 29666). */
export const IGV_RATE = 0.18;
/**
 * The reduced IGV rate in force: 10.5% (8% IGV + 2.5% IPM) for small restaurants, hotels and
 * alojamientos turísticos in SUNAT's padrón "Tasa especial del IGV – Restaurantes y hoteles"
 * (Ley 31556; Ley 32387 raised its IPM to 2.5% for 2026). SUNAT's validation rules 3279 and 3291
 * read "tasa vigente (18.00 o 10.50)" from 2026-02-13. A document dated earlier takes
 * {@link IGV_RATE_REDUCED_2023}: {@link igvRateOn} picks the rate of a date.
 */
export const IGV_RATE_REDUCED = 0.105;
/** The reduced IGV rate from 2022-09-01 to 2026-02-12: 10% (8% IGV + 2% IPM, Ley 31556). See {@link IGV_RATE_REDUCED}. */
export const IGV_RATE_REDUCED_2023 = 0.1;

/** A value and the first day it applies, `YYYY-MM-DD`. */
type Period<T> = readonly [from: string, value: T];

/** The general rate, and since when yupana knows it (19% before, which no document here carries). */
const GENERAL: readonly Period<number>[] = [['2011-03-01', IGV_RATE]];
/**
 * The reduced rates of the padrón of restaurants and hotels (Ley 31556), oldest first: each row
 * the first issue date the service takes the rate on. The IPM of the regime rises by law until
 * 2029 (Ley 32387): each step is one more row, `['YYYY-MM-DD', rate]`, from the day SUNAT's
 * validations read it.
 *
 * Ley 32387 put 10.5% in force on 2026-01-01, but SUNAT's validations kept reading 10.00 until
 * 2026-02-13 (its change log of 2026-02-09, "Se ajusta tasa del IGV del 10% al 10.5%"): a document
 * at 10.5% received in between was rejected. So the service follows SUNAT's validations, which
 * decide whether a number is burned: a document dated 2026-01-01 to 2026-02-12 is at 10%, and one
 * at 10.5% of those dates is refused (`sunat_3103`), as SUNAT refused it then.
 */
const REDUCED: readonly Period<number>[] = [
  ['2022-09-01', IGV_RATE_REDUCED_2023],
  ['2026-02-13', IGV_RATE_REDUCED],
];

/** Every IGV rate a document may be at, the general and the reduced ones: a line at another than its document's breaks SUNAT's one-rate rule (3462). */
export const IGV_RATES: readonly number[] = [...new Set([...GENERAL, ...REDUCED].map(([, rate]) => rate))];
/**
 * ICBPER per bag in soles, oldest first (Ley 30884, in force from 2019-08-01; SUNAT's stylesheet
 * ValidaExprRegFactura-2.0.1, variable montoBolsaPlasticoLinea).
 */
const ICBPER: readonly Period<string>[] = [
  ['2019-08-01', '0.10'],
  ['2020-01-01', '0.20'],
  ['2021-01-01', '0.30'],
  ['2022-01-01', '0.40'],
  ['2023-01-01', '0.50'],
];

/**
 * The value of the last period that has begun on `date`, or a `RangeError` saying what `date`
 * precedes. `date` must be a calendar date `YYYY-MM-DD`, the rule of `calendarDate` (dates.ts),
 * checked here by reading the date back rather than imported: the strict checks share that
 * function, so importing it would put it in every client's bundle (140 B gzip, measured).
 */
function on<T>(periods: readonly Period<T>[], date: string, what: string): T {
  // A date that reads back as itself is YYYY-MM-DD: nothing else (a number, 2026-02-30, 2026-1-5) does.
  const time = Date.parse(`${String(date)}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`date must be a calendar date YYYY-MM-DD, got ${String(date)}`);
  }
  const period = periods.filter(([from]) => from <= date).at(-1);
  if (period === undefined) throw new RangeError(`date ${date} is before ${periods[0]![0]}, the first day of ${what}`);
  return period[1];
}

/** Options of {@link igvRateOn}. */
export type IgvRateOptions = {
  /**
   * The issuer is in SUNAT's padrón of small restaurants, hotels and lodging (tasa especial,
   * Ley 31556), which pays the reduced rate (`account.igvReducedRate`). Default: `false` (the general 18%).
   */
  reduced?: boolean | undefined;
};

/**
 * The IGV rate, as a fraction, that applies on an issue date (`YYYY-MM-DD`, a calendar day in
 * Lima): 0.18, or with `{ reduced: true }` the rate of the padrón of restaurants and hotels,
 * 0.10 from 2022-09-01 and 0.105 from 2026-02-13 (the day SUNAT's validations began to read it; see
 * {@link IGV_RATE_REDUCED}). A `RangeError` names a `date` that is not a calendar date, a reduced
 * rate before 2022-09-01 (there was none) and a date before 2011-03-01 (the
 * rate was 19%). Pass the result to {@link line} or as `strictSunatChecks: { igvRate }`.
 *
 * ```ts
 * igvRateOn('2026-03-01');                    // 0.18
 * igvRateOn('2026-02-12', { reduced: true }); // 0.1
 * igvRateOn('2026-02-13', { reduced: true }); // 0.105
 * ```
 */
export function igvRateOn(date: string, { reduced = false }: IgvRateOptions = {}): number {
  return reduced ? on(REDUCED, date, 'the reduced IGV rate (Ley 31556)') : on(GENERAL, date, 'the 18% IGV rate (Ley 29666)');
}

/**
 * The ICBPER (impuesto al consumo de las bolsas de plástico, Ley 30884) per bag on an issue
 * date (`YYYY-MM-DD`), in soles with 2 decimals: 0.10 from 2019-08-01, 0.20 in 2020, 0.30 in
 * 2021, 0.40 in 2022 and 0.50 from 2023. A line's `icbper` is this × the bags. A `RangeError`
 * names a `date` that is not a calendar date or is before 2019-08-01 (no tax yet).
 *
 * ```ts
 * icbperPerBag('2026-05-04'); // '0.50'
 * icbperPerBag('2019-08-01'); // '0.10'
 * ```
 */
export function icbperPerBag(date: string): string {
  return on(ICBPER, date, 'the ICBPER (Ley 30884)');
}
