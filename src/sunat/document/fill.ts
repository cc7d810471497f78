/**
 * The first phase of a document's life before it is sent: the defaults the service fills in a
 * create body that leaves them out (openubl's "enrich" phase). Each default lives here once and is
 * filled once per document, by {@link fillDocument}: the computation, the rules, the observations
 * and the UBL read the filled document, never the body's gaps.
 *
 * @module
 */
import { PERCEPTION_RATES } from '../catalogs.js';
import { ownValue } from '../own.js';
import type { DocumentCreateParams, Item, PaymentTerms } from '../../models/document.js';

/** Catálogo 03 unit of a line that names none: `NIU`, a unit of goods. */
export const DEFAULT_UNIT_CODE = 'NIU';
/** Catálogo 07 affectation of a line that names none: `10`, gravado - operación onerosa. */
export const DEFAULT_IGV_AFFECTATION = '10';
/** The retención del IGV rate when none is given: 3% (catálogo 23 `01`; `0.06` is the other). */
export const DEFAULT_RETENTION_RATE = 0.03;
/** Catálogo 59 means a detracción is paid by when none is given: `001`, depósito en cuenta. */
export const DEFAULT_DETRACTION_PAYMENT_METHOD = '001';
/** The currency of a document that names none: soles. */
export const DEFAULT_CURRENCY = 'PEN';
/** SUNAT's code of the issuer's establishment of a document that names none: `0000`, the fiscal address (domicilio fiscal). */
export const DEFAULT_ESTABLISHMENT_CODE = '0000';
/** The country of a delivery address that names none: Peru (ISO 3166-1). */
export const DEFAULT_DELIVERY_COUNTRY = 'PE';

/** Catálogo 07 export affectation (`40`). */
const EXPORT = '40';

/** The catálogo 07 affectation of a line: its own, or {@link DEFAULT_IGV_AFFECTATION}. */
export function igvAffectationOf(item: Item): string {
  return item.igvAffectation ?? DEFAULT_IGV_AFFECTATION;
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
function operationTypeOf(body: DocumentCreateParams, affectations: readonly string[]): string | undefined {
  if (body.operationType !== undefined) return body.operationType;
  if (isNote(body.type)) return undefined;
  if (body.detraction !== undefined) return '1001';
  if (body.perception !== undefined) return '2001';
  if (affectations.length > 0 && affectations.every((affectation) => affectation === EXPORT)) return '0200';
  return '0101';
}

/**
 * The rate of a percepción: its own, else its regime's (catálogo 22: `51` 2%, `52` 1%, `53`
 * 0.5%); `undefined` for a code without a rate, which the rules refuse.
 */
function perceptionRateOf(perception: { code: string; rate?: number | undefined }): number | undefined {
  return perception.rate !== undefined ? perception.rate : ownValue<number>(PERCEPTION_RATES, perception.code);
}

/** One line with its defaults filled. */
export interface FilledLine {
  /** Catálogo 07 affectation: the line's, or `10`. */
  igvAffectation: string;
  /** Catálogo 03 unit: the line's, or `NIU`. */
  unitCode: string;
}

/** What the service fills in a create body: each default, filled once. */
export interface FilledDocument {
  /** The issue date: the body's, or the day SUNAT receives it (today in Lima). */
  issueDate: string;
  /** The currency: the body's, or `PEN`. */
  currency: string;
  /** Catálogo 51 operation type (facturas and boletas; `undefined` on a nota). */
  operationType: string | undefined;
  /** Forma de pago: the body's, else cash (Contado) on a factura (`01`), else none. */
  paymentTerms: PaymentTerms | undefined;
  /** Each line's affectation and unit, in the body's order. */
  lines: FilledLine[];
  /** The percepción's rate: its own, else its regime's; `undefined` without a percepción or for a code without a rate. */
  perceptionRate: number | undefined;
  /** The retención's rate: its own, else 3%; `undefined` without a retención. */
  retentionRate: number | undefined;
  /** The detracción's catálogo 59 means of payment: its own, else `001`; `undefined` without a detracción. */
  detractionPaymentMethod: string | undefined;
  /** The issuer's establishment: the body's, else `0000`. */
  establishmentCode: string;
  /** The delivery address's country: its own, else `PE`; `undefined` without a delivery address. */
  deliveryCountry: string | undefined;
}

/** Every default of `body`, filled once; `today` (a Lima day, `YYYY-MM-DD`) is the issue date of a body without one. */
export function fillDocument(body: DocumentCreateParams, today: string): FilledDocument {
  const lines = body.items.map((item) => ({ igvAffectation: igvAffectationOf(item), unitCode: item.unitCode ?? DEFAULT_UNIT_CODE }));
  const { perception, retention, detraction } = body;
  return {
    issueDate: body.issueDate ?? today,
    currency: body.currency ?? DEFAULT_CURRENCY,
    operationType: operationTypeOf(
      body,
      lines.map((line) => line.igvAffectation),
    ),
    paymentTerms: body.paymentTerms ?? (body.type === '01' ? { type: 'cash' } : undefined),
    lines,
    perceptionRate: perception === undefined ? undefined : perceptionRateOf(perception),
    retentionRate: retention === undefined ? undefined : (retention.rate ?? DEFAULT_RETENTION_RATE),
    detractionPaymentMethod: detraction === undefined ? undefined : (detraction.paymentMethod ?? DEFAULT_DETRACTION_PAYMENT_METHOD),
    establishmentCode: body.establishmentCode ?? DEFAULT_ESTABLISHMENT_CODE,
    deliveryCountry: body.delivery === undefined ? undefined : (body.delivery.country ?? DEFAULT_DELIVERY_COUNTRY),
  };
}
