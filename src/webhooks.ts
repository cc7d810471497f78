/**
 * Webhooks: verify, parse and sign the events yupana POSTs to your endpoints, following
 * Standard Webhooks (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; an
 * HMAC-SHA256 of `${id}.${timestamp}.${rawBody}` keyed with the endpoint's `whsec_` secret).
 * Web Crypto only, so the same code runs in Node 20+, browsers, Deno, Bun and edge runtimes.
 *
 * @module
 */
import { lazily } from './internal/lazy.js';
import type { WebhookEvent } from './models/event.js';

// The types of a delivery are declared with the signature code that reads them: this module
// imports them as types only, so the code itself still loads on first use.
import type { SignedWebhookHeaders, WebhookBody, WebhookHeaders, WebhookSignOptions, WebhookVerifyOptions } from './lib/webhook-signature.js';

export type { SignedWebhookHeaders, WebhookBody, WebhookHeaders, WebhookSignOptions, WebhookVerifyOptions };

// The signature code loads on first use: an app that never handles a webhook does not carry it.
const loadSignature = lazily(() => import('./lib/webhook-signature.js'));

/**
 * Checks that a delivery is authentic and recent, and resolves when it is. Rejects with a
 * {@link WebhookVerificationError} whose `code` says why not. Pass the raw body, before any
 * JSON parsing.
 *
 * ```ts
 * await verifyWebhook(await request.text(), request.headers, { secret: process.env.YUPANA_WEBHOOK_SECRET });
 * ```
 */
export async function verifyWebhook(rawBody: WebhookBody, headers: WebhookHeaders, options: WebhookVerifyOptions = {}): Promise<void> {
  return (await loadSignature()).verify(rawBody, headers, options);
}

/**
 * Verifies a delivery like {@link verifyWebhook}, then parses it into a {@link WebhookEvent}.
 * Narrow on `event.type` to get `event.data.object` as a `Document`. Deliveries are at least
 * once: deduplicate on `event.id`. The body is checked to be an event envelope (an object with
 * `id`, `type` and `data.object`), but fields are not validated further: like every response,
 * unknown fields and event types pass, so an API addition never makes your endpoint refuse
 * deliveries.
 *
 * ```ts
 * const event = await unwrapWebhook(await request.text(), request.headers);
 * if (event.type === 'document.accepted') console.log(event.data.object.fullNumber);
 * ```
 */
export async function unwrapWebhook(rawBody: WebhookBody, headers: WebhookHeaders, options: WebhookVerifyOptions = {}): Promise<WebhookEvent> {
  return (await loadSignature()).unwrap(rawBody, headers, options);
}

/**
 * Signs a body the way yupana signs its deliveries, and returns the three headers to send with
 * it: for testing your webhook endpoint without the API. Sign the exact string you send.
 *
 * ```ts
 * const body = JSON.stringify(event);
 * const headers = await signWebhook(body, { secret: 'whsec_...' });
 * await fetch('http://localhost:3000/webhooks', { method: 'POST', headers, body });
 * ```
 */
export async function signWebhook(payload: WebhookBody, options: WebhookSignOptions = {}): Promise<SignedWebhookHeaders> {
  return (await loadSignature()).sign(payload, options);
}

/**
 * {@link verifyWebhook}, {@link unwrapWebhook} and {@link signWebhook} with the client's
 * `webhookSecret` as the default secret. Reach it as `client.webhooks`. A receiver that has
 * no API key uses the standalone functions instead.
 * Not an API resource (it calls no endpoint), so unlike `client.documents` and the others it has no `Resource` suffix.
 */
export class Webhooks {
  readonly #secret: string | undefined;

  /** @internal */
  constructor(secret: string | undefined) {
    this.#secret = secret;
  }

  /**
   * Checks that a delivery is authentic and recent; see {@link verifyWebhook}.
   *
   * ```ts
   * await client.webhooks.verify(rawBody, request.headers);
   * ```
   */
  verify(rawBody: WebhookBody, headers: WebhookHeaders, options: WebhookVerifyOptions = {}): Promise<void> {
    return verifyWebhook(rawBody, headers, this.#withSecret(options));
  }

  /**
   * Verifies a delivery and parses it into a typed event; see {@link unwrapWebhook}.
   *
   * ```ts
   * const event = await client.webhooks.unwrap(rawBody, request.headers);
   * ```
   */
  unwrap(rawBody: WebhookBody, headers: WebhookHeaders, options: WebhookVerifyOptions = {}): Promise<WebhookEvent> {
    return unwrapWebhook(rawBody, headers, this.#withSecret(options));
  }

  /**
   * Signs a body and returns the three headers; see {@link signWebhook}.
   *
   * ```ts
   * const headers = await client.webhooks.sign(JSON.stringify(event));
   * ```
   */
  sign(payload: WebhookBody, options: WebhookSignOptions = {}): Promise<SignedWebhookHeaders> {
    return signWebhook(payload, this.#withSecret(options));
  }

  #withSecret<T extends { secret?: string | undefined }>(options: T): T {
    return { ...options, secret: options.secret ?? this.#secret };
  }
}
