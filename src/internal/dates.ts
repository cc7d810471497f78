import { limaDate } from '../sunat/lima-date.js';

/**
 * A day given as `YYYY-MM-DD` text or as a `Date` (its day in Lima), for a path: an invalid
 * `Date` stays its text, `Invalid Date`, for the declared `YYYY-MM-DD` check to refuse as a
 * rejection (`limaDate` would throw a `RangeError` before the call has its promise).
 */
export function dayParam(date: string | Date): string {
  if (!(date instanceof Date)) return date;
  return Number.isNaN(date.getTime()) ? String(date) : limaDate(date);
}
