/**
 * A body's values as the rules read them: a rule runs on whatever a body holds (a field the
 * schema would refuse included), so each reader answers `undefined` for a value it cannot read,
 * never throws, and leaves the refusal to the rule or the schema.
 *
 * @module
 */
import { calendarDate } from '../../dates.js';
import { type Decimal, exactCents, rate, scale } from '../../decimal.js';

/** `value` in cents, or `undefined` when it is not an amount with at most 2 decimals. */
export function centsOf(value: unknown): bigint | undefined {
  try {
    return exactCents(value as Decimal, 'amount');
  } catch {
    return undefined;
  }
}

/** `value` as a scaled fraction from 0 to 1, or `undefined`. */
export function rateOf(value: unknown): bigint | undefined {
  try {
    return rate(value as Decimal, 'rate');
  } catch {
    return undefined;
  }
}

/** `value` scaled by 10^10, or `undefined` when it is not a decimal. */
export function scaleOf(value: unknown): bigint | undefined {
  try {
    return scale(value as Decimal, 'value');
  } catch {
    return undefined;
  }
}

/** Whether `value` is a calendar date `YYYY-MM-DD`. */
export function isCalendarDate(value: unknown): value is string {
  try {
    calendarDate(value as string, 'date');
    return true;
  } catch {
    return false;
  }
}

/** Calendar days from `from` to `to` (both `YYYY-MM-DD`), negative when `to` comes first; a `RangeError` names a date that is not one. */
export const daysFrom = (from: string, to: string) => (Date.parse(calendarDate(to, 'today')) - Date.parse(calendarDate(from, 'issueDate'))) / 86_400_000;

/** Whether `a` and `b` differ by more than `tolerance`. */
export function off(a: bigint, b: bigint, tolerance: bigint): boolean {
  const difference = a - b;
  return difference > tolerance || difference < -tolerance;
}
