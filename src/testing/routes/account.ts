/**
 * The routes of `account` (src/operations/account.ts) over the sandbox's account.
 *
 * @module
 */
import { accountOperations } from '../../operations/account.js';
import { ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import { isoNow } from '../store/clock.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `accountOperations`: an update changes the issuer of the documents created after it (and, with `igvReducedRate`, their IGV rate). */
export function accountRoutes(state: SandboxState): MockRoute[] {
  return [
    route(accountOperations.retrieve, () => ok(state.account)),
    route(accountOperations.update, (ctx) => {
      const { name, tradeName, address, email, igvReducedRate } = ctx.input();
      const changes = Object.fromEntries(Object.entries({ name, tradeName, address, email, igvReducedRate }).filter(([, value]) => value !== undefined));
      state.account = { ...state.account, ...changes, updatedAt: isoNow() };
      return ok(state.account);
    }),
  ];
}
