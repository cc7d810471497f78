/**
 * The format of SUNAT's amounts: every amount its stylesheets read is `^[0-9]{1,12}(\.[0-9]{1,2})?$`
 * (a quantity and a unit value take 10 decimals), so at most 12 integer digits, 999999999999.99.
 * Each amount has its own code, and which amounts a stylesheet reads so differs by document type:
 * the codes below are those of SUNAT's stylesheets for facturas (`01`), boletas (`03`) and notas
 * (`07`, `08`), where each reads the amount.
 *
 * @module
 */
import { format, ONE } from '../../decimal.js';
import { paidPerUnit } from '../compute.js';
import type { AmountRule } from './rule.js';
import { scaleOf } from './values.js';

/** The smallest amount, in cents, with 13 integer digits. */
const TOO_MANY_CENTS = 10n ** 14n;

/** The codes of an amount's format. */
type DigitsCode = '2025' | '2139' | '2369' | '2367' | '3021' | '3031' | '2033' | '2370' | '2999' | '2048' | '2031' | '3019' | '2065' | '2064' | '2062';
/** The code of an amount on each document type whose stylesheet reads it in that format. */
type ByType = Partial<Record<'01' | '03' | '07' | '08', DigitsCode>>;
const ALL = (code: DigitsCode): ByType => ({ '01': code, '03': code, '07': code, '08': code });
const QUANTITY: ByType = { '01': '2025', '07': '2139', '08': '2139' };
const UNIT_VALUE: ByType = { '01': '2369', '07': '2369', '08': '2369' };
const LINE_VALUE: ByType = { '01': '2370', '07': '2370', '08': '2370' };
const TAX_BASE: ByType = { '01': '2999', '07': '2999', '08': '2999' };
const VALUE_OF_SALE: ByType = { '01': '2031', '03': '2031' };
const TOTAL_WITH_TAXES: ByType = { '01': '3019', '03': '3019' };
const DISCOUNTS: ByType = { '01': '2065', '03': '2065' };

/**
 * 2025/2139, 2369, 2367, 3021, 3031, 2033, 2370 on a line, then 2999, 2048, 2031, 3019, 2065,
 * 2064 and 2062 on the document: an amount past 12 integer digits, at its field. As SUNAT's
 * stylesheets stop at their first error, each line reports its first such amount only, and the
 * document its first total only when no line did (its totals are its lines' sums).
 */
export const amountDigitsRule: AmountRule = ({ body, lines }, amounts, find) => {
  const type = body.type as keyof ByType;
  /** The first of `checks` (a code by type, a value in cents or scaled by 10^10, its path) past 12 integer digits, reported; whether one was. */
  const first = (checks: [ByType, bigint | undefined, 'cents' | 'scaled', (string | number)[]][]): boolean =>
    checks.some(([codes, value, unit, path]) => {
      const code = codes[type];
      if (code === undefined || value === undefined) return false;
      const cents = unit === 'cents' ? value : value / (ONE / 100n);
      if (cents < TOO_MANY_CENTS && cents > -TOO_MANY_CENTS) return false;
      find.error(code, path, { amount: format(cents) });
      return true;
    });
  let lineReported = false;
  amounts.lines.forEach((line, index) => {
    const { item } = lines[index]!;
    const at = ['items', index];
    const reported = first([
      [QUANTITY, scaleOf(item.quantity), 'scaled', [...at, 'quantity']],
      [UNIT_VALUE, scaleOf(item.unitPrice), 'scaled', [...at, 'unitPrice']],
      [ALL('2367'), paidPerUnit(item, line), 'scaled', at],
      [ALL('3021'), line.taxAmount, 'cents', at],
      [ALL('3031'), line.base, 'cents', at],
      [ALL('2033'), line.igv, 'cents', [...at, 'igv']],
      [LINE_VALUE, line.base, 'cents', at],
    ]);
    lineReported ||= reported;
  });
  if (lineReported) return;
  const { totals } = amounts;
  first([
    ...[totals.taxable, totals.exempt, totals.unaffected, totals.export, totals.free, totals.iscBase, totals.ivapBase].map(
      (base): [ByType, bigint, 'cents', string[]] => [TAX_BASE, base, 'cents', ['items']],
    ),
    ...[totals.igv, totals.isc, totals.ivap, totals.icbper].map((tax): [ByType, bigint, 'cents', string[]] => [ALL('2048'), tax, 'cents', ['items']]),
    [VALUE_OF_SALE, totals.lineExtension, 'cents', ['items']],
    [TOTAL_WITH_TAXES, totals.taxInclusive, 'cents', ['items']],
    [DISCOUNTS, totals.discounts, 'cents', ['discounts']],
    [ALL('2064'), totals.charges, 'cents', ['charges']],
    [ALL('2062'), totals.total, 'cents', ['items']],
  ]);
};
