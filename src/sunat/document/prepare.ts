/**
 * A document prepared once: filled, computed and checked, the phases of openubl's xbuilder
 * (enrich, process, summarise, then SUNAT's rules). The sandbox prepares each create body once and
 * reads everything from it: the refusals, the amounts it stores, the observations of SUNAT's
 * answer, the UBL XML. `checkDocument`, `computeDocument` and `documentObservations` each run the
 * phases they need, once.
 *
 * @module
 */
import type { Decimal } from '../decimal.js';
import { limaDate } from '../dates.js';
import type { DocumentCreateParams } from '../../models/document.js';
import { type DocumentDraft, draftDocument, summariseDraft } from './draft.js';
import { observations, refusals, type SunatIssue, type SunatObservation } from './rules/index.js';
import type { RatedDraft } from './rules/rule.js';

/** A create body filled, computed and checked. */
export interface PreparedDocument extends DocumentDraft {
  /** The IGV rate it was prepared at. */
  igvRate: Decimal;
  /** That rate scaled by 10^10. */
  taxRate: bigint;
  /** SUNAT's refusals (`ERR`), `[]` for none. */
  issues: SunatIssue[];
  /** What SUNAT observes in it (`OBS`), `[]` for nothing. */
  observations: SunatObservation[];
}

/** Options of {@link prepareDocument}. */
export interface PrepareDocumentOptions {
  /** The issuer's IGV rate as a fraction (`0.18`; `igvRateOn(issueDate)` gives the rate of a date). */
  igvRate: Decimal;
  /** Today in Lima, `YYYY-MM-DD`, the day SUNAT receives the document. Default: today in America/Lima. */
  today?: string | undefined;
  /** The codes of the issuer's establishments, its account's (`['0000', '0001']`): a document from another is refused (3239). Default: unknown, only their shape is checked. */
  establishments?: readonly string[] | undefined;
  /** SUNAT's exchange rate of the issue date (PEN per USD, sell): a USD boleta to varios above S/ 700 at it names its customer (2514). Default: unknown (the body's `exchangeRate`, else its total in dollars as a lower bound). */
  exchangeRate?: number | undefined;
}

/**
 * `body` prepared once at `igvRate`: its defaults, every amount, what the totals decide, SUNAT's
 * refusals and observations. A value the amounts cannot be computed from is the document's `error`
 * (the rules on amounts then do not run), never a throw; a `RangeError` names an `igvRate` that is
 * not a fraction, or a `today` that is not a calendar date.
 */
export function prepareDocument(body: DocumentCreateParams, { igvRate, today = limaDate(), establishments, exchangeRate }: PrepareDocumentOptions): PreparedDocument {
  const draft = summariseDraft(draftDocument(body, { igvRate, today, establishments, exchangeRate })) as RatedDraft;
  return Object.assign(draft, { issues: refusals(draft), observations: observations(draft) });
}
