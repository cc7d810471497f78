/**
 * The routes of `exchange-rates` (src/operations/exchange-rates.ts) over the fake daily rates.
 *
 * @module
 */
import { exchangeRatesOperations } from '../../operations/exchange-rates.js';
import { ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { exchangeRateOf } from '../store/registries.js';

/** The routes of `exchangeRatesOperations`: SUNAT's USD rate of a day, the same for the same day. */
export function exchangeRatesRoutes(): MockRoute[] {
  return [route(exchangeRatesOperations.retrieve, (ctx) => ok(exchangeRateOf(ctx.params['date'] ?? '')))];
}
