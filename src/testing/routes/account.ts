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

/** The routes of `accountOperations`: an update changes the issuer of the documents created after it (its establishments too: the sandbox takes them; with `igvReducedRate`, their IGV rate; with `boletaReporting`, how their boletas reach SUNAT). */
export function accountRoutes(state: SandboxState): MockRoute[] {
  return [
    route(accountOperations.retrieve, () => ok(state.account)),
    route(accountOperations.update, (ctx) => {
      const { name, tradeName, address, email, establishments, igvReducedRate, boletaReporting } = ctx.input();
      const changes = Object.fromEntries(
        Object.entries({ name, tradeName, address, email, establishments, igvReducedRate, boletaReporting }).filter(([, value]) => value !== undefined),
      );
      state.account = { ...state.account, ...changes, updatedAt: isoNow() };
      return ok(state.account);
    }),
  ];
}
