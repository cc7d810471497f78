/**
 * The series (serie) of the document: SUNAT's 1001.
 *
 * @module
 */
import type { DocumentTypeCode } from '../../catalogs.js';
import { isValidSeries } from '../../series.js';
import type { DocumentRule } from './rule.js';

/** 1001: the series fits the document type (F facturas, B boletas, a nota the letter of what it modifies). */
export const seriesRule: DocumentRule = ({ body }, find) => {
  const referenced = body.reference && 'type' in body.reference ? body.reference.type : undefined;
  if (!isValidSeries(body.type as DocumentTypeCode, body.series, referenced)) find.error('1001', ['series'], { type: body.type });
};
