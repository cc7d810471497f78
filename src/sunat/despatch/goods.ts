/**
 * The rules of what is moved: the weight's unit (2523), each line's SUNAT product code (3002), and
 * each related document's type by catálogo 61 (2692) and its issuer's RUC (3380).
 *
 * @module
 */
import type { SunatIssue } from '../document/rules/findings.js';
import { despatchIssue } from './codes.js';
import type { DespatchRule } from './context.js';

/** Catálogo 61, the documents a guía relates, by the guía's type (the catalog's `gre-r` and `gre-t` columns). */
export const RELATED_TYPES: Readonly<Record<'09' | '31', readonly string[]>> = {
  '09': ['01', '03', '04', '09', '12', '48', '49', '50', '52', '71', '72', '73', '74', '75', '76', '77', '78', '80', '81'],
  '31': ['01', '03', '04', '09', '12', '31', '48', '50', '52', '65', '66', '67', '68', '69', '80', '82'],
};
/** The related types that name their issuer's RUC (3380), by the guía's type. */
const ISSUER_NAMED: Readonly<Record<'09' | '31', readonly string[]>> = {
  '09': ['01', '03', '04', '09', '12', '48'],
  '31': ['01', '03', '04', '09', '12', '31', '48'],
};

/** The unit of the gross weight: `KGM` or `TNE` (2523). */
export const weightUnitRule: DespatchRule = ({ body }) => {
  const unit = body.weightUnit ?? 'KGM';
  return unit === 'KGM' || unit === 'TNE' ? [] : [despatchIssue('2523', ['weightUnit'], { unit })];
};

/** Each SUNAT product code: 8 digits, not all zeros (3002). */
export const productCodesRule: DespatchRule = ({ body }) =>
  body.items.flatMap(({ sunatProductCode: code }, index) =>
    code === undefined || (/^\d{8}$/.test(code) && !/^0+$/.test(code)) ? [] : [despatchIssue('3002', ['items', index, 'sunatProductCode'], { code })],
  );

/** Each related document given by type and number: a type the guía relates (2692), its issuer's RUC where SUNAT asks for it (3380). */
export const relatedDocumentsRule: DespatchRule = ({ body }) =>
  (body.relatedDocuments ?? []).flatMap((related, index) => {
    if (!('type' in related)) return [];
    const issues: SunatIssue[] = [];
    const allowed = RELATED_TYPES[body.type];
    if (!allowed.includes(related.type)) issues.push(despatchIssue('2692', ['relatedDocuments', index, 'type'], { type: related.type, despatch: body.type, allowed }));
    else if (ISSUER_NAMED[body.type].includes(related.type) && related.issuerRuc === undefined)
      issues.push(despatchIssue('3380', ['relatedDocuments', index, 'issuerRuc'], { type: related.type }));
    return issues;
  });
