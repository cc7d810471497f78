/**
 * The routes of `despatches` (src/operations/despatches.ts) over the sandbox's guías de remisión.
 *
 * @module
 */
import { despatchesOperations } from '../../operations/despatches.js';
import { MockAPIError } from '../middleware/problem.js';
import { renderCdr } from '../render/cdr.js';
import { pdfPage } from '../render/pdf.js';
import { calendarDate } from '../routing/input.js';
import { jsonResponse } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import type { SandboxState } from '../store/sandbox-state.js';

const xml = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'application/xml' } });

/**
 * The routes of `despatchesOperations`: create (202, `pending` with SUNAT's ticket), retrieve, list
 * (filters type, series, status, issue dates), the XML, the PDF, and the CDR once SUNAT answered.
 */
export function despatchesRoutes({ despatches }: SandboxState): MockRoute[] {
  return [
    route(despatchesOperations.create, (ctx) => {
      return jsonResponse(202, despatches.create(ctx.input(), ctx.url.origin));
    }),
    route(despatchesOperations.list, (ctx) => {
      const filters = ctx.query();
      return jsonResponse(
        200,
        despatches.list({ ...filters, limit: filters.limit ?? 25, issuedFrom: calendarDate(filters.issuedFrom), issuedTo: calendarDate(filters.issuedTo) }),
      );
    }),
    route(despatchesOperations.retrieve, (ctx) => jsonResponse(200, despatches.get(ctx.param('id')))),
    route(despatchesOperations.xml, (ctx) => xml(despatches.get(ctx.param('id')).signedXml)),
    route(despatchesOperations.cdr, (ctx) => {
      const despatch = despatches.get(ctx.param('id'));
      if (despatch.status === 'pending') throw new MockAPIError(404, 'not_found', `SUNAT has not answered the ticket of ${despatch.fullNumber} yet: there is no CDR`);
      return xml(renderCdr(despatch));
    }),
    route(despatchesOperations.pdf, (ctx) => {
      const despatch = despatches.get(ctx.param('id'));
      const pdf = pdfPage(`${despatch.fullNumber} ${despatch.grossWeight.toFixed(3)} ${despatch.weightUnit}`, 'a4');
      return new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.byteLength) } });
    }),
  ];
}
