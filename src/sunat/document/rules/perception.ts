/**
 * The percepción: the operation type that carries it (3093, 3308), cash sales only (3330), its
 * regime and rate (3093, 2798), its base (3233, and at most the total in PEN: 2797), its amount
 * (base × rate: 2798), in PEN (2797).
 *
 * @module
 */
import { format, times } from '../../decimal.js';
import { PERCEPTION_CODES } from '../../catalogs.js';
import { inPenSafe } from './customer.js';
import type { AmountRule, DocumentRule } from './rule.js';
import { centsOf, rateOf } from './values.js';
import { pastTolerance, xpathFraction, xpathNumber } from './xpath.js';

/**
 * Percepción: 3093/3308 with operation type 2001, 3330 cash sales only, its regime and rate, 3233
 * base above 0, 2797 in PEN (amount rules below). On a factura the forma de pago decides: operation
 * 2001 in cash (Contado) carries its percepción (3093), on credit carries none (3330), as SUNAT's
 * factura stylesheet checks; a boleta has no forma de pago rule, and of operation 2001 carries its
 * percepción whatever its payment terms (3093 of SUNAT's boleta stylesheet).
 */
export const perceptionRule: DocumentRule = ({ body, filled }, find) => {
  const { perception } = body;
  const { operationType } = filled;
  const facturaOnCredit = body.type === '01' && filled.paymentTerms?.type === 'credit';
  if (perception === undefined) {
    if (operationType === '2001' && !facturaOnCredit) find.error('3093', ['perception'], {});
    return;
  }
  if (operationType !== '2001') find.error('3308', ['operationType'], { operationType });
  if (facturaOnCredit) find.error('3330', ['paymentTerms']);
  if (!(PERCEPTION_CODES as readonly string[]).includes(perception.code)) {
    find.error('3093', ['perception', 'code'], { codes: PERCEPTION_CODES });
  } else {
    const share = rateOf(filled.perceptionRate);
    if (share === undefined || share === 0n) find.error('2798', ['perception', 'rate'], {});
  }
  if (perception.base !== undefined) {
    const base = centsOf(perception.base);
    if (base === undefined || base <= 0n) find.error('3233', ['perception', 'base']);
  }
  if (body.currency === 'USD' && body.exchangeRate === undefined) find.error('2797', ['exchangeRate'], {});
};

/** 2797: the percepción's base is at most the total in PEN; 2798: its amount is base × rate within 1.00. */
export const perceptionAmountsRule: AmountRule = ({ body, filled }, { totals }, find) => {
  const { perception } = body;
  if (perception === undefined) return;
  const share = rateOf(filled.perceptionRate);
  const totalPen = inPenSafe(body, totals.total);
  if (totalPen === undefined) return; // a USD document without its exchange rate: 2797 above
  const base = perception.base === undefined ? totalPen : centsOf(perception.base);
  if (base === undefined || share === undefined) return;
  if (base > totalPen) find.error('2797', ['perception', 'base'], { totalPen: format(totalPen) });
  const amount = centsOf(perception.amount);
  // SUNAT: Amount − BaseAmount × MultiplierFactorNumeric, in XPath numbers.
  if (amount !== undefined && pastTolerance(xpathNumber(amount) - xpathNumber(base) * xpathFraction(share))) {
    find.error('2798', ['perception', 'amount'], { expected: format(times(base, share)) });
  }
};
