/**
 * The operations of `client.events`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
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
