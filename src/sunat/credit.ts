/**
 * A sale on credit (forma de pago `Credito`): what the customer still owes the issuer.
 *
 * @module
 */
import { type Decimal, exactCents, format, ONE, scale } from './decimal.js';

/** What {@link netPendingAmount} needs. Amounts have at most 2 decimals. */
export type NetPendingInput = {
  /** The document's total (importe total, `totals.total`), in its currency. */
  total: Decimal;
  /**
   * The detracción (SPOT) amount, always in PEN (SUNAT rule 3208), as `detraction.amount` holds
   * it. The customer deposits it in the issuer's Banco de la Nación account instead of paying it
   * to the issuer. Default: none.
   */
  detraction?: Decimal | undefined;
  /** The retención del IGV the customer withholds, in the document's currency. Default: none. */
  retention?: Decimal | undefined;
  /** The document's currency. */
  currency: 'PEN' | 'USD';
  /**
   * PEN per USD (SUNAT's selling rate of the issue date, as `exchangeRate` on the document):
   * required on a USD document with a detracción, to bring the detracción into dollars.
   */
  exchangeRate?: Decimal | undefined;
};

/**
 * The net pending amount of a credit sale (monto neto pendiente de pago, the `Credito` amount
 * whose installments SUNAT checks: rules 3251, 3265, 3319): total − detracción − retención,
 * exactly, with 2 decimals. On a USD document the detracción, which is in PEN, is first
 * converted at `exchangeRate`: detracción ÷ exchangeRate rounded half up to cents. A
 * `RangeError` names an amount that is not a decimal of up to 2 places or is negative, a
 * currency other than PEN or USD, a missing or non-positive `exchangeRate` on a USD document
 * with a detracción, and deductions larger than the total.
 *
 * ```ts
 * netPendingAmount({ total: 944, detraction: 37.76, currency: 'PEN' }); // '906.24'
 * netPendingAmount({ total: 1180, detraction: 47.2, currency: 'USD', exchangeRate: 3.75 }); // '1167.41' (47.20 PEN is 12.59 USD)
 * ```
 */
export function netPendingAmount({ total, detraction, retention, currency, exchangeRate }: NetPendingInput): string {
  if (currency !== 'PEN' && currency !== 'USD') throw new RangeError(`currency must be PEN or USD, got ${String(currency)}`);
  const amounts = { total, detraction: detraction ?? 0, retention: retention ?? 0 };
  const [owed = 0n, detracted = 0n, retained = 0n] = Object.entries(amounts).map(([field, value]) => {
    const cents = exactCents(value, field);
    if (cents < 0n) throw new RangeError(`${field} must be 0 or more, got ${String(value)}`);
    return cents;
  });
  let detractedInCurrency = detracted;
  if (currency === 'USD' && detracted > 0n) {
    if (exchangeRate === undefined) throw new RangeError('exchangeRate is required on a USD document with a detraction: the detraction is in PEN');
    const rate = scale(exchangeRate, 'exchangeRate');
    if (rate <= 0n) throw new RangeError(`exchangeRate must be more than 0, got ${String(exchangeRate)}`);
    detractedInCurrency = (detracted * ONE * 2n + rate) / (rate * 2n);
  }
  const pending = owed - detractedInCurrency - retained;
  if (pending < 0n) {
    throw new RangeError(`detraction and retention (${format(detractedInCurrency + retained)} ${currency}) exceed the total ${format(owed)}`);
  }
  return format(pending);
}
