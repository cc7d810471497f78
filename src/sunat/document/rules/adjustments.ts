/**
 * Discounts and charges (catálogo 53 `cac:AllowanceCharge`), of a line and of the document: a
 * code of their level (3114), a base above 0 (3290 a line's, 3307 a global one), a line's `00`
 * discounts within its value (3290), and on a factura each amount base × factor within 1.00
 * (3290, 3307; on a boleta only observed: 4289, 4322).
 *
 * @module
 */
import { format, scale, times } from '../../decimal.js';
import { GLOBAL_CHARGE_CODES, GLOBAL_DISCOUNT_CODES, LINE_CHARGE_CODES, LINE_DISCOUNT_CODES } from '../../catalogs.js';
import type { Adjustment } from '../../../models/document.js';
import { type AdjustmentAmounts, IVAP_AFFECTATION } from '../compute.js';
import type { Findings, SunatIssuePath } from './findings.js';
import { type AmountRule, type DocumentRule, type LineRule, type ObservationRule, type UsableLineRule, usable } from './rule.js';
import { centsOf } from './values.js';
import { factorPastTolerance } from './xpath.js';

type List = 'discounts' | 'charges';

/** 3114: each discount or charge takes a code of its level. */
function codesRule(list: readonly Adjustment[] | undefined, codes: readonly string[], at: SunatIssuePath, level: 'line' | 'document', name: List, find: Findings) {
  list?.forEach((adjustment, i) => {
    if (!codes.includes(adjustment.code)) find.error('3114', [...at, name, i, 'code'], { level, list: name, codes });
  });
}

/** 3290 (line) / 3307 (global): an adjustment's base, its own or `defaultBase` (for every code, or only `defaultedCode`), is above 0 so its factor exists. */
function basesRule(
  list: readonly Adjustment[] | undefined,
  defaultBase: bigint,
  at: SunatIssuePath,
  code: '3290' | '3307',
  find: Findings,
  defaultedCode?: string,
): void {
  list?.forEach((adjustment, i) => {
    if (adjustment.base === undefined && defaultedCode !== undefined && adjustment.code !== defaultedCode) return;
    const base = adjustment.base === undefined ? defaultBase : centsOf(adjustment.base);
    if (base === undefined || base <= 0n) find.error(code, [...at, i, adjustment.base === undefined ? 'amount' : 'base'], { case: 'base' });
  });
}

/**
 * 3290 (line) / 3307 (global), on a factura: each adjustment's amount is base × factor within
 * 1.00, its factor (`MultiplierFactorNumeric`) amount ÷ base at 5 decimals, as compute.ts gives it
 * and the XML carries it. The rounding of the factor moves base × factor by up to base × 0.000005:
 * past 1.00 on a base above 200,000.00. Compared as SUNAT compares (`pastTolerance`). SUNAT's
 * factura stylesheet skips a global adjustment whose factor is 0 (`skipZero`); its boleta
 * stylesheet only observes (4289, 4322), and its notas' do not check.
 */
function factorsRule(
  list: readonly AdjustmentAmounts[],
  bodies: readonly Adjustment[] | undefined,
  at: SunatIssuePath,
  code: '3290' | '3307',
  kind: 'line discount' | 'line charge' | 'global discount' | 'global charge',
  find: Findings,
  skipZero = false,
): void {
  list.forEach((adjustment, i) => {
    if (!factorPastTolerance(adjustment, skipZero)) return;
    const product = format(times(adjustment.base, scale(adjustment.factor, 'factor')));
    // The amounts are the bodies', one for one: a list of amounts has its bodies.
    find.error(code, [...at, i, bodies![i]!.base === undefined ? 'amount' : 'base'], {
      case: 'factor',
      kind,
      code: adjustment.code,
      base: format(adjustment.base),
      factor: adjustment.factor,
      product,
      amount: format(adjustment.amount),
    });
  });
}

/** 3114: a line's discounts and charges take line codes. */
export const lineCodesRule: LineRule = ({ item, index }, _, find) => {
  codesRule(item.discounts, LINE_DISCOUNT_CODES, ['items', index], 'line', 'discounts', find);
  codesRule(item.charges, LINE_CHARGE_CODES, ['items', index], 'line', 'charges', find);
};

/** 3290: a line's discounts and charges apply to a base above 0 (by default the line's gross value). */
export const lineBasesRule: LineRule = ({ item, index, gross }, _, find) => {
  if (gross === undefined) return;
  basesRule(item.discounts, gross.gross, ['items', index, 'discounts'], '3290', find);
  basesRule(item.charges, gross.gross, ['items', index, 'charges'], '3290', find);
};

/** 3290: a line's discounts `00` do not exceed its value. */
export const lineDiscountsWithinValueRule: LineRule = ({ index, amounts }, _, find) => {
  if (amounts !== undefined && amounts.base < 0n) find.error('3290', ['items', index, 'discounts'], { case: 'exceeds' });
};

/** 3290, on a factura: each of a line's discounts and charges is base × factor within 1.00. */
export const lineFactorsRule: UsableLineRule = ({ item, index, amounts }, { body }, find) => {
  if (body.type !== '01') return;
  factorsRule(amounts.discounts, item.discounts, ['items', index, 'discounts'], '3290', 'line discount', find);
  factorsRule(amounts.charges, item.charges, ['items', index, 'charges'], '3290', 'line charge', find);
};

/** 3114 the document's discounts and charges take global codes; 3307 a base above 0 (02 and 49 default to the taxed or IVAP base). */
export const globalAdjustmentsRule: DocumentRule = ({ body, lines }, find) => {
  codesRule(body.discounts, GLOBAL_DISCOUNT_CODES, [], 'document', 'discounts', find);
  codesRule(body.charges, GLOBAL_CHARGE_CODES, [], 'document', 'charges', find);
  if (!lines.every(usable)) return;
  const taxedBase = lines.reduce((sum, { amounts }) => (amounts!.affectation === '10' || amounts!.affectation === IVAP_AFFECTATION ? sum + amounts!.base : sum), 0n);
  // 02 and 49 default to the taxed base; the other codes to the total, above 0 whenever the lines are.
  basesRule(body.discounts, taxedBase, ['discounts'], '3307', find, '02');
  basesRule(body.charges, taxedBase, ['charges'], '3307', find, '49');
};

/** 3307, on a factura: each global discount and charge is base × factor within 1.00 (a factor of 0 skipped, as SUNAT's stylesheet does). */
export const globalFactorsRule: AmountRule = ({ body }, amounts, find) => {
  if (body.type !== '01') return;
  factorsRule(amounts.discounts, body.discounts, ['discounts'], '3307', 'global discount', find, true);
  factorsRule(amounts.charges, body.charges, ['charges'], '3307', 'global charge', find, true);
};

/** 4289 and 4322, on a boleta: a line's or a global discount or charge more than 1.00 from its base × its factor (a factura's 3290 and 3307). */
export const boletaAdjustmentObservations: ObservationRule = ({ body, amounts }, find) => {
  if (body.type !== '03' || amounts === undefined) return;
  amounts.lines.forEach((line, i) => {
    for (const name of ['discounts', 'charges'] as const) {
      line[name].forEach((adjustment, index) => {
        if (factorPastTolerance(adjustment)) find.observe('4289', ['items', i, name, index], { list: name });
      });
    }
  });
  for (const name of ['discounts', 'charges'] as const) {
    amounts[name].forEach((adjustment, index) => {
      if (factorPastTolerance(adjustment, true)) find.observe('4322', [name, index], { list: name });
    });
  }
};
