/**
 * Documents: the create body, its parts and the document the API answers. Each is a zod/mini
 * schema the SDK checks requests with (`yupana/schemas`), every field documented once, on the
 * schema's key, and a type inferred from it: those docs reach an editor's hover, typedoc and
 * `openapi.json`.
 *
 * The types are closed (`Closed`): a misspelt field in an object literal does not compile. The
 * schemas are loose: at run time a field this SDK does not know is still sent (the API refuses
 * what it does not know with `unknown_field`), and a response's unknown fields are kept. They are
 * built with `looseObject` of shared.ts, so that the shipped declarations keep the field docs.
 *
 * @module
 */
import * as z from 'zod/mini';
import type {
  AdjustmentCode,
  CreditNoteReasonCode,
  DebitNoteReasonCode,
  DetractionCode,
  DocumentTypeCode,
  IdentityDocumentTypeCode,
  IgvAffectationCode,
  IscSystemCode,
  LegendCode,
  OperationTypeCode,
  PaymentMeansCode,
  RelatedDocumentTypeCode,
  UnitCode,
} from '../sunat/catalogs.js';
import {
  CURRENCY_CODES,
  DEBIT_NOTE_REASON_CODES,
  DESPATCH_TYPE_CODES,
  DOCUMENT_TYPE_CODES,
  GLOBAL_CHARGE_CODES,
  GLOBAL_DISCOUNT_CODES,
  LINE_CHARGE_CODES,
  LINE_DISCOUNT_CODES,
  PERCEPTION_CODES,
} from '../sunat/document-codes.js';
import { MAX_DOCUMENT_NUMBER } from '../sunat/document-codes.js';
import { advancesOnFacturaOrBoleta, debitNoteHasDebitReason, dueDateNotBeforeIssueDate, isFacturaOrBoleta, noteHasReference } from './predicates.js';
import {
  Amount,
  CalendarDate,
  type Closed,
  DateFilter,
  ListParams,
  Metadata,
  Timestamp,
  identityNumberChecks,
  listEnvelope,
  looseObject,
  maxDecimals,
  openCode,
  openEnum,
  text,
} from './shared.js';

const finite = (what: string) => z.number(`${what} must be a finite number`);
/** An amount: not negative, 2 decimals. */
const money = (what: string) => finite(what).check(z.nonnegative('must not be negative'), maxDecimals(2));
/** An amount greater than 0, 2 decimals. */
const positiveMoney = (what: string) => finite(what).check(z.positive('must be greater than 0'), maxDecimals(2));
/** A rate as a fraction: from 0 to 1, `0.12` and never `12`. */
const fraction = (what: string) => finite(what).check(z.gte(0, 'must be a fraction from 0 to 1, e.g. 0.12'), z.lt(1, 'must be a fraction from 0 to 1, e.g. 0.12'));
/** Quantities and unit values: up to 10 decimals. */
const tenDecimals = maxDecimals(10);

/** A catálogo 01 document type issued by v1. */
export const DocumentType = z.enum(DOCUMENT_TYPE_CODES);
/** A catálogo 01 document type issued by v1: `01` factura, `03` boleta, `07` nota de crédito, `08` nota de débito. */
export type DocumentType = DocumentTypeCode;

/**
 * A series code (serie): a letter plus three digits, e.g. `F001` for facturas and their notes,
 * `B001` for boletas. The server assigns the correlative number within the series. A series
 * saved on your account (`ser_`) is a {@link Series}.
 */
export const SeriesCode = z.string().check(z.regex(/^[A-Z]\d{3}$/, 'must be an uppercase letter followed by three digits, e.g. F001'));

/** The customer (adquiriente) block inside a document. */
export const DocumentCustomer = looseObject({
  /** Catálogo 06 identity document type: `6` RUC, `1` DNI, `4` carné de extranjería, `7` pasaporte... `-` varios (a small boleta's anonymous customer). */
  documentType: openCode<IdentityDocumentTypeCode>(/^[0-9A-Z-]$/, 'must be a catálogo 06 code such as 6 (RUC) or 1 (DNI)'),
  /** The identity document's number: 11 digits for a RUC, 8 for a DNI, up to 15 characters for a passport or carné, `-` for varios or a customer abroad without one. */
  documentNumber: text(1, 20),
  /** Registered name (razón social) or full name: up to 1500 characters, the most SUNAT takes (on a factura at least 3, its rule 2022). */
  name: text(1, 1500),
  /** Fiscal address, up to 500 characters. */
  address: z.optional(text(0, 500)),
  /** Where the document is emailed when it is accepted, up to 254 characters. */
  email: z.optional(text(0, 254)),
}).check(...identityNumberChecks);
/**
 * The customer (adquiriente) block inside a document: who it is issued to, copied into the
 * document. A customer saved on your account (`cus_`) is a {@link Customer}.
 *
 * @interface
 */
export type DocumentCustomer = Closed<z.input<typeof DocumentCustomer>>;

/** A catálogo 53 discount or charge whose code is one of `codes`. */
function adjustment<const Codes extends readonly [string, ...string[]]>(codes: Codes) {
  return looseObject({
    /**
     * Catálogo 53 code, by where it goes: a line's discounts `00` (reduces the line's base) or
     * `01` (does not), its charges `47` (raises it) or `48` (does not); the document's discounts
     * `02` (reduces the taxed base) or `03` (does not), its charges `49` (raises it), `50` (does
     * not), `45` FISE, `46` recargo al consumo / propinas.
     */
    code: z.enum(codes, `must be one of ${codes.join(', ')} here`),
    /** The amount discounted or charged, 2 decimals, greater than 0. */
    amount: positiveMoney('amount'),
    /**
     * The amount it applies to, 2 decimals. Default: for a line, quantity × unit price; for a
     * global `02`/`49`, the taxed base before it; for other global codes, the total before it.
     */
    base: z.optional(money('base')),
  });
}
/** A line's discount (catálogo 53 `00` or `01`). */
export const LineDiscount = adjustment(LINE_DISCOUNT_CODES);
/**
 * A line's discount: `00` reduces the line's base, `01` does not.
 *
 * @interface
 */
export type LineDiscount = Closed<z.input<typeof LineDiscount>>;
/** A line's charge (catálogo 53 `47` or `48`). */
export const LineCharge = adjustment(LINE_CHARGE_CODES);
/**
 * A line's charge: `47` raises the line's base, `48` does not.
 *
 * @interface
 */
export type LineCharge = Closed<z.input<typeof LineCharge>>;
/** A document's discount (catálogo 53 `02` or `03`). */
export const GlobalDiscount = adjustment(GLOBAL_DISCOUNT_CODES);
/**
 * A document's discount: `02` reduces the taxed base, `03` does not.
 *
 * @interface
 */
export type GlobalDiscount = Closed<z.input<typeof GlobalDiscount>>;
/** A document's charge (catálogo 53 `49`, `50`, `45`, `46`). */
export const GlobalCharge = adjustment(GLOBAL_CHARGE_CODES);
/**
 * A document's charge: `49` raises the taxed base, `50` does not, `45` FISE, `46` recargo al consumo.
 *
 * @interface
 */
export type GlobalCharge = Closed<z.input<typeof GlobalCharge>>;
/**
 * A discount (descuento) or charge (cargo) of catálogo 53, on a line or on the whole document
 * (`cac:AllowanceCharge`). SUNAT reads it as a factor, `amount / base` (5 decimals). The fields
 * of each of the four above, its `code` one of `Code`.
 *
 * @interface
 */
export type Adjustment<Code extends AdjustmentCode = AdjustmentCode> = { [K in keyof LineDiscount]: K extends 'code' ? Code : LineDiscount[K] };

/** The ISC of a line. */
export const Isc = looseObject({
  /**
   * Catálogo 08, how the ISC is computed (`TierRange`): `01` al valor (a rate of the value),
   * `02` específico (an amount per unit: per litre, per pack), `03` al precio de venta al público
   * (a rate of the public retail price). Missing: SUNAT's 2373; another code: 2041.
   */
  system: openCode<IscSystemCode>(/^\d{2}$/, 'must be a catálogo 08 ISC system: 01, 02 or 03'),
  /** Systems `01` and `03`: the ISC rate as a fraction (`0.3` is 30%, never `30`); SUNAT's 3104 without it. */
  rate: z.optional(fraction('rate')),
  /** System `02`: the ISC of one unit of `quantity` (S/ 1.50 a litre), up to 10 decimals, greater than 0; SUNAT's 3104 without it. */
  amountPerUnit: z.optional(finite('amountPerUnit').check(z.positive('must be greater than 0'), tenDecimals)),
  /**
   * The ISC's base (`TaxableAmount`), 2 decimals. Default: the line's value (quantity × unit
   * price, after its discounts `00` and charges `47`). Give it when the law says another: with
   * system `03`, the public retail price × quantity as the law adjusts it.
   */
  base: z.optional(money('base')),
  /**
   * The line's ISC, 2 decimals. Default: base × rate (`01`, `03`) or quantity × amountPerUnit
   * (`02`), rounded half up. Given, it must be within 1.00 of that (SUNAT's 3108).
   */
  amount: z.optional(money('amount')),
});
/**
 * The ISC of a line (impuesto selectivo al consumo, scheme 2000): the excise on fuels, beer,
 * liquor, cigarettes, soft drinks, cars and other goods the law lists, charged by the maker or
 * importer on top of the value and under the IGV: the line's IGV is (its value + its ISC) × the
 * IGV rate (SUNAT's 3272). Only on a taxed line (`10`-`16`; SUNAT's 3272 otherwise), never with
 * IVAP (2650) nor on an export (3107). Names after Greenter's `tipSisIsc`, `porcentajeIsc`,
 * `mtoBaseIsc` and openubl's `iscTipo`, `iscTasa`, `iscBaseImponible`.
 *
 * @interface
 */
export type Isc = Closed<z.input<typeof Isc>>;

/** A catálogo 55 item attribute. */
export const ItemAttribute = looseObject({
  /** Catálogo 55 code (código del concepto), 4 digits: `4003` fecha de ingreso al establecimiento, `3050` número de asiento, `7000` número de placa... */
  code: z.string().check(z.regex(/^\d{4}$/, 'must be a catálogo 55 code of 4 digits such as 4003')),
  /** The concept's name as printed, 1 to 200 characters, e.g. `Fecha de ingreso al establecimiento`. */
  name: text(1, 200),
  /** Its value (`cbc:Value`), 1 to 500 characters; SUNAT requires one for most codes (3064), e.g. the passport's country `US` for `4000`. */
  value: z.optional(text(1, 500)),
  /** Start of its period (`cac:UsabilityPeriod/cbc:StartDate`), `YYYY-MM-DD`: the date a date code names (`4002`-`4004`, `4006`, `3005`, `3059`...; 3065). */
  startDate: z.optional(CalendarDate),
  /** The time of a time code (`cac:UsabilityPeriod/cbc:StartTime`), `HH:MM:SS`: a trip's scheduled start (`3060`, `4047`; 3172). */
  startTime: z.optional(z.string().check(z.regex(/^\d{2}:\d{2}:\d{2}$/, 'must be a time HH:MM:SS'))),
  /** End of its period (`cbc:EndDate`), `YYYY-MM-DD` (`4063`, `7014`). */
  endDate: z.optional(CalendarDate),
  /** Its length in days (`cbc:DurationMeasure`, unit `DAY`), a whole number: the days of stay of `4005` (3135). */
  duration: z.optional(z.int('must be a whole number of days').check(z.nonnegative('must not be negative'))),
  /** A quantity in tonnes (`cbc:ValueQuantity`, unit `TNE`), 2 decimals: the species sold of a catch, `3006` (3135). */
  quantity: z.optional(money('quantity')),
});
/**
 * An item attribute (propiedad del ítem) of catálogo 55 (`cac:AdditionalItemProperty`): a fact
 * SUNAT asks of some lines, such as a guest's passport and dates on an export of lodging
 * (hospedaje, `4000`-`4009`), a passenger's seat and trip on a land transport ticket
 * (`3050`-`3060`), a vehicle's plate (`7000`). Greenter's `DetailAttribute`.
 *
 * @interface
 */
export type ItemAttribute = Closed<z.input<typeof ItemAttribute>>;

/** A point of a cargo trip. */
export const TripPoint = looseObject({
  /** Its ubigeo (INEI's code of the district), 6 digits, e.g. `150101`. */
  ubigeo: z.string().check(z.regex(/^\d{6}$/, 'must be an ubigeo of 6 digits such as 150101')),
  /** Its full address, 1 to 200 characters on one line (SUNAT observes fewer than 3, 4236). */
  address: text(1, 200),
});
/**
 * A point of a cargo trip: its ubigeo and address.
 *
 * @interface
 */
export type TripPoint = Closed<z.input<typeof TripPoint>>;

/** The trip of a cargo transport service under detracción. */
export const CargoTransport = looseObject({
  /** Where the trip starts (punto de origen: `cac:Despatch/cac:DespatchAddress`). */
  origin: TripPoint,
  /** Where it ends (punto de destino: `cac:DeliveryLocation/cac:Address`). */
  destination: TripPoint,
  /** The trip's detail (detalle del viaje, `cac:Despatch/cbc:Instructions`), 1 to 500 characters on one line (SUNAT observes fewer than 3, 4270). */
  description: text(1, 500),
  /** Valor referencial del servicio de transporte (`cac:DeliveryTerms` `01`), in PEN, 2 decimals. */
  serviceReferenceValue: money('serviceReferenceValue'),
  /** Valor referencial sobre la carga efectiva (`02`), in PEN, 2 decimals. */
  effectiveLoadReferenceValue: money('effectiveLoadReferenceValue'),
  /** Valor referencial sobre la carga útil nominal (`03`), in PEN, 2 decimals. */
  nominalLoadReferenceValue: money('nominalLoadReferenceValue'),
});
/**
 * A cargo transport service under detracción (operation `1004`, catálogo 54 code `027`): each
 * line's trip and SUNAT's referential values (`cac:Delivery` of the line). Every line of such a
 * factura carries one (3116).
 *
 * @interface
 */
export type CargoTransport = Closed<z.input<typeof CargoTransport>>;

/** One line of a document. */
export const Item = looseObject({
  /** Text of the line, 1 to 500 characters; it may break lines (SUNAT's pattern for it, rule 2027, takes any character). */
  description: text(1, 500, 'multiline'),
  /** Quantity, greater than 0, up to 10 decimals (the number of bags on an ICBPER line). */
  quantity: finite('quantity').check(z.positive('must be greater than 0'), tenDecimals),
  /**
   * Valor unitario: the value per unit **before tax** (IGV excluded), up to 10 decimals; `0` on
   * a free line (its value goes in `referenceValue`). Never round it to 2 decimals. From a shelf
   * price that includes IGV, `yupana/sunat` computes it.
   */
  unitPrice: finite('unitPrice').check(z.nonnegative('must not be negative'), tenDecimals),
  /**
   * The line's IGV amount, 2 decimals: the line's base (plus its ISC) × the IGV rate. 0 for
   * affectations `20` to `40`; on a free taxed line (`11`-`16`) the IGV SUNAT reports but nobody
   * pays; on an IVAP line (`17`) its IVAP, the base × 4% (`IVAP_RATE`).
   */
  igv: money('igv'),
  /** Your product code, 1 to 30 characters. */
  code: z.optional(text(1, 30)),
  /** Catálogo 25 product code (código de producto SUNAT, from the UN/SPSC classification): 8 digits. */
  sunatProductCode: z.optional(z.string().check(z.regex(/^\d{8}$/, 'must be a catálogo 25 code of 8 digits'))),
  // Its digits are SUNAT's rule 3201 (sunat/document/rules/gtin.ts), checked there alone.
  /**
   * The product's GTIN (its barcode: EAN-8, UPC-A, EAN-13 or GTIN-14), 8, 12, 13 or 14 digits
   * (SUNAT's rule 3201). Written as `cac:StandardItemIdentification` with the structure SUNAT
   * takes in `schemeID`: `GTIN-8`, `GTIN-13` or `GTIN-14`; a 12-digit UPC-A is a `GTIN-13` with a
   * leading `0` (GS1's own padding: the same number).
   */
  gtin: z.optional(text(1, 30)),
  /** Catálogo 03 unit of measure (UN/ECE rec. 20): `NIU` goods, `ZZ` services, `KGM`... Default: `NIU`. */
  unitCode: z.optional(openCode<UnitCode>(/^[A-Z0-9]{1,3}$/, 'must be a catálogo 03 code such as NIU or ZZ')),
  /**
   * Catálogo 07 IGV affectation: `10` taxed, `11`-`16` taxed free transfers, `17` IVAP (a sale
   * of milled rice, taxed at 4% by the IVAP instead of the IGV: every line of its document is `17`,
   * SUNAT's 2644), `20` exonerado, `21` exonerado free, `30` inafecto, `31`-`37` inafecto free,
   * `40` export. Default: `10`.
   */
  igvAffectation: z.optional(openCode<IgvAffectationCode>(/^\d{2}$/, 'must be a catálogo 07 code such as 10 (gravado)')),
  /**
   * Valor referencial: on a free line (`11`-`16`, `21`, `31`-`37`, where `unitPrice` is 0) the
   * value per unit of what is given away, up to 10 decimals. Required on free lines.
   */
  referenceValue: z.optional(finite('referenceValue').check(z.nonnegative('must not be negative'), tenDecimals)),
  /**
   * The line's ICBPER (impuesto al consumo de las bolsas de plástico, the plastic bag tax): bags
   * (`quantity`) × the amount per bag of the issue year (S/ 0.50 from 2023), 2 decimals.
   */
  icbper: z.optional(money('icbper')),
  /** The line's ISC, the excise of scheme 2000: see {@link Isc}. */
  isc: z.optional(Isc),
  /** Discounts on this line (catálogo 53 `00` or `01`). */
  discounts: z.optional(z.array(LineDiscount)),
  /** Charges on this line (catálogo 53 `47` or `48`). */
  charges: z.optional(z.array(LineCharge)),
  /** Catálogo 55 item attributes (`cac:AdditionalItemProperty`): what SUNAT asks of some lines, e.g. a guest's data on an export of lodging (operation `0202`). */
  attributes: z.optional(z.array(ItemAttribute)),
  /** The trip of a cargo transport service under detracción (operation `1004`): required on each of its lines (3116). */
  cargoTransport: z.optional(CargoTransport),
});
/**
 * One line of a document.
 *
 * @interface
 */
export type Item = Closed<z.input<typeof Item>>;

/** One cuota of a sale on credit. */
export const Installment = looseObject({
  /** The cuota's amount, 2 decimals, greater than 0. */
  amount: positiveMoney('amount'),
  /** When the cuota is due, `YYYY-MM-DD`, after the issue date. */
  dueDate: CalendarDate,
});
/**
 * One cuota (installment) of a sale on credit: an amount and the day it is due.
 *
 * @interface
 */
export type Installment = Closed<z.input<typeof Installment>>;

/** Forma de pago Contado. */
export const CashPaymentTerms = looseObject({
  /** `cash`: Contado. */
  type: z.literal('cash'),
});
/**
 * Forma de pago Contado: paid in full at the sale.
 *
 * @interface
 */
export type CashPaymentTerms = Closed<z.input<typeof CashPaymentTerms>>;
/** Forma de pago Crédito, with its cuotas. */
export const CreditPaymentTerms = looseObject({
  /** `credit`: Crédito. */
  type: z.literal('credit'),
  /** The cuotas, in order: at least one on a factura to a RUC customer. */
  installments: z.array(Installment),
});
/**
 * Forma de pago Crédito: paid later, in cuotas (numbered `Cuota001` to `Cuota999` in the XML).
 * Their sum is the pending amount the XML declares: at most the total, usually the total less
 * the detracción and the retención (`netPendingAmount` in `yupana/sunat`).
 *
 * @interface
 */
export type CreditPaymentTerms = Closed<z.input<typeof CreditPaymentTerms>>;
/**
 * The forma de pago as the SDK checks it: one object, not a union of the two forms, so that a
 * bad cuota is reported at its path (a zod union reports only that no form matched) and zod's
 * discriminated unions stay out of the bundle. Whether a credit sale has its cuotas is SUNAT's
 * rule 3249 (`strictSunatChecks`, and the API).
 */
const PaymentTermsShape = z.looseObject({
  type: z.enum(['cash', 'credit'], "must be 'cash' or 'credit'"),
  installments: z.optional(z.array(Installment)),
});
/** Forma de pago: Contado (`{ type: 'cash' }`) or Crédito with its cuotas (`{ type: 'credit', installments }`). */
export const PaymentTerms = PaymentTermsShape as unknown as z.ZodMiniType<PaymentTerms, PaymentTerms>;
/**
 * Forma de pago (SUNAT requires it on every factura): `{ type: 'cash' }` (Contado, the default
 * on facturas; a boleta carries none unless given) or `{ type: 'credit', installments }` (Crédito). On a nota de crédito
 * only with reason `13`, where it is required; never on a nota de débito.
 */
export type PaymentTerms = CashPaymentTerms | CreditPaymentTerms;

const detractionFields = {
  /** Catálogo 54 code of the good or service, e.g. `037` demás servicios gravados con el IGV, `022` otros servicios empresariales. */
  code: openCode<DetractionCode>(/^\d{3}$/, 'must be a catálogo 54 code of 3 digits such as 037'),
  /** The rate as a fraction (`0.12` is 12%): the issuer gives it, SUNAT's table changes by resolution. */
  rate: fraction('rate'),
  /** The issuer's detracciones account at the Banco de la Nación. */
  account: text(1, 100),
  /** Catálogo 59 means of payment of the deposit. Default: `001` (depósito en cuenta). */
  paymentMethod: z.optional(openCode<PaymentMeansCode>(/^\d{3}$/, 'must be a catálogo 59 code of 3 digits such as 001')),
  /** The amount to deposit, in PEN (soles) whatever the document's currency, 2 decimals. Default: total × `rate` (× `exchangeRate` on a USD document). */
  amount: z.optional(money('amount')),
};
/** Detracción (SPOT). */
export const Detraction = looseObject(detractionFields);
/**
 * Detracción (SPOT, Sistema de Pago de Obligaciones Tributarias): on a sale of goods or
 * services under the system, the customer withholds a share of the total and deposits it in
 * the issuer's account at the Banco de la Nación. Sets the operation type `1001` by default.
 *
 * @interface
 */
export type Detraction = Closed<z.input<typeof Detraction>>;

const perceptionFields = {
  /** The regime: `51` venta interna (2%), `52` adquisición de combustible (1%), `53` a customer that is itself an agent (0.5%). */
  code: z.enum(PERCEPTION_CODES, `must be one of ${PERCEPTION_CODES.join(', ')}`),
  /** The rate as a fraction. Default: the regime's (`0.02`, `0.01`, `0.005`). */
  rate: z.optional(fraction('rate')),
  /** The amount the percepción is computed on, in PEN, 2 decimals. Default: the total. */
  base: z.optional(money('base')),
  /** The percepción, in PEN, 2 decimals. Default: `base` × `rate`. */
  amount: z.optional(money('amount')),
};
/** Percepción. */
export const Perception = looseObject(perceptionFields);
/**
 * Percepción: an advance of IGV that an agente de percepción charges its customer on top of the
 * price (not part of the amount payable). Cash sales only. Sets the operation type `2001` by default.
 *
 * @interface
 */
export type Perception = Closed<z.input<typeof Perception>>;

const retentionFields = {
  /** The rate as a fraction: `0.03` (default) or `0.06`. */
  rate: z.optional(fraction('rate')),
  /** The amount the retención is computed on, 2 decimals. Default: the total. */
  base: z.optional(money('base')),
  /** The retención, 2 decimals. Default: `base` × `rate`. */
  amount: z.optional(money('amount')),
};
/** Retención del IGV. */
export const Retention = looseObject(retentionFields);
/**
 * Retención del IGV, informed on a factura to a customer that is an agente de retención: the
 * customer withholds this share of the total and pays it to SUNAT (not part of the amount
 * payable; a credit sale's cuotas usually leave it out). RUC customers only.
 *
 * @interface
 */
export type Retention = Closed<z.input<typeof Retention>>;

/** Where the goods are delivered. SUNAT's lengths of its texts are observations (4236-4241), checked by the rules. */
export const Delivery = looseObject({
  /** The full address (dirección completa y detallada), 3 to 200 characters on one line (SUNAT observes another, 4236). */
  address: text(1, 500),
  /** Its ubigeo (INEI's code of the district), 6 digits, e.g. `150101` (Lima, Lima, Lima). */
  ubigeo: z.optional(z.string().check(z.regex(/^\d{6}$/, 'must be an ubigeo of 6 digits such as 150101'))),
  /** Departamento, up to 30 characters (4240). */
  department: z.optional(text(1, 100)),
  /** Provincia, up to 30 characters (4239). */
  province: z.optional(text(1, 100)),
  /** Distrito, up to 30 characters (4241). */
  district: z.optional(text(1, 100)),
  /** Urbanización, up to 25 characters (4238). */
  urbanization: z.optional(text(1, 100)),
  /**
   * ISO 3166-1 country, 2 letters. Default: `PE`. On an export of services used abroad (operation
   * `0201` or `0208`) it is required and not `PE`: the country where the service is used (3098, 3099).
   */
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 country of 2 uppercase letters such as PE'))),
});
/**
 * Where the goods are delivered (`cac:Delivery/cac:DeliveryLocation/cac:Address`), when it is not
 * the customer's address: a sale delivered elsewhere, a venta itinerante. Greenter's
 * `direccionEntrega`.
 *
 * @interface
 */
export type Delivery = Closed<z.input<typeof Delivery>>;

/** A medio de pago of catálogo 59. */
export const PaymentMethod = looseObject({
  /** Catálogo 59 code: `001` depósito en cuenta, `003` transferencia de fondos, `005` tarjeta de débito, `006` tarjeta de crédito, `009` efectivo... (3174). */
  code: openCode<PaymentMeansCode>(/^\d{3}$/, 'must be a catálogo 59 code of 3 digits such as 001'),
  /** The account paid into (`cac:PayeeFinancialAccount/cbc:ID`), 1 to 100 characters; required on a document with a detracción (3034). */
  account: z.optional(text(1, 100)),
  /** The payment's own number (`cbc:PaymentID`): an operation or authorization number, 1 to 100 characters. */
  reference: z.optional(text(1, 100)),
});
/**
 * A medio de pago of catálogo 59 (`cac:PaymentMeans`): how the customer pays, beside the
 * detracción's own (its `paymentMethod`).
 *
 * @interface
 */
export type PaymentMethod = Closed<z.input<typeof PaymentMethod>>;

/** A guía de remisión the document covers. */
export const DespatchReference = looseObject({
  /** `09` guía de remisión remitente, `31` guía de remisión transportista. */
  type: z.enum(DESPATCH_TYPE_CODES, `must be ${DESPATCH_TYPE_CODES.join(' or ')}`),
  /** The guía's series and number, e.g. `T001-123`. */
  fullNumber: text(1, 30),
});
/**
 * A guía de remisión (despatch advice) the document covers.
 *
 * @interface
 */
export type DespatchReference = Closed<z.input<typeof DespatchReference>>;

/** Another document the document refers to. */
export const RelatedDocument = looseObject({
  /** Catálogo 12 type, e.g. `04` ticket de salida ENAPU, `05` código SCOP, `99` otros. */
  type: openCode<RelatedDocumentTypeCode>(/^\d{2}$/, 'must be a catálogo 12 code of 2 digits such as 99'),
  /** Its number, 1 to 30 characters. */
  number: text(1, 30),
});
/**
 * Another document the document refers to (`cac:AdditionalDocumentReference`).
 *
 * @interface
 */
export type RelatedDocument = Closed<z.input<typeof RelatedDocument>>;

/** An advance payment (anticipo) a final document deducts. */
export const Advance = looseObject({
  /** Catálogo 12: `02` the advance's factura (an F series), `03` its boleta (a B series). */
  type: z.enum(['02', '03'], "must be 02 (the advance's factura) or 03 (its boleta)"),
  /** The advance's document, series and number: `F001-12`. */
  fullNumber: text(1, 30),
  /** What the advance's document charged, IGV included (its total; `PaidAmount`), 2 decimals, greater than 0. */
  amount: positiveMoney('amount'),
  /**
   * Catálogo 07: what the advance paid for, which says the base it is deducted from: `10` a taxed
   * sale (default; the allowance `04`, off the taxed base and its IGV), `20` an exonerated one
   * (`05`, off `totals.exempt`), `30` an unaffected one (`06`, off `totals.unaffected`).
   */
  igvAffectation: z.optional(z.enum(['10', '20', '30'], 'must be 10 (taxed), 20 (exonerated) or 30 (unaffected)')),
  /**
   * Its value without IGV, the allowance that lowers its base: the advance document's `taxable`
   * (`exempt`, `unaffected`), 2 decimals. Default: `amount` ÷ (1 + the IGV rate), rounded half
   * up, for a taxed advance; `amount` for the others, which carry no IGV.
   */
  value: z.optional(positiveMoney('value')),
});
/**
 * An advance payment (anticipo) a final factura or boleta deducts: the advance's own document,
 * issued when the customer paid it (`cac:PrepaidPayment` and its `cac:AdditionalDocumentReference`,
 * after Greenter's `Prepayment` and openubl's `Anticipo`). The service deducts its value from the
 * base it was paid on: the taxed base (catálogo 53 allowance `04`, which lowers the IGV but not the
 * valor de venta nor the precio de venta), the exonerated one (`05`) or the unaffected one (`06`),
 * and its amount from what the customer pays (`totals.prepaid`).
 *
 * @interface
 */
export type Advance = Closed<z.input<typeof Advance>>;

/** A catálogo 52 legend. */
export const Legend = looseObject({
  /** Catálogo 52 code, e.g. `2001` bienes transferidos en la Amazonía. The API adds `1000` (amount in words), `1002`, `2000` and `2006` itself. */
  code: openCode<LegendCode>(/^\d{4}$/, 'must be a catálogo 52 code of 4 digits such as 2001'),
  // Its 200 characters on one line are SUNAT's rule 3006 (sunat/document/rules/legends.ts), checked
  // there alone; the schema bounds it as every request text is bounded, far above SUNAT's limit.
  /** Its text: 1 to 200 characters on one line, not starting with a space (SUNAT's rule 3006, which `strictSunatChecks` and the API check). */
  text: text(0, 1000, 'multiline'),
});
/**
 * A legend (leyenda) of catálogo 52 printed on the document (`cbc:Note`).
 *
 * @interface
 */
export type Legend = Closed<z.input<typeof Legend>>;

const noteReason = {
  /** Catálogo 09 reason for a nota de crédito (`01` anulación, `07` devolución por ítem, `13` ajustes de montos y/o fechas de pago...); catálogo 10 for a nota de débito (`01` intereses por mora, `02` aumento en el valor...). */
  reason: openCode<CreditNoteReasonCode | DebitNoteReasonCode>(/^\d{2}$/, 'must be a catálogo 09 or 10 code such as 01'),
  /** Why, in words (sustento). */
  description: text(1, 500),
};
const absent = z.optional(z.never('must not be given with the other form of reference'));

/** A nota's reference to a document issued through the API. */
export const DocumentIdReference = looseObject({
  /** The `doc_` id of the factura or boleta being modified: it must exist, be a `01`/`03`, and share the nota's series letter. */
  documentId: text(1, 255),
  ...noteReason,
  /** Only in the other form, {@link ExternalDocumentReference}. */
  type: absent,
  /** Only in the other form, {@link ExternalDocumentReference}. */
  fullNumber: absent,
  /** Only in the other form, {@link ExternalDocumentReference}. */
  issueDate: absent,
});
/**
 * A nota's reference to a factura or boleta issued through the API.
 *
 * @interface
 */
export type DocumentIdReference = Closed<z.input<typeof DocumentIdReference>>;

/** A factura's or boleta's number as SUNAT allows it: `F`/`B` + 3 letters or digits, or 4 digits, then 1 to 8 digits. */
const REFERENCED_NUMBER = /^(?:[FB][A-Z0-9]{3}|\d{4})-[1-9]\d{0,7}$/;

/** A nota's reference to a document issued elsewhere. */
export const ExternalDocumentReference = looseObject({
  // A refinement, not an enum: a wrong type is then reported at its path, not as a union mismatch.
  /** The modified document's type: `01` factura or `03` boleta. */
  type: z.string().check(z.refine(isFacturaOrBoleta, 'must be 01 (factura) or 03 (boleta)')) as unknown as z.ZodMiniType<'01' | '03', '01' | '03'>,
  /** Its series and number, e.g. `FF14-2`: a series `F`/`B` + 3 letters or digits, or 4 digits (contingency), then 1 to 8 digits. */
  fullNumber: z.string().check(z.regex(REFERENCED_NUMBER, 'must be a series (F or B and 3 letters or digits, or 4 digits), a dash and a number, e.g. FF14-2')),
  /** Its issue date, `YYYY-MM-DD`. */
  issueDate: CalendarDate,
  ...noteReason,
  /** Only in the other form, {@link DocumentIdReference}. */
  documentId: absent,
});
/**
 * A nota's reference to a factura or boleta issued elsewhere (before migrating to the API).
 *
 * @interface
 */
export type ExternalDocumentReference = Closed<z.input<typeof ExternalDocumentReference>>;

/**
 * A nota's reason (catálogo 09 for a nota de crédito, catálogo 10 for a nota de débito) and
 * sustento, shared by both forms of {@link NoteReference}.
 *
 * @interface
 */
export type NoteReason = Pick<DocumentIdReference, 'reason' | 'description'>;

/** The document a nota modifies: `{ documentId }`, or `{ type, fullNumber, issueDate }`. */
export const NoteReference = z.union([DocumentIdReference, ExternalDocumentReference], {
  error: 'must be { documentId, reason, description } for a document issued here, or { type, fullNumber, issueDate, reason, description } for one issued elsewhere',
});
/**
 * The document a nota de crédito (`07`) or débito (`08`) modifies: `{ documentId }` for one
 * issued here, or `{ type, fullNumber, issueDate }` for one issued elsewhere; plus the reason and
 * the sustento.
 */
export type NoteReference = DocumentIdReference | ExternalDocumentReference;

/** The body of `documents.create`. Fields this SDK does not know are sent untouched. */
export const DocumentCreateParams = looseObject({
  /** Catálogo 01 type: `01` factura, `03` boleta, `07` nota de crédito, `08` nota de débito. */
  type: DocumentType,
  /** Series (serie): a letter plus three digits, e.g. `F001` for facturas and their notes, `B001` for boletas. The API numbers documents within it. */
  series: SeriesCode,
  /** Who the document is issued to. */
  customer: DocumentCustomer,
  /** One or more lines. */
  items: z.array(Item).check(z.minLength(1, 'must have at least one item')),
  /** `PEN` (default) or `USD`. */
  currency: z.optional(z.enum(CURRENCY_CODES)),
  /** Issue date (fecha de emisión), `YYYY-MM-DD` in America/Lima. Default: today in Lima. */
  issueDate: z.optional(CalendarDate),
  /** Fecha de vencimiento, `YYYY-MM-DD`, not before `issueDate`. */
  dueDate: z.optional(CalendarDate),
  /**
   * Catálogo 51 tipo de operación, on facturas and boletas (a nota carries none). Default: `1001`
   * with a `detraction`, `2001` with a `perception`, `0200` when every line is an export (`40`),
   * else `0101` (venta interna).
   */
  operationType: z.optional(openCode<OperationTypeCode>(/^\d{4}$/, 'must be a catálogo 51 code of 4 digits such as 0101')),
  /** Forma de pago: `{ type: 'cash' }` (default) or `{ type: 'credit', installments: [{ amount, dueDate }] }`. */
  paymentTerms: z.optional(PaymentTerms),
  /** Detracción (SPOT) on a sale under the system. */
  detraction: z.optional(Detraction),
  /** Percepción charged by an agente de percepción. */
  perception: z.optional(Perception),
  /** Retención del IGV informed to a customer that is an agente de retención. */
  retention: z.optional(Retention),
  /** Medios de pago (catálogo 59) besides the detracción's. */
  paymentMethods: z.optional(z.array(PaymentMethod)),
  /** Where the goods are delivered, when not at the customer's address. */
  delivery: z.optional(Delivery),
  // Its 4 digits, and that the account has it, are SUNAT's rule 3239 (sunat/document/rules/establishment.ts).
  /**
   * The issuer's establishment (establecimiento anexo) the document is issued from: SUNAT's code of
   * 4 digits, one of the account's `establishments` (3239 otherwise). Default: `0000`, the fiscal address.
   */
  establishmentCode: z.optional(text(1, 30)),
  /** PEN per USD (SUNAT's selling rate of `issueDate`), up to 3 decimals; required on a USD document with a `detraction` or `perception`, whose amounts are in PEN. */
  exchangeRate: z.optional(finite('exchangeRate').check(z.positive('must be greater than 0'), maxDecimals(3))),
  /** Global discounts (catálogo 53 `02` or `03`). */
  discounts: z.optional(z.array(GlobalDiscount)),
  /** Global charges (catálogo 53 `49`, `50`, `45` FISE, `46` recargo al consumo). */
  charges: z.optional(z.array(GlobalCharge)),
  /** Guías de remisión the document covers. */
  despatches: z.optional(z.array(DespatchReference)),
  /** Other documents it refers to (catálogo 12; an advance's factura or boleta, `02`/`03`, goes in `advances`). */
  relatedDocuments: z.optional(z.array(RelatedDocument)),
  /** Facturas and boletas: the advance payments (anticipos) this final document deducts, each by its own document. */
  advances: z.optional(z.array(Advance)),
  /** The customer's orden de compra, 1 to 20 characters. */
  purchaseOrder: z.optional(text(1, 20)),
  /** Extra catálogo 52 legends; the API adds `1000` (amount in words) and the ones its fields call for. */
  legends: z.optional(z.array(Legend)),
  // Its range is SUNAT's rule 3303 (sunat/document/rules/totals.ts): the schema checks an amount.
  /** Redondeo (PayableRoundingAmount), 2 decimals, from -1.00 to 1.00 (SUNAT's rule 3303, which `strictSunatChecks` and the API check): added to the amount payable. */
  rounding: z.optional(finite('rounding').check(maxDecimals(2))),
  /** Required on notas de crédito (`07`) and débito (`08`): the document they modify, the reason and the sustento. */
  reference: z.optional(NoteReference),
  /** Your own key/value pairs (at most 20 string keys and values), echoed back. */
  metadata: z.optional(Metadata),
}).check(
  z.refine(noteHasReference, {
    message: 'is required for notas de crédito (07) and débito (08)',
    path: ['reference'],
  }),
  z.refine(debitNoteHasDebitReason, {
    message: `a nota de débito takes a catálogo 10 reason: ${DEBIT_NOTE_REASON_CODES.join(', ')}`,
    path: ['reference', 'reason'],
  }),
  z.refine(dueDateNotBeforeIssueDate, {
    message: 'must not be before issueDate',
    path: ['dueDate'],
  }),
  z.refine(advancesOnFacturaOrBoleta, {
    message: 'are deducted by a final factura (01) or boleta (03), not by a nota: a nota de crédito credits the final document',
    path: ['advances'],
  }),
);
/**
 * The body of `documents.create`: a factura, boleta or nota as SUNAT knows it.
 *
 * @interface
 */
export type DocumentCreateParams = Closed<z.input<typeof DocumentCreateParams>>;

/**
 * Where a document is in its life:
 * - `pending`: being sent to SUNAT, or waiting for an automatic retry after SUNAT failed;
 * - `accepted`: SUNAT accepted it (possibly with observations, see `taxAuthority.notes`);
 * - `rejected`: SUNAT rejected it; its number is used up, issue a new document;
 * - `failed`: automatic retries ran out; `documents.resend` starts again;
 * - `voiding` / `voided`: a voiding (comunicación de baja) was requested / accepted.
 *
 * Values added by later API versions are accepted too.
 */
export const DocumentStatus = openEnum(['pending', 'accepted', 'rejected', 'failed', 'voiding', 'voided']);
/**
 * Where a document is in its life: `pending` (SUNAT has not answered yet), `accepted`,
 * `rejected`, `failed` (retries ran out), `voiding` / `voided`; the schema
 * {@link "yupana/schemas"!DocumentStatus} says what each means. Values added by later API
 * versions are accepted too.
 */
export type DocumentStatus = z.output<typeof DocumentStatus>;

/** SUNAT's own answer about a document. */
export const TaxAuthorityStatus = looseObject({
  /** `pending` (no answer yet), `accepted`, `rejected`, or `exception` (not registered: fix and resend). */
  status: openEnum(['pending', 'accepted', 'rejected', 'exception']),
  /**
   * The CDR (constancia de recepción, SUNAT's signed receipt) ResponseCode: `0` accepted,
   * `2000`-`3999` rejected, `4000`+ accepted with observations, `0100`-`1999` exception
   * (`describeAuthorityCode` says which, and what to do). `null` until SUNAT answers.
   */
  code: z.nullable(z.string()),
  /** SUNAT's description of the code. */
  description: z.nullable(z.string()),
  /** Observations SUNAT attached to an accepted document: fix them in future documents. */
  notes: z.array(
    looseObject({
      /** The observation's code (4000 and above). */
      code: z.string(),
      /** SUNAT's text of it. */
      description: z.string(),
    }),
  ),
  /** How many times the document has been submitted. */
  attempts: z.int().check(z.gte(0)),
  /** When the next automatic submission is scheduled, while `pending`. */
  nextAttemptAt: z.nullable(Timestamp),
  /** When SUNAT last answered. */
  respondedAt: z.nullable(Timestamp),
});
/**
 * SUNAT's own answer about a document, kept apart from the document's `status`: "SUNAT
 * answered" is not "the document was accepted". Read it with {@link "yupana/sunat"!isAccepted},
 * {@link "yupana/sunat"!hasObservations} and {@link "yupana/sunat"!describeAuthorityCode}, not by code ranges.
 *
 * @interface
 */
export type TaxAuthorityStatus = Closed<z.output<typeof TaxAuthorityStatus>>;

/** A total that may be negative: the rounding. */
const Rounding = z.number().check(z.gte(-1), z.lte(1));

/** SUNAT's totals of a document. */
export const DocumentTotals = looseObject({
  /** Operaciones gravadas (scheme 1000 base): the bases of the paid taxed lines (`10`), less global discounts `02` and the advances deducted (`04`), plus global charges `49`. */
  taxable: Amount,
  /** Operaciones exoneradas (scheme 9997): the bases of the `20` lines. */
  exempt: Amount,
  /** Operaciones inafectas (scheme 9998): the bases of the `30` lines. */
  unaffected: Amount,
  /** Exportación (scheme 9995): the bases of the `40` lines. */
  export: Amount,
  /** Operaciones gratuitas (scheme 9996 base): the bases (valor referencial × quantity) of the free lines. Nobody pays them. */
  free: Amount,
  /** The IGV of the free taxed lines (`11`-`16`, scheme 9996 tax): reported, not paid. */
  freeIgv: Amount,
  /**
   * IGV (scheme 1000 tax) of the paid taxed lines: the sum of their IGV, or with a global `02` or
   * `49` (their IGV bases − `02` + `49`) × the rate, rounded half up, as SUNAT's manual prints it.
   */
  igv: Amount,
  /** ISC base (scheme 2000 base): the ISC bases of the paid lines with an ISC. */
  iscBase: Amount,
  /** ISC (scheme 2000 tax): the ISC of the paid lines. */
  isc: Amount,
  /** IVAP base (scheme 1016 base): the bases of the IVAP lines (`17`), less global discounts `02`, plus global charges `49`. */
  ivapBase: Amount,
  /** IVAP (scheme 1016 tax): the sum of the lines' IVAP, or with a global `02` or `49` `ivapBase` × 4%. */
  ivap: Amount,
  /** ICBPER (scheme 7152), the plastic bag tax: the sum of the lines' `icbper`. */
  icbper: Amount,
  /** Valor de venta (LineExtensionAmount): the bases of the paid lines, less global `02`, plus global `49`; tax excluded. */
  lineExtension: Amount,
  /** Precio de venta (TaxInclusiveAmount): `lineExtension` + `igv` + `isc` + `ivap` + `icbper`. */
  taxInclusive: Amount,
  /** AllowanceTotalAmount: the discounts that do not reduce the taxed base (line `01` + global `03`). Those that do are already inside `taxable`. */
  discounts: Amount,
  /** ChargeTotalAmount: the charges that do not raise the taxed base (line `48` + global `45`, `46`, `50`). */
  charges: Amount,
  /** Redondeo (PayableRoundingAmount), from -1.00 to 1.00. */
  rounding: Rounding,
  /** PrepaidAmount: the advances (anticipos) the document deducts, IGV included (Σ `advances[].amount`); only on a document that deducts one. Not part of `taxInclusive`; taken off `total`. */
  prepaid: z.optional(Amount),
  /** Importe total (PayableAmount), what the customer pays: `taxInclusive` + `charges` − `discounts` − `prepaid` + `rounding`. */
  total: Amount,
});
/**
 * SUNAT's totals of a document, each 2 decimals in the document's currency, as the API computes them.
 *
 * @interface
 */
export type DocumentTotals = Closed<z.output<typeof DocumentTotals>>;

/** The detracción of a document, its defaults filled. */
export const DocumentDetraction = looseObject({
  ...detractionFields,
  /** Catálogo 59 means of payment of the deposit. */
  paymentMethod: detractionFields.paymentMethod.def.innerType,
  /** The amount to deposit, in PEN, 2 decimals. */
  amount: Amount,
});
/**
 * The detracción of a document, its defaults filled.
 *
 * @interface
 */
export type DocumentDetraction = Closed<z.output<typeof DocumentDetraction>>;
/** The percepción of a document, its defaults filled. */
export const DocumentPerception = looseObject({
  ...perceptionFields,
  /** The rate as a fraction. */
  rate: Amount,
  /** The amount the percepción is computed on, in PEN, 2 decimals. */
  base: Amount,
  /** The percepción, in PEN, 2 decimals. */
  amount: Amount,
  /** What the customer pays including the percepción, `base` + `amount`, in PEN. */
  total: Amount,
});
/**
 * The percepción of a document, its defaults filled.
 *
 * @interface
 */
export type DocumentPerception = Closed<z.output<typeof DocumentPerception>>;
/** The retención of a document, its defaults filled. */
export const DocumentRetention = looseObject({
  ...retentionFields,
  /** The rate as a fraction. */
  rate: Amount,
  /** The amount the retención is computed on, 2 decimals. */
  base: Amount,
  /** The retención, 2 decimals. */
  amount: Amount,
});
/**
 * The retención of a document, its defaults filled.
 *
 * @interface
 */
export type DocumentRetention = Closed<z.output<typeof DocumentRetention>>;

const DocumentSchema = looseObject({
  /** Identifier: `doc_` followed by an opaque part. */
  id: z.string(),
  /** Always `document`: what kind of object this is. */
  object: z.literal('document'),
  /** Where the document is in its life; see {@link DocumentStatus}. */
  status: DocumentStatus,
  /** Catálogo 01 type: `01` factura, `03` boleta, `07` nota de crédito, `08` nota de débito. */
  type: DocumentType,
  /** Series, e.g. `F001`. */
  series: z.string(),
  /** Correlative number within the series, assigned by the server (1 to 8 digits). */
  number: z.int().check(z.gte(1), z.lte(MAX_DOCUMENT_NUMBER)),
  /** Series and number as printed: `F001-123`. */
  fullNumber: z.string(),
  /** Who the document is issued to. */
  customer: DocumentCustomer,
  /** Its lines. */
  items: z.array(Item),
  /** `PEN` or `USD`. */
  currency: z.enum(CURRENCY_CODES),
  /** Issue date, `YYYY-MM-DD` in America/Lima. */
  issueDate: CalendarDate,
  /** Fecha de vencimiento, `YYYY-MM-DD`, when sent. */
  dueDate: z.optional(CalendarDate),
  /** Catálogo 51 tipo de operación (facturas and boletas). */
  operationType: DocumentCreateParams.shape.operationType,
  /** Forma de pago (facturas, boletas, and notas de crédito with reason `13`). */
  paymentTerms: z.optional(PaymentTerms),
  /** The detracción, with its amount. */
  detraction: z.optional(DocumentDetraction),
  /** The percepción, with its amounts. */
  perception: z.optional(DocumentPerception),
  /** The retención, with its amounts. */
  retention: z.optional(DocumentRetention),
  /** Medios de pago (catálogo 59), when sent. */
  paymentMethods: z.optional(z.array(PaymentMethod)),
  /** Where the goods are delivered, when sent. */
  delivery: z.optional(Delivery),
  /** The issuer's establishment the document was issued from, when sent (else `0000`, the fiscal address). */
  establishmentCode: z.optional(z.string()),
  /** PEN per USD, when sent. */
  exchangeRate: DocumentCreateParams.shape.exchangeRate,
  /** Global discounts. */
  discounts: z.optional(z.array(GlobalDiscount)),
  /** Global charges. */
  charges: z.optional(z.array(GlobalCharge)),
  /** Guías de remisión the document covers. */
  despatches: z.optional(z.array(DespatchReference)),
  /** Other documents it refers to. */
  relatedDocuments: z.optional(z.array(RelatedDocument)),
  /** The advance payments (anticipos) it deducts, when sent. */
  advances: z.optional(z.array(Advance)),
  /** The customer's orden de compra. */
  purchaseOrder: z.optional(z.string()),
  /** Every catálogo 52 legend, `1000` (amount in words) among them. */
  legends: z.array(Legend),
  /** Redondeo, when sent. */
  rounding: z.optional(Rounding),
  /** On a nota: the document it modifies. */
  reference: z.optional(z.nullable(NoteReference)),
  /** Your own key/value pairs. */
  metadata: z.optional(Metadata),
  /** SUNAT's totals. */
  totals: DocumentTotals,
  /** The signed UBL 2.1 XML sent to SUNAT. */
  signedXml: z.string(),
  /** Where the PDF is served (also `documents.pdf`). */
  pdfUrl: z.string(),
  /** SUNAT's own answer. */
  taxAuthority: TaxAuthorityStatus,
  /**
   * The resumen diario (`sum_`, `client.summaries`) that reports it to SUNAT, when the account's
   * `boletaReporting` is `'summary'`: a boleta, or a nota on a `B` series, is a line of condition
   * `1` in the RC of its issue date. It is `pending` until SUNAT answers that summary's ticket, then
   * `accepted` or `rejected` with the summary's answer as its `taxAuthority`. Absent on every other
   * document.
   */
  summaryId: z.optional(z.string()),
  /**
   * Once `documents.void` asked for it: what voids it, a comunicación de baja (`object: 'voiding'`,
   * `client.voidings`) for a factura or a nota on an `F` series, a resumen diario
   * (`object: 'summary'`, `client.summaries`) for a boleta or a nota on a `B` series. Its status
   * and SUNAT's answer are there; the document is `voided` once SUNAT accepts it.
   */
  voidedBy: z.optional(
    looseObject({
      /** `voiding` or `summary`. */
      object: openEnum(['voiding', 'summary']),
      /** Its id: `void_…` or `sum_…`. */
      id: z.string(),
    }),
  ),
  /** When the document was created, ISO 8601 UTC. */
  createdAt: Timestamp,
  /** When it last changed, ISO 8601 UTC. */
  updatedAt: Timestamp,
});
/**
 * An electronic tax document as the API returns it. Unknown fields are kept. Typed as
 * {@link Document}, the type inferred from it, so that an event's `data.object` is that type too.
 */
export const Document = DocumentSchema as unknown as z.ZodMiniType<Document, Document>;
/**
 * An electronic tax document as the API returns it: everything sent, with the defaults and
 * derived values filled in. Fields a later API version adds are kept at run time.
 *
 * @interface
 */
export type Document = Closed<z.output<typeof DocumentSchema>>;

const DocumentListItemSchema = z.omit(DocumentSchema, { signedXml: true });
/** A document as `documents.list` returns it, typed as {@link DocumentListItem}. */
export const DocumentListItem = DocumentListItemSchema as unknown as z.ZodMiniType<DocumentListItem, DocumentListItem>;
/**
 * A document as `documents.list` returns it: every field of {@link Document} but `signedXml`,
 * the UBL XML of several kilobytes that would make a month's listing weigh gigabytes. Read one
 * document's XML with `documents.xml(id)` or `documents.retrieve(id)`.
 *
 * @interface
 */
export type DocumentListItem = Omit<Document, 'signedXml'>;

/** A page of `documents.list`. */
export const DocumentList = listEnvelope(DocumentListItem);

const documentFilters = {
  /** Only documents of this catálogo 01 type. */
  type: z.optional(DocumentType),
  /** Only documents of this series. */
  series: z.optional(SeriesCode),
  /** Only documents in this status. */
  status: z.optional(DocumentStatus),
  /** The customer's RUC, DNI or other document number. */
  customerDocumentNumber: z.optional(text(0, 20)),
  /** Issued on or after this day: `YYYY-MM-DD`, or a `Date` (its calendar day in America/Lima). */
  issuedFrom: z.optional(DateFilter),
  /** Issued on or before this day: `YYYY-MM-DD`, or a `Date` (its calendar day in America/Lima). */
  issuedTo: z.optional(DateFilter),
};
// Its type names the two shapes it spreads: the declarations the build writes keep the docs of
// `limit` and `cursor`, declared in shared.ts, only where a type refers to that file's schema.
/** Filters of `documents.list`. */
export const DocumentListParams: z.ZodMiniObject<typeof ListParams.shape & typeof documentFilters, z.core.$loose> = looseObject({
  ...ListParams.shape,
  ...documentFilters,
});
/**
 * Filters of `documents.list`.
 *
 * @interface
 */
export type DocumentListParams = Closed<z.input<typeof DocumentListParams>>;

/** Options of `documents.pdf`. */
export const DocumentPdfParams = looseObject({
  /** `a4` (default) or `ticket` (80 mm roll for point-of-sale printers). */
  format: z.optional(z.enum(['a4', 'ticket'])),
});
/**
 * Options of `documents.pdf`.
 *
 * @interface
 */
export type DocumentPdfParams = Closed<z.input<typeof DocumentPdfParams>>;

/** Body of `documents.void`. */
export const DocumentVoidParams = looseObject({
  /** Why the document is voided, 1 to 100 characters. */
  reason: text(1, 100),
});
/**
 * Body of `documents.void`: asks SUNAT to void the document (comunicación de baja).
 *
 * @interface
 */
export type DocumentVoidParams = Closed<z.input<typeof DocumentVoidParams>>;

/** Body of `documents.email`. */
export const DocumentEmailParams = looseObject({
  /** 1 to 10 recipient addresses. */
  to: z
    .array(text(3, 254).check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')))
    .check(z.minLength(1, 'must have at least one address'), z.maxLength(10, 'must have at most 10 addresses')),
});
/**
 * Body of `documents.email`.
 *
 * @interface
 */
export type DocumentEmailParams = Closed<z.input<typeof DocumentEmailParams>>;

/** Answer of `documents.email`. */
export const DocumentEmailResult = looseObject({
  /** Always `true`: the email was sent. */
  sent: z.literal(true),
});
/**
 * Answer of `documents.email`.
 *
 * @interface
 */
export type DocumentEmailResult = Closed<z.output<typeof DocumentEmailResult>>;
