import * as z from 'zod/mini';
import { Event } from './event.js';
import { isSecureURLText } from './predicates.js';
import { text, Timestamp, looseObject, type Closed, type OptionalShape } from './shared.js';

/** The body of `webhookEndpoints.create`: where to deliver which events. */
export const WebhookEndpointCreateParams = looseObject({
  /** Where events are POSTed: `https://`, or `http://` on localhost while developing; at most 2048 characters. */
  url: text(1, 2048).check(z.refine(isSecureURLText, 'must be an https:// URL (http:// only on localhost)')),
  /** The event types to deliver (see {@link EVENT_TYPES}). Default: all of them. */
  events: z.optional(z.array(Event.shape.type).check(z.minLength(1, 'must have at least one event type'))),
  /** A note for yourself, up to 500 characters (line breaks allowed). */
  description: z.optional(text(0, 500, 'multiline')),
  /** Whether events are delivered. Default: `true`. */
  enabled: z.optional(z.boolean()),
});
/**
 * The body of `webhookEndpoints.create`: where to deliver which events.
 *
 * @interface
 */
export type WebhookEndpointCreateParams = Closed<z.input<typeof WebhookEndpointCreateParams>>;

/** The body of `webhookEndpoints.update`: only the fields to change (a partial PATCH). */
export const WebhookEndpointUpdateParams: z.ZodMiniObject<OptionalShape<typeof WebhookEndpointCreateParams.shape>, z.core.$loose> = z.partial(
  WebhookEndpointCreateParams,
);
/**
 * The body of `webhookEndpoints.update`: only the fields to change (a partial PATCH).
 *
 * @interface
 */
export type WebhookEndpointUpdateParams = Closed<z.input<typeof WebhookEndpointUpdateParams>>;

/** A webhook endpoint (`we_`). Its signing secret is not part of it: only create and rotateSecret show it. */
export const WebhookEndpoint = looseObject({
  /** Identifier: `we_` followed by an opaque part. */
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  /** The event types delivered. */
  events: z.array(Event.shape.type),
  description: z.optional(z.string()),
  enabled: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/**
 * A webhook endpoint (`we_`). Its signing secret is not part of it: only create and rotateSecret show it.
 *
 * @interface
 */
export type WebhookEndpoint = Closed<z.output<typeof WebhookEndpoint>>;

/** What `webhookEndpoints.create` and `rotateSecret` answer: the endpoint and its signing secret. */
export const WebhookEndpointWithSecret = looseObject({
  ...WebhookEndpoint.shape,
  /** The signing secret, `whsec_<base64>`, to verify deliveries with. Shown only once: store it now. */
  secret: z.string(),
});
/**
 * What `webhookEndpoints.create` and `rotateSecret` answer: the endpoint and its signing secret.
 *
 * @interface
 */
export type WebhookEndpointWithSecret = Closed<z.output<typeof WebhookEndpointWithSecret>>;
