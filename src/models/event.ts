import * as z from 'zod/mini';
import { Despatch } from './despatch.js';
import { Document } from './document.js';
import { Summary } from './summary.js';
import { Voiding } from './voiding.js';
import { PerceptionReceipt } from './perception.js';
import { RetentionReceipt } from './retention.js';
import { ListParams, Timestamp, openEnum, text, looseObject, type Closed } from './shared.js';

/**
 * The kinds of event the API emits. About a document (`data.object` a {@link Document}):
 * - `document.created`: issued and queued for SUNAT;
 * - `document.accepted`: SUNAT accepted it (possibly with observations);
 * - `document.rejected`: SUNAT rejected it; its number is used up;
 * - `document.retry_scheduled`: SUNAT failed and the service will try again (`taxAuthority.nextAttemptAt`);
 * - `document.failed`: automatic retries ran out (`documents.resend` starts again);
 * - `document.voided`: SUNAT accepted its voiding (a comunicación de baja, or a resumen diario's line).
 *
 * About a comunicación de baja (`data.object` a {@link Voiding}) or a resumen diario (a {@link Summary}):
 * - `voiding.accepted`: SUNAT accepted the comunicación de baja (the document's `document.voided` follows);
 * - `voiding.rejected`: SUNAT rejected it; the document it voids is `accepted` again;
 * - `summary.accepted`: SUNAT accepted the resumen diario (a voided boleta's `document.voided` follows);
 * - `summary.rejected`: SUNAT rejected it; a boleta it voids is `accepted` again.
 *
 * About a comprobante de retención (`data.object` a {@link RetentionReceipt}) or de percepción (a {@link PerceptionReceipt}):
 * - `retention.accepted`: SUNAT accepted a comprobante de retención;
 * - `retention.rejected`: SUNAT rejected a comprobante de retención; its number is used up;
 * - `retention.voided`: SUNAT accepted the reversión of a comprobante de retención;
 * - `perception.accepted`: SUNAT accepted a comprobante de percepción;
 * - `perception.rejected`: SUNAT rejected a comprobante de percepción; its number is used up;
 * - `perception.voided`: SUNAT accepted the reversión of a comprobante de percepción.
 *
 * About a guía de remisión (`data.object` a {@link Despatch}):
 * - `despatch.accepted`: SUNAT accepted the guía (its ticket answered `0`);
 * - `despatch.rejected`: SUNAT rejected the guía; its number is used up.
 */
export const EVENT_TYPES = [
  'document.created',
  'document.accepted',
  'document.rejected',
  'document.retry_scheduled',
  'document.failed',
  'document.voided',
  'voiding.accepted',
  'voiding.rejected',
  'summary.accepted',
  'summary.rejected',
  'retention.accepted',
  'retention.rejected',
  'retention.voided',
  'perception.accepted',
  'perception.rejected',
  'perception.voided',
  'despatch.accepted',
  'despatch.rejected',
] as const;

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
  /** What the event is about: `object`, the document, voiding, summary, retention, perception or despatch as it was when the event happened (its own `object` says which). */
  data: looseObject({ object: z.union([Document, Voiding, Summary, RetentionReceipt, PerceptionReceipt, Despatch]) }),
});
/**
 * An event: what a webhook delivers and what `events.retrieve` returns. Delivery is at least
 * once, so receivers deduplicate on `id`. Types added later are accepted too.
 *
 * @interface
 */
export type Event = Omit<Closed<z.output<typeof Event>>, 'data'> & {
  /** What the event is about: `object`, the document, voiding, summary, retention, perception or despatch as it was when the event happened (its own `object` says which). */
  data: { object: Document | Voiding | Summary | RetentionReceipt | PerceptionReceipt | Despatch };
};

/** What an event of type `T` is about, by the type's prefix: a {@link Document}, a {@link Voiding}, a {@link Summary}, a {@link RetentionReceipt}, a {@link PerceptionReceipt} or a {@link Despatch}. */
export type EventObject<T extends EventType> = T extends `voiding.${string}`
  ? Voiding
  : T extends `summary.${string}`
    ? Summary
    : T extends `retention.${string}`
      ? RetentionReceipt
      : T extends `perception.${string}`
        ? PerceptionReceipt
        : T extends `despatch.${string}`
          ? Despatch
          : Document;

/**
 * What an event of a type this SDK version does not know carries: a {@link Document}, a
 * {@link Voiding}, a {@link Summary}, a {@link RetentionReceipt}, a {@link PerceptionReceipt}, a
 * {@link Despatch} or an object of a later API version. Typed with the fields of them all together and an `object` of
 * type `never`, so that an event narrowed on a known type (which an unknown type is never narrowed
 * away from) gives an object assignable to that type's own; at run time `object` is a string:
 * check it before reading a field.
 */
export type UnknownEventObject = { object: never } & Omit<Document, 'object'> &
  Omit<Voiding, 'object'> &
  Omit<Summary, 'object'> &
  Omit<RetentionReceipt, 'object'> &
  Omit<PerceptionReceipt, 'object'> &
  Omit<Despatch, 'object'>;

/** An event of a type this SDK version does not know yet; see {@link UnknownEventObject}. */
export type UnknownWebhookEvent = Omit<Event, 'type' | 'data'> & {
  /**
   * The event's type, `resource.action` like every type. A pattern, not `string`: TypeScript
   * narrows a union on `type` only while each member's `type` is a literal or a pattern.
   */
  type: `${string}.${string}`;
  data: { object: UnknownEventObject };
};

/**
 * A verified webhook event, as a union discriminated on `type`: narrowing on
 * `event.type === 'document.accepted'` gives `event.data.object` the fields of a {@link Document},
 * on `'voiding.accepted'` of a {@link Voiding}, on `'retention.accepted'` of a
 * {@link RetentionReceipt}. Types added later arrive as {@link UnknownWebhookEvent}, so a `default`
 * branch is not `never`.
 */
export type WebhookEvent = { [K in EventType]: Omit<Event, 'type' | 'data'> & { type: K; data: { object: EventObject<K> } } }[EventType] | UnknownWebhookEvent;

const eventFilters = {
  /** One event type, or several (sent as a repeated parameter). */
  type: z.optional(z.union([Event.shape.type, z.array(Event.shape.type)])),
  /** Only events about this document, voiding or summary (`doc_`, `void_` or `sum_` id), up to 255 characters. */
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
