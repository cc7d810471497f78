import * as z from 'zod/mini';
import { CalendarDate, looseObject, type Closed } from './shared.js';

/**
 * SUNAT's exchange rate (tipo de cambio) of one day: what documents in `USD` are converted
 * with for taxes. Unknown fields are kept.
 */
export const ExchangeRate = looseObject({
  /** The day, `YYYY-MM-DD`. */
  date: CalendarDate,
  /** The foreign currency: `USD`. */
  currency: z.string(),
  /** Soles paid per unit (compra), 3 decimals. */
  buy: z.number().check(z.positive()),
  /** Soles asked per unit (venta), 3 decimals. */
  sell: z.number().check(z.positive()),
});
/**
 * SUNAT's exchange rate (tipo de cambio) of one day: what documents in `USD` are converted
 * with for taxes. Unknown fields are kept.
 *
 * @interface
 */
export type ExchangeRate = Closed<z.output<typeof ExchangeRate>>;
