/**
 * The sandbox's webhook endpoints, with the signing secret of each.
 *
 * @module
 */
import type { WebhookEndpoint } from '../../models/webhook-endpoint.js';
import type { DeletedObject } from '../../models/shared.js';
import { Collection } from './collection.js';

/**
 * How long a replaced secret still signs deliveries after `rotateSecret` (ms): a day, as Standard
 * Webhooks services keep it, so that a receiver can switch to the new secret without a gap
 * (docs/contract.md §6: several signatures while a secret is rotated). Fake timers that fake
 * `Date` move it.
 */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The webhook endpoints and their `whsec_` signing secrets. */
export class WebhookEndpointStore extends Collection<WebhookEndpoint> {
  /** Signing secrets by webhook endpoint id. */
  readonly #secrets = new Map<string, string>();
  /** The secret each endpoint had before its last rotation, and until when (`Date.now()` ms) it still signs. */
  readonly #replaced = new Map<string, { secret: string; until: number }>();

  constructor() {
    super('webhook endpoint');
  }

  /** Forgets every endpoint and its secrets. */
  override reset(): void {
    super.reset();
    this.#secrets.clear();
    this.#replaced.clear();
  }

  /** Deletes an endpoint and its secrets; a second delete is a 404. */
  override remove(id: string): DeletedObject {
    const deleted = super.remove(id);
    this.#secrets.delete(deleted.id);
    this.#replaced.delete(deleted.id);
    return deleted;
  }

  /**
   * The secrets deliveries to endpoint `id` are signed with: its secret, then, for
   * {@link ROTATION_OVERLAP_MS} after a rotation, the one it replaced. `[]` for none.
   */
  secretsOf(id: string): string[] {
    const secret = this.#secrets.get(id);
    if (secret === undefined) return [];
    const replaced = this.#replaced.get(id);
    return replaced && Date.now() < replaced.until ? [secret, replaced.secret] : [secret];
  }

  /** Gives a webhook endpoint a new signing secret and answers the endpoint with it; the old one signs too for a day. */
  rotateSecret(id: string): WebhookEndpoint & { secret: string } {
    const endpoint = this.get(id);
    const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
    const old = this.#secrets.get(id);
    if (old !== undefined) this.#replaced.set(id, { secret: old, until: Date.now() + ROTATION_OVERLAP_MS });
    this.#secrets.set(id, secret);
    return { ...endpoint, secret };
  }
}
