/**
 * Plastic bags (ICBPER, Ley 30884): counted in whole bags (3237), a tax above 0 (3238); observed,
 * a unit other than NIU (4320), a tax that is not the bags × the amount per bag (4318), an amount
 * per bag other than the year's (4237).
 *
 * @module
 */
import { type Decimal, exactCents, format, ONE, scale } from '../../decimal.js';
import { icbperPerBag } from '../../rates.js';
import { icbperPerUnit } from '../compute.js';
import { DEFAULT_UNIT_CODE } from '../fill.js';
import type { LineRule, ObservationRule } from './rule.js';
import { centsOf, scaleOf } from './values.js';

/** The most bags a line with ICBPER counts (`BaseUnitMeasure`, up to 5 digits). */
const MAX_BAGS = 99_999;

/** 3237: whole bags, up to 99999; 3238: an ICBPER above 0, and above 0 per bag to the cent. */
export const bagRule: LineRule = ({ item, index }, _, find) => {
  if (item.icbper === undefined) return;
  const at = ['items', index];
  const bags = scaleOf(item.quantity);
  if (bags === undefined || bags % ONE !== 0n || bags > BigInt(MAX_BAGS) * ONE) find.error('3237', [...at, 'quantity'], { most: MAX_BAGS });
  const tax = centsOf(item.icbper);
  if (tax === undefined || tax <= 0n) {
    find.error('3238', [...at, 'icbper'], {});
  } else if (bags !== undefined && bags > 0n && icbperPerUnit(tax, bags) === 0n) {
    find.error('3238', [...at, 'icbper'], { icbper: format(tax), bags: String(item.quantity) });
  }
};

/** The ICBPER per bag in cents on `issueDate`; `undefined` before the ICBPER existed (2019-08-01): no amount per bag to observe against. */
function yearlyAmount(issueDate: string): bigint | undefined {
  try {
    return exactCents(icbperPerBag(issueDate), 'icbper');
  } catch {
    return undefined;
  }
}

/** 4320, 4318 and 4237, on each line of plastic bags. */
export const bagObservations: ObservationRule = ({ filled, lines }, find) => {
  const bagLines = lines.filter((line) => line.item.icbper !== undefined);
  if (bagLines.length === 0) return;
  const yearly = yearlyAmount(filled.issueDate);
  for (const { item, index, unitCode } of bagLines) {
    const at = ['items', index];
    if (unitCode !== DEFAULT_UNIT_CODE) find.observe('4320', [...at, 'unitCode'], { unit: unitCode });
    let tax: bigint;
    let bags: bigint;
    try {
      tax = exactCents(item.icbper as Decimal, 'icbper');
      bags = scale(item.quantity as Decimal, 'quantity');
    } catch {
      continue;
    }
    if (tax <= 0n || bags <= 0n) continue;
    const perBag = icbperPerUnit(tax, bags);
    // SUNAT's stylesheet compares the line's ICBPER with the bags × the amount per bag as XPath
    // compares numbers read from the XML, in binary floating point, and observes a difference past
    // 0.01: 1.00 − 3 × 0.33 is 0.010000000000000009 there. The same arithmetic, so the same verdicts.
    const difference = Number(format(tax)) - Number(String(item.quantity)) * Number(format(perBag));
    if (difference < -0.01 || difference > 0.01) find.observe('4318', [...at, 'icbper'], { icbper: format(tax), bags: String(item.quantity), perBag: format(perBag) });
    if (yearly !== undefined && filled.currency === 'PEN' && perBag !== yearly)
      find.observe('4237', [...at, 'icbper'], { perBag: format(perBag), yearly: format(yearly) });
  }
};
