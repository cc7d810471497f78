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
  const time = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new RangeError(`${field} must be a calendar date YYYY-MM-DD, got ${String(value)}`);
  }
  return value;
}
