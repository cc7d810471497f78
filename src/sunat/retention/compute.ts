/**
 * The amounts of a comprobante de retención or de percepción, exactly, with the contract's
 * formulas (docs/contract.md §5): per related document, with TC its exchange rate (1 for soles),
 * **amount = round2(payment × TC × rate)** and **net = round2(payment × TC) ∓ amount** (− for a
 * retention, what the supplier is paid; + for a perception, what the customer pays), half up, in
 * integers (no float ever rounds); the totals are their sums over the documents the family does
 * not leave out (notas de crédito `07` and its own type). SUNAT tolerates ±1.00 per document
 * (2623, 2608) and ±0.001 on the totals (2628/2629, 2667/2668): these are exact.
 *
 * @module
 */
import { cents, DIGITS, exactCents, format, scale } from '../decimal.js';
import { ownValue } from '../own.js';
import type { RetentionCreateParams } from '../../models/retention.js';
import { type AgentFamily, PERCEPTION, RETENTION } from './families.js';

/** What the computation reads of a create body: the regime and the documents (a perception's body has the same parts). */
export type AgentBody = Pick<RetentionCreateParams, 'regime' | 'documents'>;

/** One related document's amounts, in cents of PEN. */
export interface AgentLineCents {
  /** The payment in PEN: round2(payment × TC). */
  converted: bigint;
  /** Withheld or perceived: round2(payment × TC × rate). */
  amount: bigint;
  /** Paid to the supplier (converted − amount) or collected from the customer (converted + amount). */
  net: bigint;
  /** Whether the totals count it (its type is not one the family leaves out). */
  counted: boolean;
}

/** A body's amounts, in integers: what the rules, the answer and the UBL read. */
export interface AgentCents {
  /** The regime's rate, a fraction scaled by 10^10. */
  rate: bigint;
  lines: AgentLineCents[];
  /** Σ amount of the counted documents. */
  amount: bigint;
  /** Σ net of the counted documents. */
  net: bigint;
}

/** The rate of `regime` in `family`, scaled by 10^10, or `undefined` for a regime it does not have. */
export function regimeRate(family: AgentFamily, regime: string): bigint | undefined {
  const rate = ownValue(family.regimes, regime);
  return rate === undefined ? undefined : scale(rate, 'rate');
}

/** The documents' currency, `PEN` by default. */
export const currencyOf = (document: { currency?: string | undefined }): string => document.currency ?? 'PEN';

/**
 * The amounts of `body` in `family`, in cents. A `RangeError` names what it cannot compute from: a
 * regime the family does not have, a document in another currency without its exchange rate, an
 * amount with more than 2 decimals.
 */
export function agentCents(family: AgentFamily, body: AgentBody): AgentCents {
  const rate = regimeRate(family, body.regime);
  if (rate === undefined) {
    throw new RangeError(`regime ${String(body.regime)} is not one of catálogo ${family.type === '20' ? '23' : '22'}: ${Object.keys(family.regimes).join(', ')}`);
  }
  let amount = 0n;
  let net = 0n;
  const lines = body.documents.map((document, index): AgentLineCents => {
    const paid = exactCents(document.payment.amount, `documents[${index}].payment.amount`);
    let converted = paid;
    let withheld: bigint;
    if (currencyOf(document) === 'PEN') {
      withheld = cents(paid * rate, DIGITS + 2);
    } else {
      if (document.exchangeRate === undefined) {
        throw new RangeError(`documents[${index}].exchangeRate is required: the document is in ${currencyOf(document)}, and its payment is converted to PEN at it`);
      }
      const tc = scale(document.exchangeRate.rate, `documents[${index}].exchangeRate.rate`);
      converted = cents(paid * tc, DIGITS + 2);
      withheld = cents(paid * tc * rate, 2 * DIGITS + 2);
    }
    const line = {
      converted,
      amount: withheld,
      net: family.type === '20' ? converted - withheld : converted + withheld,
      counted: !family.excluded.includes(document.type),
    };
    if (line.counted) {
      amount += line.amount;
      net += line.net;
    }
    return line;
  });
  return { rate, lines, amount, net };
}

/** The rate, as a decimal fraction without trailing zeros: `0.03`, `0.005`. */
export function rateText(rate: bigint): string {
  return `0.${rate.toString().padStart(DIGITS, '0').replace(/0+$/, '')}`;
}

/** A comprobante de retención's amounts, as {@link computeRetention} gives them: decimal strings of 2 decimals, in PEN. */
export interface ComputedRetention {
  /** The regime's rate as a fraction: `'0.03'`. */
  rate: string;
  /** Each related document's amounts, in the order given. */
  documents: {
    /** The IGV withheld: round2(payment × TC × rate). */
    retainedAmount: string;
    /** What the supplier is paid: round2(payment × TC) − retainedAmount. */
    netPaid: string;
  }[];
  /** The sums over the documents but notas de crédito (`07`) and retentions (`20`). */
  totals: { retained: string; paid: string };
}

/** A comprobante de percepción's amounts, as {@link computePerception} gives them: decimal strings of 2 decimals, in PEN. */
export interface ComputedPerception {
  /** The regime's rate as a fraction: `'0.02'`. */
  rate: string;
  /** Each related document's amounts, in the order given. */
  documents: {
    /** The percepción charged: round2(payment × TC × rate). */
    perceivedAmount: string;
    /** What the customer pays with it: round2(payment × TC) + perceivedAmount. */
    netCashed: string;
  }[];
  /** The sums over the documents but notas de crédito (`07`) and perceptions (`40`). */
  totals: { perceived: string; cashed: string };
}

/**
 * What the service computes on a comprobante de retención (`20`), to the cent, half up: each
 * document's withheld amount and net payment, and the totals, in PEN. A `RangeError` names the
 * field it cannot compute from (a regime that does not exist, a USD document without
 * `exchangeRate`); check the body with {@link checkRetention} for SUNAT's rules.
 *
 * ```ts
 * const { documents, totals } = computeRetention({
 *   regime: '01',
 *   documents: [{ type: '01', number: 'F001-100', issueDate: '2026-11-10', total: 1000, payment: { date: '2026-11-20', amount: 1000 } }],
 * });
 * documents[0]; // { retainedAmount: '30.00', netPaid: '970.00' }
 * totals;       // { retained: '30.00', paid: '970.00' }
 * ```
 */
export function computeRetention(body: AgentBody): ComputedRetention {
  const computed = agentCents(RETENTION, body);
  return {
    rate: rateText(computed.rate),
    documents: computed.lines.map((line) => ({ retainedAmount: format(line.amount), netPaid: format(line.net) })),
    totals: { retained: format(computed.amount), paid: format(computed.net) },
  };
}

/**
 * What the service computes on a comprobante de percepción (`40`), to the cent, half up: each
 * document's percepción and the amount collected with it, and the totals, in PEN. A `RangeError`
 * names the field it cannot compute from; check the body with {@link checkPerception} for SUNAT's rules.
 *
 * ```ts
 * const { totals } = computePerception({
 *   regime: '01',
 *   documents: [{ type: '01', number: 'F001-200', issueDate: '2026-11-10', total: 1180, payment: { date: '2026-11-20', amount: 1180 } }],
 * });
 * totals; // { perceived: '23.60', cashed: '1203.60' }
 * ```
 */
export function computePerception(body: AgentBody): ComputedPerception {
  const computed = agentCents(PERCEPTION, body);
  return {
    rate: rateText(computed.rate),
    documents: computed.lines.map((line) => ({ perceivedAmount: format(line.amount), netCashed: format(line.net) })),
    totals: { perceived: format(computed.amount), cashed: format(computed.net) },
  };
}
