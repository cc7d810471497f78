import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { Series, SeriesCreateParams, SeriesUpdateParams } from '../models/series.js';
import type { ListParams } from '../models/shared.js';
import { APIResource, loadOperations } from './resource.js';
import type { seriesOperations } from '../operations/series.js';

const operations = () => loadOperations().then((m) => m.seriesOperations);

/**
 * The series (`ser_`) your documents are numbered in, one per document type: `F001` for
 * facturas, `B001` for boletas. Reach it as `client.series`.
 */
export class SeriesResource extends APIResource<typeof seriesOperations> {
  protected readonly _operations = operations;

  /**
   * Registers a series for a document type.
   *
   * ```ts
   * const series = await client.series.create({ series: 'F002', documentType: '01' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: SeriesCreateParams, options?: RequestOptions): APIPromise<Series> {
    return this._do('create', { body }, options);
  }

  /**
   * Fetches one series by its `ser_` id, with the number its next document gets.
   *
   * ```ts
   * const { nextNumber } = await client.series.retrieve('ser_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Series> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Changes the given fields of a series, e.g. retires it.
   *
   * ```ts
   * await client.series.update('ser_8KqL1s', { active: false });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  update(id: string, body: SeriesUpdateParams, options?: RequestOptions): APIPromise<Series> {
    return this._do('update', { params: { id }, body }, options);
  }

  /**
   * Lists series newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const s of client.series.list()) console.log(s.series, s.documentType, s.nextNumber);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<Series> {
    return this._page('list', params, options);
  }
}
