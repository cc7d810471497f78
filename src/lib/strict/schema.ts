/**
 * `strictDocumentCreateParams` for `yupana/schemas`: the zod schema of a `documents.create` body
 * with SUNAT's rules on top. Only `src/schemas.ts` imports it; the client runs the same rules
 * with no zod (`strictDocumentIssues`, `./checks.ts`).
 *
 * @module
 */
import * as z from 'zod/mini';
import { DocumentCreateParams } from '../../models/document.js';
import { type StrictRate, strictDocumentBreaks } from './checks.js';

/**
 * The body of `documents.create` with SUNAT's rules checked before anything is sent, as the
 * client's `strictSunatChecks` checks it (see `strictDocumentBreaks` for the rules and their codes:
 * `sunat_<code>`, and `invalid_ruc` for a RUC whose check digit fails). They run once the body
 * passes the schema, so a malformed body gets the schema's issues only. `setting`: the IGV rate
 * (`0.18`), or `{ igvReducedRate }` to check each body at the issuer's rate of its issue date (the
 * reduced one of SUNAT's padrón of restaurants and hotels when `true`), as `strictSunatChecks` takes it.
 */
export function strictDocumentCreateParams(setting: number | { igvReducedRate: boolean }) {
  const rate: StrictRate = typeof setting === 'number' ? { igvRate: setting } : setting;
  return DocumentCreateParams.check(
    z.superRefine(
      (body, ctx) => {
        for (const { code, path, message } of strictDocumentBreaks(body, rate)) ctx.addIssue(issue(code, path, message));
      },
      { when: (payload) => payload.issues.length === 0 },
    ),
  );
}

/**
 * A zod issue that carries `code` as it is: zod keeps an issue's code, and a
 * `ValidationError`'s issue reports it (`sunat_3244`, not zod's generic `custom`).
 */
function issue(code: string, path: (string | number)[], message: string): z.core.$ZodSuperRefineIssue {
  return { code, path, message } as unknown as z.core.$ZodSuperRefineIssue;
}
