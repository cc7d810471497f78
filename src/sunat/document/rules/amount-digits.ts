/**
 * The format of SUNAT's amounts: every amount its stylesheets read is `^[0-9]{1,12}(\.[0-9]{1,2})?$`
 * (a quantity and a unit value take 10 decimals), so at most 12 integer digits, 999999999999.99.
 * Each amount has its own code, and which amounts a stylesheet reads so differs by document type:
 * the codes below are those of SUNAT's stylesheets for facturas (`01`), boletas (`03`) and notas
 * (`07`, `08`), where each reads the amount, in the order they read them. An amount that comes
 * after a larger one of the same order is never the first past the format, so it has no check
 * here: a line's value after its taxable base (2370 after 3031), the document's discounts (2065),
 * which SUNAT keeps within its total with taxes (3280).
 *
 * @module
 */
import { format, ONE, scale } from '../../decimal.js';
import { paidPerUnit } from '../compute.js';
import type { AmountRule } from './rule.js';

/** The smallest amount, in cents, with 13 integer digits. */
const TOO_MANY_CENTS = 10n ** 14n;

/** The codes of an amount's format. */
type DigitsCode = '2025' | '2139' | '2369' | '2367' | '3021' | '3031' | '2033' | '2999' | '2048' | '2031' | '3019' | '2064' | '2062';
/** The code of an amount on each document type whose stylesheet reads it in that format. */
type ByType = Partial<Record<string, DigitsCode>>;
const ALL = (code: DigitsCode): ByType => ({ '01': code, '03': code, '07': code, '08': code });
const QUANTITY: ByType = { '01': '2025', '07': '2139', '08': '2139' };
const UNIT_VALUE: ByType = { '01': '2369', '07': '2369', '08': '2369' };
const TAX_BASE: ByType = { '01': '2999', '07': '2999', '08': '2999' };
const VALUE_OF_SALE: ByType = { '01': '2031', '03': '2031' };
const TOTAL_WITH_TAXES: ByType = { '01': '3019', '03': '3019' };

/** A value scaled by 10^10 (a quantity, a unit value), in cents, truncated: its integer digits are what counts. */
const cents = (scaled: bigint) => scaled / (ONE / 100n);

/** One amount to check: its code by document type, its value in cents, its field. */
type Check = [codes: ByType, cents: bigint, path: (string | number)[]];

/**
 * 2025/2139, 2369, 2367, 3021, 3031, 2033 on a line, then 2999, 2048, 2031, 3019, 2064 and 2062 on
 * the document: an amount past 12 integer digits, at its field. As SUNAT's stylesheets stop at their
 * first error, each line reports its first such amount only, and the document its first total only
 * when no line did (its totals are its lines' sums).
 */
export const amountDigitsRule: AmountRule = ({ body, lines }, amounts, find) => {
  /** The first of `checks` past 12 integer digits on this document type, reported; whether there was one. */
  const first = (checks: Check[]): boolean =>
    checks.some(([codes, value, path]) => {
      const code = codes[body.type];
      if (code === undefined || value < TOO_MANY_CENTS) return false;
      find.error(code, path, { amount: format(value) });
      return true;
    });
  let lineReported = false;
  amounts.lines.forEach((line, index) => {
    const { item } = lines[index]!;
    const at = ['items', index];
    const reported = first([
      [QUANTITY, cents(scale(item.quantity, 'quantity')), [...at, 'quantity']],
      [UNIT_VALUE, cents(scale(item.unitPrice, 'unitPrice')), [...at, 'unitPrice']],
      [ALL('2367'), cents(paidPerUnit(item, line)), at],
      [ALL('3021'), line.taxAmount, at],
      [ALL('3031'), line.base, at],
      [ALL('2033'), line.igv, [...at, 'igv']],
    ]);
    lineReported ||= reported;
  });
  if (lineReported) return;
  const { totals } = amounts;
  const bases = [totals.taxable, totals.exempt, totals.unaffected, totals.export, totals.free, totals.iscBase, totals.ivapBase];
  first([
    ...bases.map((base): Check => [TAX_BASE, base, ['items']]),
    ...[totals.igv, totals.isc, totals.ivap, totals.icbper].map((tax): Check => [ALL('2048'), tax, ['items']]),
    [VALUE_OF_SALE, totals.lineExtension, ['items']],
    [TOTAL_WITH_TAXES, totals.taxInclusive, ['items']],
    [ALL('2064'), totals.charges, ['charges']],
    [ALL('2062'), totals.total, ['items']],
  ]);
};
