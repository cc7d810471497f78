import * as z from 'zod/mini';
import { CURRENCY_CODES, IGV_AFFECTATION_CODES, UNIT_CODES } from '../sunat/catalogs.js';
import { DocumentCreateParams, Item } from './document.js';
import { Amount, Timestamp, openEnum, looseObject, type Closed, type OptionalShape } from './shared.js';

/** The body of `products.create`: a product or service you sell, to reuse in document lines. */
export const ProductCreateParams = looseObject({
  /** Your product code (SKU). */
  code: Item.shape.code,
  /** What is sold, as printed on a document line. */
  description: Item.shape.description,
  /** Value per unit before tax (valor unitario), up to 10 decimals. */
  unitPrice: Item.shape.unitPrice,
  /** Catálogo 03 unit of measure (UN/ECE rec. 20): `NIU` goods, `ZZ` services... Default: `NIU`. */
  unitCode: Item.shape.unitCode,
  /** Catálogo 07 IGV affectation. Default: `10` (taxed). */
  igvAffectation: Item.shape.igvAffectation,
  /** `PEN` (default) or `USD`. */
  currency: DocumentCreateParams.shape.currency,
});
/**
 * The body of `products.create`: a product or service you sell, to reuse in document lines.
 *
 * @interface
 */
export type ProductCreateParams = Closed<z.input<typeof ProductCreateParams>>;

/** The body of `products.update`: only the fields to change (a partial PATCH). */
export const ProductUpdateParams: z.ZodMiniObject<OptionalShape<typeof ProductCreateParams.shape>, z.core.$loose> = z.partial(ProductCreateParams);
/**
 * The body of `products.update`: only the fields to change (a partial PATCH).
 *
 * @interface
 */
export type ProductUpdateParams = Closed<z.input<typeof ProductUpdateParams>>;

/** A product or service saved on your account (`prod_`), with its defaults filled. Unknown fields are kept. */
export const Product = looseObject({
  /** Identifier: `prod_` followed by an opaque part. */
  id: z.string(),
  object: z.literal('product'),
  code: z.optional(z.string()),
  description: z.string(),
  unitPrice: Amount,
  unitCode: openEnum(UNIT_CODES),
  igvAffectation: openEnum(IGV_AFFECTATION_CODES),
  currency: z.enum(CURRENCY_CODES),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/**
 * A product or service saved on your account (`prod_`), with its defaults filled. Unknown fields are kept.
 *
 * @interface
 */
export type Product = Closed<z.output<typeof Product>>;
