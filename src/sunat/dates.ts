/**
 * Issue dates are calendar dates in America/Lima (UTC−5 all year), never UTC timestamps: an
 * invoice issued at 20:00 in Lima on the 21st is dated the 21st, though UTC is already the 22nd.
 * `limaDate(date)` gives the calendar day (`YYYY-MM-DD`) of `date` in Lima (default: now); the
 * request pipeline sends a `Date` filter the same way.
 *
 * @module
 */
export { limaDate } from '../internal/dates.js';
