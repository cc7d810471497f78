import * as z from 'zod/mini';
import { Document } from './document.js';
import { ListParams, Timestamp, openEnum, text, looseObject, type Closed } from './shared.js';

/**
 * The kinds of event the API emits, each about a document:
 * - `document.created`: issued and queued for SUNAT;
 * - `document.accepted`: SUNAT accepted it (possibly with observations);
 * - `document.rejected`: SUNAT rejected it; its number is used up;
 * - `document.retry_scheduled`: SUNAT failed and the service will try again (`taxAuthority.nextAttemptAt`);
 * - `document.failed`: automatic retries ran out (`documents.resend` starts again);
 * - `document.voided`: SUNAT accepted the voiding (comunicación de baja).
 */
export const EVENT_TYPES = ['document.created', 'document.accepted', 'document.rejected', 'document.retry_scheduled', 'document.failed', 'document.voided'] as const;

/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

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
  /** What the event is about: `object`, the document as it was when the event happened. */
  data: looseObject({ object: Document }),
});
/**
 * An event: what a webhook delivers and what `events.retrieve` returns. Delivery is at least
 * once, so receivers deduplicate on `id`. Types added later are accepted too.
 *
 * @interface
 */
export type Event = Closed<z.output<typeof Event>>;

/** An event of a type this SDK version does not know yet: it still carries a `Document`. */
export type UnknownWebhookEvent = Omit<Event, 'type'> & { type: string & {} };

/**
 * A verified webhook event, as a union discriminated on `type`: narrowing on
 * `event.type === 'document.accepted'` gives `event.data.object` as a {@link Document}. Types
 * added later arrive as {@link UnknownWebhookEvent}, so a `default` branch is not `never`.
 */
export type WebhookEvent = { [K in EventType]: Event & { type: K } }[EventType] | UnknownWebhookEvent;

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
