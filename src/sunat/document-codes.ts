/**
 * The catálogo codes a document's body is checked against: the schemas of `documents.create`
 * load this module alone, so a create does not download every catalog and its names. Each code
 * list lives here once; `catalogs.ts` re-exports it beside its Spanish names.
 *
 * @module
 */

/**
 * The highest correlative number a series takes: SUNAT's correlativo has at most 8 digits
 * (`F001-99999999`). A series that reaches it is used up: register a new one. It lives here,
 * beside the code lists, because the schema of a document's `number` reads it.
 */
export const MAX_DOCUMENT_NUMBER = 99_999_999;

/**
 * Catálogo 01: the type of an electronic tax document (comprobante de pago) issued by v1.
 * - `01` factura: invoice to a business customer identified by RUC; the buyer may deduct its IGV.
 * - `03` boleta de venta: receipt to a final consumer.
 * - `07` nota de crédito: credit note that reduces or cancels an earlier factura or boleta.
 * - `08` nota de débito: debit note that increases an earlier factura or boleta.
 */
export const DOCUMENT_TYPE_CODES = ['01', '03', '07', '08'] as const;
/**
 * Tipo de documento (catálogo 01) issued by v1: `'01'` Factura, `'03'` Boleta de venta, `'07'`
 * Nota de crédito, `'08'` Nota de débito. A closed set: the API issues no other type.
 */
export type DocumentTypeCode = (typeof DOCUMENT_TYPE_CODES)[number];

/** Catálogo 09: why a nota de crédito (`07`) is issued. */
export const CREDIT_NOTE_REASON_CODES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13'] as const;
/**
 * Tipo de nota de crédito (catálogo 09): `'01'` Anulación de la operación, `'06'` Devolución
 * total, `'07'` Devolución por ítem...
 */
export type CreditNoteReasonCode = (typeof CREDIT_NOTE_REASON_CODES)[number];

/** Catálogo 10: why a nota de débito (`08`) is issued. */
export const DEBIT_NOTE_REASON_CODES = ['01', '02', '03', '11', '12'] as const;
/**
 * Tipo de nota de débito (catálogo 10): `'01'` Intereses por mora, `'02'` Aumento en el valor,
 * `'03'` Penalidades / otros conceptos...
 */
export type DebitNoteReasonCode = (typeof DEBIT_NOTE_REASON_CODES)[number];

/** ISO 4217 currencies a document may be issued in: soles (`PEN`) and US dollars (`USD`). */
export const CURRENCY_CODES = ['PEN', 'USD'] as const;
/** Moneda (ISO 4217): `'PEN'` Sol, `'USD'` Dólar estadounidense. A closed set: the API issues in no other. */
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Catálogo 53 discounts of a line: `00` reduces the line's base, `01` does not. */
export const LINE_DISCOUNT_CODES = ['00', '01'] as const;
/** A line's discount: `'00'` afecta la base imponible, `'01'` no la afecta. */
export type LineDiscountCode = (typeof LINE_DISCOUNT_CODES)[number];
/** Catálogo 53 charges of a line: `47` raises the line's base, `48` does not. */
export const LINE_CHARGE_CODES = ['47', '48'] as const;
/** A line's charge: `'47'` afecta la base imponible, `'48'` no la afecta. */
export type LineChargeCode = (typeof LINE_CHARGE_CODES)[number];
/** Catálogo 53 global discounts: `02` reduces the taxed base, `03` does not. */
export const GLOBAL_DISCOUNT_CODES = ['02', '03'] as const;
/** A document's discount: `'02'` afecta la base imponible, `'03'` no la afecta. */
export type GlobalDiscountCode = (typeof GLOBAL_DISCOUNT_CODES)[number];
/** Catálogo 53 global charges: `49` raises the taxed base, `50` does not, `45` FISE, `46` recargo al consumo. */
export const GLOBAL_CHARGE_CODES = ['45', '46', '49', '50'] as const;
/** A document's charge: `'49'` afecta la base imponible, `'50'` no la afecta, `'45'` FISE, `'46'` recargo al consumo. */
export type GlobalChargeCode = (typeof GLOBAL_CHARGE_CODES)[number];

/**
 * Catálogo 53, the percepción regimes (catálogo 22 gives their rates): a percepción is an
 * advance of IGV an agente de percepción charges its customer on top of the price. `51`
 * venta interna (2%), `52` adquisición de combustible (1%), `53` a customer that is itself an
 * agente de percepción (0.5%).
 */
export const PERCEPTION_CODES = ['51', '52', '53'] as const;
/** Régimen de percepción: `'51'` Venta interna, `'52'` Adquisición de combustible, `'53'` Agente de percepción con tasa especial. */
export type PerceptionCode = (typeof PERCEPTION_CODES)[number];

/** Catálogo 01, the guías de remisión a document may cover: `09` remitente, `31` transportista. */
export const DESPATCH_TYPE_CODES = ['09', '31'] as const;
/** Guía de remisión: `'09'` Guía de remisión remitente, `'31'` Guía de remisión transportista. */
export type DespatchTypeCode = (typeof DESPATCH_TYPE_CODES)[number];
