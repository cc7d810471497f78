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

const r0 = /^[^\x00-\x08\x0a-\x1f\ud800-\udfff\ufffe\uffff]*$/u;
const r1 = /^[a-z][a-z-]*:(read|write)$/;
const r2 = /^\d{4}-\d{2}-\d{2}$/;
const r3 = /^[0-9A-Z-]$/;
const r4 = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]*$/u;
const r5 = /^[A-Z]\d{3}$/;
const r6 = /^\d{8}$/;
const r7 = /^[A-Z0-9]{1,3}$/;
const r8 = /^\d{2}$/;
const r9 = /^\d{4}$/;
const r10 = /^\d{3}$/;
const r11 = /^[^\r\n]*$/;
const r12 = /^(?:[FB][A-Z0-9]{3}|\d{4})-[1-9]\d{0,7}$/;
const r13 = /^[^\s@]+@[^\s@]+$/;
const r14 = /^\d{11}$/;
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
const c0 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 500) && r0.test(v);
const c1 = (v: unknown): boolean => (v === undefined || c0(v));
const c2 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 1500) && r0.test(v);
const c3 = (v: unknown): boolean => (v === undefined || c2(v));
const c4 = (v: unknown): boolean => (v === undefined || c3(v));
const c5 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 500) && r0.test(v);
const c6 = (v: unknown): boolean => (v === undefined || c5(v));
const c7 = (v: unknown): boolean => (v === undefined || c6(v));
const c8 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 254) && r0.test(v);
const c9 = (v: unknown): boolean => (v === undefined || c8(v));
const c10 = (v: unknown): boolean => (v === undefined || c9(v));
const c11 = (v: unknown): boolean => isObject(v) && c1(v["name"]) && c4(v["tradeName"]) && c7(v["address"]) && c10(v["email"]);
const c12 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 100) && r0.test(v);
const c13 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 64) && r1.test(v);
const c14 = (v: unknown): boolean => Array.isArray(v) && every(v, c13) && v.length >= 1;
const c15 = (v: unknown): boolean => (v === undefined || c14(v));
const c16 = (v: unknown): boolean => isObject(v) && "name" in v && c12(v["name"]) && c15(v["permissions"]);
const c17 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && Number.isSafeInteger(v) && v >= 1 && v <= 100;
const c18 = (v: unknown): boolean => (v === undefined || c17(v));
const c19 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 255) && r0.test(v);
const c20 = (v: unknown): boolean => (v === undefined || c19(v));
const c21 = (v: unknown): boolean => isObject(v) && c18(v["limit"]) && c20(v["cursor"]);
const c22 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 100) && r0.test(v);
const c23 = (v: unknown): boolean => (v === undefined || c22(v));
const c24 = (v: unknown): boolean => typeof v === 'string' && r2.test(v);
const c25 = (v: unknown): boolean => v instanceof Date && !Number.isNaN(v.getTime());
const c26 = (v: unknown): boolean => (c24(v) || c25(v));
const c27 = (v: unknown): boolean => (v === undefined || c26(v));
const c28 = (v: unknown): boolean => isObject(v) && c18(v["limit"]) && c20(v["cursor"]) && c20(v["actor"]) && c23(v["action"]) && c27(v["from"]) && c27(v["to"]);
const c29 = (v: unknown): boolean => typeof v === 'string' && r3.test(v);
const c30 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 20) && r0.test(v);
const c31 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 1500) && r0.test(v);
const c32 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 30) && r0.test(v);
const c33 = (v: unknown): boolean => (v === undefined || c32(v));
const c34 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 500) && r4.test(v);
const c35 = (v: unknown): boolean => isObject(v) && rest(v, (k) => e0.has(k) || k === '__proto__', c34) && !!p.hasAtMost20Keys(v as never) && !!p.hasMetadataKeys(v as never);
const c36 = (v: unknown): boolean => (v === undefined || c35(v));
const c37 = (v: unknown): boolean => isObject(v) && "documentType" in v && c29(v["documentType"]) && "documentNumber" in v && c30(v["documentNumber"]) && "name" in v && c31(v["name"]) && c6(v["address"]) && c9(v["email"]) && c33(v["phone"]) && c36(v["metadata"]) && !!p.rucHas11Digits(v as never) && !!p.dniHas8Digits(v as never);
const c38 = (v: unknown): boolean => (v === undefined || c29(v));
const c39 = (v: unknown): boolean => (v === undefined || c30(v));
const c40 = (v: unknown): boolean => (v === undefined || c31(v));
const c41 = (v: unknown): boolean => (v === undefined || c33(v));
const c42 = (v: unknown): boolean => (v === undefined || c36(v));
const c43 = (v: unknown): boolean => isObject(v) && c38(v["documentType"]) && c39(v["documentNumber"]) && c40(v["name"]) && c7(v["address"]) && c10(v["email"]) && c41(v["phone"]) && c42(v["metadata"]) && !!p.rucHas11Digits(v as never) && !!p.dniHas8Digits(v as never);
const c44 = (v: unknown): boolean => e1.has(v);
const c45 = (v: unknown): boolean => typeof v === 'string' && r5.test(v);
const c46 = (v: unknown): boolean => isObject(v) && "documentType" in v && c29(v["documentType"]) && "documentNumber" in v && c30(v["documentNumber"]) && "name" in v && c31(v["name"]) && c6(v["address"]) && c9(v["email"]) && !!p.rucHas11Digits(v as never) && !!p.dniHas8Digits(v as never);
const c47 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0 && !!p.hasAtMostDecimals[10](v as never);
const c48 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0 && !!p.hasAtMostDecimals[10](v as never);
const c49 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0 && !!p.hasAtMostDecimals[2](v as never);
const c50 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 30) && r0.test(v);
const c51 = (v: unknown): boolean => (v === undefined || c50(v));
const c52 = (v: unknown): boolean => typeof v === 'string' && r6.test(v);
const c53 = (v: unknown): boolean => (v === undefined || c52(v));
const c54 = (v: unknown): boolean => typeof v === 'string' && r7.test(v);
const c55 = (v: unknown): boolean => (v === undefined || c54(v));
const c56 = (v: unknown): boolean => typeof v === 'string' && r8.test(v);
const c57 = (v: unknown): boolean => (v === undefined || c56(v));
const c58 = (v: unknown): boolean => (v === undefined || c48(v));
const c59 = (v: unknown): boolean => (v === undefined || c49(v));
const c60 = (v: unknown): boolean => e2.has(v);
const c61 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0 && !!p.hasAtMostDecimals[2](v as never);
const c62 = (v: unknown): boolean => isObject(v) && "code" in v && c60(v["code"]) && "amount" in v && c61(v["amount"]) && c59(v["base"]);
const c63 = (v: unknown): boolean => Array.isArray(v) && every(v, c62);
const c64 = (v: unknown): boolean => (v === undefined || c63(v));
const c65 = (v: unknown): boolean => e3.has(v);
const c66 = (v: unknown): boolean => isObject(v) && "code" in v && c65(v["code"]) && "amount" in v && c61(v["amount"]) && c59(v["base"]);
const c67 = (v: unknown): boolean => Array.isArray(v) && every(v, c66);
const c68 = (v: unknown): boolean => (v === undefined || c67(v));
const c69 = (v: unknown): boolean => isObject(v) && "description" in v && c0(v["description"]) && "quantity" in v && c47(v["quantity"]) && "unitPrice" in v && c48(v["unitPrice"]) && "igv" in v && c49(v["igv"]) && c51(v["code"]) && c53(v["sunatProductCode"]) && c55(v["unitCode"]) && c57(v["igvAffectation"]) && c58(v["referenceValue"]) && c59(v["icbper"]) && c64(v["discounts"]) && c68(v["charges"]);
const c70 = (v: unknown): boolean => Array.isArray(v) && every(v, c69) && v.length >= 1;
const c71 = (v: unknown): boolean => e4.has(v);
const c72 = (v: unknown): boolean => (v === undefined || c71(v));
const c73 = (v: unknown): boolean => (v === undefined || c24(v));
const c74 = (v: unknown): boolean => typeof v === 'string' && r9.test(v);
const c75 = (v: unknown): boolean => (v === undefined || c74(v));
const c76 = (v: unknown): boolean => e5.has(v);
const c77 = (v: unknown): boolean => isObject(v) && "amount" in v && c61(v["amount"]) && "dueDate" in v && c24(v["dueDate"]);
const c78 = (v: unknown): boolean => Array.isArray(v) && every(v, c77);
const c79 = (v: unknown): boolean => (v === undefined || c78(v));
const c80 = (v: unknown): boolean => isObject(v) && "type" in v && c76(v["type"]) && c79(v["installments"]);
const c81 = (v: unknown): boolean => (v === undefined || c80(v));
const c82 = (v: unknown): boolean => typeof v === 'string' && r10.test(v);
const c83 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1;
const c84 = (v: unknown): boolean => (v === undefined || c82(v));
const c85 = (v: unknown): boolean => isObject(v) && "code" in v && c82(v["code"]) && "rate" in v && c83(v["rate"]) && "account" in v && c12(v["account"]) && c84(v["paymentMethod"]) && c59(v["amount"]);
const c86 = (v: unknown): boolean => (v === undefined || c85(v));
const c87 = (v: unknown): boolean => e6.has(v);
const c88 = (v: unknown): boolean => (v === undefined || c83(v));
const c89 = (v: unknown): boolean => isObject(v) && "code" in v && c87(v["code"]) && c88(v["rate"]) && c59(v["base"]) && c59(v["amount"]);
const c90 = (v: unknown): boolean => (v === undefined || c89(v));
const c91 = (v: unknown): boolean => isObject(v) && c88(v["rate"]) && c59(v["base"]) && c59(v["amount"]);
const c92 = (v: unknown): boolean => (v === undefined || c91(v));
const c93 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0 && !!p.hasAtMostDecimals[3](v as never);
const c94 = (v: unknown): boolean => (v === undefined || c93(v));
const c95 = (v: unknown): boolean => e7.has(v);
const c96 = (v: unknown): boolean => isObject(v) && "code" in v && c95(v["code"]) && "amount" in v && c61(v["amount"]) && c59(v["base"]);
const c97 = (v: unknown): boolean => Array.isArray(v) && every(v, c96);
const c98 = (v: unknown): boolean => (v === undefined || c97(v));
const c99 = (v: unknown): boolean => e8.has(v);
const c100 = (v: unknown): boolean => isObject(v) && "code" in v && c99(v["code"]) && "amount" in v && c61(v["amount"]) && c59(v["base"]);
const c101 = (v: unknown): boolean => Array.isArray(v) && every(v, c100);
const c102 = (v: unknown): boolean => (v === undefined || c101(v));
const c103 = (v: unknown): boolean => e9.has(v);
const c104 = (v: unknown): boolean => isObject(v) && "type" in v && c103(v["type"]) && "fullNumber" in v && c50(v["fullNumber"]);
const c105 = (v: unknown): boolean => Array.isArray(v) && every(v, c104);
const c106 = (v: unknown): boolean => (v === undefined || c105(v));
const c107 = (v: unknown): boolean => isObject(v) && "type" in v && c56(v["type"]) && "number" in v && c50(v["number"]);
const c108 = (v: unknown): boolean => Array.isArray(v) && every(v, c107);
const c109 = (v: unknown): boolean => (v === undefined || c108(v));
const c110 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 200) && r0.test(v) && r11.test(v);
const c111 = (v: unknown): boolean => isObject(v) && "code" in v && c74(v["code"]) && "text" in v && c110(v["text"]);
const c112 = (v: unknown): boolean => Array.isArray(v) && every(v, c111);
const c113 = (v: unknown): boolean => (v === undefined || c112(v));
const c114 = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= -1 && v <= 1 && !!p.hasAtMostDecimals[2](v as never);
const c115 = (v: unknown): boolean => (v === undefined || c114(v));
const c116 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 255) && r0.test(v);
const c117 = (v: unknown): boolean => false;
const c118 = (v: unknown): boolean => (v === undefined || c117(v));
const c119 = (v: unknown): boolean => isObject(v) && "documentId" in v && c116(v["documentId"]) && "reason" in v && c56(v["reason"]) && "description" in v && c0(v["description"]) && c118(v["type"]) && c118(v["fullNumber"]) && c118(v["issueDate"]);
const c120 = (v: unknown): boolean => typeof v === 'string' && !!p.isFacturaOrBoleta(v as never);
const c121 = (v: unknown): boolean => typeof v === 'string' && r12.test(v);
const c122 = (v: unknown): boolean => isObject(v) && "type" in v && c120(v["type"]) && "fullNumber" in v && c121(v["fullNumber"]) && "issueDate" in v && c24(v["issueDate"]) && "reason" in v && c56(v["reason"]) && "description" in v && c0(v["description"]) && c118(v["documentId"]);
const c123 = (v: unknown): boolean => (c119(v) || c122(v));
const c124 = (v: unknown): boolean => (v === undefined || c123(v));
const c125 = (v: unknown): boolean => isObject(v) && "type" in v && c44(v["type"]) && "series" in v && c45(v["series"]) && "customer" in v && c46(v["customer"]) && "items" in v && c70(v["items"]) && c72(v["currency"]) && c73(v["issueDate"]) && c73(v["dueDate"]) && c75(v["operationType"]) && c81(v["paymentTerms"]) && c86(v["detraction"]) && c90(v["perception"]) && c92(v["retention"]) && c94(v["exchangeRate"]) && c98(v["discounts"]) && c102(v["charges"]) && c106(v["despatches"]) && c109(v["relatedDocuments"]) && c39(v["purchaseOrder"]) && c113(v["legends"]) && c115(v["rounding"]) && c124(v["reference"]) && c36(v["metadata"]) && !!p.noteHasReference(v as never) && !!p.debitNoteHasDebitReason(v as never) && !!p.dueDateNotBeforeIssueDate(v as never);
const c126 = (v: unknown): boolean => (v === undefined || c44(v));
const c127 = (v: unknown): boolean => (v === undefined || c45(v));
const c128 = (v: unknown): boolean => e10.has(v);
const c129 = (v: unknown): boolean => (c128(v) || c22(v));
const c130 = (v: unknown): boolean => (v === undefined || c129(v));
const c131 = (v: unknown): boolean => typeof v === 'string' && maxPoints(v, 20) && r0.test(v);
const c132 = (v: unknown): boolean => (v === undefined || c131(v));
const c133 = (v: unknown): boolean => isObject(v) && c18(v["limit"]) && c20(v["cursor"]) && c126(v["type"]) && c127(v["series"]) && c130(v["status"]) && c132(v["customerDocumentNumber"]) && c27(v["issuedFrom"]) && c27(v["issuedTo"]);
const c134 = (v: unknown): boolean => e11.has(v);
const c135 = (v: unknown): boolean => (v === undefined || c134(v));
const c136 = (v: unknown): boolean => isObject(v) && c135(v["format"]);
const c137 = (v: unknown): boolean => isObject(v) && "reason" in v && c12(v["reason"]);
const c138 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 3) && maxPoints(v, 254) && r0.test(v) && r13.test(v);
const c139 = (v: unknown): boolean => Array.isArray(v) && every(v, c138) && v.length >= 1 && v.length <= 10;
const c140 = (v: unknown): boolean => isObject(v) && "to" in v && c139(v["to"]);
const c141 = (v: unknown): boolean => e12.has(v);
const c142 = (v: unknown): boolean => (c141(v) || c22(v));
const c143 = (v: unknown): boolean => Array.isArray(v) && every(v, c142);
const c144 = (v: unknown): boolean => (c142(v) || c143(v));
const c145 = (v: unknown): boolean => (v === undefined || c144(v));
const c146 = (v: unknown): boolean => isObject(v) && c18(v["limit"]) && c20(v["cursor"]) && c145(v["type"]) && c20(v["documentId"]);
const c147 = (v: unknown): boolean => typeof v === 'string' && r14.test(v);
const c148 = (v: unknown): boolean => isObject(v) && c51(v["code"]) && "description" in v && c0(v["description"]) && "unitPrice" in v && c48(v["unitPrice"]) && c55(v["unitCode"]) && c57(v["igvAffectation"]) && c72(v["currency"]);
const c149 = (v: unknown): boolean => (v === undefined || c51(v));
const c150 = (v: unknown): boolean => (v === undefined || c55(v));
const c151 = (v: unknown): boolean => (v === undefined || c57(v));
const c152 = (v: unknown): boolean => (v === undefined || c72(v));
const c153 = (v: unknown): boolean => isObject(v) && c149(v["code"]) && c1(v["description"]) && c58(v["unitPrice"]) && c150(v["unitCode"]) && c151(v["igvAffectation"]) && c152(v["currency"]);
const c154 = (v: unknown): boolean => typeof v === 'boolean';
const c155 = (v: unknown): boolean => (v === undefined || c154(v));
const c156 = (v: unknown): boolean => isObject(v) && "series" in v && c45(v["series"]) && "documentType" in v && c44(v["documentType"]) && c155(v["active"]);
const c157 = (v: unknown): boolean => (v === undefined || c155(v));
const c158 = (v: unknown): boolean => isObject(v) && c127(v["series"]) && c126(v["documentType"]) && c157(v["active"]);
const c159 = (v: unknown): boolean => typeof v === 'string' && minPoints(v, 1) && maxPoints(v, 2048) && r0.test(v) && !!p.isSecureURLText(v as never);
const c160 = (v: unknown): boolean => Array.isArray(v) && every(v, c142) && v.length >= 1;
const c161 = (v: unknown): boolean => (v === undefined || c160(v));
const c162 = (v: unknown): boolean => (v === undefined || c34(v));
const c163 = (v: unknown): boolean => isObject(v) && "url" in v && c159(v["url"]) && c161(v["events"]) && c162(v["description"]) && c155(v["enabled"]);
const c164 = (v: unknown): boolean => (v === undefined || c159(v));
const c165 = (v: unknown): boolean => (v === undefined || c161(v));
const c166 = (v: unknown): boolean => (v === undefined || c162(v));
const c167 = (v: unknown): boolean => isObject(v) && c164(v["url"]) && c165(v["events"]) && c166(v["description"]) && c157(v["enabled"]);

export const accountOperations = {
  retrieve: { name: "account.retrieve", method: "GET", path: "/v1/account", identified: true },
  update: { name: "account.update", method: "PATCH", path: "/v1/account", body: c11, identified: true },
} as const satisfies Record<string, CompiledOperation>;
export const apiKeysOperations = {
  create: { name: "apiKeys.create", method: "POST", path: "/v1/api-keys", body: c16, identified: true },
  retrieve: { name: "apiKeys.retrieve", method: "GET", path: "/v1/api-keys/{id}", identified: true },
  list: { name: "apiKeys.list", method: "GET", path: "/v1/api-keys", query: c21 },
  revoke: { name: "apiKeys.revoke", method: "DELETE", path: "/v1/api-keys/{id}", identified: true },
} as const satisfies Record<string, CompiledOperation>;
export const auditLogsOperations = {
  retrieve: { name: "auditLogs.retrieve", method: "GET", path: "/v1/audit-logs/{id}", identified: true },
  list: { name: "auditLogs.list", method: "GET", path: "/v1/audit-logs", query: c28 },
} as const satisfies Record<string, CompiledOperation>;
export const customersOperations = {
  create: { name: "customers.create", method: "POST", path: "/v1/customers", body: c37, identified: true },
  retrieve: { name: "customers.retrieve", method: "GET", path: "/v1/customers/{id}", identified: true },
  update: { name: "customers.update", method: "PATCH", path: "/v1/customers/{id}", body: c43, identified: true },
  list: { name: "customers.list", method: "GET", path: "/v1/customers", query: c21 },
  delete: { name: "customers.delete", method: "DELETE", path: "/v1/customers/{id}", identified: true },
} as const satisfies Record<string, CompiledOperation>;
export const documentsOperations = {
  create: { name: "documents.create", method: "POST", path: "/v1/documents", body: c125, identified: true },
  retrieve: { name: "documents.retrieve", method: "GET", path: "/v1/documents/{id}", identified: true },
  list: { name: "documents.list", method: "GET", path: "/v1/documents", query: c133 },
  xml: { name: "documents.xml", method: "GET", path: "/v1/documents/{id}/xml", file: "application/xml" },
  pdf: { name: "documents.pdf", method: "GET", path: "/v1/documents/{id}/pdf", query: c136, file: "application/pdf" },
  cdr: { name: "documents.cdr", method: "GET", path: "/v1/documents/{id}/cdr", file: "application/xml" },
  void: { name: "documents.void", method: "POST", path: "/v1/documents/{id}/void", body: c137, identified: true },
  resend: { name: "documents.resend", method: "POST", path: "/v1/documents/{id}/resend", identified: true },
  email: { name: "documents.email", method: "POST", path: "/v1/documents/{id}/email", body: c140 },
} as const satisfies Record<string, CompiledOperation>;
export const eventsOperations = {
  retrieve: { name: "events.retrieve", method: "GET", path: "/v1/events/{id}", identified: true },
  list: { name: "events.list", method: "GET", path: "/v1/events", query: c146 },
} as const satisfies Record<string, CompiledOperation>;
export const exchangeRatesOperations = {
  retrieve: { name: "exchangeRates.retrieve", method: "GET", path: "/v1/exchange-rates/{date}", params: { date: c24 } },
} as const satisfies Record<string, CompiledOperation>;
export const lookupsOperations = {
  ruc: { name: "lookups.ruc", method: "GET", path: "/v1/lookups/ruc/{number}", params: { number: c147 } },
  dni: { name: "lookups.dni", method: "GET", path: "/v1/lookups/dni/{number}", params: { number: c52 } },
} as const satisfies Record<string, CompiledOperation>;
export const productsOperations = {
  create: { name: "products.create", method: "POST", path: "/v1/products", body: c148, identified: true },
  retrieve: { name: "products.retrieve", method: "GET", path: "/v1/products/{id}", identified: true },
  update: { name: "products.update", method: "PATCH", path: "/v1/products/{id}", body: c153, identified: true },
  list: { name: "products.list", method: "GET", path: "/v1/products", query: c21 },
  delete: { name: "products.delete", method: "DELETE", path: "/v1/products/{id}", identified: true },
} as const satisfies Record<string, CompiledOperation>;
export const seriesOperations = {
  create: { name: "series.create", method: "POST", path: "/v1/series", body: c156, identified: true },
  retrieve: { name: "series.retrieve", method: "GET", path: "/v1/series/{id}", identified: true },
  update: { name: "series.update", method: "PATCH", path: "/v1/series/{id}", body: c158, identified: true },
  list: { name: "series.list", method: "GET", path: "/v1/series", query: c21 },
} as const satisfies Record<string, CompiledOperation>;
export const webhookEndpointsOperations = {
  create: { name: "webhookEndpoints.create", method: "POST", path: "/v1/webhook-endpoints", body: c163, identified: true },
  retrieve: { name: "webhookEndpoints.retrieve", method: "GET", path: "/v1/webhook-endpoints/{id}", identified: true },
  update: { name: "webhookEndpoints.update", method: "PATCH", path: "/v1/webhook-endpoints/{id}", body: c167, identified: true },
  list: { name: "webhookEndpoints.list", method: "GET", path: "/v1/webhook-endpoints", query: c21 },
  delete: { name: "webhookEndpoints.delete", method: "DELETE", path: "/v1/webhook-endpoints/{id}", identified: true },
  rotateSecret: { name: "webhookEndpoints.rotateSecret", method: "POST", path: "/v1/webhook-endpoints/{id}/rotate-secret", identified: true },
} as const satisfies Record<string, CompiledOperation>;
