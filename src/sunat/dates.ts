/**
 * Issue dates are calendar dates in America/Lima (UTC−5 all year), never UTC timestamps: an
 * invoice issued at 20:00 in Lima on the 21st is dated the 21st, though UTC is already the 22nd.
 * `limaDate(date)` gives the calendar day (`YYYY-MM-DD`) of `date` in Lima (default: now); the
 * request pipeline sends a `Date` filter the same way.
 *
 * @module
 */
export { limaDate } from './lima-date.js';

/**
 * `value` when it is a calendar date written `YYYY-MM-DD` (`'2026-02-13'`: a day that exists,
 * 29 February only in leap years), as `issueDate` is on the wire. Otherwise a `RangeError`
 * naming `field`. The helpers of `yupana/sunat` that depend on a date read it through this
 * (rates.ts restates it, to stay out of the client's bundle); it is not exported from
 * `yupana/sunat` itself.
 *
 * ```ts
 * calendarDate('2024-02-29', 'issueDate'); // '2024-02-29'
 * calendarDate('2026-02-30', 'issueDate'); // RangeError: issueDate must be a calendar date YYYY-MM-DD, got 2026-02-30
 * ```
 */
export function calendarDate(value: string, field: string): string {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (match !== null) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) return value;
  }
  throw new RangeError(`${field} must be a calendar date YYYY-MM-DD, got ${String(value)}`);
}

/** A date written `YYYY-MM-DD`, its parts captured. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The days of `month` (1-12) of `year` in the Gregorian calendar (February has 29 in leap years: every 4th, not every 100th, every 400th). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
