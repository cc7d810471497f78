/**
 * The client's `strictSunatChecks` option: resolved when the client is built (a bad rate is an
 * error at construction), and the check `documents.create` runs with it, which loads SUNAT's rules
 * (`./checks.ts`) on first use. Light on purpose: the client and the documents resource import it
 * up front, so it imports neither the rules nor the catalogs.
 *
 * The room of the strict checks, `src/lib/strict/`: this option, the checks themselves
 * (`checks.ts`, shipped as a file of their own: scripts/strict-checks-apart.ts) and their zod
 * schema for `yupana/schemas` (`schema.ts`).
 *
 * @module
 */
import { ValidationError } from '../../core/errors.js';
import { lazily } from '../../internal/lazy.js';
import type { BodyCheck } from '../../resources/resource.js';
import { IGV_RATE } from '../../sunat/rates.js';
import { isRate, RATE_RULE } from '../../sunat/tax-rate.js';

/**
 * The `strictSunatChecks` option as a client holds it: the IGV rate `documents.create` checks
 * lines against (`igvRate`), or whether the issuer is in SUNAT's padrón of restaurants and hotels
 * (`igvReducedRate`, as `account.igvReducedRate` says), so that each document is checked at the
 * issuer's rate of its issue date; `false` when it is off.
 */
export type StrictChecks = false | { readonly igvRate: number } | { readonly igvReducedRate: boolean };

/** What the documents resource reads of its client for the strict checks (the `Client` has it). */
export interface StrictChecksClient {
  /** The client's resolved `strictSunatChecks`. */
  readonly strictSunatChecks: StrictChecks;
}

/** SUNAT's rules, loaded only for a client with `strictSunatChecks` on (again after a failed load). */
const loadChecks = lazily(() => import('./checks.js'));

/**
 * The `strictSunatChecks` client option as a client holds it ({@link StrictChecks}), or `false`
 * when it is off; `true` is the general rate, {@link IGV_RATE}. A rate that is not a fraction, an
 * `igvReducedRate` that is not a boolean, or both at once, is a {@link ValidationError}.
 */
export function resolveStrictChecks(option: boolean | { igvRate: number } | { igvReducedRate: boolean } | undefined): StrictChecks {
  if (!option) return false;
  if (option === true) return { igvRate: IGV_RATE };
  const invalid = (path: string, message: string) =>
    new ValidationError('client options', [{ path: path === '' ? 'strictSunatChecks' : `strictSunatChecks.${path}`, message }]);
  if ('igvReducedRate' in option) {
    if ('igvRate' in option) throw invalid('', 'takes igvRate or igvReducedRate, not both');
    if (typeof option.igvReducedRate !== 'boolean') throw invalid('igvReducedRate', "must be true (the account is in SUNAT's padrón of restaurants and hotels) or false");
    return { igvReducedRate: option.igvReducedRate };
  }
  if (!isRate(option.igvRate)) throw invalid('igvRate', RATE_RULE);
  return { igvRate: option.igvRate };
}

/** The strict checks' module, as {@link strictCheck} hands it over. */
export type StrictChecksModule = typeof import('./checks.js');

/**
 * The check a create runs once its body passes the schema, as a function that gives it for each
 * call: `undefined` with `strict` off; else the one `pick` takes from SUNAT's rules, loaded on the
 * first call, kept once loaded, and loaded again by the next call after a failed load.
 */
export function strictCheck<Body>(
  strict: StrictChecks,
  pick: (checks: StrictChecksModule, setting: Exclude<StrictChecks, false>) => BodyCheck<Body>,
): () => Promise<BodyCheck<Body>> | undefined {
  if (!strict) return () => undefined;
  return lazily(() => loadChecks().then((checks) => pick(checks, strict)));
}
