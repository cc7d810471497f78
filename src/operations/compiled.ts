// Written by scripts/compile-checks.ts from the declarations of this folder (`npm run checks`): do not edit.
/**
 * Every operation declaration as the client runs it, without zod: its method, path and answer, and
 * for each schema a request is checked against, a function that answers whether zod accepts the
 * value (see `CompiledOperation`). The client loads this on its first call; zod and the
 * declarations load only to word a refusal.
 *
 * @module
 */
import type { CompiledOperation } from '../core/operation.js';
import * as p from './compiled-predicates.js';

/** `util.isObject` of zod: an object that is not null or an array. */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `$ZodArray`: every index, holes included, passes `check`. */
const every = (v: unknown[], check: (v: unknown) => boolean): boolean => {
  for (let i = 0; i < v.length; i++) if (!check(v[i])) return false;
  return true;
};
/** `handleCatchall`: every enumerable key `skip` does not name is `in` the object and passes `check`. */
const rest = (v: Record<string, unknown>, skip: (k: string) => boolean, check: (v: unknown) => boolean): boolean => {
  for (const k in v) if (!skip(k) && !(k in v && check(v[k]))) return false;
  return true;
};
/** `util.codePointLength`: `$ZodCheckMinLength` and `$ZodCheckMaxLength` on a string count code points, not UTF-16 units. */
const points = (v: string): number => {
  let count = v.length;
  for (let i = 0; i < v.length - 1; i++) {
    if ((v.charCodeAt(i) & 0xfc00) === 0xd800 && (v.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
};
const minPoints = (v: string, min: number): boolean => v.length >= 2 * min || (v.length >= min && points(v) >= min);
const maxPoints = (v: string, max: number): boolean => v.length <= max || points(v) <= max;

const r0 = /^[a-z][a-z-]*:(read|write)$/;
const r1 = /^\d{4}-\d{2}-\d{2}$/;
const r2 = /^[0-9A-Z-]$/;
const r3 = /^[A-Z]\d{3}$/;
const r4 = /^\d{8}$/;
const r5 = /^[A-Z0-9]{1,3}$/;
const r6 = /^\d{2}$/;
const r7 = /^\d{4}$/;
const r8 = /^\d{3}$/;
const r9 = /^(?:[FB][A-Z0-9]{3}|\d{4})-[1-9]\d{0,7}$/;
const r10 = /^[^\s@]+@[^\s@]+$/;
const r11 = /^\d{11}$/;
const e0 = new Set<unknown>([]);
const e1 = new Set<unknown>(["01","03","07","08"]);
const e2 = new Set<unknown>(["00","01"]);
const e3 = new Set<unknown>(["47","48"]);
const e4 = new Set<unknown>(["PEN","USD"]);
const e5 = new Set<unknown>(["cash","credit"]);
const e6 = new Set<unknown>(["51","52","53"]);
const e7 = new Set<unknown>(["02","03"]);
const e8 = new Set<unknown>(["45","46","49","50"]);
const e9 = new Set<unknown>(["31","09"]);
const e10 = new Set<unknown>(["pending","accepted","rejected","failed","voiding","voided"]);
const e11 = new Set<unknown>(["a4","ticket"]);
const e12 = new Set<unknown>(["document.created","document.accepted","document.rejected","document.retry_scheduled","document.failed","document.voided"]);
const c0 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 500);
const c1 = (v: unknown): boolean => (v === undefined || c0(v));
const c2 = (v: unknown): boolean => typeof v === 'string';
const c3 = (v: unknown): boolean => (v === undefined || c2(v));
const c4 = (v: unknown): boolean => (v === undefined || c3(v));
const c5 = (v: unknown): boolean => isObject(v) && c1(v["name"]) && c4(v["tradeName"]) && c4(v["address"]) && c4(v["email"]);
const c6 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 100);
const c7 = (v: unknown): boolean => typeof v === 'string' && r0.test(v);
const c8 = (v: unknown): boolean => Array.isArray(v) && every(v, c7) && v.length >= 1;
const c9 = (v: unknown): boolean => (v === undefined || c8(v));
const c10 = (v: unknown): boolean => isObject(v) && "name" in v && c6(v["name"]) && c9(v["permissions"]);
const c11 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && Number.isSafeInteger(v) && v >= 1 && v <= 100;
const c12 = (v: unknown): boolean => (v === undefined || c11(v));
const c13 = (v: unknown): boolean => isObject(v) && c12(v["limit"]) && c3(v["cursor"]);
const c14 = (v: unknown): boolean => typeof v === 'string' && r1.test(v);
const c15 = (v: unknown): boolean => v instanceof Date && !Number.isNaN(v.getTime());
const c16 = (v: unknown): boolean => (c14(v) || c15(v));
const c17 = (v: unknown): boolean => (v === undefined || c16(v));
const c18 = (v: unknown): boolean => isObject(v) && c12(v["limit"]) && c3(v["cursor"]) && c3(v["actor"]) && c3(v["action"]) && c17(v["from"]) && c17(v["to"]);
const c19 = (v: unknown): boolean => typeof v === 'string' && r2.test(v);
const c20 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 20);
const c21 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 1500);
const c22 = (v: unknown): boolean => isObject(v) && rest(v, (k) => e0.has(k) || k === '__proto__', c2) && !!p.hasAtMost20Keys(v as never);
const c23 = (v: unknown): boolean => (v === undefined || c22(v));
const c24 = (v: unknown): boolean => isObject(v) && "documentType" in v && c19(v["documentType"]) && "documentNumber" in v && c20(v["documentNumber"]) && "name" in v && c21(v["name"]) && c3(v["address"]) && c3(v["email"]) && c3(v["phone"]) && c23(v["metadata"]) && !!p.rucHas11Digits(v as never) && !!p.dniHas8Digits(v as never);
const c25 = (v: unknown): boolean => (v === undefined || c19(v));
const c26 = (v: unknown): boolean => (v === undefined || c20(v));
const c27 = (v: unknown): boolean => (v === undefined || c21(v));
const c28 = (v: unknown): boolean => (v === undefined || c23(v));
const c29 = (v: unknown): boolean => isObject(v) && c25(v["documentType"]) && c26(v["documentNumber"]) && c27(v["name"]) && c4(v["address"]) && c4(v["email"]) && c4(v["phone"]) && c28(v["metadata"]) && !!p.rucHas11Digits(v as never) && !!p.dniHas8Digits(v as never);
const c30 = (v: unknown): boolean => e1.has(v);
const c31 = (v: unknown): boolean => typeof v === 'string' && r3.test(v);
const c32 = (v: unknown): boolean => isObject(v) && "documentType" in v && c19(v["documentType"]) && "documentNumber" in v && c20(v["documentNumber"]) && "name" in v && c21(v["name"]) && c3(v["address"]) && c3(v["email"]) && !!p.rucHas11Digits(v as never) && !!p.dniHas8Digits(v as never);
const c33 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0 && !!p.hasAtMostDecimals[10](v as never);
const c34 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0 && !!p.hasAtMostDecimals[10](v as never);
const c35 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0 && !!p.hasAtMostDecimals[2](v as never);
const c36 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 30);
const c37 = (v: unknown): boolean => (v === undefined || c36(v));
const c38 = (v: unknown): boolean => typeof v === 'string' && r4.test(v);
const c39 = (v: unknown): boolean => (v === undefined || c38(v));
const c40 = (v: unknown): boolean => typeof v === 'string' && r5.test(v);
const c41 = (v: unknown): boolean => (v === undefined || c40(v));
const c42 = (v: unknown): boolean => typeof v === 'string' && r6.test(v);
const c43 = (v: unknown): boolean => (v === undefined || c42(v));
const c44 = (v: unknown): boolean => (v === undefined || c34(v));
const c45 = (v: unknown): boolean => (v === undefined || c35(v));
const c46 = (v: unknown): boolean => e2.has(v);
const c47 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0 && !!p.hasAtMostDecimals[2](v as never);
const c48 = (v: unknown): boolean => isObject(v) && "code" in v && c46(v["code"]) && "amount" in v && c47(v["amount"]) && c45(v["base"]);
const c49 = (v: unknown): boolean => Array.isArray(v) && every(v, c48);
const c50 = (v: unknown): boolean => (v === undefined || c49(v));
const c51 = (v: unknown): boolean => e3.has(v);
const c52 = (v: unknown): boolean => isObject(v) && "code" in v && c51(v["code"]) && "amount" in v && c47(v["amount"]) && c45(v["base"]);
const c53 = (v: unknown): boolean => Array.isArray(v) && every(v, c52);
const c54 = (v: unknown): boolean => (v === undefined || c53(v));
const c55 = (v: unknown): boolean => isObject(v) && "description" in v && c0(v["description"]) && "quantity" in v && c33(v["quantity"]) && "unitPrice" in v && c34(v["unitPrice"]) && "igv" in v && c35(v["igv"]) && c37(v["code"]) && c39(v["sunatProductCode"]) && c41(v["unitCode"]) && c43(v["igvAffectation"]) && c44(v["referenceValue"]) && c45(v["icbper"]) && c50(v["discounts"]) && c54(v["charges"]);
const c56 = (v: unknown): boolean => Array.isArray(v) && every(v, c55) && v.length >= 1;
const c57 = (v: unknown): boolean => e4.has(v);
const c58 = (v: unknown): boolean => (v === undefined || c57(v));
const c59 = (v: unknown): boolean => (v === undefined || c14(v));
const c60 = (v: unknown): boolean => typeof v === 'string' && r7.test(v);
const c61 = (v: unknown): boolean => (v === undefined || c60(v));
const c62 = (v: unknown): boolean => e5.has(v);
const c63 = (v: unknown): boolean => isObject(v) && "amount" in v && c47(v["amount"]) && "dueDate" in v && c14(v["dueDate"]);
const c64 = (v: unknown): boolean => Array.isArray(v) && every(v, c63);
const c65 = (v: unknown): boolean => (v === undefined || c64(v));
const c66 = (v: unknown): boolean => isObject(v) && "type" in v && c62(v["type"]) && c65(v["installments"]);
const c67 = (v: unknown): boolean => (v === undefined || c66(v));
const c68 = (v: unknown): boolean => typeof v === 'string' && r8.test(v);
const c69 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1;
const c70 = (v: unknown): boolean => (v === undefined || c68(v));
const c71 = (v: unknown): boolean => isObject(v) && "code" in v && c68(v["code"]) && "rate" in v && c69(v["rate"]) && "account" in v && c6(v["account"]) && c70(v["paymentMethod"]) && c45(v["amount"]);
const c72 = (v: unknown): boolean => (v === undefined || c71(v));
const c73 = (v: unknown): boolean => e6.has(v);
const c74 = (v: unknown): boolean => (v === undefined || c69(v));
const c75 = (v: unknown): boolean => isObject(v) && "code" in v && c73(v["code"]) && c74(v["rate"]) && c45(v["base"]) && c45(v["amount"]);
const c76 = (v: unknown): boolean => (v === undefined || c75(v));
const c77 = (v: unknown): boolean => isObject(v) && c74(v["rate"]) && c45(v["base"]) && c45(v["amount"]);
const c78 = (v: unknown): boolean => (v === undefined || c77(v));
const c79 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0 && !!p.hasAtMostDecimals[3](v as never);
const c80 = (v: unknown): boolean => (v === undefined || c79(v));
const c81 = (v: unknown): boolean => e7.has(v);
const c82 = (v: unknown): boolean => isObject(v) && "code" in v && c81(v["code"]) && "amount" in v && c47(v["amount"]) && c45(v["base"]);
const c83 = (v: unknown): boolean => Array.isArray(v) && every(v, c82);
const c84 = (v: unknown): boolean => (v === undefined || c83(v));
const c85 = (v: unknown): boolean => e8.has(v);
const c86 = (v: unknown): boolean => isObject(v) && "code" in v && c85(v["code"]) && "amount" in v && c47(v["amount"]) && c45(v["base"]);
const c87 = (v: unknown): boolean => Array.isArray(v) && every(v, c86);
const c88 = (v: unknown): boolean => (v === undefined || c87(v));
const c89 = (v: unknown): boolean => e9.has(v);
const c90 = (v: unknown): boolean => isObject(v) && "type" in v && c89(v["type"]) && "fullNumber" in v && c36(v["fullNumber"]);
const c91 = (v: unknown): boolean => Array.isArray(v) && every(v, c90);
const c92 = (v: unknown): boolean => (v === undefined || c91(v));
const c93 = (v: unknown): boolean => isObject(v) && "type" in v && c42(v["type"]) && "number" in v && c36(v["number"]);
const c94 = (v: unknown): boolean => Array.isArray(v) && every(v, c93);
const c95 = (v: unknown): boolean => (v === undefined || c94(v));
const c96 = (v: unknown): boolean => isObject(v) && "code" in v && c60(v["code"]) && "text" in v && c2(v["text"]);
const c97 = (v: unknown): boolean => Array.isArray(v) && every(v, c96);
const c98 = (v: unknown): boolean => (v === undefined || c97(v));
const c99 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && !!p.hasAtMostDecimals[2](v as never);
const c100 = (v: unknown): boolean => (v === undefined || c99(v));
const c101 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 255);
const c102 = (v: unknown): boolean => false;
const c103 = (v: unknown): boolean => (v === undefined || c102(v));
const c104 = (v: unknown): boolean => isObject(v) && "documentId" in v && c101(v["documentId"]) && "reason" in v && c42(v["reason"]) && "description" in v && c0(v["description"]) && c103(v["type"]) && c103(v["fullNumber"]) && c103(v["issueDate"]);
const c105 = (v: unknown): boolean => typeof v === 'string' && !!p.isFacturaOrBoleta(v as never);
const c106 = (v: unknown): boolean => typeof v === 'string' && r9.test(v);
const c107 = (v: unknown): boolean => isObject(v) && "type" in v && c105(v["type"]) && "fullNumber" in v && c106(v["fullNumber"]) && "issueDate" in v && c14(v["issueDate"]) && "reason" in v && c42(v["reason"]) && "description" in v && c0(v["description"]) && c103(v["documentId"]);
const c108 = (v: unknown): boolean => (c104(v) || c107(v));
const c109 = (v: unknown): boolean => (v === undefined || c108(v));
const c110 = (v: unknown): boolean => isObject(v) && "type" in v && c30(v["type"]) && "series" in v && c31(v["series"]) && "customer" in v && c32(v["customer"]) && "items" in v && c56(v["items"]) && c58(v["currency"]) && c59(v["issueDate"]) && c59(v["dueDate"]) && c61(v["operationType"]) && c67(v["paymentTerms"]) && c72(v["detraction"]) && c76(v["perception"]) && c78(v["retention"]) && c80(v["exchangeRate"]) && c84(v["discounts"]) && c88(v["charges"]) && c92(v["despatches"]) && c95(v["relatedDocuments"]) && c26(v["purchaseOrder"]) && c98(v["legends"]) && c100(v["rounding"]) && c109(v["reference"]) && c23(v["metadata"]) && !!p.noteHasReference(v as never) && !!p.debitNoteHasDebitReason(v as never) && !!p.dueDateNotBeforeIssueDate(v as never);
const c111 = (v: unknown): boolean => (v === undefined || c30(v));
const c112 = (v: unknown): boolean => (v === undefined || c31(v));
const c113 = (v: unknown): boolean => e10.has(v);
const c114 = (v: unknown): boolean => (c113(v) || c2(v));
const c115 = (v: unknown): boolean => (v === undefined || c114(v));
const c116 = (v: unknown): boolean => isObject(v) && c12(v["limit"]) && c3(v["cursor"]) && c111(v["type"]) && c112(v["series"]) && c115(v["status"]) && c3(v["customerDocumentNumber"]) && c17(v["issuedFrom"]) && c17(v["issuedTo"]);
const c117 = (v: unknown): boolean => e11.has(v);
const c118 = (v: unknown): boolean => (v === undefined || c117(v));
const c119 = (v: unknown): boolean => isObject(v) && c118(v["format"]);
const c120 = (v: unknown): boolean => isObject(v) && "reason" in v && c6(v["reason"]);
const c121 = (v: unknown): boolean => typeof v === 'string' && r10.test(v);
const c122 = (v: unknown): boolean => Array.isArray(v) && every(v, c121) && v.length >= 1 && v.length <= 10;
const c123 = (v: unknown): boolean => isObject(v) && "to" in v && c122(v["to"]);
const c124 = (v: unknown): boolean => e12.has(v);
const c125 = (v: unknown): boolean => (c124(v) || c2(v));
const c126 = (v: unknown): boolean => Array.isArray(v) && every(v, c125);
const c127 = (v: unknown): boolean => (c125(v) || c126(v));
const c128 = (v: unknown): boolean => (v === undefined || c127(v));
const c129 = (v: unknown): boolean => isObject(v) && c12(v["limit"]) && c3(v["cursor"]) && c128(v["type"]) && c3(v["documentId"]);
const c130 = (v: unknown): boolean => typeof v === 'string' && r11.test(v);
const c131 = (v: unknown): boolean => isObject(v) && c37(v["code"]) && "description" in v && c0(v["description"]) && "unitPrice" in v && c34(v["unitPrice"]) && c41(v["unitCode"]) && c43(v["igvAffectation"]) && c58(v["currency"]);
const c132 = (v: unknown): boolean => (v === undefined || c37(v));
const c133 = (v: unknown): boolean => (v === undefined || c41(v));
const c134 = (v: unknown): boolean => (v === undefined || c43(v));
const c135 = (v: unknown): boolean => (v === undefined || c58(v));
const c136 = (v: unknown): boolean => isObject(v) && c132(v["code"]) && c1(v["description"]) && c44(v["unitPrice"]) && c133(v["unitCode"]) && c134(v["igvAffectation"]) && c135(v["currency"]);
const c137 = (v: unknown): boolean => typeof v === 'boolean';
const c138 = (v: unknown): boolean => (v === undefined || c137(v));
const c139 = (v: unknown): boolean => isObject(v) && "series" in v && c31(v["series"]) && "documentType" in v && c30(v["documentType"]) && c138(v["active"]);
const c140 = (v: unknown): boolean => (v === undefined || c138(v));
const c141 = (v: unknown): boolean => isObject(v) && c112(v["series"]) && c111(v["documentType"]) && c140(v["active"]);
const c142 = (v: unknown): boolean => typeof v === 'string' && !!p.isSecureURLText(v as never);
const c143 = (v: unknown): boolean => Array.isArray(v) && every(v, c125) && v.length >= 1;
const c144 = (v: unknown): boolean => (v === undefined || c143(v));
const c145 = (v: unknown): boolean => isObject(v) && "url" in v && c142(v["url"]) && c144(v["events"]) && c3(v["description"]) && c138(v["enabled"]);
const c146 = (v: unknown): boolean => (v === undefined || c142(v));
const c147 = (v: unknown): boolean => (v === undefined || c144(v));
const c148 = (v: unknown): boolean => isObject(v) && c146(v["url"]) && c147(v["events"]) && c4(v["description"]) && c140(v["enabled"]);

export const accountOperations = {
  retrieve: { name: "account.retrieve", method: "GET", path: "/v1/account", identified: true },
  update: { name: "account.update", method: "PATCH", path: "/v1/account", body: c5, identified: true },
} as const satisfies Record<string, CompiledOperation>;
export const apiKeysOperations = {
  create: { name: "apiKeys.create", method: "POST", path: "/v1/api-keys", body: c10, identified: true },
  retrieve: { name: "apiKeys.retrieve", method: "GET", path: "/v1/api-keys/{id}", identified: true },
  list: { name: "apiKeys.list", method: "GET", path: "/v1/api-keys", query: c13 },
  revoke: { name: "apiKeys.revoke", method: "DELETE", path: "/v1/api-keys/{id}", identified: true },
} as const satisfies Record<string, CompiledOperation>;
export const auditLogsOperations = {
  retrieve: { name: "auditLogs.retrieve", method: "GET", path: "/v1/audit-logs/{id}", identified: true },
  list: { name: "auditLogs.list", method: "GET", path: "/v1/audit-logs", query: c18 },
} as const satisfies Record<string, CompiledOperation>;
export const customersOperations = {
  create: { name: "customers.create", method: "POST", path: "/v1/customers", body: c24, identified: true },
  retrieve: { name: "customers.retrieve", method: "GET", path: "/v1/customers/{id}", identified: true },
  update: { name: "customers.update", method: "PATCH", path: "/v1/customers/{id}", body: c29, identified: true },
  list: { name: "customers.list", method: "GET", path: "/v1/customers", query: c13 },
  delete: { name: "customers.delete", method: "DELETE", path: "/v1/customers/{id}", identified: true },
} as const satisfies Record<string, CompiledOperation>;
export const documentsOperations = {
  create: { name: "documents.create", method: "POST", path: "/v1/documents", body: c110, identified: true },
  retrieve: { name: "documents.retrieve", method: "GET", path: "/v1/documents/{id}", identified: true },
  list: { name: "documents.list", method: "GET", path: "/v1/documents", query: c116 },
  xml: { name: "documents.xml", method: "GET", path: "/v1/documents/{id}/xml", file: "application/xml" },
  pdf: { name: "documents.pdf", method: "GET", path: "/v1/documents/{id}/pdf", query: c119, file: "application/pdf" },
  cdr: { name: "documents.cdr", method: "GET", path: "/v1/documents/{id}/cdr", file: "application/xml" },
  void: { name: "documents.void", method: "POST", path: "/v1/documents/{id}/void", body: c120, identified: true },
  resend: { name: "documents.resend", method: "POST", path: "/v1/documents/{id}/resend", identified: true },
  email: { name: "documents.email", method: "POST", path: "/v1/documents/{id}/email", body: c123 },
} as const satisfies Record<string, CompiledOperation>;
export const eventsOperations = {
  retrieve: { name: "events.retrieve", method: "GET", path: "/v1/events/{id}", identified: true },
  list: { name: "events.list", method: "GET", path: "/v1/events", query: c129 },
} as const satisfies Record<string, CompiledOperation>;
export const exchangeRatesOperations = {
  retrieve: { name: "exchangeRates.retrieve", method: "GET", path: "/v1/exchange-rates/{date}", params: { date: c14 } },
} as const satisfies Record<string, CompiledOperation>;
export const lookupsOperations = {
  ruc: { name: "lookups.ruc", method: "GET", path: "/v1/lookups/ruc/{number}", params: { number: c130 } },
  dni: { name: "lookups.dni", method: "GET", path: "/v1/lookups/dni/{number}", params: { number: c38 } },
} as const satisfies Record<string, CompiledOperation>;
export const productsOperations = {
  create: { name: "products.create", method: "POST", path: "/v1/products", body: c131, identified: true },
  retrieve: { name: "products.retrieve", method: "GET", path: "/v1/products/{id}", identified: true },
  update: { name: "products.update", method: "PATCH", path: "/v1/products/{id}", body: c136, identified: true },
  list: { name: "products.list", method: "GET", path: "/v1/products", query: c13 },
  delete: { name: "products.delete", method: "DELETE", path: "/v1/products/{id}", identified: true },
} as const satisfies Record<string, CompiledOperation>;
export const seriesOperations = {
  create: { name: "series.create", method: "POST", path: "/v1/series", body: c139, identified: true },
  retrieve: { name: "series.retrieve", method: "GET", path: "/v1/series/{id}", identified: true },
  update: { name: "series.update", method: "PATCH", path: "/v1/series/{id}", body: c141, identified: true },
  list: { name: "series.list", method: "GET", path: "/v1/series", query: c13 },
} as const satisfies Record<string, CompiledOperation>;
export const webhookEndpointsOperations = {
  create: { name: "webhookEndpoints.create", method: "POST", path: "/v1/webhook-endpoints", body: c145, identified: true },
  retrieve: { name: "webhookEndpoints.retrieve", method: "GET", path: "/v1/webhook-endpoints/{id}", identified: true },
  update: { name: "webhookEndpoints.update", method: "PATCH", path: "/v1/webhook-endpoints/{id}", body: c148, identified: true },
  list: { name: "webhookEndpoints.list", method: "GET", path: "/v1/webhook-endpoints", query: c13 },
  delete: { name: "webhookEndpoints.delete", method: "DELETE", path: "/v1/webhook-endpoints/{id}", identified: true },
  rotateSecret: { name: "webhookEndpoints.rotateSecret", method: "POST", path: "/v1/webhook-endpoints/{id}/rotate-secret", identified: true },
} as const satisfies Record<string, CompiledOperation>;
