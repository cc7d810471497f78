import * as z from 'zod/mini';
import { DocumentCustomer } from './document.js';
import { Metadata, Timestamp, identityNumberChecks, text, looseObject, type Closed, type OptionalShape } from './shared.js';

const saved = {
  /** A phone number, as you would dial it: up to 30 characters. */
  phone: z.optional(text(0, 30)),
  /** Your own key/value pairs (at most 20), echoed back. */
  metadata: z.optional(Metadata),
};
/** What names a saved customer. */
const customerIdentity = {
  /** Identifier: `cus_` followed by an opaque part. */
  id: z.string(),
  /** Always `customer`. */
  object: z.literal('customer'),
};
/** When a saved customer was saved and changed. */
const customerStamps = {
  /** When it was saved (ISO 8601, UTC). */
  createdAt: Timestamp,
  /** When it last changed (ISO 8601, UTC). */
  updatedAt: Timestamp,
};
// Its type names the two shapes it spreads: the declarations the build writes keep the docs of
// a document's customer, declared in document.ts, only where a type refers to that file's schema.
type CustomerFields = typeof DocumentCustomer.shape & typeof saved;
const fields: CustomerFields = { ...DocumentCustomer.shape, ...saved };

/** The body of `customers.create`: a customer to save for later documents. */
export const CustomerCreateParams: z.ZodMiniObject<CustomerFields, z.core.$loose> = looseObject(fields).check(...identityNumberChecks);
/**
 * The body of `customers.create`: a customer to save for later documents.
 *
 * @interface
 */
export type CustomerCreateParams = Closed<z.input<typeof CustomerCreateParams>>;

/** The body of `customers.update`: only the fields to change (a partial PATCH). */
export const CustomerUpdateParams: z.ZodMiniObject<OptionalShape<CustomerFields>, z.core.$loose> = z.partial(looseObject(fields)).check(...identityNumberChecks);
/**
 * The body of `customers.update`: only the fields to change (a partial PATCH).
 *
 * @interface
 */
export type CustomerUpdateParams = Closed<z.input<typeof CustomerUpdateParams>>;

/**
 * A customer saved on your account (`cus_`), to look up and reuse as a document's
 * {@link DocumentCustomer}. Unknown fields are kept.
 */
export const Customer: z.ZodMiniObject<typeof customerIdentity & CustomerFields & typeof customerStamps, z.core.$loose> = looseObject({
  ...customerIdentity,
  ...fields,
  ...customerStamps,
});
/**
 * A customer saved on your account (`cus_`), to look up and reuse as a document's
 * {@link DocumentCustomer}. Unknown fields are kept.
 *
 * @interface
 */
export type Customer = Closed<z.output<typeof Customer>>;
