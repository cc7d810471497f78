/**
 * IVAP (impuesto a la venta del arroz pilado, scheme 1016): a document of IVAP lines (`17`) has
 * only IVAP lines (2644); each line's IVAP is its base × 4% within 1.00 (3103), reported above a
 * base of 0.06 (3111); the IVAP total is the IVAP base × 4% within 1.00 (3295). The service adds
 * legend 2007 (operación sujeta al IVAP) by itself.
 *
 * @module
 */
import { format, times } from '../../decimal.js';
import { IVAP_RATE } from '../../amounts.js';
import { IVAP_AFFECTATION, IVAP_SCALED } from '../compute.js';
import { isNote } from '../fill.js';
import type { AmountRule, DocumentRule, UsableLineRule } from './rule.js';
import { igvBaseAsSunatSums, pastTolerance, xpathFraction, xpathNumber } from './xpath.js';

const rateText = String(IVAP_RATE);

/**
 * 2644: beside an IVAP line every line is an IVAP line (SUNAT's stylesheets refuse an IVAP line
 * with any other line of a base above 0). A nota of reason 12 is `notes.ts`'s, which asks the same of it.
 */
export const ivapLinesRule: DocumentRule = ({ body, lines }, find) => {
  if (isNote(body.type) && body.reference?.reason === '12') return;
  if (!lines.some((line) => line.igvAffectation === IVAP_AFFECTATION)) return;
  for (const line of lines) if (line.igvAffectation !== IVAP_AFFECTATION) find.error('2644', ['items', line.index, 'igvAffectation'], {});
};

/**
 * 3111 and 3103 on an IVAP line: its IVAP (the line's `igv`) above 0 when its base is above 0.06,
 * within 1.00 of base × 4% (as SUNAT's stylesheets compute it: TaxAmount − TaxableAmount × 4 × 0.01).
 */
export const ivapLineRule: UsableLineRule = ({ amounts, index }, _, find) => {
  const { affectation, igv, igvBase, expectedIgv } = amounts;
  if (affectation !== IVAP_AFFECTATION) return;
  const at = ['items', index, 'igv'];
  const before = find.issues.length;
  if (igv === 0n && igvBase > 6n) find.error('3111', at, { affectation, expected: format(expectedIgv), rate: rateText });
  else if (pastTolerance(xpathNumber(igv) - xpathNumber(igvBase) * (xpathFraction(IVAP_SCALED) * 100) * 0.01)) {
    find.error('3103', at, { expected: format(expectedIgv), rate: rateText, tax: 'IVAP' });
  }
  if (find.issues.length > before) find.lineIgv = true;
};

/**
 * 3295 on a factura, and on a nota of a factura against its lines' bases only: the IVAP total within
 * 1.00 of the IVAP base × 4%, as SUNAT's stylesheets sum it. Not again when a line's IVAP broke a rule.
 */
export const ivapTotalRule: AmountRule = ({ body }, amounts, find) => {
  const ofFactura = isNote(body.type) && body.series.startsWith('F');
  if (find.lineIgv || (body.type !== '01' && !ofFactura)) return;
  if (!amounts.lines.some((line) => line.affectation === IVAP_AFFECTATION)) return;
  const base = igvBaseAsSunatSums(amounts, body.type === '01', IVAP_AFFECTATION);
  if (pastTolerance(xpathNumber(amounts.totals.ivap) - base * xpathFraction(IVAP_SCALED))) {
    find.error('3295', ['items'], { ivap: format(amounts.totals.ivap), expected: format(times(amounts.totals.ivapBase, IVAP_SCALED)) });
  }
};
