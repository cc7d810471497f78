/**
 * The detracción (SPOT): the operation types that carry it (3127, 3128), its code of catálogo 54
 * (3033, and the one of operations 1002-1004: 3129), the issuer's Banco de la Nación account
 * (3034), the means of payment (3174), its amount (3035), in PEN (3208).
 *
 * @module
 */
import { DETRACTION_CODES, PAYMENT_MEANS_CODES } from '../../catalogs.js';
import { ownValue } from '../../own.js';
import type { DocumentRule } from './rule.js';
import { centsOf, rateOf } from './values.js';

/** Detracción operation types (catálogo 51): 1001 general, 1002 recursos hidrobiológicos, 1003 transporte de pasajeros, 1004 transporte de carga. */
const DETRACTION_OPERATIONS: readonly string[] = ['1001', '1002', '1003', '1004'];
/** The catálogo 54 code the special detracción operations require (3129). */
const DETRACTION_CODE_OF: Readonly<Record<string, string>> = { '1002': '004', '1003': '028', '1004': '027' };

/** Detracción: 3127/3128 with its operation types, 3033 its code, 3129 the code of 1002-1004, 3034 the account, 3174 the means, 3035 its amount, 3208 in PEN. */
export const detractionRule: DocumentRule = ({ body, filled }, find) => {
  const { detraction } = body;
  const { operationType } = filled;
  const subject = DETRACTION_OPERATIONS.includes(operationType ?? '');
  if (detraction === undefined) {
    if (subject) find.error('3127', ['detraction'], { operationType: operationType! });
    return;
  }
  if (!subject) find.error('3128', ['operationType'], { operations: DETRACTION_OPERATIONS, operationType });
  const required = ownValue(DETRACTION_CODE_OF, operationType ?? '');
  if (!(DETRACTION_CODES as readonly string[]).includes(detraction.code)) {
    find.error('3033', ['detraction', 'code']);
  } else if (required !== undefined && detraction.code !== required) {
    find.error('3129', ['detraction', 'code'], { operationType: operationType!, code: required });
  }
  if (typeof detraction.account !== 'string' || detraction.account.trim() === '') find.error('3034', ['detraction', 'account'], { of: 'detraction' });
  if (!(PAYMENT_MEANS_CODES as readonly string[]).includes(filled.detractionPaymentMethod!)) find.error('3174', ['detraction', 'paymentMethod']);
  if (detraction.amount !== undefined) {
    const amount = centsOf(detraction.amount);
    if (amount === undefined || amount <= 0n) find.error('3035', ['detraction', 'amount'], { given: 'amount' });
  } else {
    const share = rateOf(detraction.rate);
    if (share === undefined || share === 0n) find.error('3035', ['detraction', 'rate'], { given: 'rate' });
  }
  if (body.currency === 'USD' && body.exchangeRate === undefined) find.error('3208', ['exchangeRate']);
};
