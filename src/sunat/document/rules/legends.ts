/**
 * The legends a body adds (catálogo 52, `cbc:Note`): a code of the catálogo (3027), once each
 * (3014), `1002` only with free lines (2416), a text of 1 to 200 characters on one line (3006).
 *
 * @module
 */
import { LEGEND_CODES } from '../../catalogs.js';
import type { DocumentRule } from './rule.js';
import { sunatText } from './xpath.js';

/** A legend's text: 1 to 200 characters (3006). */
const LEGEND_TEXT = sunatText(0, 199);

/** Legends: 3027 a catálogo 52 code, 3014 not repeated, 3006 text 1-200 characters without line breaks, 2416 1002 only with free lines. */
export const legendsRule: DocumentRule = ({ body, lines }, find) => {
  const seen = new Set<string>();
  (body.legends ?? []).forEach((legend, i) => {
    if (!(LEGEND_CODES as readonly string[]).includes(legend.code)) {
      find.error('3027', ['legends', i, 'code'], { codes: LEGEND_CODES });
    } else if (seen.has(legend.code)) {
      find.error('3014', ['legends', i, 'code'], { code: legend.code });
    } else if (legend.code === '1002' && !lines.some((line) => line.free)) {
      find.error('2416', ['legends', i, 'code']);
    }
    seen.add(legend.code);
    if (typeof legend.text !== 'string' || !LEGEND_TEXT.test(legend.text)) find.error('3006', ['legends', i, 'text']);
  });
};
