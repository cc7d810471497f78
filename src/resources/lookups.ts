import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import { DniNumber, DniLookup, RucNumber, RucLookup } from '../models/lookup.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.lookups`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const lookupsOperations = {
  ruc: { name: 'lookups.ruc', method: 'GET', path: '/v1/lookups/ruc/{number}', params: { number: RucNumber }, responses: { 200: RucLookup } },
  dni: { name: 'lookups.dni', method: 'GET', path: '/v1/lookups/dni/{number}', params: { number: DniNumber }, responses: { 200: DniLookup } },
} as const satisfies Record<string, Operation>;

/** Looks up taxpayers (RUC) and people (DNI) in the national registries. Reach it as `client.lookups`. */
export class LookupsResource extends APIResource {
  /**
   * Looks up a RUC in SUNAT's taxpayer registry: name, status, condition and address. Check
   * `status === 'ACTIVO'` before invoicing a new customer. An unknown RUC is a `NotFoundError`.
   *
   * ```ts
   * const { name, status, condition } = await client.lookups.ruc('20131312955');
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, unless `number` is 11 digits.
   */
  ruc(number: string, options?: RequestOptions): APIPromise<RucLookup> {
    return this._do(lookupsOperations.ruc, { params: { number } }, options);
  }

  /**
   * Looks up the holder of a DNI (for boletas to a named person). An unknown DNI is a `NotFoundError`.
   *
   * ```ts
   * const { name } = await client.lookups.dni('46027896');
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, unless `number` is 8 digits.
   */
  dni(number: string, options?: RequestOptions): APIPromise<DniLookup> {
    return this._do(lookupsOperations.dni, { params: { number } }, options);
  }
}
