/**
 * The routes of `api-keys` (src/operations/api-keys.ts) over the sandbox's API keys.
 *
 * @module
 */
import { apiKeysOperations } from '../../operations/api-keys.js';
import { jsonResponse, listed, ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `apiKeysOperations`: a created key answers its secret once; a revoked key is refused from then on. */
export function apiKeysRoutes({ apiKeys }: SandboxState): MockRoute[] {
  return [
    route(apiKeysOperations.create, (ctx) => jsonResponse(201, apiKeys.create(ctx.input()))),
    route(apiKeysOperations.list, (ctx) => listed(apiKeys, ctx.query())),
    route(apiKeysOperations.retrieve, (ctx) => ok(apiKeys.get(ctx.param('id')))),
    route(apiKeysOperations.revoke, (ctx) => ok(apiKeys.remove(ctx.param('id')))),
  ];
}
