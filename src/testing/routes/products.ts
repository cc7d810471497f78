/**
 * The routes of `products` (src/operations/products.ts) over the sandbox's products.
 *
 * @module
 */
import { productsOperations } from '../../operations/products.js';
import { jsonResponse, listed, ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { created } from '../store/ids.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `productsOperations`, over the sandbox's products: a new one is sold by unit (`NIU`), taxed (`10`), in soles unless it says otherwise. */
export function productsRoutes({ products }: SandboxState): MockRoute[] {
  return [
    route(productsOperations.create, (ctx) => {
      const params = ctx.input();
      const product = { unitCode: 'NIU', igvAffectation: '10' as const, currency: 'PEN' as const, ...params, ...created('prod_', 'product') };
      return jsonResponse(201, products.insert(product));
    }),
    route(productsOperations.list, (ctx) => listed(products, ctx.query())),
    route(productsOperations.retrieve, (ctx) => ok(products.get(ctx.param('id')))),
    route(productsOperations.update, (ctx) => ok(products.update(ctx.param('id'), ctx.input()))),
    route(productsOperations.delete, (ctx) => ok(products.remove(ctx.param('id')))),
  ];
}
