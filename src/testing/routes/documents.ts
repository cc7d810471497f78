/**
 * The routes of `documents` (src/operations/documents.ts) over the sandbox's document store.
 *
 * @module
 */
import { documentsOperations } from '../../operations/documents.js';
import { replayable } from '../middleware/idempotency.js';
import { MockAPIError, validationError } from '../middleware/problem.js';
import { renderCdr } from '../render/cdr.js';
import { renderPdf } from '../render/pdf.js';
import { calendarDate } from '../routing/input.js';
import { jsonResponse } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { presentDocument } from '../store/document-version.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `documentsOperations`, over the sandbox's documents. */
export function documentsRoutes({ documents: store, series }: SandboxState): MockRoute[] {
  return [
    route(documentsOperations.create, (ctx) => {
      const params = ctx.input();
      // A series registered for the type but retired (`active: false`) takes no new document.
      if (series.all().some((s) => s.series === params.series && s.documentType === params.type && !s.active)) {
        throw validationError([
          { path: 'series', code: 'invalid_status', message: `${params.series} is not active for type ${params.type}: reactivate it (series.update) or use another` },
        ]);
      }
      const { version, signedXml } = store.create(params, ctx.url.origin);
      // The first answer carries the XML the create rendered; a replay (kept 24 hours) renders it again rather than keep it.
      let rendered: string | undefined = signedXml;
      return replayable(() => {
        const answer = jsonResponse(version.status === 'pending' ? 202 : 201, presentDocument(version, rendered));
        rendered = undefined;
        return answer;
      });
    }),
    route(documentsOperations.list, (ctx) => {
      const filters = ctx.query();
      return jsonResponse(
        200,
        store.list({ ...filters, limit: filters.limit ?? 25, issuedFrom: calendarDate(filters.issuedFrom), issuedTo: calendarDate(filters.issuedTo) }),
      );
    }),
    route(documentsOperations.retrieve, (ctx) => jsonResponse(200, store.get(ctx.param('id')))),
    route(documentsOperations.xml, (ctx) => {
      const doc = store.get(ctx.param('id'));
      return new Response(doc.signedXml, { status: 200, headers: { 'Content-Type': 'application/xml' } });
    }),
    route(documentsOperations.cdr, (ctx) => {
      const doc = store.get(ctx.param('id'));
      if (doc.taxAuthority.code === null) {
        throw new MockAPIError(404, 'not_found', `SUNAT has not answered for ${doc.fullNumber} yet: there is no CDR`);
      }
      return new Response(renderCdr(doc), { status: 200, headers: { 'Content-Type': 'application/xml' } });
    }),
    route(documentsOperations.pdf, (ctx) => {
      const doc = store.get(ctx.param('id'));
      const pdf = renderPdf(doc, ctx.query().format ?? 'a4');
      return new Response(pdf, {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.byteLength) },
      });
    }),
    route(documentsOperations.void, (ctx) => {
      store.get(ctx.param('id')); // 404 before 422
      return jsonResponse(200, store.void(ctx.param('id'), ctx.input().reason));
    }),
    route(documentsOperations.resend, (ctx) => jsonResponse(200, store.resend(ctx.param('id')))),
    route(documentsOperations.email, (ctx) => {
      const doc = store.get(ctx.param('id')); // 404 before 422
      ctx.input();
      ctx.subject = { type: doc.object, id: doc.id };
      return jsonResponse(200, { sent: true });
    }),
  ];
}
