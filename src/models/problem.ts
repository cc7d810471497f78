import * as z from 'zod/mini';
import { looseObject, type Closed } from './shared.js';

/**
 * The RFC 9457 `application/problem+json` body of every failure (docs/contract.md §2). The SDK
 * reads it into an `APIError`; the mock sandbox and the OpenAPI document use this schema.
 */
export const Problem = looseObject({
  /** A URI naming the kind of problem, e.g. `https://docs.yupana.pe/errors/validation_error`. */
  type: z.string(),
  /** A short summary of the kind of problem. */
  title: z.string(),
  /** The HTTP status code. */
  status: z.int().check(z.gte(400), z.lte(599)),
  /** What went wrong in this request, in words. Never branch on it: branch on `code`. */
  detail: z.string(),
  /**
   * The stable machine code: `bad_request`, `authentication_error`, `permission_denied`,
   * `not_found`, `idempotency_key_in_use`, `validation_error`, `idempotency_key_reused`,
   * `rate_limited`, `internal_error`, `unavailable`.
   */
  code: z.string(),
  /** The request id, also in the `Request-Id` header: quote it to support. */
  requestId: z.string(),
  /** On a `validation_error`: each failing field. */
  errors: z.optional(
    z.array(
      looseObject({
        /** Where the value is, dot-separated: `items.0.igv`. */
        path: z.string(),
        /** A stable code such as `invalid_type`, or `sunat_` and SUNAT's code for a SUNAT rule (`sunat_3303`). */
        code: z.string(),
        /** What is wrong, in words (English). */
        message: z.string(),
        /**
         * On a SUNAT rule (`sunat_<code>`): SUNAT's own description of its code, in Spanish, word for
         * word as its list of return codes and its CDRs say it (`El monto para el redondeo del Importe
         * Total excede el valor permitido`). Absent on other codes, and on a SUNAT code whose
         * description no public copy of SUNAT's list holds yet.
         */
        sunatDescription: z.optional(z.string()),
      }),
    ),
  ),
  /** On a 403: the permission the API key lacks, e.g. `documents:write`. */
  requiredPermission: z.optional(z.string()),
});
/**
 * The RFC 9457 `application/problem+json` body of every failure (docs/contract.md §2). The SDK
 * reads it into an `APIError`; the mock sandbox and the OpenAPI document use this schema.
 *
 * @interface
 */
export type Problem = Closed<z.output<typeof Problem>>;
