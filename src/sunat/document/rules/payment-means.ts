/**
 * The medios de pago (catálogo 59, `cac:PaymentMeans`) besides the detracción's: each a code of
 * the catálogo (3174) and, on a document with a detracción, the account it is paid into: SUNAT's
 * stylesheets ask every `cac:PaymentMeans` of such a document for its account (3034).
 *
 * @module
 */
import { PAYMENT_MEANS_CODES } from '../../catalogs.js';
import type { DocumentRule } from './rule.js';

/** 3174: a code not of catálogo 59; 3034: a medio de pago without its account on a document with a detracción. */
export const paymentMethodsRule: DocumentRule = ({ body }, find) => {
  body.paymentMethods?.forEach((method, i) => {
    if (!(PAYMENT_MEANS_CODES as readonly string[]).includes(method.code)) find.error('3174', ['paymentMethods', i, 'code']);
    if (body.detraction !== undefined && method.account === undefined) find.error('3034', ['paymentMethods', i, 'account'], { of: 'paymentMethod' });
  });
};
