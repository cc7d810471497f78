/**
 * SUNAT's own rules on the body of `documents.create`, for the client's `strictSunatChecks`: a
 * function of a body that passed the schema, with no zod and no schema of its own, so that it
 * shares nothing with the operation declarations but the code lists both read. Loaded only by a
 * client that turns them on: the rules (`sunat/document/rules.ts`, the same module the sandbox
 * runs) and the SUNAT helpers they need are carried by no other app. `yupana/schemas`'
 * `strictDocumentCreateParams` is built on it.
 *
 * @module
 */
import type { FieldIssue } from '../../core/errors.js';
import type { DocumentCreateParams } from '../../models/document.js';
import { checkDocument } from '../../sunat/document/rules.js';
import { isValidRuc, RUC_PREFIXES, rucCheckDigit } from '../../sunat/identity.js';

/** One rule a body breaks: its code, the path of the field as keys, and the rule in words. */
export interface StrictDocumentBreak {
  code: string;
  path: (string | number)[];
  message: string;
}

/**
 * The rules a body of `documents.create` that passed its schema (`DocumentCreateParams`) breaks,
 * `[]` for none:
 * - a RUC customer (`6`) passes the check digit (`isValidRuc`), code `invalid_ruc`: an SDK
 *   check, not SUNAT's, and only here (sample data everywhere uses RUCs that fail it);
 * - every ERR rule of `checkDocument` (`yupana/sunat`) at `igvRate`: forma de pago and
 *   installments, operation type and customer type, detracción, percepción, retención, ICBPER,
 *   free lines, discounts and charges, totals, legends, references, exports, a boleta above
 *   S/ 700 naming its customer, the issue date against today in Lima on this machine (at most
 *   2 days ahead; at most 3 days old for a factura, 7 for a boleta), one IGV rate per document,
 *   each line's `igv` within 1.00 of its base (plus its ISC) × rate (an IVAP line's, `17`, × 4%;
 *   not checked for affectations this SDK does not know), ISC and IVAP.
 *   Each one's `code` is `sunat_<code>` (`sunat_3244`).
 */
export function strictDocumentBreaks(body: DocumentCreateParams, igvRate: number): StrictDocumentBreak[] {
  const breaks: StrictDocumentBreak[] = [];
  const { documentType, documentNumber } = body.customer;
  if (documentType === '6' && !isValidRuc(documentNumber)) {
    const message = RUC_PREFIXES.includes(documentNumber.slice(0, 2))
      ? `is not a valid RUC: its check digit should be ${rucCheckDigit(documentNumber.slice(0, 10))}`
      : `is not a valid RUC: it must start with ${RUC_PREFIXES.join(', ')}`;
    breaks.push({ code: 'invalid_ruc', path: ['customer', 'documentNumber'], message });
  }
  breaks.push(...checkDocument(body, { igvRate }));
  return breaks;
}

/**
 * {@link strictDocumentBreaks} as a `ValidationError` reports them: the client's check of a
 * `documents.create` body with `strictSunatChecks` on, paths joined with dots (`items.0.igv`).
 */
export function strictDocumentIssues(body: DocumentCreateParams, igvRate: number): Required<FieldIssue>[] {
  return strictDocumentBreaks(body, igvRate).map(({ code, path, message }) => ({ path: path.join('.'), code, message }));
}
