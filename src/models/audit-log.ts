import * as z from 'zod/mini';
import { DateFilter, ListParams, Timestamp, openEnum, text, looseObject, type Closed } from './shared.js';

/** One entry of the audit log (`log_`): who did what to which object, from where. Unknown fields are kept. */
export const AuditLog = looseObject({
  /** Identifier: `log_` followed by an opaque part. */
  id: z.string(),
  object: z.literal('audit_log'),
  /** Who acted: an API key (`key_` id) or a user of the dashboard. */
  actor: looseObject({ type: openEnum(['api_key', 'user']), id: z.string() }),
  /** What was done, named after the SDK method, e.g. `documents.create`. */
  action: z.string(),
  /** The object acted on, e.g. `{ type: 'document', id: 'doc_8KqL1s' }`. */
  resource: looseObject({ type: z.string(), id: z.string() }),
  /** The IP address the request came from. */
  ip: z.string(),
  /** The `Request-Id` of the request. */
  requestId: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/**
 * One entry of the audit log (`log_`): who did what to which object, from where. Unknown fields are kept.
 *
 * @interface
 */
export type AuditLog = Closed<z.output<typeof AuditLog>>;

const auditLogFilters = {
  /** Only entries by this actor (`key_` or user id), up to 255 characters. */
  actor: z.optional(text(0, 255)),
  /** Only entries of this action, e.g. `documents.void`, up to 100 characters. */
  action: z.optional(text(0, 100)),
  /** Entries on or after this day. */
  from: z.optional(DateFilter),
  /** Entries on or before this day. */
  to: z.optional(DateFilter),
};
// Its type names the two shapes it spreads, so that the declarations keep the docs of `limit` and `cursor`.
/** Filters of `auditLogs.list`. */
export const AuditLogListParams: z.ZodMiniObject<typeof ListParams.shape & typeof auditLogFilters, z.core.$loose> = looseObject({
  ...ListParams.shape,
  ...auditLogFilters,
});
/**
 * Filters of `auditLogs.list`.
 *
 * @interface
 */
export type AuditLogListParams = Closed<z.input<typeof AuditLogListParams>>;
