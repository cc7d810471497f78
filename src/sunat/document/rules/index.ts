/**
 * Every SUNAT rule, in one place: the refusals (`ERR`) and the observations (`OBS`) a document's
 * draft meets, each concept's rules from its own file, run in the order SUNAT's stylesheets report
 * them. The schema of a create body checks its shapes; these check SUNAT.
 *
 * A new concept (ISC in `isc.ts`, IVAP in `ivap.ts`, anticipos) is a file of its rules, each code
 * registered once in `codes.ts`, and its rules' lines here.
 *
 * @module
 */
import type { DocumentDraft } from '../draft.js';
import {
  boletaAdjustmentObservations,
  globalAdjustmentsRule,
  globalFactorsRule,
  lineBasesRule,
  lineCodesRule,
  lineDiscountsWithinValueRule,
  lineFactorsRule,
} from './adjustments.js';
import { amountDigitsRule } from './amount-digits.js';
import { advanceNumberObservation, advancesRule } from './anticipos.js';
import { bagObservations, bagRule } from './bags.js';
import { cargoTransportObservations, cargoTransportRule } from './cargo-transport.js';
import { anonymousBoletaRule, customerRule, foreignCustomerObservation, noteCustomerObservation } from './customer.js';
import { issueDateRule } from './dates.js';
import { deliveryObservations, deliveryRule } from './delivery.js';
import { detractionRule } from './detraction.js';
import { establishmentRule } from './establishment.js';
import { exportLinesRule, exportTotalsRule } from './exports.js';
import { Findings, type SunatIssue, type SunatObservation } from './findings.js';
import { freeLineRule, freeNoteLineRule } from './free-lines.js';
import { gtinRule } from './gtin.js';
import { igvRateObservation, lineIgvRule } from './igv.js';
import { iscLineRule } from './isc.js';
import { ivapLineRule, ivapLinesRule, ivapTotalRule } from './ivap.js';
import { itemAttributesRule } from './item-attributes.js';
import { legendsRule } from './legends.js';
import { descriptionRule, lineValueRule, noteLineDescriptionObservation, productCodeRule } from './lines.js';
import { operationTypeRule } from './operation-type.js';
import { boletaCreditReasonObservation, boletaNoteObservations, noteAmountsRule, reason13TotalRule, referenceRule } from './notes.js';
import { paymentMethodsRule } from './payment-means.js';
import { installmentTotalsRule, paymentTermsRule } from './payment-terms.js';
import { perceptionAmountsRule, perceptionRule } from './perception.js';
import { despatchObservations, purchaseOrderObservation, referencesRule, relatedDocumentObservations } from './references.js';
import { retentionAmountsRule, retentionRule } from './retention.js';
import { type AmountRule, type DocumentRule, type LineRule, type ObservationRule, type RatedDraft, type UsableLineRule, usable } from './rule.js';
import { seriesRule } from './series.js';
import { boletaTotalsObservations, igvTotalRule, roundingRule, totalsComparable } from './totals.js';

/** The rules of each line, in order: a line whose discounts exceed its value (3290) is checked no further. */
const LINE_RULES: readonly LineRule[] = [
  productCodeRule,
  gtinRule,
  itemAttributesRule,
  cargoTransportRule,
  descriptionRule,
  freeLineRule,
  bagRule,
  iscLineRule,
  lineCodesRule,
  lineBasesRule,
  lineDiscountsWithinValueRule,
];
/** The rules of a line whose amounts are there ({@link usable}). */
const USABLE_LINE_RULES: readonly UsableLineRule[] = [lineValueRule, freeNoteLineRule, lineFactorsRule, ivapLineRule];

/** The document's rules before its lines. */
const HEAD_RULES: readonly DocumentRule[] = [
  seriesRule,
  issueDateRule,
  establishmentRule,
  deliveryRule,
  customerRule,
  operationTypeRule,
  exportLinesRule,
  paymentTermsRule,
  detractionRule,
  paymentMethodsRule,
  perceptionRule,
  retentionRule,
];
/** The document's rules after its lines. */
const TAIL_RULES: readonly DocumentRule[] = [lineIgvRule, ivapLinesRule, globalAdjustmentsRule, legendsRule, referenceRule, referencesRule, advancesRule];
/** The rules of the document's amounts, when every line's are there and the totals can be compared ({@link totalsComparable}). */
const AMOUNT_RULES: readonly AmountRule[] = [
  amountDigitsRule,
  noteAmountsRule,
  igvTotalRule,
  ivapTotalRule,
  roundingRule,
  exportTotalsRule,
  reason13TotalRule,
  installmentTotalsRule,
  anonymousBoletaRule,
  perceptionAmountsRule,
  retentionAmountsRule,
];
/** The observations, in the order SUNAT's stylesheets make them. */
const OBSERVATIONS: readonly ObservationRule[] = [
  boletaAdjustmentObservations,
  boletaTotalsObservations,
  boletaNoteObservations,
  foreignCustomerObservation,
  noteCustomerObservation,
  noteLineDescriptionObservation,
  boletaCreditReasonObservation,
  bagObservations,
  igvRateObservation,
  despatchObservations,
  relatedDocumentObservations,
  purchaseOrderObservation,
  deliveryObservations,
  cargoTransportObservations,
  advanceNumberObservation,
];

/**
 * SUNAT's refusals of `draft`, `[]` for none. The rules on amounts (totals, the amounts of a
 * detracción, percepción or retención, the installments against the total) run only when every
 * line's amounts and the totals are there.
 */
export function refusals(draft: RatedDraft): SunatIssue[] {
  const find = new Findings();
  for (const rule of HEAD_RULES) rule(draft, find);
  for (const line of draft.lines) {
    for (const rule of LINE_RULES) rule(line, draft, find);
    if (usable(line)) for (const rule of USABLE_LINE_RULES) rule(line, draft, find);
  }
  for (const rule of TAIL_RULES) rule(draft, find);
  const { amounts } = draft;
  if (amounts !== undefined && draft.lines.every(usable)) {
    // A global discount's or charge's factor is checked whatever the totals; the rest compare totals, never below 0.
    globalFactorsRule(draft, amounts, find);
    if (totalsComparable(amounts.totals, find)) for (const rule of AMOUNT_RULES) rule(draft, amounts, find);
  }
  return find.issues;
}

/** What SUNAT observes in `draft`, `[]` for nothing. */
export function observations(draft: DocumentDraft): SunatObservation[] {
  const find = new Findings();
  for (const rule of OBSERVATIONS) rule(draft, find);
  return find.observations;
}

export { type SunatIssue, type SunatIssuePath, type SunatObservation, sunatIssue } from './findings.js';
export { sunatCodeOfField } from './codes.js';
export { voidDeadlinePassed } from './dates.js';
export { reversalRefusal, type VoidableDocument, voidRefusal } from './voiding.js';
