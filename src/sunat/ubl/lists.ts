/**
 * The attributes SUNAT's UBL 2.1 profile puts on each coded element (which catálogo a code comes
 * from), and the tax schemes of catálogo 05. SUNAT's validation observes (OBS 4251-4257) a
 * coded element whose attributes differ from these.
 *
 * @module
 */

const SUNAT = 'PE:SUNAT';
const UNECE = 'United Nations Economic Commission for Europe';
const catalogUri = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;

/** The attributes of a code from a SUNAT catálogo, on a `list*` coded element. */
const sunatList = (listName: string, catalog: string) => ({ listAgencyName: SUNAT, listName, listURI: catalogUri(catalog) });

/** The attributes of an identity document number (catálogo 06): `schemeID` is its type. */
export const identityScheme = (type: string) => ({
  schemeID: type,
  schemeName: 'Documento de Identidad',
  schemeAgencyName: SUNAT,
  schemeURI: catalogUri('06'),
});

/** `cbc:InvoiceTypeCode`: the document type (catálogo 01) with the operation type (catálogo 51) in `listID`. */
export const invoiceTypeCode = (operationType: string) => ({
  listID: operationType,
  listAgencyName: SUNAT,
  listName: 'Tipo de Documento',
  listURI: catalogUri('01'),
  name: 'Tipo de Operacion',
  listSchemeURI: catalogUri('51'),
});

/** `cbc:DocumentCurrencyCode` (ISO 4217). */
export const CURRENCY_LIST = { listID: 'ISO 4217 Alpha', listName: 'Currency', listAgencyName: UNECE };

/** A quantity's unit of measure (catálogo 03, UN/ECE rec. 20). */
export const unitCode = (code: string) => ({ unitCode: code, unitCodeListID: 'UN/ECE rec 20', unitCodeListAgencyName: UNECE });

/** `cbc:AddressTypeCode` of the issuer: the establishment (`0000` the fiscal address, or an establecimiento anexo). */
export const ESTABLISHMENT_LIST = { listAgencyName: SUNAT, listName: 'Establecimientos anexos' };

/** `cbc:NameCode` of an item attribute: catálogo 55. */
export const ITEM_PROPERTY_LIST = sunatList('Propiedad del item', '55');

/** `cbc:ID` of an address: its ubigeo (INEI). */
export const UBIGEO_SCHEME = { schemeAgencyName: 'PE:INEI', schemeName: 'Ubigeos' };

/** A country (ISO 3166-1) of an address. */
export const COUNTRY_LIST = { listID: 'ISO 3166-1', listAgencyName: UNECE, listName: 'Country' };

/** `cbc:ItemClassificationCode`: SUNAT's product code (catálogo 25, UNSPSC). */
export const PRODUCT_CODE_LIST = { listID: 'UNSPSC', listAgencyName: 'GS1 US', listName: 'Item Classification' };

/** The catálogos of coded elements: 01 document types, 07 IGV affectation, 12 related documents, 16 price types, 53 discounts and charges, 59 payment means, 09 and 10 note reasons. */
export const LISTS = {
  documentType: sunatList('Tipo de Documento', '01'),
  affectation: sunatList('Afectacion del IGV', '07'),
  relatedDocument: sunatList('Documento Relacionado', '12'),
  priceType: sunatList('Tipo de Precio', '16'),
  adjustment: sunatList('Cargo/descuento', '53'),
  paymentMeans: sunatList('Medio de pago', '59'),
  creditNoteReason: sunatList('Tipo de nota de credito', '09'),
  debitNoteReason: sunatList('Tipo de nota de debito', '10'),
} as const;

/** `cbc:PaymentMeansID` of the `Detraccion` payment terms: the catálogo 54 code. */
export const DETRACTION_CODE_SCHEME = { schemeName: 'Codigo de detraccion', schemeAgencyName: SUNAT, schemeURI: catalogUri('54') };

/** A catálogo 05 tax scheme: its code, name, UN/ECE 5153 type code and the UN/ECE 5305 category of its lines. */
export type TaxScheme = { readonly id: string; readonly name: string; readonly typeCode: string; readonly category: string };

/**
 * Catálogo 05, the tax schemes a v1 document carries: `1000` IGV, `1016` IVAP (milled rice),
 * `2000` ISC (the excise), `7152` ICBPER (plastic bags), `9995` exportación, `9996` gratuito
 * (free lines), `9997` exonerado, `9998` inafecto. Each with its UN/ECE 5153 type code and the
 * UN/ECE 5305 category of its lines (S standard, G export, Z free, E exempt, O outside).
 */
export const TAX_SCHEMES = {
  igv: { id: '1000', name: 'IGV', typeCode: 'VAT', category: 'S' },
  ivap: { id: '1016', name: 'IVAP', typeCode: 'VAT', category: 'S' },
  isc: { id: '2000', name: 'ISC', typeCode: 'EXC', category: 'S' },
  icbper: { id: '7152', name: 'ICBPER', typeCode: 'OTH', category: 'S' },
  export: { id: '9995', name: 'EXP', typeCode: 'FRE', category: 'G' },
  free: { id: '9996', name: 'GRA', typeCode: 'FRE', category: 'Z' },
  exempt: { id: '9997', name: 'EXO', typeCode: 'VAT', category: 'E' },
  unaffected: { id: '9998', name: 'INA', typeCode: 'FRE', category: 'O' },
} as const satisfies Record<string, TaxScheme>;

/** The attributes of `cac:TaxScheme/cbc:ID` (catálogo 05). */
export const TAX_SCHEME_ID = { schemeName: 'Codigo de tributos', schemeAgencyName: SUNAT, schemeURI: catalogUri('05') };

/** The attributes of `cac:TaxCategory/cbc:ID` (UN/ECE 5305). */
export const TAX_CATEGORY_ID = { schemeID: 'UN/ECE 5305', schemeName: 'Tax Category Identifier', schemeAgencyName: UNECE };
