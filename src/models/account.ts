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
  /**
   * The account is in SUNAT's padrón "Tasa especial del IGV – Restaurantes y hoteles" (Ley 31556:
   * small restaurants, hotels and alojamientos turísticos), so its documents carry the reduced IGV
   * rate in force on their issue date (`igvRateOn(issueDate, { reduced: true })`: 10% from
   * 2022-09-01, 10.5% from 2026-02-13) instead of 18%. Read-only in production, where the service
   * reads the padrón; the sandbox sets it with `account.update` (or its `igvReducedRate` option).
   */
  igvReducedRate: z.boolean(),
  /** The environment of the key that asked (read-only). */
  environment: openEnum(ENVIRONMENT_NAMES),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/** Your account: the issuer (emisor) printed on every document. */
export type Account = z.infer<typeof Account>;

/**
 * The body of `account.update`: only the fields to change (a partial PATCH). `ruc` and
 * `environment` cannot change; `igvReducedRate` only in the sandbox (production reads SUNAT's
 * padrón, and refuses it).
 */
export const AccountUpdateParams = z.partial(
  z.looseObject({
    ...editable,
    /** Sandbox only: whether the account is in SUNAT's padrón of restaurants and hotels, which issues at the reduced IGV rate (see `Account.igvReducedRate`). */
    igvReducedRate: z.boolean(),
  }),
);
/** The body of `account.update`. */
export type AccountUpdateParams = z.input<typeof AccountUpdateParams>;
