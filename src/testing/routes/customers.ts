/**
 * The routes of `customers` (src/operations/customers.ts) over the sandbox's customers.
 *
 * @module
 */
import { CustomerCreateParams } from '../../models/customer.js';
import { customersOperations } from '../../operations/customers.js';
import { parseWith } from '../routing/input.js';
import { jsonResponse, listed, ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { created } from '../store/ids.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `customersOperations`, over the sandbox's customers. */
export function customersRoutes({ customers }: SandboxState): MockRoute[] {
  return [
    route(customersOperations.create, (ctx) => jsonResponse(201, customers.insert({ ...ctx.input(), ...created('cus_', 'customer') }))),
    route(customersOperations.list, (ctx) => listed(customers, ctx.query())),
    route(customersOperations.retrieve, (ctx) => ok(customers.get(ctx.param('id')))),
    route(customersOperations.update, (ctx) => {
      const patch = ctx.input();
      parseWith(CustomerCreateParams, { ...customers.get(ctx.param('id')), ...patch }); // the result must still be a valid customer
      return ok(customers.update(ctx.param('id'), patch));
    }),
    route(customersOperations.delete, (ctx) => ok(customers.remove(ctx.param('id')))),
  ];
}
