import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import { limaDate } from '../internal/dates.js';
import { ExchangeRate } from '../models/exchange-rate.js';
import { CalendarDate } from '../models/shared.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.exchangeRates`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const exchangeRatesOperations = {
  retrieve: { name: 'exchangeRates.retrieve', method: 'GET', path: '/v1/exchange-rates/{date}', params: { date: CalendarDate }, responses: { 200: ExchangeRate } },
} as const satisfies Record<string, Operation>;

/** SUNAT's daily exchange rates (tipo de cambio). Reach it as `client.exchangeRates`. */
export class ExchangeRatesResource extends APIResource {
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
    return this._do(exchangeRatesOperations.retrieve, { params: { date: date instanceof Date ? limaDate(date) : date } }, options);
  }
}
