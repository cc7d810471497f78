/**
 * The routes of `voidings` (src/operations/voidings.ts) over the sandbox's comunicaciones de baja.
 *
 * @module
 */
import { voidingsOperations } from '../../operations/voidings.js';
import { MockAPIError } from '../middleware/problem.js';
import { renderCdr } from '../render/cdr.js';
import { ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `voidingsOperations`: a voiding, a list filtered by kind, status, document and reference date, its XML, and its CDR once SUNAT answered. */
export function voidingsRoutes({ tickets }: SandboxState): MockRoute[] {
  return [
    route(voidingsOperations.list, (ctx) => {
      const { limit, cursor, kind, status, documentId, referenceDate } = ctx.query();
      return ok(
        tickets.voidings.list(
          limit ?? 25,
          cursor,
          (v) =>
            (kind === undefined || v.kind === kind) &&
            (status === undefined || v.status === status) &&
            (documentId === undefined || v.lines.some((line) => line.documentId === documentId)) &&
            (referenceDate === undefined || v.referenceDate === referenceDate),
        ),
      );
    }),
    route(voidingsOperations.retrieve, (ctx) => ok(tickets.voidings.get(ctx.param('id')))),
    route(voidingsOperations.xml, (ctx) => new Response(tickets.xml(tickets.voidings, ctx.param('id')), { status: 200, headers: { 'Content-Type': 'application/xml' } })),
    route(voidingsOperations.cdr, (ctx) => {
      const voiding = tickets.voidings.get(ctx.param('id'));
      if (voiding.status === 'pending') throw new MockAPIError(404, 'not_found', `SUNAT has not answered the ticket of ${voiding.identifier} yet: there is no CDR`);
      return new Response(renderCdr({ fullNumber: voiding.identifier, issueDate: voiding.issueDate, taxAuthority: voiding.taxAuthority }), {
        status: 200,
        headers: { 'Content-Type': 'application/xml' },
      });
    }),
  ];
}
