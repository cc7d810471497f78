import * as z from 'zod/mini';
import { ENVIRONMENT_NAMES, openEnum, text, Timestamp } from './shared.js';

const editable = {
  /** Registered name (razón social), printed on every document: 1 to 500 characters. */
  name: text(1, 500),
  /** Trade name (nombre comercial), printed beside the registered name: up to 1500 characters. */
  tradeName: z.optional(text(0, 1500)),
  /** Fiscal address (domicilio fiscal), printed on every document: up to 500 characters. */
  address: z.optional(text(0, 500)),
  /** Where the service writes to you: up to 254 characters. */
  email: z.optional(text(0, 254)),
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
