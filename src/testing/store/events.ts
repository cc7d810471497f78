/**
 * The sandbox's events: what happened to each document, voiding, summary, retention, perception
 * and despatch, as webhooks deliver it.
 *
 * @module
 */
import type { Despatch } from '../../models/despatch.js';
import type { Event, EventType } from '../../models/event.js';
import type { PerceptionReceipt } from '../../models/perception.js';
import type { RetentionReceipt } from '../../models/retention.js';
import type { Summary } from '../../models/summary.js';
import type { Voiding } from '../../models/voiding.js';
import { Collection } from './collection.js';
import { presentDocument, StoredDocument } from './document-version.js';

/** What an event is about, as kept: a (never changed) version of a document, rendered when answered, or a copy of a voiding, a summary, a retention, a perception or a despatch. */
export type EventSubject = StoredDocument | Voiding | Summary | RetentionReceipt | PerceptionReceipt | Despatch;

/** An event as kept, with what it is about. */
export interface StoredEvent {
  id: string;
  object: 'event';
  type: EventType;
  createdAt: string;
  subject: EventSubject;
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
