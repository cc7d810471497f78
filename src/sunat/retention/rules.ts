/**
 * SUNAT's rules on a comprobante de retención or de percepción, checked on a create body before a
 * number is assigned: each rule once, reporting its family's code (families.ts) at the field's
 * path, worded by the registry (codes.ts). The schema checks shapes (a date, an amount of 2
 * decimals, a RUC of 11 digits); these check SUNAT's values. They never throw: a value they
 * cannot read is the schema's to refuse.
 *
 * @module
 */
import { limaDate } from '../lima-date.js';
import type { SunatIssue } from '../document/rules/findings.js';
import type { RetentionCreateParams } from '../../models/retention.js';
import type { PerceptionCreateParams } from '../../models/perception.js';
import { agentIssue } from './codes.js';
import { currencyOf, rateText, regimeRate } from './compute.js';
import { type AgentFamily, PERCEPTION, RETENTION, SIX_PERCENT_UNTIL, TICKET_NUMBER } from './families.js';
import { scale } from '../decimal.js';

/** Options of {@link checkRetention} and {@link checkPerception}. */
export interface CheckAgentOptions {
  /** The issuer's RUC: the other party must not be it (2620, 2604). Default: not checked. */
  issuerRuc?: string | undefined;
  /** Today in Lima, `YYYY-MM-DD`: the issue date of a body without one, and the day SUNAT receives it (2600). Default: today in America/Lima. */
  today?: string | undefined;
}

/** What the rules read of a body: a retention's, or a perception's with its customer. */
type AgentRulesBody = Omit<RetentionCreateParams, 'supplier' | 'series'> & { supplier?: { documentNumber: string }; customer?: { documentNumber: string } };

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both `YYYY-MM-DD` (NaN when either is not a date). */
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/** The rules of `family` on `body`. */
function agentIssues(family: AgentFamily, body: AgentRulesBody, { issuerRuc, today = limaDate() }: CheckAgentOptions): SunatIssue[] {
  const issues: SunatIssue[] = [];
  const { codes } = family;
  const issueDate = body.issueDate ?? today;
  if (daysBetween(issueDate, today) > 7) issues.push(agentIssue('2600', ['issueDate'], { issueDate, today }));
  const party = body[family.party];
  if (party!.documentNumber === issuerRuc) issues.push(agentIssue(codes.party, [family.party, 'documentNumber'], { ruc: issuerRuc! }));
  const rate = regimeRate(family, body.regime);
  if (rate === undefined) {
    issues.push(agentIssue(codes.regime, ['regime'], { regime: String(body.regime) }));
  } else {
    if (body.rate !== undefined && !sameRate(body.rate, rate)) issues.push(agentIssue(codes.rate, ['rate'], { regime: body.regime, rate: rateText(rate) }));
    if (family === RETENTION && body.regime === '02') {
      body.documents.forEach((document, index) => {
        if (document.issueDate > SIX_PERCENT_UNTIL) issues.push(agentIssue('2985', ['documents', index, 'issueDate'], { issueDate: document.issueDate }));
      });
    }
  }
  const month = issueDate.slice(0, 7);
  const payments = new Set<string>();
  body.documents.forEach((document, index) => {
    const at = (...path: string[]) => ['documents', index, ...path];
    if (!family.related.includes(document.type)) issues.push(agentIssue('2692', at('type'), { type: document.type, allowed: family.related }));
    if (!(document.type === '12' ? TICKET_NUMBER : family.number).test(document.number)) issues.push(agentIssue('2694', at('number'), { number: document.number }));
    const { date } = document.payment;
    if (date.slice(0, 7) !== month) issues.push(agentIssue(codes.month, at('payment', 'date'), { date, month }));
    else if (date > issueDate || date < document.issueDate)
      issues.push(agentIssue(codes.window, at('payment', 'date'), { date, from: document.issueDate, to: issueDate }));
    const currency = currencyOf(document);
    if (currency !== 'PEN' && document.exchangeRate === undefined) issues.push(agentIssue('2749', at('exchangeRate'), { currency }));
    const payment = document.payment.number ?? 1;
    const key = `${document.number} ${payment}`;
    if (payments.has(key)) issues.push(agentIssue('2626', at('payment', 'number'), { number: document.number, payment }));
    payments.add(key);
  });
  return issues;
}

/** Whether the rate sent is the regime's, exactly (`0.03`, `'0.030'`); a value that is no decimal is not. */
function sameRate(sent: number, rate: bigint): boolean {
  try {
    return scale(sent, 'rate') === rate;
  } catch {
    return false;
  }
}

/**
 * SUNAT's refusals of a comprobante de retención (`20`) body, before it is numbered: the regime
 * (2618; `02` only for documents up to 2014-02-28, 2985), the rate (2619), the supplier being the
 * issuer (2620), the issue date more than 7 days back (2600), and per document its type (2692),
 * its number (2694), the payment's month (2661) and day (2625), the exchange rate of a document
 * in dollars (2749), a payment number given twice (2626). `[]` for none. Each issue carries
 * `sunat_<code>`, the field's path, the rule in English and SUNAT's Spanish description.
 *
 * ```ts
 * checkRetention(body, { issuerRuc: '20123456789' });
 * // [{ code: 'sunat_2661', path: ['documents', 0, 'payment', 'date'], message: 'every payment is dated in the month…', sunatDescription: 'La fecha de cobro…' }]
 * ```
 */
export function checkRetention(body: RetentionCreateParams, options: CheckAgentOptions = {}): SunatIssue[] {
  return agentIssues(RETENTION, body, options);
}

/**
 * SUNAT's refusals of a comprobante de percepción (`40`) body, before it is numbered: the regime
 * (2602), the rate (2603), the customer being the issuer (2604), the issue date more than 7 days
 * back (2600), and per document its type (2692), its number (2694), the collection's month (2659)
 * and day (2612), the exchange rate of a document in dollars (2749), a collection number given
 * twice (2626). `[]` for none.
 */
export function checkPerception(body: PerceptionCreateParams, options: CheckAgentOptions = {}): SunatIssue[] {
  return agentIssues(PERCEPTION, body, options);
}
