import * as z from 'zod/mini';
import {
  CREDIT_NOTE_REASON_CODES,
  type CreditNoteReasonCode,
  CURRENCY_CODES,
  DEBIT_NOTE_REASON_CODES,
  type DebitNoteReasonCode,
  DOCUMENT_TYPE_CODES,
  type IdentityDocumentTypeCode,
  type IgvAffectationCode,
  type UnitCode,
} from '../sunat/catalogs.js';
import {
  Amount,
  CalendarDate,
  DateFilter,
  ListParams,
  Metadata,
  Timestamp,
  identityNumberChecks,
  listEnvelope,
  openCode,
  openEnum,
} from './shared.js';

/** A catálogo 01 document type issued by v1: `01` factura, `03` boleta, `07` nota de crédito, `08` nota de débito. */
export const DocumentType = z.enum(DOCUMENT_TYPE_CODES);
/** A catálogo 01 document type issued by v1. */
export type DocumentType = z.infer<typeof DocumentType>;

/**
 * A series code (serie): a letter plus three digits, e.g. `F001` for facturas and their notes,
 * `B001` for boletas. The server assigns the correlative number within the series. A series
 * saved on your account (`ser_`) is a {@link Series}.
 */
export const SeriesCode = z.string().check(z.regex(/^[A-Z]\d{3}$/, 'must be an uppercase letter followed by three digits, e.g. F001'));

/**
 * The customer (adquiriente) block inside a document: who it is issued to, copied into the
 * document. A customer saved on your account (`cus_`) is a {@link Customer}.
 */
export const DocumentCustomer = z
  .looseObject({
    /** Catálogo 06 identity document type: `6` RUC, `1` DNI, `4` carné de extranjería, `7` pasaporte... `-` varios (a small boleta's anonymous customer). */
    documentType: openCode<IdentityDocumentTypeCode>(/^[0-9A-Z-]$/, 'must be a catálogo 06 code such as 6 (RUC) or 1 (DNI)'),
    /** The identity document's number: 11 digits for a RUC, 8 for a DNI, a placeholder such as `-` for varios. */
    documentNumber: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(20, 'must be at most 20 characters')),
    /** Registered name (razón social) or full name. */
    name: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(500, 'must be at most 500 characters')),
    /** Fiscal address. */
    address: z.optional(z.string()),
    /** Where the document is emailed when it is accepted. */
    email: z.optional(z.string()),
  })
  .check(...identityNumberChecks);
/** The customer (adquiriente) block inside a document. */
export type DocumentCustomer = z.infer<typeof DocumentCustomer>;

const finite = (what: string) => z.number(`${what} must be a finite number`);

/** One line of a document. */
export const Item = z.looseObject({
  /** Text of the line. */
  description: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(500, 'must be at most 500 characters')),
  /** Quantity, up to 10 decimals; greater than zero. */
  quantity: finite('quantity').check(z.positive('must be greater than 0')),
  /** Value per unit before tax (valor unitario), up to 10 decimals. Never round it to 2 decimals. */
  unitPrice: finite('unitPrice').check(z.nonnegative('must not be negative')),
  /** The line's IGV amount (2 decimals); 0 for IGV affectations 20 to 40. */
  igv: finite('igv').check(z.nonnegative('must not be negative')),
  /** Your product code. */
  code: z.optional(z.string()),
  /** Catálogo 03 unit of measure (UN/ECE rec. 20): `NIU` goods, `ZZ` services, `KGM`... Default: `NIU`. */
  unitCode: z.optional(openCode<UnitCode>(/^[A-Z0-9]{1,3}$/, 'must be a catálogo 03 code such as NIU or ZZ')),
  /** Catálogo 07 IGV affectation. Default: `10` (taxed). */
  igvAffectation: z.optional(openCode<IgvAffectationCode>(/^\d{2}$/, 'must be a catálogo 07 code such as 10 (gravado)')),
});
/** One line of a document. */
export type Item = z.infer<typeof Item>;

/** The document a nota de crédito or débito modifies. */
export const DocumentReference = z.looseObject({
  /** The `doc_` id of the factura or boleta being modified. */
  documentId: z.string().check(z.minLength(1, 'must not be empty')),
  /** Catálogo 09 reason for a nota de crédito; catálogo 10 (a subset of those codes) for a nota de débito. */
  reason: openCode<CreditNoteReasonCode | DebitNoteReasonCode>(/^\d{2}$/, 'must be a catálogo 09 or 10 code such as 01'),
  /** Why, in words (sustento). */
  description: z.string().check(z.minLength(1, 'must not be empty')),
});
/** The document a nota de crédito or débito modifies. */
export type DocumentReference = z.infer<typeof DocumentReference>;

/** Catálogo 09 codes that are not in catálogo 10: never the reason of a nota de débito. */
const creditOnly: readonly string[] = CREDIT_NOTE_REASON_CODES.filter((code) => !(DEBIT_NOTE_REASON_CODES as readonly string[]).includes(code));

/** The body of `documents.create`. Fields this SDK does not know are sent untouched. */
export const DocumentCreateParams = z
  .looseObject({
    /** Catálogo 01 type: `01` factura, `03` boleta, `07` nota de crédito, `08` nota de débito. */
    type: DocumentType,
    /** Series: a letter plus three digits, e.g. `F001`. */
    series: SeriesCode,
    /** Who the document is issued to. */
    customer: DocumentCustomer,
    /** One or more lines. */
    items: z.array(Item).check(z.minLength(1, 'must have at least one item')),
    /** `PEN` (default) or `USD`. */
    currency: z.optional(z.enum(CURRENCY_CODES)),
    /** Issue date `YYYY-MM-DD` in America/Lima. Default: today in Lima. */
    issueDate: z.optional(CalendarDate),
    /** Required for notas de crédito (`07`) and débito (`08`): the document they modify. */
    reference: z.optional(DocumentReference),
    /** Your own key/value pairs (at most 20), echoed back. */
    metadata: z.optional(Metadata),
  })
  .check(
    z.refine((d) => !(d.type === '07' || d.type === '08') || d.reference !== undefined, {
      message: 'is required for notas de crédito (07) and débito (08)',
      path: ['reference'],
    }),
    z.refine((d) => d.type !== '08' || !d.reference || !creditOnly.includes(d.reference.reason), {
      message: `a nota de débito takes a catálogo 10 reason: ${DEBIT_NOTE_REASON_CODES.join(', ')}`,
      path: ['reference', 'reason'],
    }),
  );
/** The body of `documents.create`. */
export type DocumentCreateParams = z.input<typeof DocumentCreateParams>;

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
/** Where a document is in its life. */
export type DocumentStatus = z.infer<typeof DocumentStatus>;

/**
 * SUNAT's own answer about a document, kept apart from the document's `status`: "SUNAT
 * answered" is not "the document was accepted". Read it with {@link "yupana/sunat"!isAccepted},
 * {@link "yupana/sunat"!hasObservations} and {@link "yupana/sunat"!describeAuthorityCode}, not by code ranges.
 */
export const TaxAuthorityStatus = z.looseObject({
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
  notes: z.array(z.looseObject({ code: z.string(), description: z.string() })),
  /** How many times the document has been submitted. */
  attempts: z.int().check(z.gte(0)),
  /** When the next automatic submission is scheduled, while `pending`. */
  nextAttemptAt: z.nullable(Timestamp),
  /** When SUNAT last answered. */
  respondedAt: z.nullable(Timestamp),
});
/** SUNAT's own answer about a document. */
export type TaxAuthorityStatus = z.infer<typeof TaxAuthorityStatus>;

/** Totals of a document, the sums of its lines (2 decimals). */
export const DocumentTotals = z.looseObject({
  /** Sum of the lines' taxable bases (valor de venta). */
  taxable: Amount,
  /** Sum of the lines' IGV. */
  igv: Amount,
  /** Amount payable (importe total). */
  total: Amount,
});
/** Totals of a document. */
export type DocumentTotals = z.infer<typeof DocumentTotals>;

/** An electronic tax document as the API returns it. Unknown fields are kept. */
export const Document = z.looseObject({
  /** Identifier: `doc_` followed by an opaque part. */
  id: z.string(),
  object: z.literal('document'),
  status: DocumentStatus,
  type: DocumentType,
  series: z.string(),
  /** Correlative number within the series, assigned by the server (1 to 8 digits). */
  number: z.int().check(z.gte(1), z.lte(99_999_999)),
  /** Series and number as printed: `F001-123`. */
  fullNumber: z.string(),
  customer: DocumentCustomer,
  items: z.array(Item),
  currency: z.enum(CURRENCY_CODES),
  issueDate: CalendarDate,
  reference: z.optional(z.nullable(DocumentReference)),
  metadata: z.optional(Metadata),
  totals: DocumentTotals,
  /** The signed UBL 2.1 XML sent to SUNAT. */
  signedXml: z.string(),
  /** Where the PDF is served (also `documents.pdf`). */
  pdfUrl: z.string(),
  taxAuthority: TaxAuthorityStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/** An electronic tax document as the API returns it. */
export type Document = z.infer<typeof Document>;

/** A page of `documents.list`. */
export const DocumentList = listEnvelope(Document);

/** Filters of `documents.list`. */
export const DocumentListParams = z.looseObject({
  ...ListParams.shape,
  type: z.optional(DocumentType),
  series: z.optional(SeriesCode),
  status: z.optional(DocumentStatus),
  /** The customer's RUC, DNI or other document number. */
  customerDocumentNumber: z.optional(z.string()),
  /** Issued on or after this day. */
  issuedFrom: z.optional(DateFilter),
  /** Issued on or before this day. */
  issuedTo: z.optional(DateFilter),
});
/** Filters of `documents.list`. */
export type DocumentListParams = z.input<typeof DocumentListParams>;

/** Options of `documents.pdf`. */
export const DocumentPdfParams = z.looseObject({
  /** `a4` (default) or `ticket` (80 mm roll for point-of-sale printers). */
  format: z.optional(z.enum(['a4', 'ticket'])),
});
/** Options of `documents.pdf`. */
export type DocumentPdfParams = z.input<typeof DocumentPdfParams>;

/** Body of `documents.void`: asks SUNAT to void the document (comunicación de baja). */
export const DocumentVoidParams = z.looseObject({
  /** Why the document is voided. */
  reason: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(100, 'must be at most 100 characters')),
});
/** Body of `documents.void`. */
export type DocumentVoidParams = z.input<typeof DocumentVoidParams>;

/** Body of `documents.email`. */
export const DocumentEmailParams = z.looseObject({
  /** 1 to 10 recipient addresses. */
  to: z.array(z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'))).check(
    z.minLength(1, 'must have at least one address'),
    z.maxLength(10, 'must have at most 10 addresses'),
  ),
});
/** Body of `documents.email`. */
export type DocumentEmailParams = z.input<typeof DocumentEmailParams>;

/** Answer of `documents.email`. */
export const DocumentEmailResult = z.looseObject({ sent: z.literal(true) });
/** Answer of `documents.email`. */
export type DocumentEmailResult = z.infer<typeof DocumentEmailResult>;
