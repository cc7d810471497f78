/**
 * The refinements of the request schemas, as plain functions that import no zod: each schema
 * refines with one of these (the schema holds the rule's words), and each is tested on its own
 * (test/sdk/predicates.test.ts), its verdicts written out.
 *
 * @module
 */
import { isSecureURL } from '../internal/url.js';
import { CREDIT_NOTE_REASON_CODES, DEBIT_NOTE_REASON_CODES } from '../sunat/document-codes.js';
import { SINGLE_LINE_TEXT } from './text.js';

/**
 * Whether `value` is written with at most `digits` decimals, as it prints: `9.18` has 2, the
 * float `9.180000000000001` has 15, `1.5e-7` has 8.
 */
export function hasDecimals(value: number, digits: number): boolean {
  // `1.5e-7` has 8 decimals: those of its mantissa, plus 7; `1e+21` has none.
  const [mantissa, exponent] = String(value).split('e') as [string, string?];
  const point = mantissa.indexOf('.');
  return (point === -1 ? 0 : mantissa.length - point - 1) - Number(exponent ?? 0) <= digits;
}

/** {@link hasDecimals} by the number of decimals the schemas allow: 2 for amounts, 3 for exchange rates (6 on a retention's or perception's), 10 for quantities and unit values. */
export const hasAtMostDecimals = {
  2: (value: number) => hasDecimals(value, 2),
  3: (value: number) => hasDecimals(value, 3),
  6: (value: number) => hasDecimals(value, 6),
  10: (value: number) => hasDecimals(value, 10),
} as const;

/**
 * Whether `metadata` has at most 20 keys: those a `for...in` walks, but `__proto__`, which are the
 * keys of the copy zod refines (`handleCatchall`).
 */
export const hasAtMost20Keys = (metadata: object) => {
  let keys = 0;
  for (const key in metadata) if (key !== '__proto__') keys++;
  return keys <= 20;
};

/** Whether every key of `metadata` (those {@link hasAtMost20Keys} counts) is 1 to 40 UTF-16 units of single-line text (`text.ts`). */
export const hasMetadataKeys = (metadata: object) => {
  for (const key in metadata) if (key !== '__proto__' && !(key.length >= 1 && key.length <= 40 && SINGLE_LINE_TEXT.test(key))) return false;
  return true;
};

export type IdentityNumber = { documentType?: string | undefined; documentNumber?: string | undefined };

/** Whether a RUC (`documentType` 6) has 11 digits; true when either field is absent, so partial updates pass. */
export const rucHas11Digits = (c: IdentityNumber) => c.documentType !== '6' || c.documentNumber === undefined || /^\d{11}$/.test(c.documentNumber);

/** Whether a DNI (`documentType` 1) has 8 digits; true when either field is absent. */
export const dniHas8Digits = (c: IdentityNumber) => c.documentType !== '1' || c.documentNumber === undefined || /^\d{8}$/.test(c.documentNumber);

/** Whether a referenced document issued elsewhere is a factura (`01`) or a boleta (`03`). */
export const isFacturaOrBoleta = (type: string) => type === '01' || type === '03';

type NoteFields = { type: string; reference?: { reason?: string } | undefined; issueDate?: string | undefined; dueDate?: string | undefined };

/** Whether a nota (`07`, `08`) has its `reference`; every other type passes. */
export const noteHasReference = (d: NoteFields) => !(d.type === '07' || d.type === '08') || d.reference !== undefined;

/** Catálogo 09 codes that are not in catálogo 10: never the reason of a nota de débito. */
const creditOnly: readonly (string | undefined)[] = CREDIT_NOTE_REASON_CODES.filter((code) => !(DEBIT_NOTE_REASON_CODES as readonly string[]).includes(code));

/** Whether a nota de débito (`08`) gives a catálogo 10 reason; every other type passes. */
export const debitNoteHasDebitReason = (d: NoteFields) => d.type !== '08' || !d.reference || !creditOnly.includes(d.reference.reason);

/** Whether `dueDate` is not before `issueDate` (both `YYYY-MM-DD`); true when either is absent. */
export const dueDateNotBeforeIssueDate = (d: NoteFields) => d.dueDate === undefined || d.issueDate === undefined || d.dueDate >= d.issueDate;

/** Whether a document's advances (anticipos), if any, are on a factura or boleta: only those deduct them. */
export const advancesOnFacturaOrBoleta = (d: { type: string; advances?: unknown }) => d.advances === undefined || isFacturaOrBoleta(d.type);

/** Whether `value` parses as an `https://` URL, or `http://` on a loopback host. */
export const isSecureURLText = (value: string) => {
  try {
    return isSecureURL(new URL(value));
  } catch {
    return false;
  }
};
