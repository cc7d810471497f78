/**
 * The ISC of a line (impuesto selectivo al consumo, scheme 2000, catálogo 08): its system (2373
 * missing, 2041 another code), its rate or amount per unit (3104), its amount within 1.00 of
 * SUNAT's formula (3108); only on a taxed line, whose IGV base it raises (3272), never on an
 * export (3107) nor on a document of IVAP lines (2650).
 *
 * @module
 */
import { format } from '../../decimal.js';
import { ISC_SYSTEM_CODES } from '../../catalogs.js';
import { FREE_TAXED_AFFECTATIONS, IVAP_AFFECTATION } from '../compute.js';
import type { DocumentDraft } from '../draft.js';
import { EXPORTS } from './exports.js';
import type { LineRule } from './rule.js';
import { scaleOf } from './values.js';
import { pastTolerance, xpathFraction, xpathNumber } from './xpath.js';

/** Whether each draft has IVAP lines, read once per draft (a rule of each line asks it: linear, not quadratic). */
const IVAP_DRAFTS = new WeakMap<DocumentDraft, boolean>();
const hasIvap = (draft: DocumentDraft) => {
  let found = IVAP_DRAFTS.get(draft);
  if (found === undefined) IVAP_DRAFTS.set(draft, (found = draft.lines.some((line) => line.igvAffectation === IVAP_AFFECTATION)));
  return found;
};

/** The affectations whose IGV base an ISC raises: taxed, paid (`10`) or free (`11`-`16`). */
const ISC_AFFECTATIONS: readonly string[] = ['10', ...FREE_TAXED_AFFECTATIONS];

/**
 * 2373, 2041, 3104, 3108 on a line's ISC; 3107 an ISC on an export, 2650 beside IVAP lines, 3272
 * on a line that carries no IGV (SUNAT's 3272 compares the line's IGV base with its value plus its
 * ISC: a line without IGV has no such base). The amount is checked as SUNAT's stylesheet checks it
 * (TaxAmount − TaxableAmount × Percent × 0.01, in XPath numbers) on systems 01 and 03, and against
 * quantity × amount per unit on system 02.
 */
export const iscLineRule: LineRule = ({ item, index, igvAffectation, amounts }, draft, find) => {
  const { isc } = item;
  if (isc === undefined) return;
  const at = ['items', index, 'isc'];
  const system: unknown = isc.system;
  if (system === undefined || system === '') find.error('2373', [...at, 'system']);
  else if (!(ISC_SYSTEM_CODES as readonly unknown[]).includes(system)) find.error('2041', [...at, 'system'], { system: String(system) });
  else {
    const [field, other] = system === '02' ? (['amountPerUnit', 'rate'] as const) : (['rate', 'amountPerUnit'] as const);
    const given = scaleOf(isc[field]);
    if (given === undefined || given <= 0n || isc[other] !== undefined)
      find.error('3104', [...at, isc[other] !== undefined ? other : field], { system: String(system), field });
    else if (isc.amount !== undefined && amounts?.isc !== undefined && iscOff(amounts.isc)) {
      find.error('3108', [...at, 'amount'], { expected: format(amounts.isc.expected) });
    }
  }
  const { operationType } = draft.filled;
  if (operationType !== undefined && EXPORTS.includes(operationType)) find.error('3107', at);
  else if (hasIvap(draft)) find.error('2650', at);
  else if (!ISC_AFFECTATIONS.includes(igvAffectation)) find.error('3272', at, { affectation: igvAffectation });
};

/** Whether an ISC's amount is past 1.00 from SUNAT's formula: base × rate as the stylesheet computes it (01, 03), quantity × amount per unit (02). */
function iscOff({ system, amount, base, rate, expected }: { system: string; amount: bigint; base: bigint; rate: bigint; expected: bigint }): boolean {
  if (system === '02') return pastTolerance(xpathNumber(amount) - xpathNumber(expected));
  return pastTolerance(xpathNumber(amount) - xpathNumber(base) * (xpathFraction(rate) * 100) * 0.01);
}
