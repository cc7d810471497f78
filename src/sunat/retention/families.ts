/**
 * What tells a comprobante de retención (`20`) from a comprobante de percepción (`40`), written
 * once per family: the regimes and their rates (catálogos 23 and 22), the related document types
 * and numbers each takes, the types its totals leave out, and which of SUNAT's codes each rule
 * reports (the two validation stylesheets, ValidaExprRegRetencion and ValidaExprRegPercepcion,
 * check the same things under different codes). The computation, the rules and the UBL renderer
 * read these facts; nothing else knows which family it runs.
 *
 * @module
 */

/** The codes of one family's rules, by rule. */
export interface FamilyCodes {
  /** A regime that is not one of the family's. */
  readonly regime: '2618' | '2602';
  /** A rate other than the regime's. */
  readonly rate: '2619' | '2603';
  /** The other party is the issuer itself. */
  readonly party: '2620' | '2604';
  /** A payment (collection) date outside the month of the issue date. */
  readonly month: '2661' | '2659';
  /** A payment (collection) date after the issue date, or before the related document's own date. */
  readonly window: '2625' | '2612';
}

/** One family's facts. */
export interface AgentFamily {
  /** Catálogo 01 type of the comprobante: `20` retención, `40` percepción. */
  readonly type: '20' | '40';
  /** The body's field of the other party: the supplier of a retention, the customer of a perception. */
  readonly party: 'supplier' | 'customer';
  /** What the words call the other party. */
  readonly partyWord: 'supplier' | 'customer';
  /** What the words call a payment: a retention withholds from a payment, a perception is charged on a collection. */
  readonly paymentWord: 'payment' | 'collection';
  /** The regimes, by catálogo code, each with its rate as a decimal fraction. */
  readonly regimes: Readonly<Record<string, string>>;
  /** The catálogo 01 types of the documents it may be about (SUNAT's 2692). */
  readonly related: readonly string[];
  /** The related types the totals leave out: notas de crédito and the family's own comprobantes (2628/2629, 2667/2668). */
  readonly excluded: readonly string[];
  /** A related document's number, other than a ticket's (`12`), as SUNAT's stylesheet reads it (2694). */
  readonly number: RegExp;
  readonly codes: FamilyCodes;
}

/** A ticket's (`12`) number, in both families: `-<machine>-<number>`. */
export const TICKET_NUMBER = /^-[a-zA-Z0-9-]{1,20}(-[0-9]{1,20})$/;

/** The comprobante de retención (Retention, catálogo 01 `20`). */
export const RETENTION: AgentFamily = {
  type: '20',
  party: 'supplier',
  partyWord: 'supplier',
  paymentWord: 'payment',
  // Catálogo 23: 01 at 3 %, 02 at 6 % (documents issued up to 2014-02-28 only, 2985).
  regimes: { '01': '0.03', '02': '0.06' },
  related: ['01', '12', '07', '08', '20'],
  excluded: ['07', '20'],
  number: /^(E001|((F|R)[A-Z0-9]{3})|([0-9]{4}))-(?!0+$)([0-9]{1,8})$/,
  codes: { regime: '2618', rate: '2619', party: '2620', month: '2661', window: '2625' },
};

/** The comprobante de percepción (Perception, catálogo 01 `40`). */
export const PERCEPTION: AgentFamily = {
  type: '40',
  party: 'customer',
  partyWord: 'customer',
  paymentWord: 'collection',
  // Catálogo 22: 01 venta interna 2 %, 02 combustible 1 %, 03 a un agente con tasa especial 0.5 %.
  regimes: { '01': '0.02', '02': '0.01', '03': '0.005' },
  related: ['01', '03', '12', '07', '08', '40'],
  excluded: ['07', '40'],
  number: /^(E001|EB01|((F|P|B)[A-Z0-9]{3})|([0-9]{4}))-(?!0+$)([0-9]{1,8})$/,
  codes: { regime: '2602', rate: '2603', party: '2604', month: '2659', window: '2612' },
};

/** The last issue date of a document a retention at 6 % (regime `02`) may be about (SUNAT's 2985). */
export const SIX_PERCENT_UNTIL = '2014-02-28';
