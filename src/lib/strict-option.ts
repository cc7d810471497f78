/**
 * The client's `strictSunatChecks` option, resolved when the client is built (a bad rate is an
 * error at construction): a module of its own, so that the client reads the option without
 * importing a resource, and the documents resource reads the result from its client.
 *
 * @module
 */
import { ValidationError } from '../core/errors.js';
import { isRate, RATE_RULE } from '../internal/tax-rate.js';
import { IGV_RATE } from '../sunat/rates.js';

/**
 * The `strictSunatChecks` client option as the IGV rate `documents.create` checks lines against,
 * or `false` when it is off; `true` is the general rate, {@link IGV_RATE}. A rate that is not a
 * fraction is a {@link ValidationError}.
 */
export function resolveStrictChecks(option: boolean | { igvRate: number } | undefined): false | { readonly igvRate: number } {
  if (!option) return false;
  const igvRate = option === true ? IGV_RATE : option.igvRate;
  if (!isRate(igvRate)) throw new ValidationError('client options', [{ path: 'strictSunatChecks.igvRate', message: RATE_RULE }]);
  return { igvRate };
}
