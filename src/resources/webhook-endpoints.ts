import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { DeletedObject, ListParams } from '../models/shared.js';
import {
  WebhookEndpoint,
  WebhookEndpointCreateParams,
  WebhookEndpointUpdateParams,
  WebhookEndpointWithSecret,
} from '../models/webhook-endpoint.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.webhookEndpoints`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const webhookEndpointsOperations = {
  create: { name: 'webhookEndpoints.create', method: 'POST', path: '/v1/webhook-endpoints', body: WebhookEndpointCreateParams, responses: { 201: WebhookEndpointWithSecret } },
  retrieve: { name: 'webhookEndpoints.retrieve', method: 'GET', path: '/v1/webhook-endpoints/{id}', responses: { 200: WebhookEndpoint } },
  update: { name: 'webhookEndpoints.update', method: 'PATCH', path: '/v1/webhook-endpoints/{id}', body: WebhookEndpointUpdateParams, responses: { 200: WebhookEndpoint } },
  list: { name: 'webhookEndpoints.list', method: 'GET', path: '/v1/webhook-endpoints', query: ListParams, list: WebhookEndpoint },
  delete: { name: 'webhookEndpoints.delete', method: 'DELETE', path: '/v1/webhook-endpoints/{id}', responses: { 200: DeletedObject } },
  rotateSecret: { name: 'webhookEndpoints.rotateSecret', method: 'POST', path: '/v1/webhook-endpoints/{id}/rotate-secret', responses: { 200: WebhookEndpointWithSecret } },
} as const satisfies Record<string, Operation>;

/** Where the API delivers events (`we_`), signed with each endpoint's secret. Reach it as `client.webhookEndpoints`. */
export class WebhookEndpointsResource extends APIResource {
  /**
   * Creates an endpoint. The answer carries its signing `secret`, shown only this once.
   *
   * ```ts
   * const { id, secret } = await client.webhookEndpoints.create({ url: 'https://acme.pe/webhooks/yupana', events: ['document.accepted'] });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  create(body: WebhookEndpointCreateParams, options?: RequestOptions): APIPromise<WebhookEndpointWithSecret> {
    return this._do(webhookEndpointsOperations.create, { body }, options);
  }

  /**
   * Fetches one endpoint by its `we_` id (without its secret).
   *
   * ```ts
   * const endpoint = await client.webhookEndpoints.retrieve('we_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<WebhookEndpoint> {
    return this._do(webhookEndpointsOperations.retrieve, { params: { id } }, options);
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
    return this._do(webhookEndpointsOperations.update, { params: { id }, body }, options);
  }

  /**
   * Lists endpoints newest first; pages automatically under `for await`.
   *
   * ```ts
   * for await (const endpoint of client.webhookEndpoints.list()) console.log(endpoint.url, endpoint.enabled);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise<WebhookEndpoint> {
    return this._page(webhookEndpointsOperations.list, params, options);
  }

  /**
   * Deletes an endpoint; nothing more is delivered to it.
   *
   * ```ts
   * await client.webhookEndpoints.delete('we_8KqL1s');
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return this._do(webhookEndpointsOperations.delete, { params: { id } }, options);
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
    return this._do(webhookEndpointsOperations.rotateSecret, { params: { id } }, options);
  }
}
