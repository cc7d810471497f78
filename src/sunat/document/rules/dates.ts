/**
 * The dates SUNAT checks against the day it receives a document: the issue date (2329, 2108,
 * 1079) and the deadline for voiding one (2957). The deadlines change by resolution
 * (`sunat.md`, "Deadlines"): each is written here once.
 *
 * @module
 */
import { ownValue } from '../../own.js';
import type { DocumentRule } from './rule.js';
import { daysFrom, isCalendarDate } from './values.js';

/**
 * SUNAT's deadlines for sending a document, in calendar days after its issue date, by the first
 * letter of its series, with the code of the refusal past them. F, a factura and its notas: 3
 * days (Resolución 000003-2023/SUNAT; SUNAT's stylesheets still hold the 1 day of 2023's first
 * days), refused with 2108 (presentación fuera de fecha). B, a boleta and its notas: 7 days,
 * refused with 1079. A contingency series (4 digits) has none: its paper documents are reported later.
 */
const SEND_DEADLINES: Readonly<Record<string, { days: number; code: '2108' | '1079' }>> = {
  F: { days: 3, code: '2108' },
  B: { days: 7, code: '1079' },
};
/** The latest issue date SUNAT takes, in calendar days after the day it receives the document (2329). */
const MAX_DAYS_AHEAD = 2;
/** The deadline for voiding a document (comunicación de baja, a boleta's summary), in calendar days after its issue date (2957). */
export const VOID_DEADLINE_DAYS = 7;

/**
 * 2329: an issue date at most 2 days after today in Lima, the day SUNAT receives the document; 2108
 * (F series) and 1079 (B series): sent within SUNAT's deadline after its issue date
 * ({@link SEND_DEADLINES}). A body without an issue date is issued today.
 */
export const issueDateRule: DocumentRule = ({ body, today }, find) => {
  if (!isCalendarDate(body.issueDate)) return;
  const days = daysFrom(body.issueDate, today);
  if (days < -MAX_DAYS_AHEAD) find.error('2329', ['issueDate'], { days: -days, today, most: MAX_DAYS_AHEAD });
  const deadline = ownValue(SEND_DEADLINES, body.series.charAt(0));
  if (deadline !== undefined && days > deadline.days) find.error(deadline.code, ['issueDate'], { days, today, deadline: deadline.days });
};

/**
 * Whether voiding a document issued on `issueDate` is past SUNAT's deadline on `today` (both
 * `YYYY-MM-DD`, Lima days): a comunicación de baja or a boleta's summary more than 7 calendar
 * days after the issue date is refused (ERR 2957); issue a nota de crédito with reason `01`
 * instead. A `RangeError` names a date that is not a calendar date.
 */
export function voidDeadlinePassed(issueDate: string, today: string): boolean {
  return daysFrom(issueDate, today) > VOID_DEADLINE_DAYS;
}
