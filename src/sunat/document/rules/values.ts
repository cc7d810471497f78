/**
 * A body's values as the rules read them: a rule runs on whatever a body holds (a field the
 * schema would refuse included), so each reader answers `undefined` for a value it cannot read,
 * never throws, and leaves the refusal to the rule or the schema.
 *
 * @module
 */
import { calendarDate } from '../../dates.js';
import { exactCents, rate, scale } from '../../decimal.js';

/**
 * What `read` (`exactCents`, `rate`, `scale`, `calendarDate`: each throws a `RangeError` naming its
 * field) answers for `value`, or `undefined` when it throws: the field's name it is given is never shown.
 */
function readOrUndefined<T>(read: (value: never, field: string) => T, value: unknown): T | undefined {
  try {
    return read(value as never, 'value');
  } catch {
    // A value it cannot read: the rule or the schema refuses it.
  }
}

/** `value` in cents, or `undefined` when it is not an amount with at most 2 decimals. */
export function centsOf(value: unknown): bigint | undefined {
  return readOrUndefined(exactCents, value);
}

/** `value` as a scaled fraction from 0 to 1, or `undefined`. */
export function rateOf(value: unknown): bigint | undefined {
  return readOrUndefined(rate, value);
}

/** `value` scaled by 10^10, or `undefined` when it is not a decimal. */
export function scaleOf(value: unknown): bigint | undefined {
  return readOrUndefined(scale, value);
}

/** Whether `value` is a calendar date `YYYY-MM-DD`. */
export function isCalendarDate(value: unknown): value is string {
  return readOrUndefined(calendarDate, value) !== undefined;
}

/** Calendar days from `from` to `to` (both `YYYY-MM-DD`), negative when `to` comes first; a `RangeError` names a date that is not one. */
export const daysFrom = (from: string, to: string) => (Date.parse(calendarDate(to, 'today')) - Date.parse(calendarDate(from, 'issueDate'))) / 86_400_000;

/** Whether `a` and `b` differ by more than `tolerance`. */
export function off(a: bigint, b: bigint, tolerance: bigint): boolean {
  const difference = a - b;
  return difference > tolerance || difference < -tolerance;
}
