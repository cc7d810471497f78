/**
 * The routes of `summaries` (src/operations/summaries.ts) over the sandbox's resúmenes diarios.
 *
 * @module
 */
import { summariesOperations } from '../../operations/summaries.js';
import { MockAPIError } from '../middleware/problem.js';
import { renderCdr } from '../render/cdr.js';
import { ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `summariesOperations`: a summary, a list filtered by status, document and reference date, its XML, and its CDR once SUNAT answered. */
export function summariesRoutes({ tickets }: SandboxState): MockRoute[] {
  return [
    route(summariesOperations.list, (ctx) => {
      const { limit, cursor, status, documentId, referenceDate } = ctx.query();
      return ok(
        tickets.summaries.list(
          limit ?? 25,
          cursor,
          (s) =>
            (status === undefined || s.status === status) &&
            (documentId === undefined || s.lines.some((line) => line.documentId === documentId)) &&
            (referenceDate === undefined || s.referenceDate === referenceDate),
        ),
      );
    }),
    route(summariesOperations.retrieve, (ctx) => ok(tickets.summaries.get(ctx.param('id')))),
    route(
      summariesOperations.xml,
      (ctx) => new Response(tickets.xml(tickets.summaries, ctx.param('id')), { status: 200, headers: { 'Content-Type': 'application/xml' } }),
    ),
    route(summariesOperations.cdr, (ctx) => {
      const summary = tickets.summaries.get(ctx.param('id'));
      if (summary.status === 'pending') throw new MockAPIError(404, 'not_found', `SUNAT has not answered the ticket of ${summary.identifier} yet: there is no CDR`);
      return new Response(renderCdr({ fullNumber: summary.identifier, issueDate: summary.issueDate, taxAuthority: summary.taxAuthority }), {
        status: 200,
        headers: { 'Content-Type': 'application/xml' },
      });
    }),
  ];
}
