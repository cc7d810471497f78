/**
 * The routes of `series` (src/operations/series.ts) over the sandbox's series.
 *
 * @module
 */
import type { Series } from '../../models/series.js';
import { seriesOperations } from '../../operations/series.js';
import { MockAPIError } from '../middleware/problem.js';
import { jsonResponse, listed, ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { created } from '../store/ids.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** A 422 when `series` is already registered for `documentType` by a series other than `except` (docs/contract.md §5). */
function refuseRegistered(all: readonly Series[], series: string, documentType: string, except?: string): void {
  if (all.some((s) => s.series === series && s.documentType === documentType && s.id !== except)) {
    throw new MockAPIError(422, 'validation_error', `series: ${series} is already registered for type ${documentType}`, [
      { path: 'series', code: 'custom', message: 'is already registered for this document type' },
    ]);
  }
}

/** The routes of `seriesOperations`, over the sandbox's series: one per document type and series, its `nextNumber` read from the documents. */
export function seriesRoutes({ series }: SandboxState): MockRoute[] {
  return [
    route(seriesOperations.create, (ctx) => {
      const params = ctx.input();
      refuseRegistered(series.all(), params.series, params.documentType);
      return jsonResponse(201, series.insert({ active: true, ...params, ...created('ser_', 'series'), nextNumber: 1 }));
    }),
    route(seriesOperations.list, (ctx) => listed(series, ctx.query())),
    route(seriesOperations.retrieve, (ctx) => ok(series.get(ctx.param('id')))),
    route(seriesOperations.update, (ctx) => {
      const current = series.get(ctx.param('id'));
      const changes = ctx.input();
      // An update that renames the series, or moves it to another type, may not take one registered.
      refuseRegistered(series.all(), changes.series ?? current.series, changes.documentType ?? current.documentType, current.id);
      return ok(series.update(current.id, changes, ['nextNumber']));
    }),
  ];
}
