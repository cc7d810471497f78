import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { Event, EventListParams } from '../models/event.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.events`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const eventsOperations = {
  retrieve: { name: 'events.retrieve', method: 'GET', path: '/v1/events/{id}', responses: { 200: Event } },
  list: { name: 'events.list', method: 'GET', path: '/v1/events', query: EventListParams, list: Event },
} as const satisfies Record<string, Operation>;

/** The events (`evt_`) webhooks deliver, kept to read back or replay. Reach it as `client.events`. */
export class EventsResource extends APIResource {
  /**
   * Fetches one event by its `evt_` id.
   *
   * ```ts
   * const event = await client.events.retrieve('evt_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Event> {
    return this._do(eventsOperations.retrieve, { params: { id } }, options);
  }

  /**
   * Lists events newest first, filtered; pages automatically under `for await`.
   *
   * ```ts
   * for await (const event of client.events.list({ type: ['document.accepted', 'document.rejected'], documentId: 'doc_8KqL1s' })) {
   *   console.log(event.type, event.createdAt);
   * }
   * ```
   */
  list(params: EventListParams = {}, options?: RequestOptions): PagePromise<Event> {
    return this._page(eventsOperations.list, params, options);
  }
}
