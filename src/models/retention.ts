/**
 * Comprobantes de retención (catálogo 01 `20`): the create body, its parts and the retention the
 * API answers, as zod/mini schemas with their types inferred and closed, every field documented on
 * its key (docs/contract.md §5, "Retentions and perceptions"). The parts a comprobante de
 * percepción shares (the other party, a payment, an exchange rate) are declared here once and
 * read by `perception.ts`.
 *
 * @module
 */
import * as z from 'zod/mini';
import { CURRENCY_CODES, MAX_DOCUMENT_NUMBER } from '../sunat/document-codes.js';
import { TaxAuthorityStatus } from './document.js';
import { CalendarDate, type Closed, DateFilter, ListParams, looseObject, maxDecimals, openCode, openEnum, text, Timestamp } from './shared.js';

const finite = (what: string) => z.number(`${what} must be a finite number`);
/** An amount greater than 0, 2 decimals. */
const positiveMoney = (what: string) => finite(what).check(z.positive('must be greater than 0'), maxDecimals(2));

/**
 * The other party of a comprobante de retención (the supplier, proveedor) or de percepción (the
 * customer, cliente): a taxpayer identified by its RUC, never the issuer itself.
 */
export const AgentCounterparty = looseObject({
  /** Catálogo 06 identity document type: `6`, a RUC (the only type the contract takes). */
  documentType: z.literal('6', 'must be 6 (RUC)'),
  /** The RUC: 11 digits, not the issuer's own (SUNAT's 2620 on a retention, 2604 on a perception). */
  documentNumber: z.string().check(z.regex(/^\d{11}$/, 'must be a RUC of 11 digits')),
  /** Registered name (razón social): 1 to 1500 characters. */
  name: text(1, 1500),
  /** Its fiscal address, up to 100 characters (SUNAT's limit of the street line). */
  address: z.optional(text(1, 100)),
});
/**
 * The other party of a comprobante de retención (the supplier) or de percepción (the customer):
 * a taxpayer identified by its RUC, never the issuer itself.
 *
 * @interface
 */
export type AgentCounterparty = Closed<z.input<typeof AgentCounterparty>>;

/** One payment (or collection) of a related document, in the document's currency. */
export const AgentPayment = looseObject({
  /** The payment's number among the payments of the same document: 1 to 999999999. Default: `1`. */
  number: z.optional(z.int().check(z.gte(1, 'must be at least 1'), z.lte(999_999_999, 'must have at most 9 digits'))),
  /** The day it was paid, `YYYY-MM-DD`: in the month of the comprobante's `issueDate`, not after it, not before the document's own date. */
  date: CalendarDate,
  /** The amount paid, in the document's currency, 2 decimals, greater than 0. */
  amount: positiveMoney('payment.amount'),
});
/**
 * One payment (or collection) of a related document, in the document's currency.
 *
 * @interface
 */
export type AgentPayment = Closed<z.input<typeof AgentPayment>>;

/** The exchange rate a related document in a currency other than soles is converted at. */
export const AgentExchangeRate = looseObject({
  /** PEN per unit of the document's currency, greater than 0, up to 6 decimals (e.g. `3.75`). */
  rate: finite('exchangeRate.rate').check(z.positive('must be greater than 0'), z.lt(10_000, 'must have at most 4 integer digits'), maxDecimals(6)),
  /** The day of the rate, `YYYY-MM-DD`. */
  date: CalendarDate,
});
/**
 * The exchange rate a related document in a currency other than soles is converted at.
 *
 * @interface
 */
export type AgentExchangeRate = Closed<z.input<typeof AgentExchangeRate>>;

/** The fields every related document of a comprobante de retención or de percepción has. */
export const agentDocumentFields = {
  /** Catálogo 01 type of the related document: `01` factura, `12` ticket, `07` nota de crédito, `08` nota de débito, `20` a retention (`03` boleta and `40` on a perception). */
  type: openCode<string>(/^\d{2}$/, 'must be a catálogo 01 code of 2 digits, e.g. 01'),
  /** Its series and number, `F001-12` (a ticket `12`: `-<machine>-<number>`). */
  number: text(1, 40),
  /** Its issue date, `YYYY-MM-DD`. */
  issueDate: CalendarDate,
  /** Its total, in its own currency, 2 decimals, greater than 0. */
  total: positiveMoney('total'),
  /** Its currency: `PEN` (default) or `USD`. */
  currency: z.optional(z.enum(CURRENCY_CODES)),
  /** The payment (on a perception, the collection) this comprobante is about. */
  payment: AgentPayment,
  /** PEN per unit of `currency`; required when it is not `PEN` (SUNAT's 2749). */
  exchangeRate: z.optional(AgentExchangeRate),
};

/** One document a comprobante de retención is about. */
export const RetentionDocument = looseObject(agentDocumentFields);
/**
 * One document a comprobante de retención is about: the supplier's factura (or ticket, nota) and
 * the payment of it the retention is withheld from.
 *
 * @interface
 */
export type RetentionDocument = Closed<z.input<typeof RetentionDocument>>;

/** The body of `retentions.create`. */
export const RetentionCreateParams = looseObject({
  /** The series: `R` plus 3 letters or digits, e.g. `R001`. */
  series: z.string().check(z.regex(/^R[A-Z0-9]{3}$/, 'must be R followed by 3 uppercase letters or digits, e.g. R001')),
  /** Issue date, `YYYY-MM-DD` in America/Lima. Default: today there. */
  issueDate: z.optional(CalendarDate),
  /** The supplier (proveedor) the tax is withheld from. */
  supplier: AgentCounterparty,
  /** Catálogo 23 régimen de retención: `01` (3 %); `02` (6 %) only for documents issued up to 2014-02-28. */
  regime: openCode<'01' | '02'>(/^\d{2}$/, 'must be a catálogo 23 code of 2 digits, e.g. 01'),
  /** The regime's rate as a fraction (`0.03`); read-only in practice: another value is refused (SUNAT's 2619). */
  rate: z.optional(finite('rate').check(z.gte(0, 'must be a fraction from 0 to 1, e.g. 0.03'), z.lt(1, 'must be a fraction from 0 to 1, e.g. 0.03'))),
  /** A note printed on the comprobante (cbc:Note), up to 250 characters. */
  note: z.optional(text(1, 250)),
  /** The documents paid, one or more (up to 1000). */
  documents: z.array(RetentionDocument).check(z.minLength(1, 'must have at least one document'), z.maxLength(1000, 'must have at most 1000 documents')),
});
/**
 * The body of `retentions.create`: a comprobante de retención (`20`) an agente de retención
 * issues to a supplier for the payments it withheld IGV from.
 *
 * @interface
 */
export type RetentionCreateParams = Closed<z.input<typeof RetentionCreateParams>>;

/**
 * Where a comprobante de retención or de percepción is in its life: `pending` (SUNAT has not
 * answered), `accepted`, `rejected`, `failed`, `voiding` / `voided`, as a document's. Values added
 * by later API versions are accepted too.
 */
export const AgentReceiptStatus = openEnum(['pending', 'accepted', 'rejected', 'failed', 'voiding', 'voided']);
/** Where a comprobante de retención or de percepción is in its life; values added later are accepted too. */
export type AgentReceiptStatus = z.output<typeof AgentReceiptStatus>;

/** The fields every answered comprobante de retención or de percepción has besides its own. */
export const agentReceiptFields = {
  /** Correlative number within the series, assigned by the server. */
  number: z.int().check(z.gte(1), z.lte(MAX_DOCUMENT_NUMBER)),
  /** Series and number as printed: `R001-1`. */
  fullNumber: z.string(),
  /** Issue date, `YYYY-MM-DD` in America/Lima. */
  issueDate: CalendarDate,
  /** Where it is in its life; see {@link AgentReceiptStatus}. */
  status: AgentReceiptStatus,
  /** The signed UBL 2.0 XML sent to SUNAT. */
  signedXml: z.string(),
  /** Where the PDF is served (also `.pdf(id)`). */
  pdfUrl: z.string(),
  /** SUNAT's own answer. */
  taxAuthority: TaxAuthorityStatus,
  /**
   * Once `.void` asked for it: the resumen de reversiones that voids it (`object: 'voiding'`, a
   * `kind: 'RR'` voiding of `client.voidings`); it is `voided` once SUNAT accepts it.
   */
  voidedBy: z.optional(
    looseObject({
      /** Always `voiding`. */
      object: z.literal('voiding'),
      /** Its id: `void_…`. */
      id: z.string(),
    }),
  ),
  /** When it was created, ISO 8601 UTC. */
  createdAt: Timestamp,
  /** When it last changed, ISO 8601 UTC. */
  updatedAt: Timestamp,
};

/** One document of an answered comprobante de retención, with what was withheld from its payment. */
export const RetainedDocument = looseObject({
  ...agentDocumentFields,
  /** The payment, its number filled (`1` by default). */
  payment: AgentPayment,
  /** The IGV withheld, in PEN: round2(payment × exchange rate × rate), half up. */
  retainedAmount: z.number(),
  /** What the supplier is paid, in PEN: round2(payment × exchange rate) − `retainedAmount`. */
  netPaid: z.number(),
});
/**
 * One document of an answered comprobante de retención, with what was withheld from its payment.
 *
 * @interface
 */
export type RetainedDocument = Closed<z.output<typeof RetainedDocument>>;

const RetentionReceiptSchema = looseObject({
  /** Identifier: `ret_` followed by an opaque part. */
  id: z.string(),
  /** Always `retention`. */
  object: z.literal('retention'),
  ...agentReceiptFields,
  /** The series, e.g. `R001`. */
  series: z.string(),
  /** The supplier. */
  supplier: AgentCounterparty,
  /** Catálogo 23 régimen de retención. */
  regime: z.string(),
  /** The regime's rate as a fraction: `0.03`. */
  rate: z.number(),
  /** The note, when sent. */
  note: z.optional(z.string()),
  /** The documents, each with what was withheld. */
  documents: z.array(RetainedDocument),
  /** The sums over the documents (but notas de crédito `07` and retentions `20`), in PEN. */
  totals: looseObject({
    /** Total withheld (SUNAT's TotalInvoiceAmount). */
    retained: z.number(),
    /** Total paid to the supplier (SUNAT's SUNATTotalPaid). */
    paid: z.number(),
  }),
});
/** A comprobante de retención as the API returns it, typed as {@link RetentionReceipt}. Unknown fields are kept. */
export const RetentionReceipt = RetentionReceiptSchema as unknown as z.ZodMiniType<RetentionReceipt, RetentionReceipt>;
/**
 * A comprobante de retención (`ret_`, catálogo 01 `20`) as the API returns it: everything sent,
 * with the number, the rate, each document's withheld amount and net payment, and the totals, in
 * PEN. Fields a later API version adds are kept at run time.
 *
 * @interface
 */
export type RetentionReceipt = Closed<z.output<typeof RetentionReceiptSchema>>;

const RetentionListItemSchema = z.omit(RetentionReceiptSchema, { signedXml: true });
/** A comprobante de retención as `retentions.list` returns it, typed as {@link RetentionListItem}. */
export const RetentionListItem = RetentionListItemSchema as unknown as z.ZodMiniType<RetentionListItem, RetentionListItem>;
/**
 * A comprobante de retención as `retentions.list` returns it: every field but `signedXml` (read it
 * with `retentions.xml(id)` or `retentions.retrieve(id)`).
 *
 * @interface
 */
export type RetentionListItem = Omit<RetentionReceipt, 'signedXml'>;

const retentionFilters = {
  /** Only those of this series. */
  series: z.optional(text(0, 4)),
  /** Only those in this status. */
  status: z.optional(AgentReceiptStatus),
  /** Only those of this supplier's RUC. */
  documentNumber: z.optional(text(0, 20)),
  /** Issued on or after this day: `YYYY-MM-DD`, or a `Date` (its calendar day in America/Lima). */
  issuedFrom: z.optional(DateFilter),
  /** Issued on or before this day: `YYYY-MM-DD`, or a `Date` (its calendar day in America/Lima). */
  issuedTo: z.optional(DateFilter),
};
/** Filters of `retentions.list`. */
export const RetentionListParams: z.ZodMiniObject<typeof ListParams.shape & typeof retentionFilters, z.core.$loose> = looseObject({
  ...ListParams.shape,
  ...retentionFilters,
});
/**
 * Filters of `retentions.list`: series, status, the supplier's RUC (`documentNumber`), issue dates.
 *
 * @interface
 */
export type RetentionListParams = Closed<z.input<typeof RetentionListParams>>;
