/**
 * The body of `documents.create` with SUNAT's own rules on top, for the client's
 * `strictSunatChecks`. Loaded only by a client that turns them on: the rules need the SUNAT
 * helpers (the RUC check digit, series rules, exact line amounts) that other apps never carry.
 *
 * @module
 */
import * as z from 'zod/mini';
import { ONE, scale } from '../internal/decimal.js';
import { line } from '../sunat/amounts.js';
import { isIgvAffectationCode } from '../sunat/catalogs.js';
import { isValidRuc, RUC_PREFIXES, rucCheckDigit } from '../sunat/identity.js';
import { isValidSeries } from '../sunat/series.js';
import { DocumentCreateParams } from './document.js';

/** How far a line's `igv` may be from {@link line}'s: 0.01, scaled as `scale` reads amounts. */
const IGV_TOLERANCE = ONE / 100n;

/**
 * The body of `documents.create` with the SUNAT rules the API leaves to SUNAT itself, for the
 * client's `strictSunatChecks`:
 * - a RUC customer (`6`) passes the check digit ({@link isValidRuc});
 * - a factura (`01`) goes to a RUC customer, unless every line is an export (`40`): a customer
 *   abroad has no RUC; never to varios (`-`), the anonymous customer of a boleta;
 * - the series fits the document type ({@link isValidSeries}): `F` for a factura, `B` for a boleta;
 * - each line's `igv` is within 0.01 of {@link line} at `igvRate` (not checked for IVAP lines,
 *   `17`, nor for affectation codes this SDK does not know).
 *
 * They run once the body passes the schema, so a malformed body gets the schema's issues only.
 */
export function strictDocumentCreateParams(igvRate: number) {
  return DocumentCreateParams.check(
    z.superRefine((d, ctx) => {
      const { documentType, documentNumber } = d.customer;
      if (documentType === '6' && !isValidRuc(documentNumber)) {
        const message = RUC_PREFIXES.includes(documentNumber.slice(0, 2))
          ? `is not a valid RUC: its check digit should be ${rucCheckDigit(documentNumber.slice(0, 10))}`
          : `is not a valid RUC: it must start with ${RUC_PREFIXES.join(', ')}`;
        ctx.addIssue({ code: 'custom', message, path: ['customer', 'documentNumber'], input: documentNumber });
      }
      const anonymous = documentType === '-';
      if (d.type === '01' && documentType !== '6' && (anonymous || !d.items.every((item) => item.igvAffectation === '40'))) {
        const message = anonymous ? 'a factura (01) names its customer: varios (-) is for boletas' : 'a factura (01) goes to a RUC customer (6), except for exports';
        ctx.addIssue({ code: 'custom', message, path: ['customer', 'documentType'], input: documentType });
      }
      if (!isValidSeries(d.type, d.series)) {
        ctx.addIssue({ code: 'custom', message: `does not fit document type ${d.type}: facturas take an F series, boletas a B, notes the letter of the document they modify`, path: ['series'], input: d.series });
      }
      d.items.forEach((item, i) => {
        const affectation = item.igvAffectation ?? '10';
        // IVAP (17) has a rate of its own, and a code this SDK does not know, a rule it cannot tell.
        if (affectation === '17' || !isIgvAffectationCode(affectation)) return;
        const expected = line({ quantity: item.quantity, unitValue: item.unitPrice, igvRate, affectation }).igv;
        const off = scale(item.igv, 'igv') - scale(expected, 'igv');
        if (off > IGV_TOLERANCE || off < -IGV_TOLERANCE) {
          ctx.addIssue({ code: 'custom', message: `should be ${expected} at an IGV rate of ${igvRate}`, path: ['items', i, 'igv'], input: item.igv });
        }
      });
    }, { when: (payload) => payload.issues.length === 0 }),
  );
}
