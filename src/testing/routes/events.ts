/**
 * The routes of `events` (src/operations/events.ts) over the sandbox's events.
 *
 * @module
 */
import { eventsOperations } from '../../operations/events.js';
import { ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `eventsOperations`: a list filtered by type (one or several) and by document. */
export function eventsRoutes({ events }: SandboxState): MockRoute[] {
  return [
    route(eventsOperations.list, (ctx) => {
      const { limit, cursor, type, documentId } = ctx.query();
      const types = type === undefined ? undefined : [type].flat();
      const page = events.list(limit ?? 25, cursor, (e) => (types === undefined || types.includes(e.type)) && (documentId === undefined || e.document.id === documentId));
      return ok(page);
    }),
    route(eventsOperations.retrieve, (ctx) => ok(events.get(ctx.param('id')))),
  ];
}
