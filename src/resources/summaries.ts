import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { Summary, SummaryListParams } from '../models/summary.js';
import type { summariesOperations } from '../operations/summaries.js';
import { APIResource, loadOperations } from './resource.js';

const operations = () => loadOperations().then((m) => m.summariesOperations);

/**
 * The resúmenes diarios (`sum_`, SUNAT's `RC`) the service made: a boleta or a nota on a `B`
 * series voided with `documents.void` is a line of condition `3` in one (RA refuses them). Their
 * identifier, SUNAT's ticket, its answer, the XML and the CDR, the proof of a baja in an audit.
 * Reach it as `client.summaries`.
 */
export class SummariesResource extends APIResource<typeof summariesOperations> {
  protected readonly _operations = operations;

  /**
   * Fetches one summary by its `sum_` id (a boleta voided by it names it in `voidedBy`; one it reports, in `summaryId`).
   *
   * ```ts
   * const summary = await client.summaries.retrieve('sum_8KqL1s');
   * console.log(summary.identifier, summary.status, summary.ticket); // RC-20261129-1 accepted 1732890000123
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Summary> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Lists summaries newest first, filtered; pages automatically under `for await`.
   *
   * ```ts
   * for await (const summary of client.summaries.list({ status: 'pending' })) console.log(summary.identifier, summary.taxAuthority.code);
   * ```
   */
  list(params: SummaryListParams = {}, options?: RequestOptions): PagePromise<Summary> {
    return this._page('list', params, options);
  }

  /**
   * Downloads the SummaryDocuments XML sent to SUNAT.
   *
   * ```ts
   * const xml = await client.summaries.xml('sum_8KqL1s');
   * ```
   */
  xml(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('xml', { params: { id } }, options);
  }

  /**
   * Downloads SUNAT's CDR of the summary (a 404 `not_found` until SUNAT answered its ticket).
   *
   * ```ts
   * const cdr = await client.summaries.cdr('sum_8KqL1s');
   * ```
   */
  cdr(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('cdr', { params: { id } }, options);
  }
}
