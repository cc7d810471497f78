/**
 * Free lines (gratuitas: `11`-`16`, `21`, `31`-`37`): a unit price of 0 (2640), a valor
 * referencial above 0 (3234) that only they carry (3224), worth more than 0.00 on a nota (2641).
 * Legend 1002 needs them (legends.ts).
 *
 * @module
 */
import { isNote } from '../fill.js';
import type { LineRule, UsableLineRule } from './rule.js';
import { centsOf, scaleOf } from './values.js';

/** 2640 a free line's unit price 0, 3234 its valor referencial above 0; 3224 no valor referencial on a paid line. */
export const freeLineRule: LineRule = ({ item, index, free, igvAffectation }, _, find) => {
  if (free) {
    if (centsOf(item.unitPrice) !== 0n) find.error('2640', ['items', index, 'unitPrice']);
    const reference = scaleOf(item.referenceValue);
    if (reference === undefined || reference <= 0n) find.error('3234', ['items', index, 'referenceValue']);
  } else if (item.referenceValue !== undefined) {
    find.error('3224', ['items', index, 'referenceValue'], { affectation: igvAffectation });
  }
};

/** 2641: a free line of a nota is worth more than 0.00 (quantity × valor referencial, to the cent). */
export const freeNoteLineRule: UsableLineRule = (line, { body }, find) => {
  if (line.free && line.amounts.base === 0n && isNote(body.type)) find.error('2641', ['items', line.index]);
};
