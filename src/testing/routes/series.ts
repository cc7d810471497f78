/**
 * The routes of `series` (src/operations/series.ts) over the sandbox's series.
 *
 * @module
 */
import { seriesOperations } from '../../operations/series.js';
import { MockAPIError } from '../middleware/problem.js';
import { jsonResponse, listed, ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { created } from '../store/ids.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `seriesOperations`, over the sandbox's series: one per document type and series, its `nextNumber` read from the documents. */
export function seriesRoutes({ series }: SandboxState): MockRoute[] {
  return [
    route(seriesOperations.create, (ctx) => {
      const params = ctx.input();
      if (series.all().some((s) => s.series === params.series && s.documentType === params.documentType)) {
        throw new MockAPIError(422, 'validation_error', `series: ${params.series} is already registered for type ${params.documentType}`, [
          { path: 'series', code: 'custom', message: 'is already registered for this document type' },
        ]);
      }
      return jsonResponse(201, series.insert({ active: true, ...params, ...created('ser_', 'series'), nextNumber: 1 }));
    }),
    route(seriesOperations.list, (ctx) => listed(series, ctx.query())),
    route(seriesOperations.retrieve, (ctx) => ok(series.get(ctx.param('id')))),
    route(seriesOperations.update, (ctx) => ok(series.update(ctx.param('id'), ctx.input(), ['nextNumber']))),
  ];
}
