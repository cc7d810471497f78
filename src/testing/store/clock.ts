/**
 * The sandbox's clock: timestamps as the API writes them and today in Lima, read from `Date` (so
 * fake timers that fake `Date` move them).
 *
 * @module
 */
import { limaDate } from '../../sunat/dates.js';

/** The last second {@link isoNow} wrote, and how: the objects made within one second share one string. */
let lastSecond = Number.NaN;
let lastIso = '';

/** Now as ISO 8601 UTC without milliseconds, e.g. `2026-11-21T15:04:05Z`. */
export function isoNow(date = new Date()): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond) {
    lastIso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
    lastSecond = second;
  }
  return lastIso;
}

/** The day {@link limaToday} last answered, and the second (of `Date.now()`) it last read the day at. */
let lastDay = '';
let todaySecond = Number.NaN;

/** Today in Lima (`YYYY-MM-DD`), one string for all the documents of a day, read again once a second at most. */
export function limaToday(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== todaySecond) {
    const today = limaDate();
    if (today !== lastDay) lastDay = today;
    todaySecond = second;
  }
  return lastDay;
}
