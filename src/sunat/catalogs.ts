/**
 * SUNAT's catalogs (catálogos) used by yupana: each as a tuple of codes, a type of those codes,
 * and a code → Spanish name table for labels in user interfaces (`DOCUMENT_TYPES['01']` is
 * `'Factura'`). The names are SUNAT's, shortened where SUNAT abbreviates.
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
/**
 * Tipo de documento (catálogo 01) issued by v1: `'01'` Factura, `'03'` Boleta de venta, `'07'`
 * Nota de crédito, `'08'` Nota de débito. A closed set: the API issues no other type.
 */
export type DocumentTypeCode = (typeof DOCUMENT_TYPE_CODES)[number];
/** Catálogo 01: the Spanish name of each document type. */
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
 * have a RUC (`6`) except in exports and a few special operations. `-` (varios) is the
 * anonymous customer of a boleta small enough not to name its buyer.
 */
export const IDENTITY_DOCUMENT_TYPE_CODES = ['0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G', '-'] as const;
/**
 * Tipo de documento de identidad (catálogo 06): `'6'` RUC, `'1'` DNI, `'4'` Carné de
 * extranjería, `'7'` Pasaporte, `'0'` Documento tributario de no domiciliado sin RUC, `'-'`
 * Varios (clientes anónimos de boletas menores)...
 */
export type IdentityDocumentTypeCode = (typeof IDENTITY_DOCUMENT_TYPE_CODES)[number];
/** Catálogo 06: the Spanish name of each identity document type. */
export const IDENTITY_DOCUMENT_TYPES: Record<IdentityDocumentTypeCode, string> = {
  '0': 'Documento tributario de no domiciliado sin RUC',
  '1': 'DNI',
  '4': 'Carné de extranjería',
  '6': 'RUC',
  '7': 'Pasaporte',
  A: 'Cédula diplomática de identidad',
  B: 'Documento de identidad del país de residencia (no domiciliado)',
  C: 'Tax Identification Number (TIN)',
  D: 'Identification Number (IN)',
  E: 'Tarjeta Andina de Migración (TAM)',
  F: 'Permiso Temporal de Permanencia (PTP)',
  G: 'Salvoconducto',
  '-': 'Varios - ventas menores a S/ 700.00 y otros',
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
/**
 * Tipo de afectación del IGV (catálogo 07): `'10'` Gravado - operación onerosa, `'20'`
 * Exonerado - operación onerosa, `'30'` Inafecto - operación onerosa, `'40'` Exportación...
 */
export type IgvAffectationCode = (typeof IGV_AFFECTATION_CODES)[number];
/** Whether `code` is a catálogo 07 code this SDK knows. */
export function isIgvAffectationCode(code: string): code is IgvAffectationCode {
  return (IGV_AFFECTATION_CODES as readonly string[]).includes(code);
}
/** Catálogo 07: the Spanish name of each IGV affectation. */
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
/**
 * Tipo de nota de crédito (catálogo 09): `'01'` Anulación de la operación, `'06'` Devolución
 * total, `'07'` Devolución por ítem...
 */
export type CreditNoteReasonCode = (typeof CREDIT_NOTE_REASON_CODES)[number];
/** Catálogo 09: the Spanish name of each credit note reason. */
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
/**
 * Tipo de nota de débito (catálogo 10): `'01'` Intereses por mora, `'02'` Aumento en el valor,
 * `'03'` Penalidades / otros conceptos...
 */
export type DebitNoteReasonCode = (typeof DEBIT_NOTE_REASON_CODES)[number];
/** Catálogo 10: the Spanish name of each debit note reason. */
export const DEBIT_NOTE_REASONS: Record<DebitNoteReasonCode, string> = {
  '01': 'Intereses por mora',
  '02': 'Aumento en el valor',
  '03': 'Penalidades / otros conceptos',
  '11': 'Ajustes de operaciones de exportación',
  '12': 'Ajustes afectos al IVAP',
};

/** ISO 4217 currencies a document may be issued in: soles (`PEN`) and US dollars (`USD`). */
export const CURRENCY_CODES = ['PEN', 'USD'] as const;
/** Moneda (ISO 4217): `'PEN'` Sol, `'USD'` Dólar estadounidense. A closed set: the API issues in no other. */
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
/** The Spanish name of each currency. */
export const CURRENCIES: Record<CurrencyCode, string> = { PEN: 'Sol', USD: 'Dólar estadounidense' };

/**
 * Catálogo 03: common units of measure (UN/ECE recommendation 20, which SUNAT adopts whole).
 * `NIU` is a unit of goods and `ZZ` a unit of service; the API accepts any catálogo 03 code.
 */
export const UNIT_CODES = [
  'NIU', 'ZZ', 'KGM', 'GRM', 'TNE', 'LTR', 'MLT', 'GLL', 'MTR', 'CMT', 'MTK', 'MTQ',
  'BX', 'PK', 'BG', 'BO', 'DZN', 'SET', 'HUR', 'DAY', 'MON', 'KWH',
] as const;
/**
 * Unidad de medida (catálogo 03) among the common ones: `'NIU'` Unidad (bienes), `'ZZ'` Unidad
 * (servicios), `'KGM'` Kilogramo, `'LTR'` Litro, `'HUR'` Hora...
 */
export type UnitCode = (typeof UNIT_CODES)[number];
/** Catálogo 03: the Spanish name of each common unit of measure. */
export const UNITS_OF_MEASURE: Record<UnitCode, string> = {
  NIU: 'Unidad (bienes)',
  ZZ: 'Unidad (servicios)',
  KGM: 'Kilogramo',
  GRM: 'Gramo',
  TNE: 'Tonelada',
  LTR: 'Litro',
  MLT: 'Mililitro',
  GLL: 'Galón',
  MTR: 'Metro',
  CMT: 'Centímetro',
  MTK: 'Metro cuadrado',
  MTQ: 'Metro cúbico',
  BX: 'Caja',
  PK: 'Paquete',
  BG: 'Bolsa',
  BO: 'Botella',
  DZN: 'Docena',
  SET: 'Juego',
  HUR: 'Hora',
  DAY: 'Día',
  MON: 'Mes',
  KWH: 'Kilovatio hora',
};
