/**
 * The sandbox's events: what happened to each document, voiding and summary, as webhooks deliver it.
 *
 * @module
 */
import type { Event, EventType } from '../../models/event.js';
import type { Summary } from '../../models/summary.js';
import type { Voiding } from '../../models/voiding.js';
import { Collection } from './collection.js';
import { presentDocument, StoredDocument } from './document-version.js';

/** An event as kept: what it is about, a (never changed) version of a document, rendered when answered, or a copy of a voiding or a summary. */
export interface StoredEvent {
  id: string;
  object: 'event';
  type: EventType;
  createdAt: string;
  subject: StoredDocument | Voiding | Summary;
}

/** The events, kept as given (their document versions are never changed) and answered with their document rendered. */
export class EventStore extends Collection<StoredEvent, Event> {
  constructor() {
    super(
      'event',
      ({ subject, ...event }) => ({ ...event, data: { object: subject instanceof StoredDocument ? presentDocument(subject) : subject } }),
      (event) => event,
    );
  }
}
