/**
 * A line's GTIN (código de producto GS1, `cac:StandardItemIdentification`): 8, 12, 13 or 14
 * digits (3201). SUNAT's stylesheets take the structures `GTIN-8`, `GTIN-13` and `GTIN-14` and
 * check the length of each; a 12-digit UPC-A is written as a `GTIN-13` with a leading `0`
 * (`sunat/ubl/lines.ts`), the same number in GS1's padding.
 *
 * @module
 */
import type { LineRule } from './rule.js';

/** The digits of a GTIN SUNAT's structures carry: GTIN-8, GTIN-12 (as a GTIN-13), GTIN-13, GTIN-14. */
export const GTIN = /^(?:\d{8}|\d{12,14})$/;

/** 3201: a GTIN that is not 8, 12, 13 or 14 digits. */
export const gtinRule: LineRule = ({ item, index }, _, find) => {
  if (item.gtin !== undefined && !GTIN.test(item.gtin)) find.error('3201', ['items', index, 'gtin'], { gtin: item.gtin });
};
