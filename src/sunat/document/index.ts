/**
 * What the service fills in a create body, computed locally: `computeDocument` gives the
 * operation type, payment terms, every total, the derived detracción/percepción/retención and
 * the legends exactly as the API answers them, so an app can show them before it issues;
 * `checkDocument` runs SUNAT's rules (the ones `strictSunatChecks` and the sandbox run), and
 * `documentObservations` finds what SUNAT observes in a document it accepts. Each runs the phases
 * of a document it needs once (`draft.ts`: fill, compute, summarise; `rules/`: SUNAT's rules).
 *
 * @module
 */
import { type Decimal, rate } from '../decimal.js';
import { limaDate } from '../dates.js';
import { igvRateOn } from '../rates.js';
import type { DocumentCreateParams } from '../../models/document.js';
import { type ComputedDocument, computedOf } from './answer.js';
import { draftDocument, summariseDraft } from './draft.js';
import { observations, type SunatIssue, type SunatObservation, type VoidableDocument, voidRefusal } from './rules/index.js';

export type { ComputedAdjustment, ComputedDocument, ComputedLine, ComputedPaymentTerms, DocumentTotalsAmounts } from './answer.js';
export { checkDocument, type CheckDocumentOptions, type SunatIssue, sunatCodeOfField, voidDeadlinePassed } from './rules.js';
export type { SunatObservation, VoidableDocument } from './rules/index.js';

/** Options of {@link computeDocument}. */
export interface ComputeDocumentOptions {
  /**
   * The issuer's IGV rate as a fraction: `0.18`, or the reduced rate of small restaurants and
   * lodging; `igvRateOn(issueDate)` gives the rate of a date. Required: the rate depends on the issuer.
   */
  igvRate: Decimal;
}

/** Options of {@link documentObservations}. */
export interface DocumentObservationsOptions {
  /** Today in Lima, `YYYY-MM-DD`: the issue date of a body without one. Default: today in America/Lima. */
  today?: string | undefined;
  /** The issuer's IGV rate as a fraction (`0.18`). Default: the general rate of the issue date (`igvRateOn`). */
  igvRate?: Decimal | undefined;
}

/**
 * Everything the service fills in a create body, computed exactly as it answers: the operation
 * type and payment terms by default, each line's base, every total of `Document.totals`, the
 * bases and factors of discounts and charges, the detracción, percepción and retención amounts
 * not given, and the legends with `1000`, the amount in words. Amounts are decimal strings with
 * 2 decimals (the API's JSON carries the same values as numbers: `Number('236.00')`).
 *
 * A `RangeError` names the field it cannot compute from (a free line without `referenceValue`,
 * an amount with more than 2 decimals, a USD document with a detracción and no `exchangeRate`,
 * an IVAP line...): never a wrong number. Check the body with {@link checkDocument} first for
 * SUNAT's rules.
 *
 * ```ts
 * const computed = computeDocument(
 *   { type: '01', series: 'F001', customer, items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }] },
 *   { igvRate: igvRateOn('2026-05-04') },
 * );
 * computed.totals.total; // '236.00'
 * computed.legends[0];   // { code: '1000', text: 'SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES' }
 * ```
 */
export function computeDocument(body: DocumentCreateParams, { igvRate }: ComputeDocumentOptions): ComputedDocument {
  // A draft without a rate computes no amount: named here, not met later as a TypeError on the amounts left out.
  if (igvRate === undefined) throw new RangeError("igvRate is required: the issuer's IGV rate as a fraction, e.g. 0.18 (igvRateOn(issueDate) gives the rate of a date)");
  return computedOf(summariseDraft(draftDocument(body, { igvRate, today: body.issueDate ?? limaDate() })));
}

/** The IGV rate `given`, else the general rate of `issueDate`; `undefined` when neither is one (no amount is then observed). */
function observedRate(given: Decimal | undefined, issueDate: string): Decimal | undefined {
  try {
    const igvRate = given ?? igvRateOn(issueDate);
    rate(igvRate, 'igvRate');
    return igvRate;
  } catch {
    return undefined;
  }
}

/**
 * The observations SUNAT makes of a document that passes `checkDocument`: 4290 a boleta's IGV
 * total more than 1.00 from its taxed base × the rate, and 4310 its total with taxes with it (on a
 * factura, rejections); on a line of plastic bags (ICBPER), 4320 a unit other than NIU, 4318 an
 * ICBPER that is not the bags × the amount per bag (past 0.01), 4237 in PEN an amount per bag
 * other than the year's (`icbperPerBag`); 4006 a guía whose number is not a series and number,
 * 4009 a related document of a catálogo 12 type its document type does not take, 4010 one whose
 * number is not of the shape its document type takes (without spaces, and long enough), 4233 a
 * factura's orden de compra with characters other than letters and digits; 4289 and 4322 a
 * boleta's discount or charge past 1.00 from base × factor; 4208 a boleta's foreign customer whose
 * document number is not 1 to 15 letters and digits; 4084 a nota's line described in fewer than 3
 * characters, 2022 a nota's customer name not of 3 to 1000 characters; on a nota of a boleta 4288,
 * 4312, 4287, 4299 and 4290 (its discounts and charges past what its stylesheet sums), and 4367 a
 * nota de crédito of reason 04, 05 or 08. Each with its note in Spanish (`description`, as SUNAT's
 * answer carries it), in English (`message`) and SUNAT's own description of the code
 * (`sunatDescription`). A field it cannot read is left to `checkDocument`. `[]` when SUNAT would
 * accept the document as it is. `scripts/validate-ubl.ts` compares it with SUNAT's stylesheets.
 *
 * ```ts
 * documentObservations({ ...boleta, items: [{ description: 'Bolsa', quantity: 3, unitPrice: 0.1, igv: 0.05, icbper: 1 }] });
 * // [{ code: '4318', path: ['items', 0, 'icbper'], description: 'El ICBPER de la línea (1.00) no es la cantidad de bolsas (3) por el monto por bolsa (0.33)', ... }, ...]
 * ```
 */
export function documentObservations(body: DocumentCreateParams, { today = limaDate(), igvRate }: DocumentObservationsOptions = {}): SunatObservation[] {
  return observations(draftDocument(body, { igvRate: observedRate(igvRate, body.issueDate ?? today), today }));
}

/** Options of {@link checkVoid}. */
export interface CheckVoidOptions {
  /** The day of the voiding in Lima, `YYYY-MM-DD`. Default: today in America/Lima. */
  today?: string | undefined;
}

/**
 * SUNAT's refusals of voiding `document` (`documents.void`), the ones the service checks before
 * it makes a comunicación de baja or a resumen diario line: `[]` when SUNAT takes it. A document
 * SUNAT has not registered (`pending`, `failed`: 2105), one it rejected (2398), one voided or being
 * voided (2323), one issued more than 7 calendar days before `today` (2957: issue a nota de crédito
 * of reason `01` instead). A `RangeError` names a date that is not a calendar date.
 *
 * ```ts
 * const issues = checkVoid(await client.documents.retrieve('doc_8KqL1s'));
 * if (issues.length > 0) console.log(issues[0].code, issues[0].message); // sunat_2957 …
 * ```
 */
export function checkVoid(document: VoidableDocument, { today = limaDate() }: CheckVoidOptions = {}): SunatIssue[] {
  const refusal = voidRefusal(document, today);
  return refusal === undefined ? [] : [refusal];
}
