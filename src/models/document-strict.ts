/**
 * The body of `documents.create` with SUNAT's own rules on top, for the client's
 * `strictSunatChecks`. Loaded only by a client that turns them on: the rules
 * (`sunat/document/rules.ts`, the same module the sandbox runs) and the SUNAT helpers they need
 * are carried by no other app.
 *
 * @module
 */
import * as z from 'zod/mini';
import { checkDocument } from '../sunat/document/rules.js';
import { isValidRuc, RUC_PREFIXES, rucCheckDigit } from '../sunat/identity.js';
import { DocumentCreateParams } from './document.js';

/**
 * The body of `documents.create` with SUNAT's rules checked before anything is sent, for the
 * client's `strictSunatChecks`:
 * - every ERR rule of `checkDocument` (`yupana/sunat`) at `igvRate`: forma de pago and
 *   installments, operation type and customer type, detracción, percepción, retención, ICBPER,
 *   free lines, discounts and charges, totals, legends, references, exports, a boleta above
 *   S/ 700 naming its customer, one IGV rate per document, each line's `igv` within 0.01 of
 *   base × rate (not checked for IVAP lines, `17`, nor affectations this SDK does not know).
 *   Each failure is a `ValidationError` issue whose `code` is `sunat_<code>` (`sunat_3244`);
 * - a RUC customer (`6`) passes the check digit (`isValidRuc`), issue code `invalid_ruc`: an
 *   SDK check, not SUNAT's, and only here (sample data everywhere uses RUCs that fail it).
 *
 * They run once the body passes the schema, so a malformed body gets the schema's issues only.
 */
export function strictDocumentCreateParams(igvRate: number) {
  return DocumentCreateParams.check(
    z.superRefine(
      (d, ctx) => {
        const { documentType, documentNumber } = d.customer;
        if (documentType === '6' && !isValidRuc(documentNumber)) {
          const message = RUC_PREFIXES.includes(documentNumber.slice(0, 2))
            ? `is not a valid RUC: its check digit should be ${rucCheckDigit(documentNumber.slice(0, 10))}`
            : `is not a valid RUC: it must start with ${RUC_PREFIXES.join(', ')}`;
          ctx.addIssue(issue('invalid_ruc', ['customer', 'documentNumber'], message));
        }
        for (const broken of checkDocument(d, { igvRate })) {
          ctx.addIssue(issue(broken.code, broken.path, broken.message));
        }
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
