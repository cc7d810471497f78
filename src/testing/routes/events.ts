/**
 * The routes of `events` (src/operations/events.ts) over the sandbox's events, and the
 * sandbox's own `GET /v1/events/{id}/deliveries`: an event's delivery log.
 *
 * @module
 */
import type { Operation } from '../../core/operation.js';
import { eventsOperations } from '../../operations/events.js';
import { ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { subjectId } from '../store/events.js';
import type { SandboxState } from '../store/sandbox-state.js';

/**
 * The delivery log of one event: every attempt to deliver it to a webhook endpoint, newest first,
 * with the receiver's status, why it failed and when the next attempt is due (docs/contract.md
 * §7). The sandbox's own, to rehearse retries and deduplication: not an operation of the API, so
 * it has no SDK method (`client.request('GET', '/v1/events/{id}/deliveries')` reaches it) and is
 * not declared in src/operations/.
 */
export const eventDeliveriesOperation = { name: 'events.deliveries', method: 'GET', path: '/v1/events/{id}/deliveries' } as const satisfies Operation;

/** The routes of `eventsOperations`: a list filtered by type (one or several) and by document; and the delivery log. */
export function eventsRoutes({ events, deliveries }: SandboxState): MockRoute[] {
  return [
    route(eventsOperations.list, (ctx) => {
      const { limit, cursor, type, documentId } = ctx.query();
      const types = type === undefined ? undefined : [type].flat();
      const page = events.list(limit ?? 25, cursor, (e) => (types === undefined || types.includes(e.type)) && (documentId === undefined || subjectId(e) === documentId));
      return ok(page);
    }),
    route(eventsOperations.retrieve, (ctx) => ok(events.get(ctx.param('id')))),
    route(eventDeliveriesOperation, (ctx) => {
      const { id } = events.get(ctx.param('id'));
      return ok({ object: 'list', data: deliveries.attemptsOf(id), hasMore: false, nextCursor: null });
    }),
  ];
}
