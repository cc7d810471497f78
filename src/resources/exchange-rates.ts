import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import { dayParam } from '../internal/dates.js';
import type { ExchangeRate } from '../models/exchange-rate.js';
import { APIResource, loadOperations } from './resource.js';
import type { exchangeRatesOperations } from '../operations/exchange-rates.js';

const operations = () => loadOperations().then((m) => m.exchangeRatesOperations);

/** SUNAT's daily exchange rates (tipo de cambio). Reach it as `client.exchangeRates`. */
export class ExchangeRatesResource extends APIResource<typeof exchangeRatesOperations> {
  protected readonly _operations = operations;

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
    return this._do('retrieve', { params: { date: dayParam(date) } }, options);
  }
}
