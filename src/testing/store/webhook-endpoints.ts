/**
 * The sandbox's webhook endpoints, with the signing secret of each.
 *
 * @module
 */
import type { WebhookEndpoint } from '../../models/webhook-endpoint.js';
import type { DeletedObject } from '../../models/shared.js';
import { Collection } from './collection.js';

/** The webhook endpoints and their `whsec_` signing secrets. */
export class WebhookEndpointStore extends Collection<WebhookEndpoint> {
  /** Signing secrets by webhook endpoint id. */
  readonly #secrets = new Map<string, string>();

  constructor() {
    super('webhook endpoint');
  }

  /** Forgets every endpoint and its secret. */
  override reset(): void {
    super.reset();
    this.#secrets.clear();
  }

  /** Deletes an endpoint and its secret; a second delete is a 404. */
  override remove(id: string): DeletedObject {
    const deleted = super.remove(id);
    this.#secrets.delete(deleted.id);
    return deleted;
  }

  /** The signing secret of endpoint `id`; `undefined` for none. */
  secretOf(id: string): string | undefined {
    return this.#secrets.get(id);
  }

  /** Gives a webhook endpoint a new signing secret and answers the endpoint with it. */
  rotateSecret(id: string): WebhookEndpoint & { secret: string } {
    const endpoint = this.get(id);
    const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
    this.#secrets.set(id, secret);
    return { ...endpoint, secret };
  }
}
