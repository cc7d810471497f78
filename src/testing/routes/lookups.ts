/**
 * The routes of `lookups` (src/operations/lookups.ts) over the fake national registries.
 *
 * @module
 */
import { lookupsOperations } from '../../operations/lookups.js';
import { ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { lookupDni, lookupRuc } from '../store/registries.js';

/** The routes of `lookupsOperations`: deterministic fake taxpayers and people. */
export function lookupsRoutes(): MockRoute[] {
  return [route(lookupsOperations.ruc, (ctx) => ok(lookupRuc(ctx.param('number')))), route(lookupsOperations.dni, (ctx) => ok(lookupDni(ctx.param('number'))))];
}
