/**
 * The operations of `client.exchangeRates`, each declared once (method, path, schemas): the resource's
 * methods send them (compiled to plain checks, `compiled.ts`), the mock sandbox routes them, and
 * `openapi.json` documents them. The client loads them, with zod, only to word a refusal.
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
