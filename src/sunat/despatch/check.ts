/**
 * `checkDespatch`: SUNAT's rules on a guía de remisión body, checked before a number is assigned,
 * each rule once in its file (parties, transport, places, goods). The schema checks shapes (a
 * date, a weight of 3 decimals, a ubigeo of 6 digits); these check SUNAT's values. They never
 * throw: a value they cannot read is the schema's to refuse.
 *
 * @module
 */
import type { DespatchCreateParams } from '../../models/despatch.js';
import { limaDate } from '../lima-date.js';
import type { SunatIssue } from '../document/rules/findings.js';
import { type DespatchRule, despatchContext } from './context.js';
import { productCodesRule, relatedDocumentsRule, weightUnitRule } from './goods.js';
import { reasonRule, seriesRule, shipperRule } from './parties.js';
import { establishmentsRule, ubigeosRule } from './places.js';
import { carrierRule, crewRule, driversRule, modeRule, platesRule, startDateRule } from './transport.js';

/** Options of {@link checkDespatch}. */
export interface CheckDespatchOptions {
  /** The issuer's RUC: the recipient the reason asks for (2554, 2555), a carrier or shipper not the issuer (2560). Default: not checked. */
  issuerRuc?: string | undefined;
  /** Today in Lima, `YYYY-MM-DD`: the issue date of a body without one. Default: today in America/Lima. */
  today?: string | undefined;
}

/** The rules, in the order of the body's fields. */
const RULES: readonly DespatchRule[] = [
  seriesRule,
  reasonRule,
  shipperRule,
  modeRule,
  startDateRule,
  carrierRule,
  crewRule,
  platesRule,
  driversRule,
  ubigeosRule,
  establishmentsRule,
  weightUnitRule,
  productCodesRule,
  relatedDocumentsRule,
];

/**
 * SUNAT's refusals of a guía de remisión body (`09` remitente, `31` transportista), before it is
 * numbered: the series' letter (1001); the motivo de traslado (3404, 3405, 3457) and the recipient
 * it asks for (3417, 2554, 2555); the shipper of a `31` (3383, 2560); the modalidad (2532, 2773),
 * the carrier (3347, 2558, 2563, 2560), vehicles and drivers by modalidad (2566, 3357, 3354, 3453,
 * 3455), the start date (3406, 3343), each plate (2567) and driver (2571, 2569, 2572, 2573); the
 * ubigeos (3363, 3368) and establishment codes (3365, 3369, 3416, 3411); the weight's unit (2523),
 * the SUNAT product codes (3002), the related documents (2692, 3380). `[]` for none. Each issue
 * carries `sunat_<code>`, the field's path, the rule in English and SUNAT's Spanish description.
 *
 * ```ts
 * checkDespatch(body, { issuerRuc: '20123456789' });
 * // [{ code: 'sunat_3343', path: ['transport', 'startDate'], message: 'the move starts on or after the issue date…', sunatDescription: 'La Fecha de inicio del traslado…' }]
 * ```
 */
export function checkDespatch(body: DespatchCreateParams, { issuerRuc, today = limaDate() }: CheckDespatchOptions = {}): SunatIssue[] {
  const context = despatchContext(body, issuerRuc, body.issueDate ?? today);
  return RULES.flatMap((rule) => rule(context));
}
