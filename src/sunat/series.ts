/**
 * SUNAT's rules for series (serie): four characters that, with the correlative number, name a
 * document (`F001-123`).
 *
 * @module
 */
import type { DocumentTypeCode } from './catalogs.js';
import { ownValue } from './own.js';

export { MAX_DOCUMENT_NUMBER } from './document-codes.js';

/** The first letter SUNAT requires of an electronic series, by catálogo 01 document type. */
const LETTERS: Record<DocumentTypeCode, string> = { '01': 'F', '03': 'B', '07': 'FBS', '08': 'FBS' };

/**
 * Whether `series` is valid for a document `type` under SUNAT's rules: a factura's series is
 * `F` plus 3 uppercase letters or digits (`F001`, `FF01`), a boleta's `B` plus 3; a nota de
 * crédito or débito takes the letter of the document it modifies (`F` for a factura, `B` for a
 * boleta, `S` for other receipts): pass `referencedType` (`01` or `03`) to check that too.
 * Four digits (`0001`) is a contingency series.
 *
 * The API itself is stricter: `documents.create` takes a letter plus three digits (`F001`).
 *
 * ```ts
 * isValidSeries('03', 'F001');       // false: a boleta's series starts with B
 * isValidSeries('07', 'B001', '03'); // true: a nota de crédito for a boleta
 * ```
 */
export function isValidSeries(type: DocumentTypeCode, series: string, referencedType?: '01' | '03'): boolean {
  // Own keys only: a type named `toString` or `__proto__` is no document type.
  const letters = ownValue(LETTERS, referencedType === undefined || (type !== '07' && type !== '08') ? type : referencedType);
  if (letters === undefined) return false;
  return /^\d{4}$/.test(series) || (/^[A-Z][A-Z0-9]{3}$/.test(series) && letters.includes(series.charAt(0)));
}
