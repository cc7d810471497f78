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

  /** Queues `event` for each endpoint in `endpoints` that is enabled and subscribed to its type. */
  send(event: Event, endpoints: readonly WebhookEndpoint[], secretOf: (endpointId: string) => string | undefined): void {
    for (const endpoint of endpoints) {
      const secret = secretOf(endpoint.id);
      if (!endpoint.enabled || !endpoint.events.includes(event.type) || secret === undefined) continue;
      this.#queue = this.#queue.then(() => this.#deliver(endpoint, event, secret));
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

  async #deliver(endpoint: WebhookEndpoint, event: Event, secret: string): Promise<void> {
    const body = JSON.stringify(event);
    const headers = await signWebhook(body, { secret, id: event.id });
    let status = 0;
    try {
      const response = await fetch(endpoint.url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0;
    }
    this.#log.push({ endpointId: endpoint.id, eventId: event.id, type: event.type, status });
  }
}
