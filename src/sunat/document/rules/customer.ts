/**
 * The customer (adquiriente): its name (2022), the identity document its operation allows (2800),
 * a boleta's customer above S/ 700 (2514), a foreign customer's document number (4208).
 *
 * @module
 */
import { format } from '../../decimal.js';
import { ownValue } from '../../own.js';
import { inPen } from '../compute.js';
import { isNote } from '../fill.js';
import { EXPORTS } from './exports.js';
import type { AmountRule, DocumentRule, ObservationRule } from './rule.js';
import { sunatText } from './xpath.js';

/** A customer's name on a factura or boleta: 3 to 1500 characters (2022). */
const CUSTOMER_NAME = sunatText(2, 1499);
/** A customer's name as SUNAT's notas stylesheets take it (2022, only observed there): 3 to 1000 characters. */
const NOTE_CUSTOMER_NAME = sunatText(2, 999);
/** Operation types with a customer rule of their own; a factura of any other goes to a RUC (2800). */
const CUSTOMER_RULES: Readonly<Record<string, readonly string[]>> = { '0112': ['1', '6'], '2106': ['7', 'B', 'G'] };
/** Exports whose customer is abroad and has no RUC (2800). */
const EXPORTS_WITHOUT_RUC: readonly string[] = ['0200', '0201', '0204'];
/** A boleta whose total in PEN is above this (S/ 700.00, in cents) names its customer (2514). */
const ANONYMOUS_BOLETA_LIMIT = 70_000n;
/** The identity documents whose number SUNAT's boleta stylesheet takes as 1 to 15 letters, digits or `_` (4208): passports, carnés, foreign ids, `0`. */
const FOREIGN_DOCUMENT_TYPES: readonly string[] = ['0', '4', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G'];
/** An identity document's number as that rule takes it. */
const FOREIGN_DOCUMENT_NUMBER = /^\w{1,15}$/;

/** 2022: the customer's name on a factura or boleta; 2800: the customer type the operation type allows. */
export const customerRule: DocumentRule = ({ body, filled }, find) => {
  const { documentType, name } = body.customer;
  if (body.type !== '01' && body.type !== '03') return;
  if (!CUSTOMER_NAME.test(name)) find.error('2022', ['customer', 'name'], { document: body.type === '01' ? 'factura' : 'boleta' });
  if (body.type === '01' && documentType === '-') {
    // SUNAT's stylesheet lets an export go to varios; a factura names its customer all the same (abroad: 0, with `-` as number).
    find.error('2800', ['customer', 'documentType'], { case: 'varios' });
    return;
  }
  // The operation type decides the customer type, on a boleta as on a factura; only a factura's other operations need a RUC.
  const operationType = filled.operationType;
  const operation = operationType ?? '';
  const allowed = ownValue(CUSTOMER_RULES, operation);
  if (allowed !== undefined) {
    if (!allowed.includes(documentType)) find.error('2800', ['customer', 'documentType'], { case: 'allowed', operationType: operation, allowed });
  } else if (EXPORTS_WITHOUT_RUC.includes(operation)) {
    if (documentType === '6') find.error('2800', ['customer', 'documentType'], { case: 'abroad', operationType });
  } else if (body.type === '01' && !EXPORTS.includes(operation) && operation !== '0401' && documentType !== '6') {
    find.error('2800', ['customer', 'documentType'], { case: 'ruc', operationType });
  }
};

/** `total` in PEN, or `undefined` when a USD document has no exchange rate one can read (the schema's to say). */
export function inPenSafe(body: Parameters<typeof inPen>[0], total: bigint): bigint | undefined {
  try {
    return inPen(body, total, 'total');
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/**
 * 2514: a boleta above S/ 700 names its customer (not varios). A USD boleta's total is read in soles
 * at SUNAT's exchange rate of the day (the draft's, as the service knows it), else at the body's
 * `exchangeRate`; without either, its total in dollars is a lower bound of its total in soles.
 */
export const anonymousBoletaRule: AmountRule = ({ body, exchangeRate }, { totals }, find) => {
  if (body.type !== '03' || body.customer.documentType !== '-') return;
  const atRate = exchangeRate === undefined ? body : { ...body, exchangeRate };
  const inSoles = inPenSafe(atRate, totals.total);
  if ((inSoles ?? totals.total) > ANONYMOUS_BOLETA_LIMIT) {
    const converted = body.currency === 'USD' && inSoles !== undefined ? { total: format(inSoles), rate: String(atRate.exchangeRate) } : {};
    find.error('2514', ['customer', 'documentType'], { limit: format(ANONYMOUS_BOLETA_LIMIT), ...converted });
  }
};

/** 4208: a boleta's foreign customer whose document number is not 1 to 15 letters and digits. */
export const foreignCustomerObservation: ObservationRule = ({ body }, find) => {
  const { documentType, documentNumber } = body.customer;
  if (body.type === '03' && FOREIGN_DOCUMENT_TYPES.includes(documentType) && !FOREIGN_DOCUMENT_NUMBER.test(documentNumber)) {
    find.observe('4208', ['customer', 'documentNumber'], { number: documentNumber });
  }
};

/** 2022, only observed on a nota: its customer's name not of 3 to 1000 characters on one line. */
export const noteCustomerObservation: ObservationRule = ({ body }, find) => {
  if (isNote(body.type) && !NOTE_CUSTOMER_NAME.test(body.customer.name)) find.observe('2022', ['customer', 'name'], { document: 'nota' });
};
