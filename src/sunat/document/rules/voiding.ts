/**
 * What SUNAT checks before it takes a document's voiding (a comunicación de baja, or a line of
 * condition 3 in a boleta's resumen diario): that it registered and accepted the document (2105,
 * 2398), that nothing voided it before (2323), and the deadline (2957). And before it takes a
 * comprobante de retención's or percepción's reversión (a resumen de reversiones): that it
 * accepted it (2750) and nothing reverted it before (2751).
 *
 * @module
 */
import { ownValue } from '../../own.js';
import { VOID_DEADLINE_DAYS, voidDeadlinePassed } from './dates.js';
import { type SunatIssue, sunatIssue } from './findings.js';

/** What the voiding rules read of a document: its number, its issue date, and where it is in its life. */
export interface VoidableDocument {
  fullNumber: string;
  /** `YYYY-MM-DD`, a Lima day. */
  issueDate: string;
  /** The document's `status`: only an `accepted` one can be voided. */
  status: string;
}

/** The status refusals: not registered yet (2105), rejected (2398), voided or being voided (2323). */
const STATUS_CODES: Readonly<Record<string, '2105' | '2398' | '2323'>> = {
  pending: '2105',
  failed: '2105',
  rejected: '2398',
  voiding: '2323',
  voided: '2323',
};

/**
 * SUNAT's refusal of voiding `document` on `today` (a Lima day), or `undefined` when SUNAT takes
 * it: the status first (an unknown status is refused as not registered, 2105), then the 7 calendar
 * days after the issue date (2957; past them, issue a nota de crédito of reason `01`). The issue's
 * path is empty: it is about the whole document. A `RangeError` names a date that is not a
 * calendar date.
 */
export function voidRefusal(document: VoidableDocument, today: string): SunatIssue | undefined {
  const { fullNumber, issueDate, status } = document;
  if (status !== 'accepted') return sunatIssue(ownValue(STATUS_CODES, status) ?? '2105', [], { fullNumber, status });
  return voidDeadlinePassed(issueDate, today) ? sunatIssue('2957', [], { fullNumber, issueDate, days: VOID_DEADLINE_DAYS }) : undefined;
}

/**
 * SUNAT's refusal of reverting (a resumen de reversiones, RR) the comprobante de retención or
 * percepción `receipt`, or `undefined` when SUNAT takes it: one voided or being voided is refused
 * as reverted before (2751), one not accepted (or of a status it does not know) as one SUNAT has
 * not (2750). The issue's path is empty: it is about the whole comprobante.
 */
export function reversalRefusal({ fullNumber, status }: Pick<VoidableDocument, 'fullNumber' | 'status'>): SunatIssue | undefined {
  if (status === 'accepted') return undefined;
  return sunatIssue(status === 'voiding' || status === 'voided' ? '2751' : '2750', [], { fullNumber, status });
}
