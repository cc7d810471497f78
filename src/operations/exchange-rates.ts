/**
 * The operations of `client.exchangeRates`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { ExchangeRate } from '../models/exchange-rate.js';
import { CalendarDate } from '../models/shared.js';

/** The operations of `client.exchangeRates`, by method name. */
export const exchangeRatesOperations = {
  retrieve: { name: 'exchangeRates.retrieve', method: 'GET', path: '/v1/exchange-rates/{date}', params: { date: CalendarDate }, responses: { 200: ExchangeRate } },
} as const satisfies Record<string, Operation>;
