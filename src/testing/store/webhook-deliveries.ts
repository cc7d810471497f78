/**
 * Webhook delivery for the mock: each event is POSTed, signed like the API signs it (Standard
 * Webhooks headers, the endpoint's `whsec_` secret), to every enabled endpoint subscribed to its
 * type. Deliveries go out one at a time, in the order the events happened.
 *
 * @module
 */
import type { Event } from '../../models/event.js';
import type { WebhookEndpoint } from '../../models/webhook-endpoint.js';
import { signWebhook } from '../../webhooks.js';

/**
 * How long a delivery waits for the receiver's answer (ms): one that never answers is recorded
 * with status `0`, and the deliveries queued after it go on.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** One delivery attempt, for assertions. */
export interface WebhookDelivery {
  /** The `we_` endpoint it went to. */
  endpointId: string;
  /** The `evt_` event it carried (also its `webhook-id` header). */
  eventId: string;
  /** The event's type. */
  type: string;
  /** The receiver's HTTP status; `0` when the connection failed. */
  status: number;
}

/** Delivers events in order and keeps a log of every attempt. */
export class WebhookDeliveries {
  readonly #log: WebhookDelivery[] = [];
  #queue: Promise<void> = Promise.resolve();

  /**
   * Queues `event` for each endpoint in `endpoints` that is enabled and subscribed to its type,
   * signed with each of the endpoint's `secretsOf` (two while a secret is rotated).
   */
  send(event: Event, endpoints: readonly WebhookEndpoint[], secretsOf: (endpointId: string) => string[]): void {
    for (const endpoint of endpoints) {
      const secrets = secretsOf(endpoint.id);
      if (!endpoint.enabled || !endpoint.events.includes(event.type) || secrets.length === 0) continue;
      this.#queue = this.#queue.then(() => this.#deliver(endpoint, event, secrets));
    }
  }

  /** Waits for every queued delivery, then answers the log of all of them so far. */
  async flush(): Promise<WebhookDelivery[]> {
    await this.#queue;
    return [...this.#log];
  }

  /** Forgets the log (queued deliveries still go out). */
  reset(): void {
    this.#log.length = 0;
  }

  async #deliver(endpoint: WebhookEndpoint, event: Event, secrets: string[]): Promise<void> {
    const body = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = await Promise.all(secrets.map((secret) => signWebhook(body, { secret, id: event.id, timestamp })));
    // One signature per secret, space-separated in one header (docs/contract.md §6).
    const headers = { ...signed[0], 'webhook-signature': signed.map((each) => each['webhook-signature']).join(' ') };
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), DELIVERY_TIMEOUT_MS);
    let status = 0;
    try {
      const response = await fetch(endpoint.url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body, signal: timeout.signal });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0;
    } finally {
      clearTimeout(timer);
    }
    this.#log.push({ endpointId: endpoint.id, eventId: event.id, type: event.type, status });
  }
}
