/**
 * SUNAT's ERR rules for a create body, run by `checkDocument`: the client's `strictSunatChecks`
 * and the sandbox run the same rules, never written twice. The rules themselves live by concept in
 * `rules/`, each code registered once with its words (`rules/codes.ts`); this module is where the
 * callers find them. Rules that need the service's state (a nota's `documentId` exists) are not
 * here.
 *
 * @module
 */
import type { Decimal } from '../decimal.js';
import { limaDate } from '../dates.js';
import type { DocumentCreateParams } from '../../models/document.js';
import { draftDocument } from './draft.js';
import { refusals, type SunatIssue } from './rules/index.js';
import type { RatedDraft } from './rules/rule.js';

export { sunatCodeOfField, type SunatIssue, type SunatIssuePath, voidDeadlinePassed } from './rules/index.js';

/** Options of {@link checkDocument}. */
export interface CheckDocumentOptions {
  /** The issuer's IGV rate as a fraction (`0.18`; `igvRateOn(issueDate)` gives the rate of a date): line IGV is checked against it. */
  igvRate: Decimal;
  /**
   * Today in Lima, `YYYY-MM-DD`, the day SUNAT receives the document: the issue date of a body
   * without one, and the day a body's issue date is checked against (2329, 2108, 1079). Default:
   * today in America/Lima.
   */
  today?: string | undefined;
  /** The codes of the issuer's establishments (its account's `establishments`): a body naming another is refused (3239). Default: unknown, only the code's 4 digits are checked. */
  establishments?: readonly string[] | undefined;
  /**
   * SUNAT's exchange rate of the issue date (PEN per USD, sell; `exchangeRates.retrieve(issueDate)`
   * answers it): a USD boleta to varios whose total in soles at it is above S/ 700 names its
   * customer (2514). Default: the body's `exchangeRate`, else the total in dollars as a lower bound.
   */
  exchangeRate?: number | undefined;
}

/**
 * SUNAT's ERR rules a create body breaks, each with its code (`sunat_3244`), the field's path,
 * the rule in English and SUNAT's own description of the code in Spanish; `[]` when it breaks
 * none. Run it on a body that passed the schema: the rules on amounts (totals, the amounts of a
 * detracción, percepción or retención, the installments against the total) run only when the
 * body's amounts can be computed. A `RangeError` names an `igvRate` that is not a fraction (`18`
 * for 18%), or a `today` that is not a calendar date.
 *
 * ```ts
 * checkDocument({ ...factura, paymentTerms: { type: 'credit', installments: [] } }, { igvRate: 0.18 });
 * // [{
 * //   code: 'sunat_3249',
 * //   path: ['paymentTerms', 'installments'],
 * //   message: 'a sale on credit lists at least one installment (cuota)',
 * //   sunatDescription: 'Si el tipo de transaccion es al Credito debe existir al menos información de una cuota de pago',
 * // }]
 * ```
 */
export function checkDocument(body: DocumentCreateParams, { igvRate, today = limaDate(), establishments, exchangeRate }: CheckDocumentOptions): SunatIssue[] {
  return refusals(draftDocument(body, { igvRate, today, establishments, exchangeRate }) as RatedDraft);
}
