/**
 * What a nota (de crédito, de débito) may modify: the document its `reference.documentId` names,
 * checked as the service checks it.
 *
 * @module
 */
import type { FieldIssue } from '../../core/errors.js';
import type { DocumentCreateParams } from '../../models/document.js';
import { exactCents } from '../../sunat/decimal.js';
import { sunatIssue } from '../../sunat/document/rules/index.js';
import type { DocumentCore } from './document-version.js';
import { fieldIssue } from './document-values.js';

/**
 * The document a nota's `reference.documentId` names, with the issues it raises: it must exist,
 * be a factura or boleta (`01`/`03`) and share the nota's series letter; a nota de crédito of
 * reason `13` changes the payment terms of a factura (`sunat_3259`) sold on credit
 * (`sunat_3260`), to installments adding up to at most its total (`sunat_3320`).
 */
export function referencedDocument(
  params: DocumentCreateParams,
  find: (id: string) => DocumentCore | undefined,
  issues: Required<FieldIssue>[],
): DocumentCore | undefined {
  const reference = params.reference;
  if (reference?.documentId === undefined) return undefined;
  const path = 'reference.documentId';
  const found = find(reference.documentId);
  if (!found) {
    issues.push({ path, code: 'not_found', message: `no document with id '${reference.documentId}' was issued here` });
    return undefined;
  }
  if (found.type !== '01' && found.type !== '03') {
    issues.push({ path, code: 'invalid_reference', message: `a nota modifies a factura (01) or boleta (03); ${found.fullNumber} is a ${found.type}` });
    return undefined;
  }
  if (found.series[0] !== params.series[0]) {
    issues.push({
      path,
      code: 'invalid_reference',
      message: `a nota shares the series letter of what it modifies: ${found.fullNumber} is not a ${params.series[0]} series`,
    });
  }
  if (params.type === '07' && reference.reason === '13') {
    if (found.type !== '01') {
      issues.push(fieldIssue(sunatIssue('3259', ['reference', 'documentId'], { byId: true })));
    } else if (found.paymentTerms?.type !== 'credit') {
      issues.push(fieldIssue(sunatIssue('3260', ['reference', 'documentId'], { fullNumber: found.fullNumber })));
    } else if (params.paymentTerms?.type === 'credit') {
      const pending = params.paymentTerms.installments.reduce((sum, installment, i) => sum + exactCents(installment.amount, `paymentTerms.installments.${i}.amount`), 0n);
      if (pending > exactCents(found.totals.total, 'total')) {
        issues.push(fieldIssue(sunatIssue('3320', ['paymentTerms', 'installments'], { fullNumber: found.fullNumber, total: found.totals.total.toFixed(2) })));
      }
    }
  }
  return found;
}
