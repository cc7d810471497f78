import * as z from 'zod/mini';
import { ENVIRONMENT_NAMES, openEnum, Timestamp } from './shared.js';

const editable = {
  /** Registered name (razón social), printed on every document. */
  name: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(500, 'must be at most 500 characters')),
  /** Trade name (nombre comercial), printed beside the registered name. */
  tradeName: z.optional(z.string()),
  /** Fiscal address (domicilio fiscal), printed on every document. */
  address: z.optional(z.string()),
  /** Where the service writes to you. */
  email: z.optional(z.string()),
};

/** Your account: the issuer (emisor) printed on every document. Unknown fields are kept. */
export const Account = z.looseObject({
  /** Identifier of the account. */
  id: z.string(),
  object: z.literal('account'),
  /** The issuer's RUC (read-only). */
  ruc: z.string(),
  ...editable,
  /** The environment of the key that asked (read-only). */
  environment: openEnum(ENVIRONMENT_NAMES),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/** Your account: the issuer (emisor) printed on every document. */
export type Account = z.infer<typeof Account>;

/** The body of `account.update`: only the fields to change (a partial PATCH). `ruc` and `environment` cannot change. */
export const AccountUpdateParams = z.partial(z.looseObject(editable));
/** The body of `account.update`. */
export type AccountUpdateParams = z.input<typeof AccountUpdateParams>;
