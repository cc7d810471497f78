/**
 * The retención del IGV: informed to a RUC customer (3262), at a rate of catálogo 23 (3263), on a
 * base above 0 and at most the total (3264), its amount base × rate (3263).
 *
 * @module
 */
import { format, rate, times } from '../../decimal.js';
import type { AmountRule, DocumentRule } from './rule.js';
import { centsOf, rateOf } from './values.js';
import { pastTolerance, xpathFraction, xpathNumber } from './xpath.js';

/** The retención del IGV rates (catálogo 23): 3% and 6%. */
const RETENTION_RATES: readonly bigint[] = [rate(0.03, 'retention.rate'), rate(0.06, 'retention.rate')];

/** Retención: 3262 a RUC customer, 3263 a rate of catálogo 23 (amount rules below). */
export const retentionRule: DocumentRule = ({ body, filled }, find) => {
  if (body.retention === undefined) return;
  if (body.customer.documentType !== '6') find.error('3262', ['customer', 'documentType']);
  if (!RETENTION_RATES.includes(rateOf(filled.retentionRate) ?? -1n)) find.error('3263', ['retention', 'rate'], {});
};

/** 3264: the retención's base is at most the total; 3263: its amount is base × rate within 1.00. */
export const retentionAmountsRule: AmountRule = ({ body, filled }, { totals }, find) => {
  const { retention } = body;
  if (retention === undefined) return;
  const { total } = totals;
  const base = retention.base === undefined ? total : centsOf(retention.base);
  if (base === undefined || base <= 0n || base > total) {
    find.error('3264', ['retention', 'base'], { total: format(total) });
    return;
  }
  const share = rateOf(filled.retentionRate);
  if (share === undefined || retention.amount === undefined) return;
  const amount = centsOf(retention.amount);
  if (amount === undefined || pastTolerance(xpathNumber(amount) - xpathNumber(base) * xpathFraction(share))) {
    find.error('3263', ['retention', 'amount'], { expected: format(times(base, share)) });
  }
};
