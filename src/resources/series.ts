import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { Series, SeriesCreateParams, SeriesUpdateParams } from '../models/series.js';
import { ListParams } from '../models/shared.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.series`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const seriesOperations = {
  create: { name: 'series.create', method: 'POST', path: '/v1/series', body: SeriesCreateParams, responses: { 201: Series } },
  retrieve: { name: 'series.retrieve', method: 'GET', path: '/v1/series/{id}', responses: { 200: Series } },
  update: { name: 'series.update', method: 'PATCH', path: '/v1/series/{id}', body: SeriesUpdateParams, responses: { 200: Series } },
  list: { name: 'series.list', method: 'GET', path: '/v1/series', query: ListParams, list: Series },
} as const satisfies Record<string, Operation>;

/**
 * The series (`ser_`) your documents are numbered in, one per document type: `F001` for
 * facturas, `B001` for boletas. Reach it as `client.series`.
 */
export class SeriesResource extends APIResource {
  /**
   * Registers a series for a document type.
   *
   * ```ts
   * const series = await client.series.create({ series: 'F002', documentType: '01' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: SeriesCreateParams, options?: RequestOptions): APIPromise<Series> {
    return this._do(seriesOperations.create, { body }, options);
  }

  /**
   * Fetches one series by its `ser_` id, with the number its next document gets.
   *
   * ```ts
   * const { nextNumber } = await client.series.retrieve('ser_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Series> {
    return this._do(seriesOperations.retrieve, { params: { id } }, options);
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
    return this._do(seriesOperations.update, { params: { id }, body }, options);
  }

  /**
   * Lists series newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const s of client.series.list()) console.log(s.series, s.documentType, s.nextNumber);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<Series> {
    return this._page(seriesOperations.list, params, options);
  }
}
