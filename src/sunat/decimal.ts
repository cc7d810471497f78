/**
 * Exact decimal arithmetic on integers, for the SUNAT amounts: values scaled by 10^10 (SUNAT's
 * 10 decimals for quantities and unit values), rounded half up to cents.
 *
 * @module
 */
import { RATE_RULE } from './tax-rate.js';

/** A decimal input: a number, or a string such as `'1.102'` (exact, never through a float). */
export type Decimal = number | string;

/** The decimals {@link scale} keeps: SUNAT's 10 for quantities and unit values. */
export const DIGITS = 10;
/** 1 scaled by 10^10. */
export const ONE = 10n ** BigInt(DIGITS);
/**
 * The integer digits a decimal string may have: far past SUNAT's 12, so that such an amount is
 * refused with SUNAT's code of its field, yet bounded, so that a string of a million digits costs
 * no seconds of big-integer arithmetic.
 */
const INTEGER_DIGITS = 30;
const DECIMAL = new RegExp(`^(-?)(\\d{1,${INTEGER_DIGITS}})(?:\\.(\\d{1,${DIGITS}}))?$`);

/**
 * `value` as an integer scaled by 10^10, exactly. A number is read as it prints (`1.102`, the
 * shortest text that is that number), or at 10 decimals when it prints with more (`0.1 + 0.2`)
 * or with an exponent. Throws a `RangeError` naming `field` for anything else.
 */
export function scale(value: Decimal, field: string): bigint {
  if (typeof value === 'number' && Number.isFinite(value)) {
    // An integer up to 2^53 needs no text; one printed with an exponent (1e21 and up) neither.
    if (Number.isSafeInteger(value) || Math.abs(value) >= 1e21) return BigInt(value) * ONE;
    return parse(DECIMAL.exec(String(value)) ?? DECIMAL.exec(value.toFixed(DIGITS)), field, value);
  }
  return parse(DECIMAL.exec(String(value)), field, value);
}

/** The scaled integer of a match of {@link DECIMAL}; a `RangeError` naming `field` when `value` did not match. */
function parse(match: RegExpExecArray | null, field: string, value: Decimal): bigint {
  if (!match) {
    const shown = String(value).length > 40 ? `${String(value).slice(0, 40)}… (${String(value).length} characters)` : String(value);
    throw new RangeError(
      `${field} must be a finite decimal with 1 to ${INTEGER_DIGITS} digits before any point, at most ${DIGITS} after it and no exponent, got ${shown}`,
    );
  }
  const [, sign, whole = '0', fraction = ''] = match;
  const scaled = BigInt(whole + fraction.padEnd(DIGITS, '0'));
  return sign ? -scaled : scaled;
}

/** 10^n for every n {@link cents} divides by (products of up to three scaled values), computed once. */
const POWERS_OF_TEN: readonly bigint[] = Array.from({ length: 3 * DIGITS }, (_, n) => 10n ** BigInt(n));

/** Rounds an integer scaled by 10^`digits` (2 to 3 × {@link DIGITS}) half up (away from zero) to cents. */
export function cents(value: bigint, digits = DIGITS): bigint {
  const divisor = POWERS_OF_TEN[digits - 2]!;
  const result = ((value < 0n ? -value : value) * 2n + divisor) / (2n * divisor);
  return value < 0n ? -result : result;
}

/** `amountCents` × a fraction scaled by 10^10 (as {@link rate} reads it), rounded half up to cents: an IGV, a percepción, a retención. */
export function times(amountCents: bigint, scaledFraction: bigint): bigint {
  return cents(amountCents * scaledFraction, DIGITS + 2);
}

/** Cents as a decimal string with exactly 2 decimals: `13885n` → `'138.85'`. */
export function format(amount: bigint): string {
  const digits = (amount < 0n ? -amount : amount).toString().padStart(3, '0');
  return `${amount < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A tax rate (a number or a decimal string) scaled by 10^10; a `RangeError` naming `field` when it breaks {@link RATE_RULE}. */
export function rate(value: Decimal, field: string): bigint {
  const scaled = scale(value, field);
  if (scaled < 0n || scaled >= ONE) throw new RangeError(`${field} ${RATE_RULE}, got ${String(value)}`);
  return scaled;
}

/**
 * An amount of money with at most 2 decimals (`'944.00'`, `37.76`) as cents, exactly. More
 * decimals are a `RangeError` naming `field`, never rounded away: the helpers that take an
 * amount a document carries (a total, an IGV) never silently change it.
 */
export function exactCents(value: Decimal, field: string): bigint {
  const scaled = scale(value, field);
  const cent = ONE / 100n;
  if (scaled % cent !== 0n) throw new RangeError(`${field} must have at most 2 decimals, got ${String(value)}`);
  return scaled / cent;
}
