/**
 * Exports (catálogo 51 `0200`-`0208`): their paid lines are all exports (2642), and they carry no
 * taxed amounts (3107).
 *
 * @module
 */
import { isNote } from '../fill.js';
import type { AmountRule, DocumentRule } from './rule.js';

/** Export operation types (catálogo 51 `0200`-`0208`): every paid line `40` (2642). */
export const EXPORTS: readonly string[] = ['0200', '0201', '0202', '0203', '0204', '0205', '0206', '0207', '0208'];

/** 2642: an export's paid lines are all exports (40); a free line (gratuita) may go with them. */
export const exportLinesRule: DocumentRule = ({ body, filled, lines }, find) => {
  const { operationType } = filled;
  // A nota carries no operation type (3206): it follows the document it modifies.
  if (isNote(body.type) || operationType === undefined || !EXPORTS.includes(operationType)) return;
  for (const line of lines) {
    if (line.igvAffectation !== '40' && !line.free) find.error('2642', ['items', line.index, 'igvAffectation'], { operationType });
  }
};

/** 3107: an export whose lines are all 40 carries no taxed base, which could only come from global 02/49. */
export const exportTotalsRule: AmountRule = ({ filled, lines }, { totals }, find) => {
  if (EXPORTS.includes(filled.operationType ?? '') && lines.every((line) => line.igvAffectation === '40') && totals.taxable !== 0n) {
    find.error('3107', ['charges']);
  }
};
