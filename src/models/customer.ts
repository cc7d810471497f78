import * as z from 'zod/mini';
import { DocumentCustomer } from './document.js';
import { Metadata, Timestamp, identityNumberChecks, text, looseObject } from './shared.js';

const fields = {
  ...DocumentCustomer.shape,
  /** A phone number, as you would dial it: up to 30 characters. */
  phone: z.optional(text(0, 30)),
  /** Your own key/value pairs (at most 20), echoed back. */
  metadata: z.optional(Metadata),
};

/** The body of `customers.create`: a customer to save for later documents. */
export const CustomerCreateParams = looseObject(fields).check(...identityNumberChecks);
/**
 * The body of `customers.create`.
 *
 * @interface
 */
export type CustomerCreateParams = z.input<typeof CustomerCreateParams>;

/** The body of `customers.update`: only the fields to change (a partial PATCH). */
export const CustomerUpdateParams = z.partial(looseObject(fields)).check(...identityNumberChecks);
/**
 * The body of `customers.update`.
 *
 * @interface
 */
export type CustomerUpdateParams = z.input<typeof CustomerUpdateParams>;

/**
 * A customer saved on your account (`cus_`), to look up and reuse as a document's
 * {@link DocumentCustomer}. Unknown fields are kept.
 */
export const Customer = looseObject({
  /** Identifier: `cus_` followed by an opaque part. */
  id: z.string(),
  object: z.literal('customer'),
  ...fields,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/**
 * A customer saved on your account (`cus_`).
 *
 * @interface
 */
export type Customer = z.infer<typeof Customer>;
