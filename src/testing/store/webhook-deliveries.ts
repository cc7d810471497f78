/**
 * Webhook delivery for the mock, as the contract promises it (docs/contract.md §6): each event is
 * POSTed, signed like the API signs it (Standard Webhooks headers, the endpoint's `whsec_`
 * secret), to every enabled endpoint subscribed to its type; at least once: a delivery that fails
 * (a status other than 2xx, a redirect, which is never followed, no answer within 10 s, a
 * connection that fails) is tried again after each wait of the retry schedule, with the same
 * `webhook-id` and body. Each endpoint has a queue of its own, one delivery at a time, so a slow
 * receiver never delays another. Every attempt is logged: the event's delivery log.
 *
 * @module
 */
import type { Event } from '../../models/event.js';
import type { WebhookEndpoint } from '../../models/webhook-endpoint.js';
import { signWebhook } from '../../webhooks.js';
import { isoNow } from './clock.js';
import { randomId } from './ids.js';

/**
 * How long a delivery waits for the receiver's answer (ms): one that never answers is logged with
 * status `0` and error `timeout`, and tried again later.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The waits before each retry of a failed delivery (ms), by default: 1 s, 5 s, 30 s, 2 min,
 * 10 min (five retries, about 13 minutes in all; the API's own schedule is longer, docs/contract.md §6).
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];

/**
 * How many deliveries an endpoint may have waiting (queued, or a retry scheduled) at once: past it,
 * a new event's delivery to that endpoint is logged as `queue_full` and not made, so that a
 * receiver down for days holds a bounded sandbox.
 */
export const MAX_WAITING_PER_ENDPOINT = 1_000;

/** How many attempts the delivery log keeps: the latest, the oldest dropped first. */
export const MAX_LOGGED_ATTEMPTS = 10_000;

/**
 * Why an attempt did not deliver: `http_status` (the receiver answered other than 2xx),
 * `redirect_not_followed` (a 3xx: deliveries never follow redirects), `timeout` (no answer within
 * 10 s), `connection_failed`, `queue_full` (too many deliveries waiting for the endpoint: not sent).
 */
export type WebhookDeliveryError = 'http_status' | 'redirect_not_followed' | 'timeout' | 'connection_failed' | 'queue_full';

/** One delivery attempt, as the delivery log keeps it. */
export interface WebhookDelivery {
  /** The attempt's id, `whd_` and an opaque part. */
  id: string;
  object: 'webhook_delivery';
  /** The `we_` endpoint it went to. */
  endpointId: string;
  /** The `evt_` event it carried (also its `webhook-id` header, the same on every attempt). */
  eventId: string;
  /** The event's type. */
  type: string;
  /** 1 for the first attempt, 2 for the first retry... */
  attempt: number;
  /** The receiver's HTTP status; `0` when there was no answer. */
  status: number;
  /** Why it did not deliver; `null` when it did (a 2xx). */
  error: WebhookDeliveryError | null;
  /** When it was made (ISO 8601 UTC). */
  attemptedAt: string;
  /** When the next attempt is due, when this one failed and the schedule has one left; else `null` (delivered, or given up). */
  nextAttemptAt: string | null;
}

/** Where deliveries find the endpoints, as they are when each attempt is made (a deleted or disabled one gets no more). */
export interface EndpointDirectory {
  find(id: string): WebhookEndpoint | undefined;
  /** The secrets a delivery to endpoint `id` is signed with (two while a secret is rotated). */
  secretsOf(id: string): string[];
}

/** A delivery still to make: an event's body for one endpoint, and its attempt number. */
interface Pending {
  endpointId: string;
  event: { id: string; type: string };
  body: string;
  attempt: number;
}

/** One endpoint's queue: its deliveries due now, made one at a time, and how many wait (due or scheduled). */
interface Queue {
  due: Pending[];
  waiting: number;
  /** Resolves when `due` is empty and nothing is in flight. */
  idle: Promise<void>;
  running: boolean;
}

/** Options of {@link WebhookDeliveries}. */
export interface DeliveryOptions {
  /** The waits before each retry (ms). @defaultValue {@link DEFAULT_RETRY_DELAYS_MS} */
  retryDelaysMs?: readonly number[];
}

/** Delivers events to their endpoints, a queue per endpoint, retried on failure, and keeps the log of every attempt. */
export class WebhookDeliveries {
  readonly #log: WebhookDelivery[] = [];
  readonly #queues = new Map<string, Queue>();
  /** The retries scheduled, so that `reset()` cancels them. */
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #retryDelaysMs: readonly number[];
  /** Bumped by `reset()`: attempts of an earlier generation neither log nor retry. */
  #generation = 0;

  constructor(
    private readonly endpoints: EndpointDirectory,
    options: DeliveryOptions = {},
  ) {
    this.#retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Queues `event` for each endpoint of `subscribed` that is enabled and takes its type. */
  send(event: Event, subscribed: readonly WebhookEndpoint[]): void {
    let body: string | undefined;
    for (const endpoint of subscribed) {
      if (!endpoint.enabled || !endpoint.events.includes(event.type)) continue;
      body ??= JSON.stringify(event);
      this.#enqueue({ endpointId: endpoint.id, event: { id: event.id, type: event.type }, body, attempt: 1 }, true);
    }
  }

  /**
   * Waits for every delivery due now, on every endpoint (a retry scheduled for later is not
   * waited for: advance the timers, then flush again), then answers the log of all attempts so
   * far, oldest first.
   */
  async flush(): Promise<WebhookDelivery[]> {
    for (let busy = this.#busyQueues(); busy.length > 0; busy = this.#busyQueues()) await Promise.all(busy.map((queue) => queue.idle));
    return [...this.#log];
  }

  /** The attempts of the log that carried event `eventId`, newest first. */
  attemptsOf(eventId: string): WebhookDelivery[] {
    return this.#log.filter((attempt) => attempt.eventId === eventId).reverse();
  }

  /** Forgets the log, the deliveries waiting and the retries scheduled (attempts in flight end unlogged). */
  reset(): void {
    this.#generation++;
    this.#log.length = 0;
    this.#queues.clear();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #busyQueues(): Queue[] {
    return [...this.#queues.values()].filter((queue) => queue.running);
  }

  #queueOf(endpointId: string): Queue {
    let queue = this.#queues.get(endpointId);
    if (!queue) {
      queue = { due: [], waiting: 0, idle: Promise.resolve(), running: false };
      this.#queues.set(endpointId, queue);
    }
    return queue;
  }

  /** Puts `pending` at the end of its endpoint's queue (`fresh`: a first attempt, which counts as waiting from now). */
  #enqueue(pending: Pending, fresh: boolean): void {
    const queue = this.#queueOf(pending.endpointId);
    if (fresh) {
      if (queue.waiting >= MAX_WAITING_PER_ENDPOINT) {
        this.#record(pending, 0, 'queue_full', null);
        return;
      }
      queue.waiting++;
    }
    queue.due.push(pending);
    if (!queue.running) {
      queue.running = true;
      queue.idle = this.#drain(queue, this.#generation);
    }
  }

  /** Makes the due deliveries of one endpoint, one at a time, in order. */
  async #drain(queue: Queue, generation: number): Promise<void> {
    while (queue.due.length > 0 && generation === this.#generation) {
      const pending = queue.due.shift()!;
      await this.#attempt(pending, queue, generation);
    }
    queue.running = false;
  }

  async #attempt(pending: Pending, queue: Queue, generation: number): Promise<void> {
    const endpoint = this.endpoints.find(pending.endpointId);
    const secrets = this.endpoints.secretsOf(pending.endpointId);
    if (!endpoint?.enabled || secrets.length === 0) {
      queue.waiting--;
      return;
    }
    const { status, error } = await post(endpoint.url, pending, secrets);
    if (generation !== this.#generation) return;
    const delay = error === null ? undefined : this.#retryDelaysMs[pending.attempt - 1];
    if (delay === undefined) {
      queue.waiting--;
      this.#record(pending, status, error, null);
      return;
    }
    this.#record(pending, status, error, isoNow(new Date(Date.now() + delay)));
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#enqueue({ ...pending, attempt: pending.attempt + 1 }, false);
    }, delay);
    (timer as { unref?: () => void }).unref?.();
    this.#timers.add(timer);
  }

  #record(pending: Pending, status: number, error: WebhookDeliveryError | null, nextAttemptAt: string | null): void {
    this.#log.push({
      id: randomId('whd_'),
      object: 'webhook_delivery',
      endpointId: pending.endpointId,
      eventId: pending.event.id,
      type: pending.event.type,
      attempt: pending.attempt,
      status,
      error,
      attemptedAt: isoNow(),
      nextAttemptAt,
    });
    if (this.#log.length > MAX_LOGGED_ATTEMPTS) this.#log.shift();
  }
}

/** One signed POST of a delivery to `url`, never following a redirect: the receiver's status, and why it failed, if it did. */
async function post(url: string, pending: Pending, secrets: string[]): Promise<{ status: number; error: WebhookDeliveryError | null }> {
  const timestamp = Math.floor(Date.now() / 1000);
  const signed = await Promise.all(secrets.map((secret) => signWebhook(pending.body, { secret, id: pending.event.id, timestamp })));
  // One signature per secret, space-separated in one header (docs/contract.md §6).
  const headers = { ...signed[0], 'webhook-signature': signed.map((each) => each['webhook-signature']).join(' '), 'content-type': 'application/json' };
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), DELIVERY_TIMEOUT_MS);
  try {
    const response = await fetch(url, { method: 'POST', headers, body: pending.body, redirect: 'manual', signal: timeout.signal });
    // The receiver's body is not read; not awaited: a cancel may settle only once the stream does.
    response.body?.cancel().catch(() => undefined);
    const { status } = response;
    if (status >= 200 && status < 300) return { status, error: null };
    // A browser's fetch makes a redirect it does not follow an opaque answer of status 0.
    return { status, error: response.type === 'opaqueredirect' || (status >= 300 && status < 400) ? 'redirect_not_followed' : 'http_status' };
  } catch {
    return { status: 0, error: timeout.signal.aborted ? 'timeout' : 'connection_failed' };
  } finally {
    clearTimeout(timer);
  }
}
