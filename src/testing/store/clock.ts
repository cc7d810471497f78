/**
 * The sandbox's clock: timestamps as the API writes them, read from `Date` (so fake timers that
 * fake `Date` move them).
 *
 * @module
 */

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
