import * as z from 'zod/mini';
import { DocumentType, SeriesCode } from './document.js';
import { Timestamp, looseObject, type Closed, type OptionalShape } from './shared.js';

/** The body of `series.create`: registers a series for one document type. */
export const SeriesCreateParams = looseObject({
  /** The series: a letter plus three digits, e.g. `F001`. */
  series: SeriesCode,
  /** The catálogo 01 document type it numbers: `01` factura, `03` boleta... */
  documentType: DocumentType,
  /** Whether new documents may use it. Default: `true`. */
  active: z.optional(z.boolean()),
});
/**
 * The body of `series.create`: registers a series for one document type.
 *
 * @interface
 */
export type SeriesCreateParams = Closed<z.input<typeof SeriesCreateParams>>;

/** The body of `series.update`: only the fields to change (a partial PATCH). */
export const SeriesUpdateParams: z.ZodMiniObject<OptionalShape<typeof SeriesCreateParams.shape>, z.core.$loose> = z.partial(SeriesCreateParams);
/**
 * The body of `series.update`: only the fields to change (a partial PATCH).
 *
 * @interface
 */
export type SeriesUpdateParams = Closed<z.input<typeof SeriesUpdateParams>>;

/** A series registered on your account (`ser_`) and the number its next document gets. Unknown fields are kept. */
export const Series = looseObject({
  /** Identifier: `ser_` followed by an opaque part. */
  id: z.string(),
  object: z.literal('series'),
  series: z.string(),
  documentType: DocumentType,
  /** The correlative number the next document of this series gets (read-only). */
  nextNumber: z.int().check(z.gte(1)),
  active: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/**
 * A series registered on your account (`ser_`) and the number its next document gets. Unknown fields are kept.
 *
 * @interface
 */
export type Series = Closed<z.output<typeof Series>>;
