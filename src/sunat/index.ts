/**
 * `yupana/sunat`: what only an SDK for Peruvian invoicing gives. SUNAT's catalogs with their
 * Spanish names, exact amounts (a line from its unit value or from a price with IGV), the IGV
 * rate and ICBPER of a date, the amount in words of legend 1000, the net pending amount of a
 * credit sale, the QR code's text, a whole document computed and checked as the service does
 * (`computeDocument`, `checkDocument`, `documentObservations`), RUC, DNI and series checks, what the authority's answer
 * means, and Lima dates. Pure functions with no dependencies that run anywhere, with or
 * without the client.
 *
 * ```ts
 * import { igvRateOn, line, lineFromPriceWithIgv, amountInWords, isValidRuc, describeAuthorityCode } from 'yupana/sunat';
 * ```
 * @module yupana/sunat
 */
export * from './catalogs.js';
export {
  type Decimal,
  type IscInput,
  IVAP_RATE,
  line,
  type LineAmounts,
  type LineInput,
  lineFromPriceWithIgv,
  type PricedLine,
  type PriceWithIgvInput,
  type Totals,
  totals,
} from './amounts.js';
export * from './rates.js';
export * from './words.js';
export * from './credit.js';
export * from './qr.js';
export * from './identity.js';
export * from './series.js';
export * from './authority.js';
export { limaDate } from './dates.js';
export * from './document/index.js';
export * from './retention/index.js';
export * from './despatch/index.js';
export type { SunatIssuePath } from './document/rules.js';
