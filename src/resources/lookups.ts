import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { DniLookup, RucLookup } from '../models/lookup.js';
import { APIResource, loadOperations } from './resource.js';
import type { lookupsOperations } from '../operations/lookups.js';

const operations = () => loadOperations().then((m) => m.lookupsOperations);

/** Looks up taxpayers (RUC) and people (DNI) in the national registries. Reach it as `client.lookups`. */
export class LookupsResource extends APIResource<typeof lookupsOperations> {
  protected readonly _operations = operations;

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
    return this._do('ruc', { params: { number } }, options);
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
    return this._do('dni', { params: { number } }, options);
  }
}
