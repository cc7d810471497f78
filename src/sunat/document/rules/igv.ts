/**
 * Each line's IGV: none on affectations `20`-`40` (3110), reported on every taxed line above 0.06
 * (3111), its base (the value plus its ISC) × the document's rate within 1.00 (3103), every line
 * at the same rate (3462), and that rate one in force on the issue date (observed: 4439).
 *
 * @module
 */
import { format, rate, times } from '../../decimal.js';
import { IGV_RATE, IGV_RATES, igvRateOn } from '../../rates.js';
import { FREE_TAXED_AFFECTATIONS, IVAP_AFFECTATION, type LineAmounts } from '../compute.js';
import { type DocumentRule, type ObservationRule, usable } from './rule.js';
import { off } from './values.js';
import { pastTolerance, xpathFraction, xpathNumber } from './xpath.js';

/**
 * How close a line's `igv` is to base × a rate for the line to be at that rate: 0.01, in cents
 * (the rate's IGV to the cent). It tells a line at another known rate (3462) from a wrong IGV
 * (3103); SUNAT itself accepts a line's IGV within 1.00 of base × rate.
 */
const RATE_FIT = 1n;
/** The IGV rates a line may be at: another than the document's breaks the one-rate rule (3462). */
const KNOWN_RATES = IGV_RATES.map((known) => [known, rate(known, 'igvRate')] as const);

/** Whether a line's IGV is base × a rate (scaled by 10^10) within 0.01: the line is at that rate. */
function fits(amounts: LineAmounts, scaledRate: bigint): boolean {
  return !off(amounts.igv, times(amounts.igvBase, scaledRate), RATE_FIT);
}

/**
 * 3110, 3111, 3103, 3462: each line's IGV, within 1.00 of base × the document's rate (3103, the
 * product unrounded, as SUNAT compares). A line past that whose IGV is at another known rate while
 * other lines are at the document's breaks the one-rate rule (3462); a line at no rate, or every
 * line at another rate than the issuer's, is a wrong IGV (3103). A line whose IGV breaks a rule
 * makes the IGV total's check (3291) its own: it is not reported again there.
 */
export const lineIgvRule: DocumentRule = ({ lines, igvRate, taxRate }, find) => {
  const checked = lines.filter(usable);
  const atDocumentRate = () => checked.some(({ amounts }) => amounts.affectation === '10' && amounts.igv !== 0n && fits(amounts, taxRate));
  const rateText = String(igvRate);
  for (const { amounts, index } of checked) {
    const before = find.issues.length;
    const at = ['items', index, 'igv'];
    const { affectation, igv, expectedIgv, igvBase: base } = amounts;
    if (affectation === IVAP_AFFECTATION) continue; // IVAP has a rate of its own (ivap.ts)
    if (affectation !== '10' && !FREE_TAXED_AFFECTATIONS.includes(affectation)) {
      if (igv !== 0n) find.error('3110', at, { affectation });
    } else if (igv === 0n && base > 6n) {
      // SUNAT's stylesheets ask an IGV of every taxed line (10-16) whose base is above 0.06, paid or free.
      find.error('3111', at, { affectation, expected: format(expectedIgv), rate: rateText });
    } else if (pastTolerance(xpathNumber(igv) - xpathNumber(base) * (xpathFraction(taxRate) * 100) * 0.01)) {
      // SUNAT: TaxAmount − (TaxableAmount × Percent) × 0.01, Percent as the XML carries it (18.00).
      // The line is off the document's rate, so any known rate it fits is another one.
      const other = KNOWN_RATES.find(([, scaled]) => fits(amounts, scaled));
      if (other !== undefined && atDocumentRate()) {
        find.error('3462', at, { lineRate: String(other[0]), rate: rateText, expected: format(expectedIgv) });
      } else {
        // Every line at another known rate: the document is at a rate the issuer does not have (a reduced one without the padrón).
        find.error('3103', at, { expected: format(expectedIgv), rate: rateText, lineRate: other && String(other[0]), general: Number(igvRate) === IGV_RATE });
      }
    }
    if (find.issues.length > before) find.lineIgv = true;
  }
};

/** The IGV rates in force on `date`: the general one, and the reduced one of SUNAT's padrón once there is one; `[]` for a date no rate reads. */
function ratesInForce(date: string): number[] {
  const rates: number[] = [];
  for (const reduced of [false, true]) {
    try {
      rates.push(igvRateOn(date, { reduced }));
    } catch {
      // No rate of that kind on that date (a reduced one before 2022-09-01), or not a date: the issue date's rules say so.
    }
  }
  return rates;
}

/**
 * 4439, observed: the document's IGV rate, written on each of its taxed lines (scheme 1000), is
 * none in force on its issue date (10% on a restaurant's document of 2026-03-01, when the reduced
 * rate is 10.5%). The service writes the issuer's rate of the issue date, so only a rate given to
 * `documentObservations` or `prepareDocument` can be another.
 */
export const igvRateObservation: ObservationRule = ({ igvRate, filled, lines }, find) => {
  if (igvRate === undefined) return;
  const inForce = ratesInForce(filled.issueDate);
  if (inForce.length === 0 || inForce.includes(Number(igvRate))) return;
  for (const { amounts, index } of lines) {
    if (amounts?.affectation === '10' && !amounts.free && amounts.base > 0n) {
      find.observe('4439', ['items', index, 'igv'], { rate: String(igvRate), inForce: inForce.map(String) });
    }
  }
};
