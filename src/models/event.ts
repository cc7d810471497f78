import * as z from 'zod/mini';
import { Document } from './document.js';
import { PerceptionReceipt } from './perception.js';
import { RetentionReceipt } from './retention.js';
import { ListParams, Timestamp, openEnum, text, looseObject, type Closed } from './shared.js';

/** The kinds of event the API emits about a document (facturas, boletas, notas); see {@link EVENT_TYPES}. */
export const DOCUMENT_EVENT_TYPES = [
  'document.created',
  'document.accepted',
  'document.rejected',
  'document.retry_scheduled',
  'document.failed',
  'document.voided',
] as const;

/** The kinds of event the API emits about a comprobante de retención; see {@link EVENT_TYPES}. */
export const RETENTION_EVENT_TYPES = ['retention.accepted', 'retention.rejected', 'retention.voided'] as const;

/** The kinds of event the API emits about a comprobante de percepción; see {@link EVENT_TYPES}. */
export const PERCEPTION_EVENT_TYPES = ['perception.accepted', 'perception.rejected', 'perception.voided'] as const;

/**
 * The kinds of event the API emits, each about a document, a retention or a perception:
 * - `document.created`: issued and queued for SUNAT;
 * - `document.accepted`: SUNAT accepted it (possibly with observations);
 * - `document.rejected`: SUNAT rejected it; its number is used up;
 * - `document.retry_scheduled`: SUNAT failed and the service will try again (`taxAuthority.nextAttemptAt`);
 * - `document.failed`: automatic retries ran out (`documents.resend` starts again);
 * - `document.voided`: SUNAT accepted the voiding (comunicación de baja);
 * - `retention.accepted`: SUNAT accepted a comprobante de retención;
 * - `retention.rejected`: SUNAT rejected a comprobante de retención; its number is used up;
 * - `retention.voided`: SUNAT accepted the reversión of a comprobante de retención;
 * - `perception.accepted`: SUNAT accepted a comprobante de percepción;
 * - `perception.rejected`: SUNAT rejected a comprobante de percepción; its number is used up;
 * - `perception.voided`: SUNAT accepted the reversión of a comprobante de percepción.
 */
export const EVENT_TYPES = [...DOCUMENT_EVENT_TYPES, ...RETENTION_EVENT_TYPES, ...PERCEPTION_EVENT_TYPES] as const;

/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/** What an event of each type is about: its `data.object`. */
export interface EventObjects
  extends Record<(typeof DOCUMENT_EVENT_TYPES)[number], Document>,
    Record<(typeof RETENTION_EVENT_TYPES)[number], RetentionReceipt>,
    Record<(typeof PERCEPTION_EVENT_TYPES)[number], PerceptionReceipt> {}

/**
 * An event: what a webhook delivers and what `events.retrieve` returns. Delivery is at least
 * once, so receivers deduplicate on `id`. Types added later are accepted too.
 */
export const Event = looseObject({
  /** Identifier: `evt_` followed by an opaque part. Deduplicate on it. */
  id: z.string(),
  /** Always `event`. */
  object: z.literal('event'),
  /** What happened; see {@link EVENT_TYPES}. */
  type: openEnum(EVENT_TYPES),
  /** When it happened (ISO 8601, UTC), e.g. `2026-11-21T15:04:05Z`. */
  createdAt: Timestamp,
  /** What the event is about: `object`, the document (or retention, perception) as it was when the event happened. */
  data: looseObject({ object: z.union([Document, RetentionReceipt, PerceptionReceipt]) }),
});
/**
 * An event: what a webhook delivers and what `events.retrieve` returns. Delivery is at least
 * once, so receivers deduplicate on `id`. Types added later are accepted too.
 *
 * @interface
 */
export type Event = Closed<z.output<typeof Event>>;

/**
 * An event of a type this SDK version does not know yet (a `resource.action` string), typed as
 * carrying a `Document`: check `data.object.object` before reading it, a later type may be about
 * something else. Its `type` is a template literal type rather than `string`, so that narrowing a
 * {@link WebhookEvent} on a known `type` still narrows `data.object`.
 */
export type UnknownWebhookEvent = Omit<Event, 'type' | 'data'> & { type: `${string}.${string}`; data: { object: Document } };

/**
 * A verified webhook event, as a union discriminated on `type`: narrowing on
 * `event.type === 'document.accepted'` gives `event.data.object` as a {@link Document}. On
 * `'retention.accepted'` it gives a {@link RetentionReceipt} or (for the {@link UnknownWebhookEvent}
 * a later type could be) a `Document`: narrow on `event.data.object.object === 'retention'` to read
 * it. Types added later arrive as {@link UnknownWebhookEvent}, so a `default` branch is not `never`.
 */
export type WebhookEvent = { [K in EventType]: Omit<Event, 'type' | 'data'> & { type: K; data: { object: EventObjects[K] } } }[EventType] | UnknownWebhookEvent;

const eventFilters = {
  /** One event type, or several (sent as a repeated parameter). */
  type: z.optional(z.union([Event.shape.type, z.array(Event.shape.type)])),
  /** Only events about this document (`doc_` id), up to 255 characters. */
  documentId: z.optional(text(0, 255)),
};
// Its type names the two shapes it spreads, so that the declarations keep the docs of `limit` and `cursor`.
/** Filters of `events.list`. */
export const EventListParams: z.ZodMiniObject<typeof ListParams.shape & typeof eventFilters, z.core.$loose> = looseObject({
  ...ListParams.shape,
  ...eventFilters,
});
/**
 * Filters of `events.list`.
 *
 * @interface
 */
export type EventListParams = Closed<z.input<typeof EventListParams>>;
