/**
 * The document's totals: discounts within what they reduce (3277, 3280), an IGV total within 1.00
 * of its taxed base × the rate (3291; on a boleta observed: 4290, with its total with taxes: 4310),
 * a rounding within ±1.00 (3303).
 *
 * @module
 */
import { format, times } from '../../decimal.js';
import { type DocumentAmounts, IVAP_AFFECTATION, IVAP_SCALED, type TotalsAmounts } from '../compute.js';
import type { Findings } from './findings.js';
import { isNote } from '../fill.js';
import type { AmountRule, ObservationRule } from './rule.js';
import { off } from './values.js';
import { igvBaseAsSunatSums, pastTolerance, xpathFraction, xpathNumber } from './xpath.js';

/** Whether a document has IVAP lines (`17`). */
const hasIvap = ({ lines }: DocumentAmounts) => lines.some((line) => line.affectation === IVAP_AFFECTATION);

/** SUNAT's tolerance in its amount checks: 1.00, in cents. */
const TOLERANCE = 100n;

/**
 * Whether the totals can be compared, reporting why not: 3277 global discounts `02` past the
 * taxed base (the IVAP base on a document of IVAP lines), 3275 and 3274 advances past the
 * exonerated and the unaffected total, 3280 discounts past the total. With a
 * global `02` the IGV is taxable × rate, never below 0. Below 0, nothing the other amount rules
 * compare means anything: they do not run.
 */
export function totalsComparable(totals: TotalsAmounts, find: Findings): boolean {
  if (totals.taxable < 0n || totals.ivapBase < 0n) find.error('3277', totals.prepaid > 0n ? ['advances'] : ['discounts'], { nota: false, advances: totals.prepaid > 0n });
  else if (totals.exempt < 0n) find.error('3275', ['advances']);
  else if (totals.unaffected < 0n) find.error('3274', ['advances']);
  else if (totals.total < 0n) find.error('3280', ['discounts'], { nota: false });
  else return true;
  return false;
}

/**
 * 3291 on a factura, and on a nota of a factura (an F series) against its lines' bases only: the IGV
 * total within 1.00 of taxable × rate, as SUNAT's stylesheets sum it. On a boleta SUNAT only
 * observes it (4290). Not again when a line's IGV broke a rule.
 */
export const igvTotalRule: AmountRule = ({ body, taxRate }, amounts, find) => {
  const ofFactura = isNote(body.type) && body.series.startsWith('F');
  // A document of IVAP lines declares no IGV (its 1000 subtotal, which SUNAT's 3291 reads): its tax is ivap.ts's 3295.
  if (find.lineIgv || (body.type !== '01' && !ofFactura) || hasIvap(amounts)) return;
  const { totals } = amounts;
  const base = body.type === '01' ? totals.taxable : amounts.lines.reduce((sum, line) => (line.affectation === '10' ? sum + line.base : sum), 0n);
  if (pastTolerance(xpathNumber(totals.igv) - igvBaseAsSunatSums(amounts, body.type === '01') * xpathFraction(taxRate))) {
    find.error('3291', ['items'], { igv: format(totals.igv), expected: format(times(base, taxRate)) });
  }
};

/** 3303: a rounding (PayableRoundingAmount) from -1.00 to 1.00. */
export const roundingRule: AmountRule = (_, { totals }, find) => {
  if (off(totals.rounding, 0n, TOLERANCE)) find.error('3303', ['rounding']);
};

/**
 * 4290 and 4310 on a boleta (on a factura, rejections): its IGV total more than 1.00 from its taxed
 * base × the rate, its total with taxes (`TaxInclusiveAmount`) more than 1.00 from its value of
 * sale, ICBPER, ISC and that product (with IVAP lines, the IVAP base × 4% instead).
 */
export const boletaTotalsObservations: ObservationRule = ({ body, amounts, taxRate }, find) => {
  if (body.type !== '03' || amounts === undefined) return;
  const { igv, taxInclusive, lineExtension, icbper, isc } = amounts.totals;
  // Amounts are computed at a rate: taxRate is there.
  const tax = igvBaseAsSunatSums(amounts, true) * xpathFraction(taxRate!);
  // With IVAP lines SUNAT adds the IVAP base × 4% instead of the IGV and the ISC, and checks no IGV.
  const ivap = hasIvap(amounts);
  if (!ivap && pastTolerance(xpathNumber(igv) - tax)) find.observe('4290', ['items'], { igv: format(igv) });
  // The precio de venta keeps the IGV of the whole sale: an advance's 04 does not lower it (SUNAT's 3279 and 4310).
  const saleTax = amounts.advances.length === 0 ? tax : igvBaseAsSunatSums(amounts, true, '10', false) * xpathFraction(taxRate!);
  const taxes = ivap ? igvBaseAsSunatSums(amounts, true, IVAP_AFFECTATION) * xpathFraction(IVAP_SCALED) : xpathNumber(isc) + saleTax;
  if (pastTolerance(xpathNumber(taxInclusive) - (xpathNumber(lineExtension) + xpathNumber(icbper) + taxes))) {
    find.observe('4310', ['items'], { taxInclusive: format(taxInclusive) });
  }
};
