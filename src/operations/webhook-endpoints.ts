/**
 * The operations of `client.webhookEndpoints`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { DeletedObject, ListParams } from '../models/shared.js';
import { WebhookEndpoint, WebhookEndpointCreateParams, WebhookEndpointUpdateParams, WebhookEndpointWithSecret } from '../models/webhook-endpoint.js';

/** The operations of `client.webhookEndpoints`, by method name. */
export const webhookEndpointsOperations = {
  create: {
    name: 'webhookEndpoints.create',
    method: 'POST',
    path: '/v1/webhook-endpoints',
    body: WebhookEndpointCreateParams,
    responses: { 201: WebhookEndpointWithSecret },
  },
  retrieve: { name: 'webhookEndpoints.retrieve', method: 'GET', path: '/v1/webhook-endpoints/{id}', responses: { 200: WebhookEndpoint } },
  update: {
    name: 'webhookEndpoints.update',
    method: 'PATCH',
    path: '/v1/webhook-endpoints/{id}',
    body: WebhookEndpointUpdateParams,
    responses: { 200: WebhookEndpoint },
  },
  list: { name: 'webhookEndpoints.list', method: 'GET', path: '/v1/webhook-endpoints', query: ListParams, list: WebhookEndpoint },
  delete: { name: 'webhookEndpoints.delete', method: 'DELETE', path: '/v1/webhook-endpoints/{id}', responses: { 200: DeletedObject } },
  rotateSecret: {
    name: 'webhookEndpoints.rotateSecret',
    method: 'POST',
    path: '/v1/webhook-endpoints/{id}/rotate-secret',
    responses: { 200: WebhookEndpointWithSecret },
  },
} as const satisfies Record<string, Operation>;
