/**
 * What a nota (de crédito, de débito) may modify: the document its `reference.documentId` names,
 * checked as the service checks it.
 *
 * @module
 */
import type { FieldIssue } from '../../core/errors.js';
import type { DocumentCreateParams } from '../../models/document.js';
import { exactCents, format } from '../../sunat/decimal.js';
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

/** A document's status that no longer charges nor credits anything: SUNAT rejected it, or it was voided. */
const SPENT: ReadonlySet<string> = new Set(['rejected', 'voided']);

/**
 * SUNAT's 3286, which its back end checks and the service checks here (docs/contract.md, "A nota de
 * crédito past what its document charged"): a nota de crédito by `documentId` whose total (`credit`,
 * in cents), with the totals of the earlier notas de crédito of the same document, passes what the
 * document charged (its total and its notas de débito); earlier notas SUNAT rejected, or voided, do
 * not count. Past it, the issue naming the balance left; `undefined` within it.
 */
export function creditBalanceIssue(modified: DocumentCore, notas: readonly { core: DocumentCore; status: string }[], credit: bigint): Required<FieldIssue> | undefined {
  let balance = exactCents(modified.totals.total, 'total');
  let credited = 0n;
  for (const { core, status } of notas) {
    if (SPENT.has(status)) continue;
    const total = exactCents(core.totals.total, 'total');
    if (core.type === '08') balance += total;
    else credited += total;
  }
  const left = balance - credited;
  if (credit <= left) return undefined;
  const details = { fullNumber: modified.fullNumber, charged: format(balance), credited: format(credited), left: format(left), total: format(credit) };
  return fieldIssue(sunatIssue('3286', ['items'], details));
}
