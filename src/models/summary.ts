import * as z from 'zod/mini';
import { TaxAuthorityStatus } from './document.js';
import { CalendarDate, ListParams, Timestamp, looseObject, openEnum, text, type Closed } from './shared.js';
import { TicketStatus } from './voiding.js';

/** One document a summary carries (a `sac:SummaryDocumentsLine`). */
export const SummaryLine = looseObject({
  /** The line's number in the summary, from 1 (`cbc:LineID`). */
  lineId: z.int().check(z.gte(1)),
  /** The document (`doc_`). */
  documentId: z.string(),
  /** Its catálogo 01 type: `03` boleta, or a `07`/`08` nota on a `B` series. */
  type: z.string(),
  /** Its number, e.g. `B001-8`. */
  fullNumber: z.string(),
  /** Catálogo 19, what the line does with the document: `1` adds it, `2` modifies it, `3` voids it. */
  condition: openEnum(['1', '2', '3']),
  /** The document's total (`sac:TotalAmount`), in its currency. */
  total: z.number(),
});
/**
 * One document a summary carries (a `sac:SummaryDocumentsLine`).
 *
 * @interface
 */
export type SummaryLine = Closed<z.output<typeof SummaryLine>>;

/**
 * A resumen diario (`sum_`): the `RC` through which SUNAT receives boletas and their notas. A
 * boleta or a nota on a `B` series is voided by a line of condition `3` in one (RA refuses them,
 * SUNAT's 2308), and, when the account's `boletaReporting` is `'summary'`, reported by a line of
 * condition `1` in the one of its issue date (the document's `summaryId`). The service makes and
 * sends it; SUNAT answers it through a ticket. Unknown fields are kept.
 */
export const Summary = looseObject({
  /** Identifier: `sum_` followed by an opaque part. */
  id: z.string(),
  /** Always `summary`. */
  object: z.literal('summary'),
  /** Always `RC`. */
  kind: openEnum(['RC']),
  /** SUNAT's identifier, also part of its file name: `RC-YYYYMMDD-n` (the issue date, then the day's correlative; never reused). */
  identifier: z.string(),
  /** The day it was generated, `YYYY-MM-DD` in Lima. */
  issueDate: CalendarDate,
  /** The issue date of the documents it carries, `YYYY-MM-DD`. */
  referenceDate: CalendarDate,
  /** The documents it carries. */
  lines: z.array(SummaryLine),
  /** `pending`, `accepted` or `rejected`; see {@link TicketStatus}. */
  status: TicketStatus,
  /** SUNAT's ticket (numTicket) from sendSummary: what getStatus is asked about; `null` before sending. */
  ticket: z.nullable(z.string()),
  /** SUNAT's answer to the ticket: its CDR's ResponseCode, or the getStatus code of an `exception` (`0127`, ticket unknown). */
  taxAuthority: TaxAuthorityStatus,
  /** When it was created, ISO 8601 UTC. */
  createdAt: Timestamp,
  /** When it last changed, ISO 8601 UTC. */
  updatedAt: Timestamp,
});
/**
 * A resumen diario (`sum_`): the `RC` through which SUNAT receives boletas and their notas. A
 * boleta or a nota on a `B` series is voided by a line of condition `3` in one (RA refuses them,
 * SUNAT's 2308), and, when the account's `boletaReporting` is `'summary'`, reported by a line of
 * condition `1` in the one of its issue date (the document's `summaryId`). The service makes and
 * sends it; SUNAT answers it through a ticket. Unknown fields are kept.
 *
 * @interface
 */
export type Summary = Closed<z.output<typeof Summary>>;

const summaryFilters = {
  /** Only summaries in this status. */
  status: z.optional(TicketStatus),
  /** Only summaries that carry this document (`doc_`), up to 255 characters. */
  documentId: z.optional(text(0, 255)),
  /** Only summaries of documents issued on this day, `YYYY-MM-DD`. */
  referenceDate: z.optional(CalendarDate),
};
// Its type names the two shapes it spreads, so that the declarations keep the docs of `limit` and `cursor`.
/** Filters of `summaries.list`. */
export const SummaryListParams: z.ZodMiniObject<typeof ListParams.shape & typeof summaryFilters, z.core.$loose> = looseObject({
  ...ListParams.shape,
  ...summaryFilters,
});
/**
 * Filters of `summaries.list`.
 *
 * @interface
 */
export type SummaryListParams = Closed<z.input<typeof SummaryListParams>>;
