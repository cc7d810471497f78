/**
 * Guías de remisión electrónicas (GRE): the create body, its parts and the despatch the API
 * answers, as zod/mini schemas with their types inferred and closed, every field documented on its
 * key (docs/contract.md §5, "Despatches"). A guía de remisión is the document that goes with goods
 * on the move in Peru: the remitente (`09`) issues it for its own goods, the transportista (`31`,
 * a carrier) for the goods it carries for a remitente.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { IdentityDocumentTypeCode, UnitCode } from '../sunat/catalogs.js';
import { MAX_DOCUMENT_NUMBER } from '../sunat/document-codes.js';
import { TaxAuthorityStatus } from './document.js';
import {
  CalendarDate,
  type Closed,
  DateFilter,
  identityNumberChecks,
  ListParams,
  looseObject,
  maxDecimals,
  Metadata,
  openCode,
  openEnum,
  text,
  Timestamp,
} from './shared.js';

/** The two kinds of guía: `09` remitente (the owner of the goods issues it), `31` transportista (the carrier does). */
const GRE_TYPES = ['09', '31'] as const;

/** A party of a guía named by its identity document: the recipient (destinatario) or, on a `31`, the shipper (remitente). */
export const DespatchParty = looseObject({
  /** Catálogo 06 identity document type: `6` RUC, `1` DNI, `4` carné de extranjería, `7` pasaporte... */
  documentType: openCode<IdentityDocumentTypeCode>(/^[0-9A-Z-]$/, 'must be a catálogo 06 code such as 6 (RUC) or 1 (DNI)'),
  /** The identity document's number: 11 digits for a RUC, 8 for a DNI, up to 15 characters for the others. */
  documentNumber: text(1, 15),
  /** Registered name (razón social) or full name, up to 250 characters. */
  name: text(1, 250),
}).check(...identityNumberChecks);
/**
 * A party of a guía named by its identity document: the recipient (destinatario) or, on a `31`,
 * the shipper (remitente) whose goods the carrier moves.
 *
 * @interface
 */
export type DespatchParty = Closed<z.input<typeof DespatchParty>>;

/** The carrier (transportista) of a public move. */
export const DespatchCarrier = looseObject({
  /** Its RUC, 11 digits; on a `09` public move required (SUNAT's 2558), not the issuer's (2560). Not read on a `31`, whose carrier is the issuer. */
  ruc: z.optional(z.string().check(z.regex(/^\d{11}$/, 'must be a RUC of 11 digits'))),
  /** Its registered name (razón social), up to 250 characters; required with `ruc` (2563). */
  name: z.optional(text(1, 250)),
  /** Its registration number at the Ministerio de Transportes y Comunicaciones (MTC): 1 to 20 uppercase letters or digits. */
  mtcRegistration: z.optional(z.string().check(z.regex(/^[0-9A-Z]{1,20}$/, 'must be 1 to 20 uppercase letters or digits'))),
});
/**
 * The carrier (transportista) of a public move: on a `09` the company that carries the goods, on
 * a `31` only the issuer's own MTC registration.
 *
 * @interface
 */
export type DespatchCarrier = Closed<z.input<typeof DespatchCarrier>>;

/** A vehicle of the move. */
export const DespatchVehicle = looseObject({
  /** Its plate (placa) without hyphen: 6 to 8 uppercase letters or digits, e.g. `ABC123` (SUNAT's 2567). */
  plate: text(1, 8),
});
/**
 * A vehicle of the move: the first of `transport.vehicles` is the principal one, up to two more
 * are secondary.
 *
 * @interface
 */
export type DespatchVehicle = Closed<z.input<typeof DespatchVehicle>>;

/** A driver of the move. */
export const DespatchDriver = looseObject({
  /** Catálogo 06 identity document type: `1` DNI, `4` carné de extranjería, `7` pasaporte...; never `6`, a driver has no RUC (2571). */
  documentType: openCode<IdentityDocumentTypeCode>(/^[0-9A-Z-]$/, 'must be a catálogo 06 code such as 1 (DNI)'),
  /** The identity document's number: 8 digits for a DNI (2569), up to 15 characters for the others. */
  documentNumber: text(1, 15),
  /** Given names, up to 250 characters (3360). */
  firstName: text(1, 250),
  /** Family names, up to 250 characters (3361). */
  lastName: text(1, 250),
  /** The driving licence's number (licencia de conducir): 9 or 10 uppercase letters or digits, e.g. `Q45678912`; required (2572, 2573). */
  licence: z.optional(text(1, 10)),
});
/**
 * A driver of the move: the first of `transport.drivers` is the principal one (conductor
 * principal), up to two more are secondary.
 *
 * @interface
 */
export type DespatchDriver = Closed<z.input<typeof DespatchDriver>>;

/** How the goods travel. */
export const DespatchTransport = looseObject({
  /** Catálogo 18 modalidad de traslado: `01` public (a carrier moves them), `02` private (the remitente's own vehicles). Required on a `09` (2532); not read on a `31`. */
  mode: z.optional(openCode<'01' | '02'>(/^\d{2}$/, 'must be a catálogo 18 code of 2 digits: 01 public, 02 private')),
  /** The day the move starts (or the goods are handed to the carrier), `YYYY-MM-DD`, not before `issueDate` (3343); required but on a public move (3406). */
  startDate: z.optional(CalendarDate),
  /** The carrier of a public move (required on a `09` one); a private move carries none (3347). */
  carrier: z.optional(DespatchCarrier),
  /** The vehicles, the first the principal one, up to two secondary; required on a private move (but M1L) and on a `31` (2566), refused on a public `09` (3354). */
  vehicles: z.optional(
    z.array(DespatchVehicle).check(z.minLength(1, 'must have at least one vehicle'), z.maxLength(3, 'must have at most 3 vehicles: a principal and 2 secondary')),
  ),
  /** The drivers, the first the principal one, up to two secondary; required on a private move (but M1L) and on a `31` (3357), refused on a public `09` and with `m1l` (3455). */
  drivers: z.optional(
    z.array(DespatchDriver).check(z.minLength(1, 'must have at least one driver'), z.maxLength(3, 'must have at most 3 drivers: a principal and 2 secondary')),
  ),
  /** The goods travel in vehicles of category M1 or L (cars, motorcycles): a private move then needs no vehicle nor driver. Default: `false`. */
  m1l: z.optional(z.boolean()),
});
/**
 * How the goods travel: the modalidad (public or private), the start date, and the carrier, the
 * vehicles and the drivers the modalidad asks for.
 *
 * @interface
 */
export type DespatchTransport = Closed<z.input<typeof DespatchTransport>>;

/** A point of the move: where it departs (partida) or arrives (llegada). */
export const DespatchAddress = looseObject({
  /** Catálogo 13 ubigeo (INEI's code of the district): 6 digits, and one that exists (3363 departure, 3368 arrival), e.g. `150101` Lima. */
  ubigeo: z.string().check(z.regex(/^\d{6}$/, 'must be a ubigeo of 6 digits, e.g. 150101')),
  /** The street address, 3 to 500 characters. */
  address: text(3, 500),
  /** SUNAT's 4-digit code of the issuer's premises (establecimiento anexo, `0000` the domicilio fiscal); required for reason `04` (3365, 3369) and a departure of reason `18`. */
  establishmentCode: z.optional(z.string().check(z.regex(/^\d{4}$/, 'must be an establishment code of 4 digits, e.g. 0000'))),
});
/**
 * A point of the move: where it departs (punto de partida) or arrives (punto de llegada).
 *
 * @interface
 */
export type DespatchAddress = Closed<z.input<typeof DespatchAddress>>;

/** One line of goods moved. */
export const DespatchItem = looseObject({
  /** What is moved, on one line, up to 500 characters. */
  description: text(1, 500),
  /** How many, greater than 0, up to 10 decimals. */
  quantity: z.number('quantity must be a finite number').check(z.positive('must be greater than 0'), z.lt(1e12, 'must have at most 12 integer digits'), maxDecimals(10)),
  /** Catálogo 03 unit of measure. Default: `NIU` (units). */
  unitCode: z.optional(openCode<UnitCode>(/^[A-Z0-9]{1,3}$/, 'must be a catálogo 03 code such as NIU or KGM')),
  /** Your own code of the product, up to 30 characters. */
  code: z.optional(text(1, 30)),
  /** SUNAT's product code (the UNSPSC of catálogo 25): 8 digits (3002), e.g. `43211507`. */
  sunatProductCode: z.optional(text(1, 8)),
});
/**
 * One line of goods moved.
 *
 * @interface
 */
export type DespatchItem = Closed<z.input<typeof DespatchItem>>;

/** A document the move relates to, by its type and number. */
export const DespatchRelatedNumber = looseObject({
  /** Catálogo 61 type: `01` factura, `03` boleta, `04` liquidación de compra, `09` GRE remitente, `12` ticket, `31` GRE transportista (on a `31`), `49` constancia de depósito (on a `09`), `50` DAM, `52` DS, `80`... */
  type: openCode<'01' | '03' | '04' | '09' | '12' | '31' | '49' | '50' | '52' | '80'>(/^\d{2}$/, 'must be a catálogo 61 code of 2 digits, e.g. 01'),
  /** Its series and number, `F001-12`, up to 30 characters. */
  number: text(1, 30),
  /** The RUC of who issued it, 11 digits: required for types `01`, `03`, `04`, `09`, `12`, `48` (3380). */
  issuerRuc: z.optional(z.string().check(z.regex(/^\d{11}$/, 'must be a RUC of 11 digits'))),
});
/**
 * A document the move relates to, by its type and number.
 *
 * @interface
 */
export type DespatchRelatedNumber = Closed<z.input<typeof DespatchRelatedNumber>>;

/** A document of this account the move relates to, by its id. */
export const DespatchRelatedId = looseObject({
  /** The id of a document issued here: `doc_…`. */
  documentId: text(1, 255),
});
/**
 * A document of this account the move relates to, by its id: the service writes its type, number
 * and the issuer's RUC.
 *
 * @interface
 */
export type DespatchRelatedId = Closed<z.input<typeof DespatchRelatedId>>;
/** A document the move relates to: by its type and number, or one issued here by its `documentId`. */
export const DespatchRelatedDocument = z.union([DespatchRelatedNumber, DespatchRelatedId]);
/**
 * A document the move relates to (the factura of the sale, the GRE remitente a `31` carries the
 * goods of...): `{ type, number, issuerRuc? }`, or `{ documentId }` for one issued here.
 */
export type DespatchRelatedDocument = DespatchRelatedNumber | DespatchRelatedId;

/** The body of `despatches.create`. */
export const DespatchCreateParams = looseObject({
  /** `09` GRE remitente, `31` GRE transportista. */
  type: z.enum(GRE_TYPES, 'must be 09 (remitente) or 31 (transportista)'),
  /** The series: `T` plus 3 letters or digits for a `09` (`T001`), `V` plus 3 for a `31` (`V001`) (1001). */
  series: z.string().check(z.regex(/^[A-Z][A-Z0-9]{3}$/, 'must be T (09) or V (31) followed by 3 uppercase letters or digits, e.g. T001')),
  /** Issue date, `YYYY-MM-DD` in America/Lima. Default: today there (the service adds the time). */
  issueDate: z.optional(CalendarDate),
  /** Who receives the goods (destinatario); a RUC for reasons `05`, `06` and `17` (3417). */
  recipient: DespatchParty,
  /** On a `31`, the remitente whose goods the carrier moves (3383), not the issuer (2560). */
  shipper: z.optional(DespatchParty),
  /**
   * Catálogo 20 motivo de traslado, required on a `09` (3404): `01` venta, `02` compra, `03` venta
   * con entrega a terceros, `04` traslado entre establecimientos, `05` consignación, `06`
   * devolución, `07` recojo de bienes transformados, `08` importación, `09` exportación, `13`
   * otros, `14` venta sujeta a confirmación, `17` traslado para transformación, `18` emisor
   * itinerante (3405 for another).
   */
  reason: z.optional(
    openCode<'01' | '02' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '13' | '14' | '17' | '18'>(/^\d{2}$/, 'must be a catálogo 20 code of 2 digits, e.g. 01'),
  ),
  /** The reason in words, 3 to 100 characters; required for reason `13` otros (3457). */
  reasonDescription: z.optional(text(3, 100)),
  /** How the goods travel. */
  transport: DespatchTransport,
  /** Where the move departs (punto de partida). */
  departure: DespatchAddress,
  /** Where it arrives (punto de llegada). */
  arrival: DespatchAddress,
  /** The goods' gross weight, greater than 0, up to 3 decimals, in `weightUnit`. */
  grossWeight: z
    .number('grossWeight must be a finite number')
    .check(z.positive('must be greater than 0'), z.lt(1e12, 'must have at most 12 integer digits'), maxDecimals(3)),
  /** The unit of `grossWeight`: `KGM` kilograms (default) or `TNE` tonnes (2523 for another). */
  weightUnit: z.optional(openCode<'KGM' | 'TNE'>(/^[A-Z0-9]{1,3}$/, 'must be KGM or TNE')),
  /** How many packages (bultos): 1 to 999999. */
  packages: z.optional(z.int().check(z.gte(1, 'must be at least 1'), z.lte(999_999, 'must have at most 6 digits'))),
  /** The goods, one line each: 1 to 9999. */
  items: z.array(DespatchItem).check(z.minLength(1, 'must have at least one item'), z.maxLength(9999, 'must have at most 9999 items')),
  /** Documents the move relates to, up to 100. */
  relatedDocuments: z.optional(z.array(DespatchRelatedDocument).check(z.maxLength(100, 'must have at most 100 related documents'))),
  /** Your own key-value pairs, as on a document. */
  metadata: z.optional(Metadata),
});
/**
 * The body of `despatches.create`: a guía de remisión electrónica, remitente (`09`) or
 * transportista (`31`).
 *
 * @interface
 */
export type DespatchCreateParams = Closed<z.input<typeof DespatchCreateParams>>;

/**
 * Where a guía is in its life: `pending` (sent, SUNAT's ticket not answered yet), `accepted`,
 * `rejected`. Values added by later API versions are accepted too.
 */
export const DespatchStatus = openEnum(['pending', 'accepted', 'rejected']);
/** Where a guía is in its life: `pending`, `accepted`, `rejected`; values added later are accepted too. */
export type DespatchStatus = z.output<typeof DespatchStatus>;

const DespatchSchema = looseObject({
  ...DespatchCreateParams.shape,
  /** Identifier: `desp_` followed by an opaque part. */
  id: z.string(),
  /** Always `despatch`. */
  object: z.literal('despatch'),
  /** Correlative number within the series, assigned by the server. */
  number: z.int().check(z.gte(1), z.lte(MAX_DOCUMENT_NUMBER)),
  /** Series and number as printed: `T001-1`. */
  fullNumber: z.string(),
  /** Issue date, `YYYY-MM-DD` in America/Lima. */
  issueDate: CalendarDate,
  /** The unit of `grossWeight`: `KGM` or `TNE`. */
  weightUnit: z.string(),
  /** Where it is in its life; see {@link DespatchStatus}. */
  status: DespatchStatus,
  /** SUNAT's ticket (numTicket) of the send, `null` before it was sent. */
  ticket: z.nullable(z.string()),
  /** The signed UBL 2.1 XML (DespatchAdvice) sent to SUNAT. */
  signedXml: z.string(),
  /** Where the PDF is served (also `.pdf(id)`). */
  pdfUrl: z.string(),
  /** SUNAT's own answer: `pending` with `nextAttemptAt` while its ticket is in process (`98`), then `code` `0` accepted or SUNAT's error number. */
  taxAuthority: TaxAuthorityStatus,
  /** When it was created, ISO 8601 UTC. */
  createdAt: Timestamp,
  /** When it last changed, ISO 8601 UTC. */
  updatedAt: Timestamp,
});
/** A guía de remisión as the API returns it, typed as {@link Despatch}. Unknown fields are kept. */
export const Despatch = DespatchSchema as unknown as z.ZodMiniType<Despatch, Despatch>;
/**
 * A guía de remisión electrónica (`desp_`, `09` remitente or `31` transportista) as the API
 * returns it: everything sent, with its number, SUNAT's ticket and SUNAT's answer. Fields a later
 * API version adds are kept at run time.
 *
 * @interface
 */
export type Despatch = Closed<z.output<typeof DespatchSchema>>;

const DespatchListItemSchema = z.omit(DespatchSchema, { signedXml: true });
/** A guía as `despatches.list` returns it, typed as {@link DespatchListItem}. */
export const DespatchListItem = DespatchListItemSchema as unknown as z.ZodMiniType<DespatchListItem, DespatchListItem>;
/**
 * A guía as `despatches.list` returns it: every field but `signedXml` (read it with
 * `despatches.xml(id)` or `despatches.retrieve(id)`).
 *
 * @interface
 */
export type DespatchListItem = Omit<Despatch, 'signedXml'>;

const despatchFilters = {
  /** Only those of this type: `09` or `31`. */
  type: z.optional(z.enum(GRE_TYPES, 'must be 09 or 31')),
  /** Only those of this series. */
  series: z.optional(text(0, 4)),
  /** Only those in this status. */
  status: z.optional(DespatchStatus),
  /** Issued on or after this day: `YYYY-MM-DD`, or a `Date` (its calendar day in America/Lima). */
  issuedFrom: z.optional(DateFilter),
  /** Issued on or before this day: `YYYY-MM-DD`, or a `Date` (its calendar day in America/Lima). */
  issuedTo: z.optional(DateFilter),
};
/** Filters of `despatches.list`. */
export const DespatchListParams: z.ZodMiniObject<typeof ListParams.shape & typeof despatchFilters, z.core.$loose> = looseObject({
  ...ListParams.shape,
  ...despatchFilters,
});
/**
 * Filters of `despatches.list`: type, series, status, issue dates.
 *
 * @interface
 */
export type DespatchListParams = Closed<z.input<typeof DespatchListParams>>;
