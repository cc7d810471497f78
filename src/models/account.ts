import * as z from 'zod/mini';
import { ENVIRONMENT_NAMES, openEnum, text, Timestamp, looseObject, type Closed, type OptionalShape } from './shared.js';

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

/**
 * An establishment (establecimiento anexo) declared in the issuer's RUC: where documents may be
 * issued from. `0000` is the fiscal address (domicilio fiscal).
 */
export const Establishment = looseObject({
  /** SUNAT's code of the establishment, 4 digits: `0000` the fiscal address, `0001`... the others. */
  code: z.string().check(z.regex(/^\d{4}$/, "must be SUNAT's code of 4 digits, such as 0001")),
  /** Its address, printed on the documents issued from it: up to 500 characters. */
  address: z.optional(text(0, 500)),
});
/**
 * An establishment (establecimiento anexo) declared in the issuer's RUC: where documents may be
 * issued from. `0000` is the fiscal address (domicilio fiscal).
 *
 * @interface
 */
export type Establishment = Closed<z.output<typeof Establishment>>;

const BOLETA_REPORTING = ['individual', 'summary'] as const;

/**
 * How boletas reach SUNAT, which takes them either way within 7 calendar days (the business's
 * choice, not SUNAT's):
 * - `'individual'`: each boleta, and each nota on a `B` series, is sent on its own (sendBill) when
 *   it is created, and its create answers SUNAT's CDR (`accepted` at once, as a factura's does);
 * - `'summary'`: each is a line of condition `1` (catálogo 19: the line adds the document) in the
 *   resumen diario (`RC`, `client.summaries`) of its issue date, sent by the next day; its create
 *   answers it `pending` with its `summaryId`, and it becomes `accepted` or `rejected` once SUNAT
 *   answers the summary's ticket (`document.accepted`, `document.rejected`).
 */
export const BoletaReporting = z.enum(BOLETA_REPORTING, "must be 'individual' (each boleta sent on its own) or 'summary' (in the resumen diario)");
/** How boletas reach SUNAT: `'individual'` or `'summary'`; see {@link BoletaReporting}. */
export type BoletaReporting = z.output<typeof BoletaReporting>;

/** Your account: the issuer (emisor) printed on every document. Unknown fields are kept. */
export const Account = looseObject({
  /** Identifier of the account. */
  id: z.string(),
  object: z.literal('account'),
  /** The issuer's RUC (read-only). */
  ruc: z.string(),
  ...editable,
  /**
   * The establishments declared in the RUC, `0000` (the fiscal address) among them: a document
   * names the one it is issued from (`establishmentCode`). In production the service reads them
   * from SUNAT's registry (read-only); the sandbox takes them in `account.update`.
   */
  establishments: z.array(Establishment),
  /**
   * The account is in SUNAT's padrón "Tasa especial del IGV – Restaurantes y hoteles" (Ley 31556:
   * small restaurants, hotels and alojamientos turísticos), so its documents carry the reduced IGV
   * rate in force on their issue date (`igvRateOn(issueDate, { reduced: true })`: 10% from
   * 2022-09-01, 10.5% from 2026-02-13) instead of 18%. Read-only in production, where the service
   * reads the padrón; the sandbox sets it with `account.update` (or its `igvReducedRate` option).
   */
  igvReducedRate: z.boolean(),
  /**
   * How its boletas and the notas on a `B` series reach SUNAT: `'individual'` (each on its own, its
   * create answers it `accepted`) or `'summary'` (each in the resumen diario of its issue date, its
   * create answers it `pending` with its `summaryId`). See {@link BoletaReporting}.
   */
  boletaReporting: openEnum(BOLETA_REPORTING),
  /** The environment of the key that asked (read-only). */
  environment: openEnum(ENVIRONMENT_NAMES),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/**
 * Your account: the issuer (emisor) printed on every document. Unknown fields are kept.
 *
 * @interface
 */
export type Account = Closed<z.output<typeof Account>>;

/** What `account.update` changes in production as in the sandbox, besides the issuer's data. */
const accountSettings = {
  /** How boletas and the notas on a `B` series reach SUNAT: `'individual'` or `'summary'` (see {@link BoletaReporting}); documents created after the change follow it. */
  boletaReporting: BoletaReporting,
};

/** What only the sandbox lets `account.update` change. */
const sandboxOnly = {
  /** Sandbox only: the establishments declared in the RUC, replacing the list (see `Account.establishments`). */
  establishments: z.array(Establishment),
  /** Sandbox only: whether the account is in SUNAT's padrón of restaurants and hotels, which issues at the reduced IGV rate (see `Account.igvReducedRate`). */
  igvReducedRate: z.boolean(),
};

/**
 * The body of `account.update`: only the fields to change (a partial PATCH). `ruc` and
 * `environment` cannot change; `boletaReporting` changes in production too; `establishments` and `igvReducedRate` only in the sandbox
 * (production reads them from SUNAT's registry and its padrón), `establishments` replacing the list.
 */
export const AccountUpdateParams: z.ZodMiniObject<OptionalShape<typeof editable & typeof accountSettings & typeof sandboxOnly>, z.core.$loose> = z.partial(
  looseObject({ ...editable, ...accountSettings, ...sandboxOnly }),
);
/**
 * The body of `account.update`: only the fields to change (a partial PATCH). `ruc` and
 * `environment` cannot change; `boletaReporting` changes in production too; `establishments` and `igvReducedRate` only in the sandbox
 * (production reads them from SUNAT's registry and its padrón), `establishments` replacing the list.
 *
 * @interface
 */
export type AccountUpdateParams = Closed<z.input<typeof AccountUpdateParams>>;
