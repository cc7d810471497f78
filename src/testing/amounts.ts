/**
 * Exact money arithmetic for the mock: amounts are computed as integers (no binary-float
 * rounding errors such as 1.005 → 1.00), rounding half up to 2 decimals as SUNAT does.
 *
 * @module
 */
import type { Item } from '../models/document.js';

const SCALE = 10;
const SCALE_FACTOR = 10n ** BigInt(SCALE);

/** A non-negative number with up to 10 decimals as an integer scaled by 10^10. */
function scaled(n: number): bigint {
  const [whole = '0', frac = ''] = Math.abs(n).toFixed(SCALE).split('.');
  const value = BigInt(whole) * SCALE_FACTOR + BigInt(frac.padEnd(SCALE, '0'));
  return n < 0 ? -value : value;
}

/** Rounds an integer scaled by 10^digits half up (away from zero) to cents. */
function toCents(value: bigint, digits: number): bigint {
  const divisor = 10n ** BigInt(digits - 2);
  const half = divisor / 2n;
  return value >= 0n ? (value + half) / divisor : -((-value + half) / divisor);
}

/** A line's taxable base in cents: quantity × unitPrice rounded half up to 2 decimals. */
export function lineTaxableCents(item: Pick<Item, 'quantity' | 'unitPrice'>): bigint {
  return toCents(scaled(item.quantity) * scaled(item.unitPrice), SCALE * 2);
}

/** An amount in cents (rounded half up). */
export function amountCents(n: number): bigint {
  return toCents(scaled(n), SCALE);
}

/** Cents back to a number with 2 decimals. */
export function fromCents(cents: bigint): number {
  return Number(cents) / 100;
}

/** A document's totals from its lines: taxable = Σ line bases, igv = Σ line IGV, total = both. */
export function computeTotals(items: readonly Pick<Item, 'quantity' | 'unitPrice' | 'igv'>[]): {
  taxable: number;
  igv: number;
  total: number;
} {
  let taxable = 0n;
  let igv = 0n;
  for (const item of items) {
    taxable += lineTaxableCents(item);
    igv += amountCents(item.igv);
  }
  return { taxable: fromCents(taxable), igv: fromCents(igv), total: fromCents(taxable + igv) };
}
