/**
 * The sandbox's events: what happened to each document (and retention, perception), as webhooks
 * deliver it.
 *
 * @module
 */
import type { Event, EventType } from '../../models/event.js';
import type { PerceptionReceipt } from '../../models/perception.js';
import type { RetentionReceipt } from '../../models/retention.js';
import { Collection } from './collection.js';
import { presentDocument, type StoredDocument } from './document-version.js';

/** What an event is about, as kept: the (never changed) version of a document, rendered when answered, or a retention or perception as it was. */
export type EventSubject = { document: StoredDocument; receipt?: undefined } | { document?: undefined; receipt: RetentionReceipt | PerceptionReceipt };

/** An event as kept, with what it is about. */
export type StoredEvent = {
  id: string;
  object: 'event';
  type: EventType;
  createdAt: string;
} & EventSubject;

/** The id of what an event is about: a document's, a retention's or a perception's. */
export const subjectId = (event: StoredEvent): string => (event.document ?? event.receipt).id;

/** The events, kept as given (their document versions are never changed) and answered with their document rendered. */
export class EventStore extends Collection<StoredEvent, Event> {
  constructor() {
    super(
      'event',
      ({ document, receipt, ...event }) => ({ ...event, data: { object: document ? presentDocument(document) : receipt } }),
      (event) => event,
    );
  }
}
