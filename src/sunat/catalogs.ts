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
import type { DocumentTypeCode, CreditNoteReasonCode, DebitNoteReasonCode, CurrencyCode, PerceptionCode, DespatchTypeCode } from './document-codes.js';
export {
  DOCUMENT_TYPE_CODES,
  CREDIT_NOTE_REASON_CODES,
  DEBIT_NOTE_REASON_CODES,
  CURRENCY_CODES,
  LINE_DISCOUNT_CODES,
  LINE_CHARGE_CODES,
  GLOBAL_DISCOUNT_CODES,
  GLOBAL_CHARGE_CODES,
  PERCEPTION_CODES,
  DESPATCH_TYPE_CODES,
  type DocumentTypeCode,
  type CreditNoteReasonCode,
  type DebitNoteReasonCode,
  type CurrencyCode,
  type LineDiscountCode,
  type LineChargeCode,
  type GlobalDiscountCode,
  type GlobalChargeCode,
  type PerceptionCode,
  type DespatchTypeCode,
} from './document-codes.js';

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
export const IDENTITY_DOCUMENT_TYPE_CODES = ['0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', '-'] as const;
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
  H: 'Carné permiso temporal de permanencia (CPP)',
  '-': 'Varios - ventas menores a S/ 700.00 y otros',
};

/**
 * Catálogo 07: how a line is affected by IGV (Impuesto General a las Ventas, Peru's value
 * added tax: 18% in general, 10.5% from 2026-02-13 (10% before) for small restaurants and lodging under Ley
 * 31556).
 * `10` is an ordinary taxed sale; `20`-`40` carry no IGV; `11`-`17`, `21`, `31`-`37` are free
 * transfers (premios, donaciones, bonificaciones...).
 */
export const IGV_AFFECTATION_CODES = ['10', '11', '12', '13', '14', '15', '16', '17', '20', '21', '30', '31', '32', '33', '34', '35', '36', '37', '40'] as const;
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

/**
 * Catálogo 08, the system an ISC is computed by (sistema de cálculo del ISC, `cbc:TierRange`):
 * `01` al valor (a rate of the sale value), `02` específico (an amount per unit: litres, packs,
 * bottles), `03` al precio de venta al público (a rate of the public retail price).
 */
export const ISC_SYSTEM_CODES = ['01', '02', '03'] as const;
/** A catálogo 08 ISC system: `'01'` al valor, `'02'` específico, `'03'` al precio de venta al público. */
export type IscSystemCode = (typeof ISC_SYSTEM_CODES)[number];
/** Catálogo 08: the Spanish name of each ISC system. */
export const ISC_SYSTEMS: Record<IscSystemCode, string> = {
  '01': 'Sistema al valor',
  '02': 'Aplicación del monto fijo',
  '03': 'Sistema de precios de venta al público',
};

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

/** Catálogo 10: the Spanish name of each debit note reason. */
export const DEBIT_NOTE_REASONS: Record<DebitNoteReasonCode, string> = {
  '01': 'Intereses por mora',
  '02': 'Aumento en el valor',
  '03': 'Penalidades / otros conceptos',
  '11': 'Ajustes de operaciones de exportación',
  '12': 'Ajustes afectos al IVAP',
};

/** The Spanish name of each currency. */
export const CURRENCIES: Record<CurrencyCode, string> = { PEN: 'Sol', USD: 'Dólar estadounidense' };

/**
 * Catálogo 03: common units of measure (UN/ECE recommendation 20, which SUNAT adopts whole).
 * `NIU` is a unit of goods and `ZZ` a unit of service; the API accepts any catálogo 03 code.
 */
export const UNIT_CODES = [
  'NIU',
  'ZZ',
  'KGM',
  'GRM',
  'TNE',
  'LTR',
  'MLT',
  'GLL',
  'MTR',
  'CMT',
  'MTK',
  'MTQ',
  'BX',
  'PK',
  'BG',
  'BO',
  'DZN',
  'SET',
  'HUR',
  'DAY',
  'MON',
  'KWH',
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

/**
 * Catálogo 51: the type of operation (tipo de operación) of a factura or boleta, written as
 * `InvoiceTypeCode@listID`. It decides which customers and lines the document may carry:
 * `0101` an ordinary domestic sale; `0200`-`0208` exports (no IGV, customer abroad); `1001`-`1004`
 * sales under the detracción system (SPOT); `2001` a sale under percepción.
 */
export const OPERATION_TYPE_CODES = [
  '0101',
  '0112',
  '0113',
  '0200',
  '0201',
  '0202',
  '0203',
  '0204',
  '0205',
  '0206',
  '0207',
  '0208',
  '0401',
  '1001',
  '1002',
  '1003',
  '1004',
  '2001',
  '2106',
] as const;
/**
 * Tipo de operación (catálogo 51): `'0101'` Venta interna, `'0200'` Exportación de bienes,
 * `'1001'` Operación sujeta a detracción, `'2001'` Operación sujeta a percepción...
 */
export type OperationTypeCode = (typeof OPERATION_TYPE_CODES)[number];
/** Catálogo 51: the Spanish name of each operation type. */
export const OPERATION_TYPES: Record<OperationTypeCode, string> = {
  '0101': 'Venta interna',
  '0112': 'Venta interna - Sustenta gastos deducibles persona natural',
  '0113': 'Venta interna - NRUS',
  '0200': 'Exportación de bienes',
  '0201': 'Exportación de servicios - Prestación de servicios realizados íntegramente en el país',
  '0202': 'Exportación de servicios - Prestación de servicios de hospedaje no domiciliado',
  '0203': 'Exportación de servicios - Transporte de navieras',
  '0204': 'Exportación de servicios - Servicios a naves y aeronaves de bandera extranjera',
  '0205': 'Exportación de servicios - Servicios que conformen un paquete turístico',
  '0206': 'Exportación de servicios - Servicios complementarios al transporte de carga',
  '0207': 'Exportación de servicios - Suministro de energía eléctrica a favor de sujetos domiciliados en ZED',
  '0208': 'Exportación de servicios - Prestación de servicios realizados parcialmente en el extranjero',
  '0401': 'Ventas no domiciliados que no califican como exportación',
  '1001': 'Operación sujeta a detracción',
  '1002': 'Operación sujeta a detracción - Recursos hidrobiológicos',
  '1003': 'Operación sujeta a detracción - Servicios de transporte de pasajeros',
  '1004': 'Operación sujeta a detracción - Servicios de transporte de carga',
  '2001': 'Operación sujeta a percepción',
  '2106': 'Venta nacional a turistas - Tax Free',
};

/**
 * Catálogo 52: the legends (leyendas) a document prints, written as `cbc:Note@languageLocaleID`.
 * `1000` is the amount in words; the API adds `1000`, `1002`, `2000` and `2006` by itself.
 */
export const LEGEND_CODES = ['1000', '1002', '2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010', '2011'] as const;
/**
 * Leyenda (catálogo 52): `'1000'` Monto expresado en letras, `'1002'` Transferencia gratuita,
 * `'2000'` Comprobante de percepción, `'2006'` Operación sujeta a detracción...
 */
export type LegendCode = (typeof LEGEND_CODES)[number];
/** Catálogo 52: the Spanish name of each legend. */
export const LEGENDS: Record<LegendCode, string> = {
  '1000': 'Monto expresado en letras',
  '1002': 'Transferencia gratuita de un bien y/o servicio prestado gratuitamente',
  '2000': 'Comprobante de percepción',
  '2001': 'Bienes transferidos en la Amazonía región selva para ser consumidos en la misma',
  '2002': 'Servicios prestados en la Amazonía región selva para ser consumidos en la misma',
  '2003': 'Contratos de construcción ejecutados en la Amazonía región selva',
  '2004': 'Agencia de viaje - Paquete turístico',
  '2005': 'Venta realizada por emisor itinerante',
  '2006': 'Operación sujeta a detracción',
  '2007': 'Operación sujeta al IVAP',
  '2008': 'Venta exonerada del IGV-ISC-IPM. Prohibida la venta fuera de la zona comercial de Tacna',
  '2009': 'Primera venta de mercancía identificable entre usuarios de la zona comercial',
  '2010': 'Restitución Simplificado de Derechos Arancelarios',
  '2011': 'Exportación de servicios - Decreto Legislativo N° 919',
};

/**
 * Catálogo 53: the discounts (descuentos) and charges (cargos) a document or a line carries
 * (`cac:AllowanceCharge`), each by where it applies and whether it changes the IGV base:
 * line `00`/`01` discounts and `47`/`48` charges; global `02`/`03` discounts and `49`/`50`,
 * `45` FISE, `46` recargo al consumo charges.
 */
export const ADJUSTMENT_CODES = ['00', '01', '02', '03', '45', '46', '47', '48', '49', '50'] as const;
/**
 * Cargo o descuento (catálogo 53) a document or line takes: `'00'` Descuento que afecta la base
 * imponible, `'02'` Descuento global que afecta la base imponible, `'49'` Cargo global que afecta
 * la base imponible...
 */
export type AdjustmentCode = (typeof ADJUSTMENT_CODES)[number];
/** Catálogo 53: the Spanish name of each discount and charge. */
export const ADJUSTMENTS: Record<AdjustmentCode, string> = {
  '00': 'Descuento que afecta la base imponible del IGV',
  '01': 'Descuento que no afecta la base imponible del IGV',
  '02': 'Descuento global que afecta la base imponible del IGV',
  '03': 'Descuento global que no afecta la base imponible del IGV',
  '45': 'FISE',
  '46': 'Recargo al consumo y/o propinas',
  '47': 'Cargo que afecta la base imponible del IGV',
  '48': 'Cargo que no afecta la base imponible del IGV',
  '49': 'Cargo global que afecta la base imponible del IGV',
  '50': 'Cargo global que no afecta la base imponible del IGV',
};

/** The Spanish name of each percepción regime. */
export const PERCEPTIONS: Record<PerceptionCode, string> = {
  '51': 'Percepción venta interna',
  '52': 'Percepción a la adquisición de combustible',
  '53': 'Percepción realizada al agente de percepción con tasa especial',
};
/** Catálogo 22: the rate of each percepción regime, as a fraction (`0.02` is 2%). */
export const PERCEPTION_RATES: Record<PerceptionCode, number> = { '51': 0.02, '52': 0.01, '53': 0.005 };

/**
 * Catálogo 54: the goods and services under the detracción system (SPOT, Sistema de Pago de
 * Obligaciones Tributarias): the customer withholds a share of the price and deposits it in the
 * issuer's account at the Banco de la Nación. The rate depends on the code and changes by
 * resolution, so the issuer gives it.
 */
export const DETRACTION_CODES = [
  '001',
  '002',
  '003',
  '004',
  '005',
  '007',
  '008',
  '009',
  '010',
  '011',
  '012',
  '013',
  '014',
  '015',
  '016',
  '017',
  '019',
  '020',
  '021',
  '022',
  '023',
  '024',
  '025',
  '026',
  '027',
  '028',
  '030',
  '031',
  '032',
  '034',
  '035',
  '036',
  '037',
  '039',
  '040',
  '041',
  '099',
] as const;
/**
 * Bien o servicio sujeto a detracción (catálogo 54): `'020'` Mantenimiento y reparación de bienes
 * muebles, `'022'` Otros servicios empresariales, `'027'` Servicio de transporte de carga, `'030'`
 * Contratos de construcción, `'037'` Demás servicios gravados con el IGV...
 */
export type DetractionCode = (typeof DETRACTION_CODES)[number];
/** Catálogo 54: the Spanish name of each good or service under detracción. */
export const DETRACTIONS: Record<DetractionCode, string> = {
  '001': 'Azúcar y melaza de caña',
  '002': 'Arroz',
  '003': 'Alcohol etílico',
  '004': 'Recursos hidrobiológicos',
  '005': 'Maíz amarillo duro',
  '007': 'Caña de azúcar',
  '008': 'Madera',
  '009': 'Arena y piedra',
  '010': 'Residuos, subproductos, desechos, recortes y desperdicios',
  '011': 'Bienes gravados con el IGV, o renuncia a la exoneración',
  '012': 'Intermediación laboral y tercerización',
  '013': 'Animales vivos',
  '014': 'Carnes y despojos comestibles',
  '015': 'Abonos, cueros y pieles de origen animal',
  '016': 'Aceite de pescado',
  '017': 'Harina, polvo y pellets de pescado, crustáceos, moluscos y demás invertebrados acuáticos',
  '019': 'Arrendamiento de bienes muebles',
  '020': 'Mantenimiento y reparación de bienes muebles',
  '021': 'Movimiento de carga',
  '022': 'Otros servicios empresariales',
  '023': 'Leche',
  '024': 'Comisión mercantil',
  '025': 'Fabricación de bienes por encargo',
  '026': 'Servicio de transporte de personas',
  '027': 'Servicio de transporte de carga',
  '028': 'Transporte de pasajeros',
  '030': 'Contratos de construcción',
  '031': 'Oro gravado con el IGV',
  '032': 'Páprika y otros frutos de los géneros capsicum o pimienta',
  '034': 'Minerales metálicos no auríferos',
  '035': 'Bienes exonerados del IGV',
  '036': 'Oro y demás minerales metálicos exonerados del IGV',
  '037': 'Demás servicios gravados con el IGV',
  '039': 'Minerales no metálicos',
  '040': 'Bien inmueble gravado con IGV',
  '041': 'Plomo',
  '099': 'Ley 30737',
};

/** Catálogo 59: the means of payment (medio de pago), e.g. how a detracción is deposited. */
export const PAYMENT_MEANS_CODES = [
  '001',
  '002',
  '003',
  '004',
  '005',
  '006',
  '007',
  '008',
  '009',
  '010',
  '011',
  '012',
  '013',
  '101',
  '102',
  '103',
  '104',
  '105',
  '106',
  '107',
  '108',
  '999',
] as const;
/** Medio de pago (catálogo 59): `'001'` Depósito en cuenta, `'003'` Transferencia de fondos, `'999'` Otros medios de pago... */
export type PaymentMeansCode = (typeof PAYMENT_MEANS_CODES)[number];
/** Catálogo 59: the Spanish name of each means of payment. */
export const PAYMENT_MEANS: Record<PaymentMeansCode, string> = {
  '001': 'Depósito en cuenta',
  '002': 'Giro',
  '003': 'Transferencia de fondos',
  '004': 'Orden de pago',
  '005': 'Tarjeta de débito',
  '006': 'Tarjeta de crédito emitida en el país por una empresa del sistema financiero',
  '007': 'Cheques con la cláusula de "no negociable", "intransferibles", "no a la orden" u otra equivalente',
  '008': 'Efectivo, por operaciones en las que no existe obligación de utilizar medio de pago',
  '009': 'Efectivo, en los demás casos',
  '010': 'Medios de pago usados en comercio exterior',
  '011': 'Documentos emitidos por las EDPYMES y las cooperativas de ahorro y crédito no autorizadas a captar depósitos del público',
  '012': 'Tarjeta de crédito emitida en el país o en el exterior por una empresa no perteneciente al sistema financiero',
  '013': 'Tarjetas de crédito emitidas en el exterior por empresas bancarias o financieras no domiciliadas',
  '101': 'Transferencias - Comercio exterior',
  '102': 'Cheques bancarios - Comercio exterior',
  '103': 'Orden de pago simple - Comercio exterior',
  '104': 'Orden de pago documentario - Comercio exterior',
  '105': 'Remesa simple - Comercio exterior',
  '106': 'Remesa documentaria - Comercio exterior',
  '107': 'Carta de crédito simple - Comercio exterior',
  '108': 'Carta de crédito documentario - Comercio exterior',
  '999': 'Otros medios de pago',
};

/** The Spanish name of each kind of guía de remisión. */
export const DESPATCH_TYPES: Record<DespatchTypeCode, string> = {
  '09': 'Guía de remisión remitente',
  '31': 'Guía de remisión transportista',
};

/** Catálogo 12: other documents a document relates to (`cac:AdditionalDocumentReference`). */
export const RELATED_DOCUMENT_TYPE_CODES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '99'] as const;
/** Documento relacionado (catálogo 12): `'04'` Ticket de salida - ENAPU, `'05'` Código SCOP, `'99'` Otros... */
export type RelatedDocumentTypeCode = (typeof RELATED_DOCUMENT_TYPE_CODES)[number];
/** Catálogo 12: the Spanish name of each related document type. */
export const RELATED_DOCUMENT_TYPES: Record<RelatedDocumentTypeCode, string> = {
  '01': 'Factura - emitida para corregir error en el RUC',
  '02': 'Factura - emitida por anticipos',
  '03': 'Boleta de venta - emitida por anticipos',
  '04': 'Ticket de salida - ENAPU',
  '05': 'Código SCOP',
  '06': 'Factura electrónica remitente',
  '07': 'Guía de remisión remitente',
  '08': 'Declaración de salida del depósito franco',
  '09': 'Declaración simplificada de importación',
  '10': 'Liquidación de compra - emitida por anticipos',
  '99': 'Otros',
};
