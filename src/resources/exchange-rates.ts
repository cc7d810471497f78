import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import { path } from '../internal/path.js';
import { limaDate } from '../sunat/dates.js';
import { validate } from '../internal/validate.js';
import type { ExchangeRate } from '../models/exchange-rate.js';
import { DateFilter } from '../models/shared.js';
import { APIResource } from './resource.js';

/** SUNAT's daily exchange rates (tipo de cambio). Reach it as `client.exchangeRates`. */
export class ExchangeRates extends APIResource {
  /**
   * Fetches the USD rate of one day: a `YYYY-MM-DD` string, or a `Date` (its calendar day in
   * America/Lima). A day SUNAT has not published yet is a `NotFoundError`.
   *
   * ```ts
   * const { buy, sell } = await client.exchangeRates.retrieve(new Date());
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `date` is neither.
   */
  retrieve(date: string | Date, options?: RequestOptions): APIPromise<ExchangeRate> {
    return this._call(() => {
      const day = validate(DateFilter, date, 'exchangeRates.retrieve date');
      return this._get(path`/v1/exchange-rates/${day instanceof Date ? limaDate(day) : day}`, options);
    });
  }
}
