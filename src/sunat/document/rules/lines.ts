/**
 * A line: its SUNAT product code (3181), its description (2027; on a nota 4084), a value
 * above 0.00 (3105).
 *
 * @module
 */
import { isNote } from '../fill.js';
import type { LineRule, ObservationRule, UsableLineRule } from './rule.js';
import { JAVA_BLANK } from './xpath.js';

/** The two SUNAT product codes (catálogo 25) gastos deducibles (0112) takes (3181): a mortgage loan's and a lodging's. */
const DEDUCTIBLE_PRODUCTS: readonly string[] = ['84121901', '80131501'];
/** Operation types whose lines may have a base of 0 (3105): gastos deducibles (0112) and the 2100-2104 ones. */
const ZERO_BASE_OPERATIONS: readonly string[] = ['0112', '2100', '2101', '2102', '2103', '2104'];
/** The longest line description SUNAT takes, in characters (2027). */
const MAX_DESCRIPTION = 500;
/**
 * A nota's line description as SUNAT's notas stylesheets take it (4084 otherwise), `^(?!\s*$)[\s\S].{2,499}`
 * in Java: not only white space, and its first character followed by at least 2 on the same line.
 */
const NOTE_LINE_DESCRIPTION = /^[\s\S][^\n\r\u0085\u2028\u2029]{2}/u;

/** 3181: the line's SUNAT product code. */
export const productCodeRule: LineRule = ({ item, index }, { body, filled }, find) => {
  const product = item.sunatProductCode;
  if (body.type === '01' && filled.operationType === '0112' && product !== undefined && !DEDUCTIBLE_PRODUCTS.includes(product)) {
    find.error('3181', ['items', index, 'sunatProductCode'], { products: DEDUCTIBLE_PRODUCTS });
  }
};

/** 2027: a description of 1 to 500 characters, not only white space (as SUNAT's Java reads it). */
export const descriptionRule: LineRule = ({ item, index }, _, find) => {
  const { description } = item;
  if (typeof description === 'string' && (JAVA_BLANK.test(description) || [...description].length > MAX_DESCRIPTION)) {
    find.error('2027', ['items', index, 'description'], { max: MAX_DESCRIPTION });
  }
};

/**
 * 3105: a line's value above 0.00 on a factura, boleta or nota de débito. A nota de crédito's paid
 * line may be worth 0.00 (its stylesheet checks only that the line has a tax); so may a line of
 * the operation types of {@link ZERO_BASE_OPERATIONS}.
 */
export const lineValueRule: UsableLineRule = (line, { body, filled }, find) => {
  if (line.amounts.base !== 0n) return;
  // A factura's or a boleta's operation type is always filled (its own, else a default); a nota has none.
  const zeroAllowed = body.type === '07' || (!isNote(body.type) && ZERO_BASE_OPERATIONS.includes(filled.operationType!));
  if (!zeroAllowed) find.error('3105', ['items', line.index], { free: line.free });
};

/** 4084: a nota's line described in fewer than 3 characters (observed). */
export const noteLineDescriptionObservation: ObservationRule = ({ body, lines }, find) => {
  if (!isNote(body.type)) return;
  for (const { item, index } of lines) {
    const { description } = item;
    if (typeof description === 'string' && (JAVA_BLANK.test(description) || !NOTE_LINE_DESCRIPTION.test(description))) {
      find.observe('4084', ['items', index, 'description']);
    }
  }
};
