import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { DeletedObject, ListParams } from '../models/shared.js';
import type { WebhookEndpoint, WebhookEndpointCreateParams, WebhookEndpointUpdateParams, WebhookEndpointWithSecret } from '../models/webhook-endpoint.js';
import { APIResource, loadOperations } from './resource.js';
import type { webhookEndpointsOperations } from '../operations/webhook-endpoints.js';

const operations = () => loadOperations().then((m) => m.webhookEndpointsOperations);

/** Where the API delivers events (`we_`), signed with each endpoint's secret. Reach it as `client.webhookEndpoints`. */
export class WebhookEndpointsResource extends APIResource<typeof webhookEndpointsOperations> {
  protected readonly _operations = operations;

  /**
   * Creates an endpoint. The answer carries its signing `secret`, shown only this once.
   *
   * ```ts
   * const { id, secret } = await client.webhookEndpoints.create({ url: 'https://acme.pe/webhooks/yupana', events: ['document.accepted'] });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: WebhookEndpointCreateParams, options?: RequestOptions): APIPromise<WebhookEndpointWithSecret> {
    return this._do('create', { body }, options);
  }

  /**
   * Fetches one endpoint by its `we_` id (without its secret).
   *
   * ```ts
   * const endpoint = await client.webhookEndpoints.retrieve('we_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<WebhookEndpoint> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Changes the given fields of an endpoint, e.g. pauses deliveries.
   *
   * ```ts
   * await client.webhookEndpoints.update('we_8KqL1s', { enabled: false });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  update(id: string, body: WebhookEndpointUpdateParams, options?: RequestOptions): APIPromise<WebhookEndpoint> {
    return this._do('update', { params: { id }, body }, options);
  }

  /**
   * Lists endpoints newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const endpoint of client.webhookEndpoints.list()) console.log(endpoint.url, endpoint.enabled);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<WebhookEndpoint> {
    return this._page('list', params, options);
  }

  /**
   * Deletes an endpoint; nothing more is delivered to it.
   *
   * ```ts
   * await client.webhookEndpoints.delete('we_8KqL1s');
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._do('delete', { params: { id } }, options);
  }

  /**
   * Replaces the endpoint's signing secret and answers the new one, shown only this once.
   * Deliveries are signed with both secrets for a while, so receivers can switch without a gap.
   *
   * ```ts
   * const { secret } = await client.webhookEndpoints.rotateSecret('we_8KqL1s');
   * ```
   */
  rotateSecret(id: string, options?: RequestOptions): APIPromise<WebhookEndpointWithSecret> {
    return this._do('rotateSecret', { params: { id } }, options);
  }
}
