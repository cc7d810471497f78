/**
 * `cac:AllowanceCharge`: the discounts and charges of catálogo 53, on a line or on the whole
 * document, and the percepción (51-53) and retención (62) SUNAT declares the same way.
 *
 * @module
 */
import { format } from '../decimal.js';
import type { AdjustmentAmounts } from '../document/compute.js';
import { LISTS } from './lists.js';
import { type Element, node, text } from './xml.js';

/**
 * Catálogo 53 codes that are charges (`ChargeIndicator` true, ERR 3114): `47`/`48` on a line,
 * `45` FISE, `46` recargo al consumo, `49`/`50` global charges, `51`-`53` percepción. The
 * others (`00`-`03` discounts, `62` retención) are allowances.
 */
const CHARGES: readonly string[] = ['45', '46', '47', '48', '49', '50', '51', '52', '53'];

/**
 * One `cac:AllowanceCharge`: ChargeIndicator, AllowanceChargeReasonCode (catálogo 53),
 * MultiplierFactorNumeric (amount / base, 5 decimals), Amount and BaseAmount in `currency`.
 */
export function allowanceCharge(adjustment: AdjustmentAmounts, currency: string): Element {
  return node(
    'cac:AllowanceCharge',
    text('cbc:ChargeIndicator', CHARGES.includes(adjustment.code) ? 'true' : 'false'),
    text('cbc:AllowanceChargeReasonCode', adjustment.code, LISTS.adjustment),
    text('cbc:MultiplierFactorNumeric', adjustment.factor),
    text('cbc:Amount', format(adjustment.amount), { currencyID: currency }),
    text('cbc:BaseAmount', format(adjustment.base), { currencyID: currency }),
  );
}
