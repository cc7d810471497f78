/**
 * What a CDR response code means. The CDR (constancia de recepción) is SUNAT's signed receipt;
 * its ResponseCode is `Document.taxAuthority.code`. "SUNAT answered" is not "accepted": check
 * the class.
 *
 * @module
 */

/**
 * - `accepted`: code `0`;
 * - `observed`: `4000` and above: accepted, with observations to fix in future documents;
 * - `rejected`: `2000`-`3999`: the number is used up; issue a new document;
 * - `exception`: `0100`-`1999`: not registered; fix and resend the same document.
 */
export type CdrCodeClass = 'accepted' | 'observed' | 'rejected' | 'exception';

/** Classifies a CDR ResponseCode; `undefined` for a code outside SUNAT's ranges. */
export function classifyCdrCode(code: string): CdrCodeClass | undefined {
  if (!/^\d{1,4}$/.test(code)) return undefined;
  const n = Number(code);
  if (n === 0) return 'accepted';
  if (n >= 4000) return 'observed';
  if (n >= 2000) return 'rejected';
  if (n >= 100) return 'exception';
  return undefined;
}

/** Codes for transient failures at SUNAT: safe to resend the same document. */
const TRANSIENT: readonly [number, number][] = [
  [100, 100],
  [109, 109],
  [130, 138],
  [200, 204],
  [250, 252],
];

/** Whether a CDR code is a transient SUNAT failure, safe to resend with the same document. */
export function isTransientCdrCode(code: string): boolean {
  const n = Number(code);
  return /^\d{1,4}$/.test(code) && TRANSIENT.some(([from, to]) => n >= from && n <= to);
}

/** Codes by which SUNAT says it already has the document: treat as "look it up", not as a new failure. */
const DUPLICATE = new Set([140, 402, 1032, 1033, 2223, 4000]);

/** Whether a CDR code says the document (or its number) was already sent. */
export function isDuplicateCdrCode(code: string): boolean {
  return /^\d{1,4}$/.test(code) && DUPLICATE.has(Number(code));
}
