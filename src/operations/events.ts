/**
 * The operations of `client.events`, each declared once (method, path, schemas): the resource's
 * methods send them (compiled to plain checks, `compiled.ts`), the mock sandbox routes them, and
 * `openapi.json` documents them. The client loads them, with zod, only to word a refusal.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { Event, EventListParams } from '../models/event.js';

/** The operations of `client.events`, by method name. */
export const eventsOperations = {
  retrieve: { name: 'events.retrieve', method: 'GET', path: '/v1/events/{id}', responses: { 200: Event } },
  list: { name: 'events.list', method: 'GET', path: '/v1/events', query: EventListParams, list: Event },
} as const satisfies Record<string, Operation>;
