/**
 * The documents a document names: guías de remisión listed once (2364) with a series and number
 * (4006, observed), related documents listed once (2365) of a type (4009) and a number (4010,
 * observed) its document type takes, on a nota de crédito of reason 10 one of type 99 at most
 * (2637, 2635), and the orden de compra's characters (4233, observed).
 *
 * @module
 */
import { ownValue } from '../../own.js';
import type { SunatIssuePath } from './findings.js';
import type { DocumentRule, ObservationRule } from './rule.js';
import type { Findings } from './findings.js';

/**
 * A guía de remisión's number as SUNAT's stylesheets take it (4006): a `T` series (`T001-123`),
 * a 4-digit contingency series, `EG`/`G`/`V` series, each with a number of 1 to 8 digits. The
 * stylesheets' own expression, `[EG07] {4}` (a letter and four spaces) included.
 */
const DESPATCH_NUMBER = /^T[A-Z0-9]{3}-\d{1,8}$|^\d{4}-\d{1,8}$|^[EG0][1-4]-\d{1,8}$|^[EG07] {4}-\d{1,8}$|^G\d{3}-\d{1,8}$|^V[A-Z0-9]{3}-\d{1,8}$/;

/**
 * The catálogo 12 types SUNAT's stylesheet of each document type takes for another related
 * document (4009 otherwise): fewer than the catálogo holds, and not the same for each.
 */
const RELATED_TYPES_OF: Readonly<Record<string, readonly string[]>> = {
  '01': ['02', '03', '04', '05', '06', '07', '08', '09', '99'],
  '03': ['02', '03', '04', '05', '08', '09', '99'],
  '07': ['01', '04', '05', '99'],
  '08': ['04', '05', '99'],
};

/**
 * The number of another related document as SUNAT's stylesheet of each document type takes it
 * (4010 otherwise), with its length. The stylesheets match with Java's regular expressions
 * (`fn:matches` with the `j` flag): `\w` is an ASCII letter, digit or `_`, `.` any character but a
 * line terminator.
 */
const RELATED_NUMBER_OF: Readonly<Record<string, { shape: RegExp; min: number; max: number }>> = {
  '01': { shape: /^\w[^\n\r\u0085\u2028\u2029]{1,30}$/, min: 2, max: 31 },
  '03': { shape: /^\w[^\n\r\u0085\u2028\u2029]{1,30}$/, min: 2, max: 31 },
  '07': { shape: /^[^ \t\n\x0B\f\r]{6,30}$/, min: 6, max: 30 },
  '08': { shape: /^\w[^\n\r\u0085\u2028\u2029]{6,30}$/, min: 7, max: 31 },
};
/** White space as Java's `\s` reads it. No stylesheet takes it in a related document's number. */
const JAVA_SPACE = /[ \t\n\x0B\f\r]/;
/** An orden de compra as SUNAT's factura stylesheet takes it (4233): letters and digits only. */
const PURCHASE_ORDER = /^[0-9a-zA-Z]+$/;

/** `code` at each key of `keys` seen before it. */
function repeated(keys: string[], field: SunatIssuePath, code: '2364' | '2365', find: Findings): void {
  const seen = new Set<string>();
  keys.forEach((key, i) => {
    if (seen.has(key)) find.error(code, [...field, i]);
    seen.add(key);
  });
}

/** 2364/2365: despatches and related documents listed once; 2637/2635: a nota de crédito of reason 10 relates one document of type 99 at most, and no other type. */
export const referencesRule: DocumentRule = ({ body }, find) => {
  if (body.despatches) {
    repeated(
      body.despatches.map((d) => `${d.type} ${d.fullNumber}`),
      ['despatches'],
      '2364',
      find,
    );
  }
  const related = body.relatedDocuments;
  if (!related) return;
  repeated(
    related.map((d) => `${d.type} ${d.number}`),
    ['relatedDocuments'],
    '2365',
    find,
  );
  // A nota de crédito of reason 10 (otros conceptos) names at most one other document, of type 99.
  if (body.type === '07' && body.reference?.reason === '10') {
    related.forEach((document, i) => {
      if (document.type !== '99') find.error('2637', ['relatedDocuments', i, 'type']);
    });
    if (related.filter((document) => document.type === '99').length > 1) find.error('2635', ['relatedDocuments']);
  }
};

/** 4006 a guía's number that is not a series and number. */
export const despatchObservations: ObservationRule = ({ body }, find) => {
  body.despatches?.forEach((despatch, i) => {
    if (!DESPATCH_NUMBER.test(despatch.fullNumber)) find.observe('4006', ['despatches', i, 'fullNumber'], { number: despatch.fullNumber });
  });
};

/** 4010 a related document's number not of the shape its document type takes (without spaces, long enough); 4009 a type it does not take. */
export const relatedDocumentObservations: ObservationRule = ({ body }, find) => {
  const types = ownValue(RELATED_TYPES_OF, body.type) ?? [];
  const number = ownValue(RELATED_NUMBER_OF, body.type);
  body.relatedDocuments?.forEach((related, i) => {
    if (number !== undefined && (!number.shape.test(related.number) || JAVA_SPACE.test(related.number))) {
      find.observe('4010', ['relatedDocuments', i, 'number'], { number: related.number, min: number.min, max: number.max });
    }
    if (!types.includes(related.type)) find.observe('4009', ['relatedDocuments', i, 'type'], { type: related.type, types });
  });
};

/** 4233: a factura's orden de compra with characters other than letters and digits. */
export const purchaseOrderObservation: ObservationRule = ({ body }, find) => {
  if (body.type === '01' && body.purchaseOrder !== undefined && !PURCHASE_ORDER.test(body.purchaseOrder)) {
    find.observe('4233', ['purchaseOrder'], { order: body.purchaseOrder });
  }
};
