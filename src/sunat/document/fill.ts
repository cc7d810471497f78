/**
 * The first phase of a document's life before it is sent: the defaults the service fills in a
 * create body that leaves them out (openubl's "enrich" phase). Each default lives here once; the
 * computation, the rules and the sandbox read it here.
 *
 * @module
 */
import { PERCEPTION_RATES } from '../catalogs.js';
import type { DocumentCreateParams, Item, PaymentTerms } from '../../models/document.js';

/** Catálogo 03 unit of a line that names none: `NIU`, a unit of goods. */
export const DEFAULT_UNIT_CODE = 'NIU';
/** Catálogo 07 affectation of a line that names none: `10`, gravado - operación onerosa. */
export const DEFAULT_IGV_AFFECTATION = '10';
/** The retención del IGV rate when none is given: 3% (catálogo 23 `01`; `0.06` is the other). */
export const DEFAULT_RETENTION_RATE = 0.03;
/** Catálogo 59 means a detracción is paid by when none is given: `001`, depósito en cuenta. */
export const DEFAULT_DETRACTION_PAYMENT_METHOD = '001';

/** Catálogo 07 export affectation (`40`). */
const EXPORT = '40';

/** The catálogo 07 affectation of a line: its own, or {@link DEFAULT_IGV_AFFECTATION}. */
export function igvAffectationOf(item: Item): string {
  return item.igvAffectation ?? DEFAULT_IGV_AFFECTATION;
}

/** The catálogo 03 unit of a line: its own, or {@link DEFAULT_UNIT_CODE}. */
export function unitCodeOf(item: Item): string {
  return item.unitCode ?? DEFAULT_UNIT_CODE;
}

/** Whether `type` is a nota de crédito (`07`) or débito (`08`): notas carry no operation type. */
export function isNote(type: string): boolean {
  return type === '07' || type === '08';
}

/**
 * The catálogo 51 operation type of a factura or boleta: the body's own, else `1001` (sujeta a
 * detracción) with a `detraction`, `2001` (sujeta a percepción) with a `perception`, `0200`
 * (exportación de bienes) when every line is an export (`40`), else `0101` (venta interna).
 * `undefined` on a nota, which carries none.
 */
export function operationTypeOf(body: DocumentCreateParams): string | undefined {
  if (body.operationType !== undefined) return body.operationType;
  if (isNote(body.type)) return undefined;
  if (body.detraction !== undefined) return '1001';
  if (body.perception !== undefined) return '2001';
  if (body.items.length > 0 && body.items.every((item) => igvAffectationOf(item) === EXPORT)) return '0200';
  return '0101';
}

/** The forma de pago: the body's own, else cash (Contado) on a factura (`01`), else none. */
export function paymentTermsOf(body: DocumentCreateParams): PaymentTerms | undefined {
  if (body.paymentTerms !== undefined) return body.paymentTerms;
  return body.type === '01' ? { type: 'cash' } : undefined;
}

/**
 * The rate of a percepción: its own, else its regime's (catálogo 22: `51` 2%, `52` 1%, `53`
 * 0.5%); `undefined` for a code without a rate, which the rules refuse.
 */
export function perceptionRateOf(perception: { code: string; rate?: number | undefined }): number | undefined {
  if (perception.rate !== undefined) return perception.rate;
  return Object.hasOwn(PERCEPTION_RATES, perception.code) ? PERCEPTION_RATES[perception.code as keyof typeof PERCEPTION_RATES] : undefined;
}
