// @ts-nocheck: esbuild writes JavaScript, and src/models/predicates.ts is type-checked where it is written.
// Written by scripts/compile-checks.ts from src/models/predicates.ts (`npm run checks`): do not edit.
/**
 * The refinements' predicates and what they import, bundled as one module: what the compiled
 * checks (`compiled.ts`) call. See scripts/compile-checks.ts for why a copy.
 *
 * @module
 */
// src/internal/url.ts
var LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
function isSecureURL(url) {
  return url.protocol === "https:" || url.protocol === "http:" && LOOPBACK.test(url.hostname);
}

// src/sunat/document-codes.ts
var CREDIT_NOTE_REASON_CODES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13"];
var DEBIT_NOTE_REASON_CODES = ["01", "02", "03", "11", "12"];

// src/models/text.ts
var SINGLE_LINE_TEXT = /^[^\x00-\x08\x0a-\x1f\ud800-\udfff\ufffe\uffff]*$/u;

// src/models/predicates.ts
function hasDecimals(value, digits) {
  const [mantissa, exponent] = String(value).split("e");
  const point = mantissa.indexOf(".");
  return (point === -1 ? 0 : mantissa.length - point - 1) - Number(exponent ?? 0) <= digits;
}
var hasAtMostDecimals = {
  2: (value) => hasDecimals(value, 2),
  3: (value) => hasDecimals(value, 3),
  10: (value) => hasDecimals(value, 10)
};
var hasAtMost20Keys = (metadata) => {
  let keys = 0;
  for (const key in metadata) if (key !== "__proto__") keys++;
  return keys <= 20;
};
var hasMetadataKeys = (metadata) => {
  for (const key in metadata) if (key !== "__proto__" && !(key.length >= 1 && key.length <= 40 && SINGLE_LINE_TEXT.test(key))) return false;
  return true;
};
var rucHas11Digits = (c) => c.documentType !== "6" || c.documentNumber === void 0 || /^\d{11}$/.test(c.documentNumber);
var dniHas8Digits = (c) => c.documentType !== "1" || c.documentNumber === void 0 || /^\d{8}$/.test(c.documentNumber);
var isFacturaOrBoleta = (type) => type === "01" || type === "03";
var noteHasReference = (d) => !(d.type === "07" || d.type === "08") || d.reference !== void 0;
var creditOnly = CREDIT_NOTE_REASON_CODES.filter((code) => !DEBIT_NOTE_REASON_CODES.includes(code));
var debitNoteHasDebitReason = (d) => d.type !== "08" || !d.reference || !creditOnly.includes(d.reference.reason);
var dueDateNotBeforeIssueDate = (d) => d.dueDate === void 0 || d.issueDate === void 0 || d.dueDate >= d.issueDate;
var isSecureURLText = (value) => {
  try {
    return isSecureURL(new URL(value));
  } catch {
    return false;
  }
};
export {
  debitNoteHasDebitReason,
  dniHas8Digits,
  dueDateNotBeforeIssueDate,
  hasAtMost20Keys,
  hasAtMostDecimals,
  hasDecimals,
  hasMetadataKeys,
  isFacturaOrBoleta,
  isSecureURLText,
  noteHasReference,
  rucHas11Digits
};
