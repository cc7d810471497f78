/**
 * SUNAT's own rules on the body of `documents.create` (and of `retentions.create`,
 * `perceptions.create` and `despatches.create`), for the client's `strictSunatChecks`: a function of a body that passed the schema, with no zod and no schema of its own, so that it
 * shares nothing with the operation declarations but the code lists both read. Loaded only by a
 * client that turns them on: the rules (`sunat/document/rules.ts`, the same module the sandbox
 * runs) and the SUNAT helpers they need are carried by no other app. `yupana/schemas`'
 * `strictDocumentCreateParams` is built on it.
 *
 * @module
 */
import type { FieldIssue } from '../../core/errors.js';
import type { DocumentCreateParams } from '../../models/document.js';
import { limaDate } from '../../sunat/dates.js';
import { checkDocument } from '../../sunat/document/rules.js';
import { rucProblem } from '../../sunat/identity.js';
import { IGV_RATE, igvRateOn } from '../../sunat/rates.js';
import { checkPerception, checkRetention } from '../../sunat/retention/rules.js';
import { checkDespatch } from '../../sunat/despatch/check.js';
import type { DespatchCreateParams } from '../../models/despatch.js';
import type { RetentionCreateParams } from '../../models/retention.js';
import type { PerceptionCreateParams } from '../../models/perception.js';

/** One rule a body breaks: its code, the path of the field as keys, and the rule in words. */
export interface StrictDocumentBreak {
  code: string;
  path: (string | number)[];
  message: string;
}

/**
 * The rules a body of `documents.create` that passed its schema (`DocumentCreateParams`) breaks,
 * `[]` for none:
 * - a RUC customer (`6`) passes the check digit (`isValidRuc`), code `invalid_ruc`: the
 *   service's check (SUNAT's registry refuses an unknown RUC), as the service words it (`rucProblem`);
 * - every ERR rule of `checkDocument` (`yupana/sunat`) at `setting`'s IGV rate (`igvRate`, or
 *   with `igvReducedRate` the issuer's rate of the issue date: `igvRateOn(issueDate, { reduced })`): forma de pago and
 *   installments, operation type and customer type, detracción, percepción, retención, ICBPER,
 *   free lines, discounts and charges, totals, legends, references, exports, a boleta above
 *   S/ 700 naming its customer, the issue date against today in Lima on this machine (at most
 *   2 days ahead; at most 3 days old for a factura, 7 for a boleta), one IGV rate per document,
 *   each line's `igv` within 1.00 of its base (plus its ISC) × rate (an IVAP line's, `17`, × 4%;
 *   not checked for affectations this SDK does not know), ISC and IVAP.
 *   Each one's `code` is `sunat_<code>` (`sunat_3244`).
 */
export function strictDocumentBreaks(body: DocumentCreateParams, setting: StrictRate): StrictDocumentBreak[] {
  const breaks: StrictDocumentBreak[] = [];
  const { documentType, documentNumber } = body.customer;
  const rucIssue = documentType === '6' ? rucProblem(documentNumber) : undefined;
  if (rucIssue !== undefined) breaks.push({ code: 'invalid_ruc', path: ['customer', 'documentNumber'], message: rucIssue });
  const today = limaDate();
  let igvRate: number;
  if ('igvRate' in setting) igvRate = setting.igvRate;
  else {
    // The issuer's rate of the issue date; a date before any reduced rate is the issue date's rule to refuse, at the general one.
    const issueDate = body.issueDate ?? today;
    try {
      igvRate = igvRateOn(issueDate, { reduced: setting.igvReducedRate });
    } catch {
      igvRate = IGV_RATE;
    }
  }
  breaks.push(...checkDocument(body, { igvRate, today }));
  return breaks;
}

/** The IGV rate the checks run at: a fixed one, or the issuer's of each document's issue date, reduced in SUNAT's padrón of restaurants and hotels. */
export type StrictRate = { readonly igvRate: number } | { readonly igvReducedRate: boolean };

/**
 * {@link strictDocumentBreaks} as a `ValidationError` reports them: the client's check of a
 * `documents.create` body with `strictSunatChecks` on, paths joined with dots (`items.0.igv`).
 */
export function strictDocumentIssues(body: DocumentCreateParams, setting: StrictRate): Required<FieldIssue>[] {
  return fieldIssues(strictDocumentBreaks(body, setting));
}

/**
 * The client's check of a `retentions.create` body with `strictSunatChecks` on: every rule of
 * `checkRetention` (`yupana/sunat`) today in Lima on this machine, as a `ValidationError` reports
 * them. The service alone compares the supplier with the issuer (2620): the client does not know its RUC.
 */
export function strictRetentionIssues(body: RetentionCreateParams): Required<FieldIssue>[] {
  return fieldIssues(checkRetention(body));
}

/**
 * The client's check of a `perceptions.create` body with `strictSunatChecks` on: every rule of
 * `checkPerception` (`yupana/sunat`) today in Lima on this machine, as a `ValidationError` reports
 * them. The service alone compares the customer with the issuer (2604).
 */
export function strictPerceptionIssues(body: PerceptionCreateParams): Required<FieldIssue>[] {
  return fieldIssues(checkPerception(body));
}

/**
 * The client's check of a `despatches.create` body with `strictSunatChecks` on: every rule of
 * `checkDespatch` (`yupana/sunat`) today in Lima on this machine, as a `ValidationError` reports
 * them. The service alone checks what needs the issuer's RUC (2554, 2555, 2560).
 */
export function strictDespatchIssues(body: DespatchCreateParams): Required<FieldIssue>[] {
  return fieldIssues(checkDespatch(body));
}

/** Broken rules as a `ValidationError`'s issues: paths joined with dots (`items.0.igv`). */
const fieldIssues = (breaks: readonly StrictDocumentBreak[]): Required<FieldIssue>[] =>
  breaks.map(({ code, path, message }) => ({ path: path.join('.'), code, message }));
