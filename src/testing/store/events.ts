/**
 * The sandbox's events: what happened to each document, as webhooks deliver it.
 *
 * @module
 */
import type { Event, EventType } from '../../models/event.js';
import { Collection } from './collection.js';
import { presentDocument, type StoredDocument } from './document-version.js';

/** An event as kept: the (never changed) version of its document, rendered when answered. */
export interface StoredEvent {
  id: string;
  object: 'event';
  type: EventType;
  createdAt: string;
  document: StoredDocument;
}

/** The events, kept as given (their document versions are never changed) and answered with their document rendered. */
export class EventStore extends Collection<StoredEvent, Event> {
  constructor() {
    super(
      'event',
      ({ document, ...event }) => ({ ...event, data: { object: presentDocument(document) } }),
      (event) => event,
    );
  }
}
