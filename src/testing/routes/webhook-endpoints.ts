/**
 * The routes of `webhook-endpoints` (src/operations/webhook-endpoints.ts) over the sandbox's webhook endpoints and their secrets.
 *
 * @module
 */
import { EVENT_TYPES } from '../../models/event.js';
import { webhookEndpointsOperations } from '../../operations/webhook-endpoints.js';
import { jsonResponse, listed, ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { created } from '../store/ids.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `webhookEndpointsOperations`: a new endpoint gets every event type, enabled, and a signing secret shown once. */
export function webhookEndpointsRoutes({ webhookEndpoints }: SandboxState): MockRoute[] {
  return [
    route(webhookEndpointsOperations.create, (ctx) => {
      const params = ctx.input();
      const endpoint = webhookEndpoints.insert({ events: [...EVENT_TYPES], enabled: true, ...params, ...created('we_', 'webhook_endpoint') });
      return jsonResponse(201, webhookEndpoints.rotateSecret(endpoint.id));
    }),
    route(webhookEndpointsOperations.list, (ctx) => listed(webhookEndpoints, ctx.query())),
    route(webhookEndpointsOperations.retrieve, (ctx) => ok(webhookEndpoints.get(ctx.param('id')))),
    route(webhookEndpointsOperations.update, (ctx) => ok(webhookEndpoints.update(ctx.param('id'), ctx.input(), ['secret']))),
    route(webhookEndpointsOperations.delete, (ctx) => ok(webhookEndpoints.remove(ctx.param('id')))),
    route(webhookEndpointsOperations.rotateSecret, (ctx) => ok(webhookEndpoints.rotateSecret(ctx.param('id')))),
  ];
}
