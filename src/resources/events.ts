import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { Event, EventListParams } from '../models/event.js';
import { APIResource, loadOperations } from './resource.js';
import type { eventsOperations } from '../operations/events.js';

const operations = () => loadOperations().then((m) => m.eventsOperations);

/** The events (`evt_`) webhooks deliver, kept to read back or replay. Reach it as `client.events`. */
export class EventsResource extends APIResource<typeof eventsOperations> {
  protected readonly _operations = operations;

  /**
   * Fetches one event by its `evt_` id.
   *
   * ```ts
   * const event = await client.events.retrieve('evt_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Event> {
    return this._do('retrieve', { params: { id } }, options);
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
    return this._page('list', params, options);
  }
}
