/**
 * The registry of SUNAT's codes the rules of comprobantes de retención and de percepción report,
 * each written once: the field it points at (`*` for a document's index) and the rule in English,
 * worded with the values the rule passes. SUNAT's own Spanish description of each code is in
 * `sunat/return-codes.ts`. Codes from SUNAT's validation stylesheets ValidaExprRegRetencion-1.0.3
 * and ValidaExprRegPercepcion-1.0.2, and its rule workbook.
 *
 * @module
 */
import { sunatDescription } from '../return-codes.js';
import type { SunatIssue, SunatIssuePath } from '../document/rules/findings.js';

/** One code: its field, and its words. */
interface AgentCode<D> {
  readonly field: string;
  readonly message: (details: D) => string;
}

const entry = <D>(code: AgentCode<D>): AgentCode<D> => code;

/** Every code the rules report, by SUNAT's code. */
export const AGENT_CODES = {
  '2600': entry({
    field: 'issueDate',
    message: (d: { issueDate: string; today: string }) =>
      `SUNAT takes a comprobante de retención or percepción at most 7 days after its issue date: ${d.issueDate} is more than 7 days before ${d.today}`,
  }),
  '2602': entry({
    field: 'regime',
    message: (d: { regime: string }) => `regime ${d.regime} is not a régimen de percepción of catálogo 22: use 01 (2 %), 02 (1 %, combustible) or 03 (0.5 %)`,
  }),
  '2603': entry({
    field: 'rate',
    message: (d: { regime: string; rate: string }) => `the rate of percepción regime ${d.regime} is ${d.rate}: leave rate out or send ${d.rate}`,
  }),
  '2604': entry({
    field: 'customer.documentNumber',
    message: (d: { ruc: string }) => `the customer (${d.ruc}) is the issuer itself: a comprobante de percepción is issued to another taxpayer`,
  }),
  '2612': entry({
    field: 'documents.*.payment.date',
    message: (d: { date: string; from: string; to: string }) =>
      `a collection is dated from the related document's date (${d.from}) to the issue date (${d.to}): ${d.date} is not`,
  }),
  '2618': entry({ field: 'regime', message: (d: { regime: string }) => `regime ${d.regime} is not a régimen de retención of catálogo 23: use 01 (3 %)` }),
  '2619': entry({
    field: 'rate',
    message: (d: { regime: string; rate: string }) => `the rate of retención regime ${d.regime} is ${d.rate}: leave rate out or send ${d.rate}`,
  }),
  '2620': entry({
    field: 'supplier.documentNumber',
    message: (d: { ruc: string }) => `the supplier (${d.ruc}) is the issuer itself: a comprobante de retención is issued to another taxpayer`,
  }),
  '2625': entry({
    field: 'documents.*.payment.date',
    message: (d: { date: string; from: string; to: string }) =>
      `a payment is dated from the related document's date (${d.from}) to the issue date (${d.to}): ${d.date} is not`,
  }),
  '2626': entry({
    field: 'documents.*.payment.number',
    message: (d: { number: string; payment: number }) => `document ${d.number} has payment number ${d.payment} twice: number each payment of a document apart`,
  }),
  '2659': entry({
    field: 'documents.*.payment.date',
    message: (d: { date: string; month: string }) => `every collection is dated in the month of the issue date (${d.month}): ${d.date} is not`,
  }),
  '2661': entry({
    field: 'documents.*.payment.date',
    message: (d: { date: string; month: string }) => `every payment is dated in the month of the issue date (${d.month}): ${d.date} is not`,
  }),
  '2692': entry({
    field: 'documents.*.type',
    message: (d: { type: string; allowed: readonly string[] }) => `a related document of type ${d.type} is not allowed here: use ${d.allowed.join(', ')}`,
  }),
  '2694': entry({
    field: 'documents.*.number',
    message: (d: { number: string }) =>
      `${d.number} is not a related document's number SUNAT takes: a series (F001, 4 digits, E001...) and a number of up to 8 digits, F001-12`,
  }),
  '2749': entry({
    field: 'documents.*.exchangeRate',
    message: (d: { currency: string }) =>
      `a document in ${d.currency} carries its exchangeRate ({ rate, date }: PEN per ${d.currency}), which converts its payment to PEN`,
  }),
  '2985': entry({
    field: 'documents.*.issueDate',
    message: (d: { issueDate: string }) =>
      `a retention at 6 % (regime 02) is only for documents issued up to 2014-02-28: this one is of ${d.issueDate}; use regime 01 (3 %)`,
  }),
};

/** A code the rules of retentions and perceptions report. */
export type AgentCodeName = keyof typeof AGENT_CODES;

/** The issue of `code` at `path`, worded with `details`, with SUNAT's own description of the code. */
export function agentIssue<C extends AgentCodeName>(code: C, path: SunatIssuePath, details: Parameters<(typeof AGENT_CODES)[C]['message']>[0]): SunatIssue {
  const words = AGENT_CODES[code].message as (d: typeof details) => string;
  const issue: SunatIssue = { code: `sunat_${code}`, path, message: words(details) };
  const description = sunatDescription(code);
  if (description !== undefined) issue.sunatDescription = description;
  return issue;
}
