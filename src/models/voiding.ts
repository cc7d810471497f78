import * as z from 'zod/mini';
import { TaxAuthorityStatus } from './document.js';
import { CalendarDate, ListParams, Timestamp, looseObject, openEnum, text, type Closed } from './shared.js';

/**
 * Where a voiding or a summary is in SUNAT's asynchronous flow (sendSummary, then getStatus of
 * its ticket): `pending` (sent; SUNAT answers `98`, in process, or has not answered), `accepted`
 * or `rejected` (its CDR). Values added by later API versions are accepted too.
 */
export const TicketStatus = openEnum(['pending', 'accepted', 'rejected']);
/** Where a voiding or a summary is in SUNAT's ticket flow: `pending`, `accepted` or `rejected`. */
export type TicketStatus = z.output<typeof TicketStatus>;

/** One document a voiding carries (a `cac:VoidedDocumentsLine`). */
export const VoidingLine = looseObject({
  /** The line's number in the voiding, from 1 (`cbc:LineID`). */
  lineId: z.int().check(z.gte(1)),
  /** The voided document (`doc_`). */
  documentId: z.string(),
  /** Its catálogo 01 type: `01`, `07` or `08` in an RA, `20` or `40` in an RR. */
  type: z.string(),
  /** Its number, e.g. `F001-12`. */
  fullNumber: z.string(),
  /** Why it is voided (`cbc:VoidReasonDescription`): the `reason` given to `documents.void` (or a retention's or perception's `void`). */
  reason: z.string(),
});
/**
 * One document a voiding carries (a `cac:VoidedDocumentsLine`).
 *
 * @interface
 */
export type VoidingLine = Closed<z.output<typeof VoidingLine>>;

/**
 * A comunicación de baja (`void_`): the `RA` SUNAT receives when a factura or a nota on an `F`
 * series is voided (`documents.void`), or the `RR` (resumen de reversiones) of a voided
 * comprobante de retención or percepción. The service makes and sends it; SUNAT answers it
 * through a ticket. Unknown fields are kept.
 */
export const Voiding = looseObject({
  /** Identifier: `void_` followed by an opaque part. */
  id: z.string(),
  /** Always `voiding`. */
  object: z.literal('voiding'),
  /** `RA`, a comunicación de baja (facturas and their notas); `RR` (resumen de reversiones) is for retentions and perceptions. */
  kind: openEnum(['RA', 'RR']),
  /** SUNAT's identifier, also part of its file name: `RA-YYYYMMDD-n` (the issue date, then the day's correlative; never reused). */
  identifier: z.string(),
  /** The day it was generated, `YYYY-MM-DD` in Lima. */
  issueDate: CalendarDate,
  /** The issue date of the documents it voids, `YYYY-MM-DD`. */
  referenceDate: CalendarDate,
  /** The documents it voids. */
  lines: z.array(VoidingLine),
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
 * A comunicación de baja (`void_`): the `RA` SUNAT receives when a factura or a nota on an `F`
 * series is voided (`documents.void`), or the `RR` (resumen de reversiones) of a voided
 * comprobante de retención or percepción. The service makes and sends it; SUNAT answers it
 * through a ticket. Unknown fields are kept.
 *
 * @interface
 */
export type Voiding = Closed<z.output<typeof Voiding>>;

const voidingFilters = {
  /** Only voidings of this kind: `RA` or `RR`. */
  kind: z.optional(z.enum(['RA', 'RR'])),
  /** Only voidings in this status. */
  status: z.optional(TicketStatus),
  /** Only the voiding of this document (`doc_`), up to 255 characters. */
  documentId: z.optional(text(0, 255)),
  /** Only voidings of documents issued on this day, `YYYY-MM-DD`. */
  referenceDate: z.optional(CalendarDate),
};
// Its type names the two shapes it spreads, so that the declarations keep the docs of `limit` and `cursor`.
/** Filters of `voidings.list`. */
export const VoidingListParams: z.ZodMiniObject<typeof ListParams.shape & typeof voidingFilters, z.core.$loose> = looseObject({
  ...ListParams.shape,
  ...voidingFilters,
});
/**
 * Filters of `voidings.list`.
 *
 * @interface
 */
export type VoidingListParams = Closed<z.input<typeof VoidingListParams>>;
