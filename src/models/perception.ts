/**
 * Comprobantes de percepción (catálogo 01 `40`): the create body, its parts and the perception
 * the API answers, as zod/mini schemas with their types inferred and closed, every field
 * documented on its key (docs/contract.md §5, "Retentions and perceptions"). The parts it shares
 * with a comprobante de retención are declared in `retention.ts`.
 *
 * @module
 */
import * as z from 'zod/mini';
import { AgentCounterparty, AgentPayment, AgentReceiptStatus, agentDocumentFields, agentReceiptFields } from './retention.js';
import { CalendarDate, type Closed, DateFilter, ListParams, looseObject, openCode, text } from './shared.js';

/** One document a comprobante de percepción is about. */
export const PerceptionDocument = looseObject(agentDocumentFields);
/**
 * One document a comprobante de percepción is about: the factura (boleta, ticket, nota) sold to
 * the customer and the collection of it the percepción is charged on.
 *
 * @interface
 */
export type PerceptionDocument = Closed<z.input<typeof PerceptionDocument>>;

/** The body of `perceptions.create`. */
export const PerceptionCreateParams = looseObject({
  /** The series: `P` plus 3 letters or digits, e.g. `P001`. */
  series: z.string().check(z.regex(/^P[A-Z0-9]{3}$/, 'must be P followed by 3 uppercase letters or digits, e.g. P001')),
  /** Issue date, `YYYY-MM-DD` in America/Lima. Default: today there. */
  issueDate: z.optional(CalendarDate),
  /** The customer (cliente) the percepción is charged to. */
  customer: AgentCounterparty,
  /** Catálogo 22 régimen de percepción: `01` venta interna (2 %), `02` adquisición de combustible (1 %), `03` a un agente de percepción con tasa especial (0.5 %). */
  regime: openCode<'01' | '02' | '03'>(/^\d{2}$/, 'must be a catálogo 22 code of 2 digits, e.g. 01'),
  /** The regime's rate as a fraction (`0.02`); read-only in practice: another value is refused (SUNAT's 2603). */
  rate: z.optional(
    z.number('rate must be a finite number').check(z.gte(0, 'must be a fraction from 0 to 1, e.g. 0.02'), z.lt(1, 'must be a fraction from 0 to 1, e.g. 0.02')),
  ),
  /** A note printed on the comprobante (cbc:Note), up to 250 characters. */
  note: z.optional(text(1, 250)),
  /** The documents collected, one or more (up to 1000). */
  documents: z.array(PerceptionDocument).check(z.minLength(1, 'must have at least one document'), z.maxLength(1000, 'must have at most 1000 documents')),
});
/**
 * The body of `perceptions.create`: a comprobante de percepción (`40`) an agente de percepción
 * issues to a customer for the collections it charged the percepción on.
 *
 * @interface
 */
export type PerceptionCreateParams = Closed<z.input<typeof PerceptionCreateParams>>;

/** One document of an answered comprobante de percepción, with the percepción charged on its collection. */
export const PerceivedDocument = looseObject({
  ...agentDocumentFields,
  /** The collection, its number filled (`1` by default). */
  payment: AgentPayment,
  /** The percepción charged, in PEN: round2(payment × exchange rate × rate), half up. */
  perceivedAmount: z.number(),
  /** What the customer pays with the percepción, in PEN: round2(payment × exchange rate) + `perceivedAmount`. */
  netCashed: z.number(),
});
/**
 * One document of an answered comprobante de percepción, with the percepción charged on its collection.
 *
 * @interface
 */
export type PerceivedDocument = Closed<z.output<typeof PerceivedDocument>>;

const PerceptionReceiptSchema = looseObject({
  /** Identifier: `perc_` followed by an opaque part. */
  id: z.string(),
  /** Always `perception`. */
  object: z.literal('perception'),
  ...agentReceiptFields,
  /** The series, e.g. `P001`. */
  series: z.string(),
  /** The customer. */
  customer: AgentCounterparty,
  /** Catálogo 22 régimen de percepción. */
  regime: z.string(),
  /** The regime's rate as a fraction: `0.02`, `0.01` or `0.005`. */
  rate: z.number(),
  /** The note, when sent. */
  note: z.optional(z.string()),
  /** The documents, each with the percepción charged. */
  documents: z.array(PerceivedDocument),
  /** The sums over the documents (but notas de crédito `07` and perceptions `40`), in PEN. */
  totals: looseObject({
    /** Total perceived (SUNAT's TotalInvoiceAmount). */
    perceived: z.number(),
    /** Total collected with the percepción (SUNAT's SUNATTotalCashed). */
    cashed: z.number(),
  }),
});
/** A comprobante de percepción as the API returns it, typed as {@link PerceptionReceipt}. Unknown fields are kept. */
export const PerceptionReceipt = PerceptionReceiptSchema as unknown as z.ZodMiniType<PerceptionReceipt, PerceptionReceipt>;
/**
 * A comprobante de percepción (`perc_`, catálogo 01 `40`) as the API returns it: everything sent,
 * with the number, the rate, each document's percepción and amount collected, and the totals, in
 * PEN. Fields a later API version adds are kept at run time.
 *
 * @interface
 */
export type PerceptionReceipt = Closed<z.output<typeof PerceptionReceiptSchema>>;

const PerceptionListItemSchema = z.omit(PerceptionReceiptSchema, { signedXml: true });
/** A comprobante de percepción as `perceptions.list` returns it, typed as {@link PerceptionListItem}. */
export const PerceptionListItem = PerceptionListItemSchema as unknown as z.ZodMiniType<PerceptionListItem, PerceptionListItem>;
/**
 * A comprobante de percepción as `perceptions.list` returns it: every field but `signedXml` (read
 * it with `perceptions.xml(id)` or `perceptions.retrieve(id)`).
 *
 * @interface
 */
export type PerceptionListItem = Omit<PerceptionReceipt, 'signedXml'>;

const perceptionFilters = {
  /** Only those of this series. */
  series: z.optional(text(0, 4)),
  /** Only those in this status. */
  status: z.optional(AgentReceiptStatus),
  /** Only those of this customer's RUC. */
  documentNumber: z.optional(text(0, 20)),
  /** Issued on or after this day: `YYYY-MM-DD`, or a `Date` (its calendar day in America/Lima). */
  issuedFrom: z.optional(DateFilter),
  /** Issued on or before this day: `YYYY-MM-DD`, or a `Date` (its calendar day in America/Lima). */
  issuedTo: z.optional(DateFilter),
};
/** Filters of `perceptions.list`. */
export const PerceptionListParams: z.ZodMiniObject<typeof ListParams.shape & typeof perceptionFilters, z.core.$loose> = looseObject({
  ...ListParams.shape,
  ...perceptionFilters,
});
/**
 * Filters of `perceptions.list`: series, status, the customer's RUC (`documentNumber`), issue dates.
 *
 * @interface
 */
export type PerceptionListParams = Closed<z.input<typeof PerceptionListParams>>;
