/**
 * The operations of `client.series`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { Series, SeriesCreateParams, SeriesUpdateParams } from '../models/series.js';
import { ListParams } from '../models/shared.js';

/** The operations of `client.series`, by method name. */
export const seriesOperations = {
  create: { name: 'series.create', method: 'POST', path: '/v1/series', body: SeriesCreateParams, responses: { 201: Series } },
  retrieve: { name: 'series.retrieve', method: 'GET', path: '/v1/series/{id}', responses: { 200: Series } },
  update: { name: 'series.update', method: 'PATCH', path: '/v1/series/{id}', body: SeriesUpdateParams, responses: { 200: Series } },
  list: { name: 'series.list', method: 'GET', path: '/v1/series', query: ListParams, list: Series },
} as const satisfies Record<string, Operation>;
