/**
 * The routes of `retentions` (src/operations/retentions.ts) over the sandbox's store of
 * comprobantes de retención; `agentReceiptRoutes` serves perceptions the same way
 * (routes/perceptions.ts).
 *
 * @module
 */
import type { perceptionsOperations } from '../../operations/perceptions.js';
import { retentionsOperations } from '../../operations/retentions.js';
import { renderCdr } from '../render/cdr.js';
import { renderPdf } from '../render/pdf.js';
import { calendarDate } from '../routing/input.js';
import { jsonResponse } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import type { PerceptionStore, RetentionStore } from '../store/agent-receipts.js';
import type { SandboxState } from '../store/sandbox-state.js';

/**
 * The routes of a family's operations over its store: create (201, accepted at once), retrieve, list
 * (filters series, status, the other party's RUC, issue dates), the XML, PDF and CDR, and void (a
 * resumen de reversiones).
 */
export function agentReceiptRoutes(
  operations: typeof retentionsOperations | typeof perceptionsOperations,
  store: RetentionStore | PerceptionStore,
  total: (receipt: ReturnType<RetentionStore['get']> | ReturnType<PerceptionStore['get']>) => number,
): MockRoute[] {
  return [
    route(operations.create, (ctx) => {
      const receipt = (store as RetentionStore).create(ctx.input() as Parameters<RetentionStore['create']>[0], ctx.url.origin);
      ctx.subject = { type: receipt.object, id: receipt.id };
      // The sandbox's SUNAT answers a comprobante at once: a 201, never the 202 of one still pending.
      return jsonResponse(201, receipt);
    }),
    route(operations.list, (ctx) => {
      const filters = ctx.query();
      return jsonResponse(
        200,
        store.list({ ...filters, limit: filters.limit ?? 25, issuedFrom: calendarDate(filters.issuedFrom), issuedTo: calendarDate(filters.issuedTo) }),
      );
    }),
    route(operations.retrieve, (ctx) => jsonResponse(200, store.get(ctx.param('id')))),
    route(operations.xml, (ctx) => new Response(store.get(ctx.param('id')).signedXml, { status: 200, headers: { 'Content-Type': 'application/xml' } })),
    // SUNAT answered every comprobante of the sandbox when it was issued: each has its CDR.
    route(operations.cdr, (ctx) => new Response(renderCdr(store.get(ctx.param('id'))), { status: 200, headers: { 'Content-Type': 'application/xml' } })),
    route(operations.void, (ctx) => {
      store.get(ctx.param('id')); // 404 before 422
      return jsonResponse(200, store.void(ctx.param('id'), ctx.input().reason));
    }),
    route(operations.pdf, (ctx) => {
      const receipt = store.get(ctx.param('id'));
      const pdf = renderPdf({ fullNumber: receipt.fullNumber, currency: 'PEN', totals: { total: total(receipt) } }, 'a4');
      return new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.byteLength) } });
    }),
  ];
}

/** The routes of `retentionsOperations`, over the sandbox's comprobantes de retención. */
export function retentionsRoutes({ retentions }: SandboxState): MockRoute[] {
  return agentReceiptRoutes(retentionsOperations, retentions, (receipt) => (receipt.object === 'retention' ? receipt.totals.retained : 0));
}
