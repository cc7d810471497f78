/**
 * SUNAT's catalogs (catálogos) used by yupana: each as a tuple of codes (what the schemas
 * accept) and a code → meaning table (for people).
 *
 * SUNAT (Superintendencia Nacional de Aduanas y de Administración Tributaria) is Peru's tax
 * authority. Its electronic-invoicing rules identify everything by numbered catalogs of
 * string codes; these are the codes yupana v1 sends and receives. Codes are strings on the
 * wire: `'01'`, never `1`.
 *
 * @module
 */

/**
 * Catálogo 01: the type of an electronic tax document (comprobante de pago) issued by v1.
 * - `01` factura: invoice to a business customer identified by RUC; the buyer may deduct its IGV.
 * - `03` boleta de venta: receipt to a final consumer.
 * - `07` nota de crédito: credit note that reduces or cancels an earlier factura or boleta.
 * - `08` nota de débito: debit note that increases an earlier factura or boleta.
 */
export const DOCUMENT_TYPE_CODES = ['01', '03', '07', '08'] as const;
/** A catálogo 01 code issued by v1: `'01' | '03' | '07' | '08'`. */
export type DocumentTypeCode = (typeof DOCUMENT_TYPE_CODES)[number];
/** What each catálogo 01 code means. */
export const DOCUMENT_TYPES: Record<DocumentTypeCode, string> = {
  '01': 'Factura',
  '03': 'Boleta de venta',
  '07': 'Nota de crédito',
  '08': 'Nota de débito',
};

/**
 * Catálogo 06: the type of a customer's identity document.
 * RUC (Registro Único de Contribuyentes) is the 11-digit taxpayer number; DNI (Documento
 * Nacional de Identidad) is the 8-digit national identity card. A factura's customer must
 * have a RUC (`6`) except in exports and a few special operations.
 */
export const IDENTITY_DOCUMENT_TYPE_CODES = ['0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
/** A catálogo 06 code. */
export type IdentityDocumentTypeCode = (typeof IDENTITY_DOCUMENT_TYPE_CODES)[number];
/** What each catálogo 06 code means. */
export const IDENTITY_DOCUMENT_TYPES: Record<IdentityDocumentTypeCode, string> = {
  '0': 'Non-resident without RUC',
  '1': 'DNI',
  '4': 'Carné de extranjería',
  '6': 'RUC',
  '7': 'Pasaporte',
  A: 'Cédula diplomática de identidad',
  B: 'Residence document of another country',
  C: 'Tax Identification Number (TIN)',
  D: 'Identification Number (IN)',
  E: 'Tarjeta Andina de Migración (TAM)',
  F: 'Permiso Temporal de Permanencia (PTP)',
  G: 'Salvoconducto',
};

/**
 * Catálogo 07: how a line is affected by IGV (Impuesto General a las Ventas, Peru's value
 * added tax: 18% in general, 10% for small restaurants and lodging under Ley 31556).
 * `10` is an ordinary taxed sale; `20`-`40` carry no IGV; `11`-`17`, `21`, `31`-`37` are free
 * transfers (premios, donaciones, bonificaciones...).
 */
export const IGV_AFFECTATION_CODES = [
  '10', '11', '12', '13', '14', '15', '16', '17', '20', '21', '30', '31', '32', '33', '34', '35', '36', '37', '40',
] as const;
/** A catálogo 07 code. */
export type IgvAffectationCode = (typeof IGV_AFFECTATION_CODES)[number];
/** What each catálogo 07 code means. */
export const IGV_AFFECTATIONS: Record<IgvAffectationCode, string> = {
  '10': 'Gravado - operación onerosa',
  '11': 'Gravado - retiro por premio',
  '12': 'Gravado - retiro por donación',
  '13': 'Gravado - retiro',
  '14': 'Gravado - retiro por publicidad',
  '15': 'Gravado - bonificaciones',
  '16': 'Gravado - retiro por entrega a trabajadores',
  '17': 'Gravado - IVAP',
  '20': 'Exonerado - operación onerosa',
  '21': 'Exonerado - transferencia gratuita',
  '30': 'Inafecto - operación onerosa',
  '31': 'Inafecto - retiro por bonificación',
  '32': 'Inafecto - retiro',
  '33': 'Inafecto - retiro por muestras médicas',
  '34': 'Inafecto - retiro por convenio colectivo',
  '35': 'Inafecto - retiro por premio',
  '36': 'Inafecto - retiro por publicidad',
  '37': 'Inafecto - transferencia gratuita',
  '40': 'Exportación',
};

/** Catálogo 09: why a nota de crédito (`07`) is issued. */
export const CREDIT_NOTE_REASON_CODES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13'] as const;
/** A catálogo 09 code. */
export type CreditNoteReasonCode = (typeof CREDIT_NOTE_REASON_CODES)[number];
/** What each catálogo 09 code means. */
export const CREDIT_NOTE_REASONS: Record<CreditNoteReasonCode, string> = {
  '01': 'Anulación de la operación',
  '02': 'Anulación por error en el RUC',
  '03': 'Corrección por error en la descripción',
  '04': 'Descuento global',
  '05': 'Descuento por ítem',
  '06': 'Devolución total',
  '07': 'Devolución por ítem',
  '08': 'Bonificación',
  '09': 'Disminución en el valor',
  '10': 'Otros conceptos',
  '11': 'Ajustes de operaciones de exportación',
  '12': 'Ajustes afectos al IVAP',
  '13': 'Ajustes de montos y/o fechas de pago',
};

/** Catálogo 10: why a nota de débito (`08`) is issued. */
export const DEBIT_NOTE_REASON_CODES = ['01', '02', '03', '11', '12'] as const;
/** A catálogo 10 code. */
export type DebitNoteReasonCode = (typeof DEBIT_NOTE_REASON_CODES)[number];
/** What each catálogo 10 code means. */
export const DEBIT_NOTE_REASONS: Record<DebitNoteReasonCode, string> = {
  '01': 'Intereses por mora',
  '02': 'Aumento en el valor',
  '03': 'Penalidades / otros conceptos',
  '11': 'Ajustes de operaciones de exportación',
  '12': 'Ajustes afectos al IVAP',
};

/** ISO 4217 currencies a document may be issued in: soles (`PEN`) and US dollars (`USD`). */
export const CURRENCY_CODES = ['PEN', 'USD'] as const;
/** A currency code: `'PEN' | 'USD'`. */
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
/** What each currency code means. */
export const CURRENCIES: Record<CurrencyCode, string> = { PEN: 'Sol', USD: 'US dollar' };
