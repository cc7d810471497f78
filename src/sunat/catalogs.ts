/**
 * SUNAT's catalogs (catálogos) used by yupana, as code → meaning tables.
 *
 * SUNAT (Superintendencia Nacional de Aduanas y de Administración Tributaria) is Peru's tax
 * authority. Its electronic-invoicing rules identify everything by numbered catalogs of
 * string codes; these tables are the codes yupana v1 sends and receives. Codes are strings on
 * the wire: `'01'`, never `1`.
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
export const DOCUMENT_TYPES = {
  '01': 'Factura',
  '03': 'Boleta de venta',
  '07': 'Nota de crédito',
  '08': 'Nota de débito',
} as const;

/**
 * Catálogo 06: the type of a customer's identity document.
 * RUC (Registro Único de Contribuyentes) is the 11-digit taxpayer number; DNI (Documento
 * Nacional de Identidad) is the 8-digit national identity card. A factura's customer must
 * have a RUC (`6`) except in exports and a few special operations.
 */
export const IDENTITY_DOCUMENT_TYPES = {
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
} as const;

/**
 * Catálogo 07: how a line is affected by IGV (Impuesto General a las Ventas, Peru's value
 * added tax: 18% in general, 10% for small restaurants and lodging under Ley 31556).
 * `10` is an ordinary taxed sale; `20`-`40` carry no IGV; `11`-`17`, `21`, `31`-`37` are free
 * transfers (premios, donaciones, bonificaciones...).
 */
export const IGV_AFFECTATIONS = {
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
} as const;

/** Catálogo 09: why a nota de crédito (`07`) is issued. */
export const CREDIT_NOTE_REASONS = {
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
} as const;

/** Catálogo 10: why a nota de débito (`08`) is issued. */
export const DEBIT_NOTE_REASONS = {
  '01': 'Intereses por mora',
  '02': 'Aumento en el valor',
  '03': 'Penalidades / otros conceptos',
  '11': 'Ajustes de operaciones de exportación',
  '12': 'Ajustes afectos al IVAP',
} as const;

/** ISO 4217 currencies a document may be issued in: soles (`PEN`) and US dollars (`USD`). */
export const CURRENCIES = { PEN: 'Sol', USD: 'US dollar' } as const;

/** A catálogo 01 code issued by v1: `'01' | '03' | '07' | '08'`. */
export type DocumentTypeCode = keyof typeof DOCUMENT_TYPES;
/** A catálogo 06 code. */
export type IdentityDocumentTypeCode = keyof typeof IDENTITY_DOCUMENT_TYPES;
/** A catálogo 07 code. */
export type IgvAffectationCode = keyof typeof IGV_AFFECTATIONS;
/** A currency code: `'PEN' | 'USD'`. */
export type CurrencyCode = keyof typeof CURRENCIES;
