import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { Voiding, VoidingListParams } from '../models/voiding.js';
import type { voidingsOperations } from '../operations/voidings.js';
import { APIResource, loadOperations } from './resource.js';

const operations = () => loadOperations().then((m) => m.voidingsOperations);

/**
 * The comunicaciones de baja (`void_`, SUNAT's `RA`) the service made when you voided a factura
 * or a nota on an `F` series with `documents.void`, and the resúmenes de reversiones (`RR`) of the
 * retentions and perceptions you voided: their identifier, SUNAT's ticket, its answer, the XML
 * and the CDR, the proof of a baja in an audit. Reach it as `client.voidings`.
 */
export class VoidingsResource extends APIResource<typeof voidingsOperations> {
  protected readonly _operations = operations;

  /**
   * Fetches one voiding by its `void_` id (a voided document names it in `voidedBy`).
   *
   * ```ts
   * const voiding = await client.voidings.retrieve('void_8KqL1s');
   * console.log(voiding.identifier, voiding.status, voiding.ticket); // RA-20261129-1 accepted 1732890000123
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Voiding> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Lists voidings newest first, filtered; pages automatically under `for await`.
   *
   * ```ts
   * for await (const voiding of client.voidings.list({ status: 'pending' })) console.log(voiding.identifier, voiding.taxAuthority.code);
   * ```
   */
  list(params: VoidingListParams = {}, options?: RequestOptions): PagePromise<Voiding> {
    return this._page('list', params, options);
  }

  /**
   * Downloads the VoidedDocuments XML sent to SUNAT.
   *
   * ```ts
   * const xml = await client.voidings.xml('void_8KqL1s');
   * ```
   */
  xml(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('xml', { params: { id } }, options);
  }

  /**
   * Downloads SUNAT's CDR of the voiding (a 404 `not_found` until SUNAT answered its ticket).
   *
   * ```ts
   * const cdr = await client.voidings.cdr('void_8KqL1s');
   * ```
   */
  cdr(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('cdr', { params: { id } }, options);
  }
}
