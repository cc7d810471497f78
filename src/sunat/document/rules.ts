/**
 * SUNAT's ERR rules for a create body, each with its code, in one place: the client's
 * `strictSunatChecks` and the sandbox run them, never written twice. The codes are SUNAT's
 * (its "Ajustes y validaciones CPE" workbook and validation stylesheets); an amount the client
 * gives where the service would compute it is checked within the tolerance SUNAT allows (±1.00).
 * Rules that need the service's state (a nota's `documentId` exists) are not here.
 *
 * @module
 */
import { type Decimal, exactCents, format, ONE, rate, scale } from '../decimal.js';
import type { Adjustment, DocumentCreateParams, Item } from '../../models/document.js';
import {
  CREDIT_NOTE_REASON_CODES,
  DEBIT_NOTE_REASON_CODES,
  DETRACTION_CODES,
  type DocumentTypeCode,
  GLOBAL_CHARGE_CODES,
  GLOBAL_DISCOUNT_CODES,
  LEGEND_CODES,
  LINE_CHARGE_CODES,
  LINE_DISCOUNT_CODES,
  OPERATION_TYPE_CODES,
  PAYMENT_MEANS_CODES,
  PERCEPTION_CODES,
} from '../catalogs.js';
import { calendarDate, limaDate } from '../dates.js';
import { IGV_RATE, IGV_RATE_REDUCED, IGV_RATE_REDUCED_2023 } from '../rates.js';
import { isValidSeries } from '../series.js';
import {
  type AdjustmentAmounts,
  type DocumentAmounts,
  documentAmounts,
  icbperPerUnit,
  FREE_TAXED_AFFECTATIONS,
  inPen,
  isFree,
  type LineAmounts,
  lineAmounts,
  lineGross,
  paidPerUnit,
  times,
} from './compute.js';
import { DEFAULT_DETRACTION_PAYMENT_METHOD, DEFAULT_RETENTION_RATE, isNote, operationTypeOf, paymentTermsOf, perceptionRateOf, igvAffectationOf } from './fill.js';

/** Where a rule failed: keys and indices from the body's root (`['items', 0, 'igv']`). */
export type SunatIssuePath = (string | number)[];

/** One broken SUNAT rule. */
export interface SunatIssue {
  /** `sunat_` and SUNAT's error code: `sunat_3244`. */
  code: `sunat_${string}`;
  /** The field the rule is about. */
  path: SunatIssuePath;
  /** The rule, in plain words. */
  message: string;
}

/** Options of {@link checkDocument}. */
export interface CheckDocumentOptions {
  /** The issuer's IGV rate as a fraction (`0.18`; `igvRateOn(issueDate)` gives the rate of a date): line IGV is checked against it. */
  igvRate: Decimal;
  /**
   * Today in Lima, `YYYY-MM-DD`, the day SUNAT receives the document: the issue date of a body
   * without one, and the day a body's issue date is checked against (2329, 2108, 1079). Default:
   * today in America/Lima.
   */
  today?: string | undefined;
}

/** A field's rule when SUNAT has one code for the field missing and another for it malformed. */
interface MissingOrInvalid {
  missing: `sunat_${string}`;
  invalid: `sunat_${string}`;
}

/**
 * The SUNAT rule that covers a field whose shape a create body's schema already refuses (a
 * detracción without its account, a rounding past ±1.00, a nota without its reference): the
 * service reports such a refusal with that rule's code, never only a generic schema code. Keyed
 * by the field's path with indices as `*`.
 */
const FIELD_RULES: Readonly<Record<string, `sunat_${string}` | MissingOrInvalid>> = {
  operationType: { missing: 'sunat_3205', invalid: 'sunat_3206' },
  'paymentTerms.type': { missing: 'sunat_3245', invalid: 'sunat_3246' },
  'paymentTerms.installments': 'sunat_3249',
  'paymentTerms.installments.*.amount': { missing: 'sunat_3254', invalid: 'sunat_3253' },
  'paymentTerms.installments.*.dueDate': { missing: 'sunat_3256', invalid: 'sunat_3255' },
  'detraction.code': 'sunat_3033',
  'detraction.account': 'sunat_3034',
  'detraction.amount': 'sunat_3035',
  'detraction.paymentMethod': 'sunat_3174',
  'perception.base': 'sunat_3233',
  'discounts.*.code': 'sunat_3114',
  'charges.*.code': 'sunat_3114',
  'items.*.discounts.*.code': 'sunat_3114',
  'items.*.charges.*.code': 'sunat_3114',
  'legends.*.code': 'sunat_3027',
  'legends.*.text': 'sunat_3006',
  rounding: 'sunat_3303',
  reference: 'sunat_2524',
  'reference.reason': 'sunat_2172',
  'reference.fullNumber': 'sunat_2117',
};

/**
 * The `sunat_<code>` of the SUNAT rule that covers the field at `path` (`'detraction.account'`,
 * `'items.0.discounts.1.code'`), or `undefined` when no rule of SUNAT's speaks of its shape.
 * `missing`: the field is absent or empty (SUNAT's stylesheets read an empty value as none), which
 * some rules tell apart from a malformed value (an installment without its due date is 3256, one
 * with a date that is not a date 3255).
 */
export function sunatCodeOfField(path: string, { missing = false }: { missing?: boolean } = {}): `sunat_${string}` | undefined {
  const rule = FIELD_RULES[path.replace(/\.\d+(?=\.|$)/g, '.*')];
  return typeof rule === 'object' ? rule[missing ? 'missing' : 'invalid'] : rule;
}

/** SUNAT's tolerance in its amount checks: 1.00, in cents. */
const TOLERANCE = 100n;
/**
 * How close a line's `igv` is to base × a rate for the line to be at that rate: 0.01, in cents
 * (the rate's IGV to the cent). It tells a line at another known rate (3462) from a wrong IGV
 * (3103); SUNAT itself accepts a line's IGV within {@link TOLERANCE} of base × rate.
 */
const RATE_FIT = 1n;
/** A boleta whose total in PEN is above this (S/ 700.00, in cents) names its customer (2514). */
const ANONYMOUS_BOLETA_LIMIT = 70_000n;
/** The IGV rates a line may be at: another than the document's breaks the one-rate rule (3462). */
const KNOWN_RATES = [IGV_RATE, IGV_RATE_REDUCED, IGV_RATE_REDUCED_2023].map((known) => [known, rate(known, 'igvRate')] as const);
/** Detracción operation types (catálogo 51): 1001 general, 1002 recursos hidrobiológicos, 1003 transporte de pasajeros, 1004 transporte de carga. */
const DETRACTION_OPERATIONS: readonly string[] = ['1001', '1002', '1003', '1004'];
/** The catálogo 54 code the special detracción operations require (3129). */
const DETRACTION_CODE_OF: Readonly<Record<string, string>> = { '1002': '004', '1003': '028', '1004': '027' };
/** Export operation types (catálogo 51 `0200`-`0208`): every line `40` (2642). */
const EXPORTS: readonly string[] = ['0200', '0201', '0202', '0203', '0204', '0205', '0206', '0207', '0208'];
/** Exports whose customer is abroad and has no RUC (2800). */
const EXPORTS_WITHOUT_RUC: readonly string[] = ['0200', '0201', '0204'];
/**
 * Operation types whose lines carry data the API does not take (catálogo 55 item properties, a
 * trip's points), with the code SUNAT refuses them with and what they lack: the API cannot issue them.
 */
const OPERATIONS_NEEDING_DATA: Readonly<Record<string, { code: string; needs: string }>> = {
  '0202': { code: '3136', needs: "the guests' data of an export of lodging (catálogo 55, 4008 and 4009)" },
  '0205': { code: '3136', needs: "the tourists' data of an export of a tour package (catálogo 55, 4008 and 4009)" },
  '1002': { code: '3063', needs: "the vessel's data of a sale of hydrobiological resources (catálogo 55, 3001 to 3006)" },
  '1004': { code: '3116', needs: "each trip's origin and destination (ubigeo) of a cargo transport service" },
};
/**
 * The SUNAT product code (catálogo 25) whose lines carry details the API does not take (catálogo
 * 55, 7001 and others: 3150 on facturas and notas), and the two gastos deducibles (0112) takes (3181).
 */
const DETAILED_PRODUCT = '84121901';
const DEDUCTIBLE_PRODUCTS: readonly string[] = [DETAILED_PRODUCT, '80131501'];
/** Operation types whose lines may have a base of 0 (3105): gastos deducibles (0112) and the 2100-2104 ones. */
const ZERO_BASE_OPERATIONS: readonly string[] = ['0112', '2100', '2101', '2102', '2103', '2104'];
/**
 * Text as SUNAT's stylesheets take a name, a legend or a sustento: `^(?!\s*$)[^\s].{min,max}$`
 * matched with Java's regular expressions (`\s` ASCII white space, `.` any character but a line
 * terminator, `$` the end or a last line terminator): a first character that is not white space,
 * then `min` to `max` characters on the same line, counted by code point.
 */
export const sunatText = (min: number, max: number) =>
  new RegExp(`^[^ \\t\\n\\x0B\\f\\r][^\\n\\r\\u0085\\u2028\\u2029]{${min},${max}}(?:\\r\\n|[\\n\\r\\u0085\\u2028\\u2029])?$`, 'u');
/** A customer's name on a factura or boleta: 3 to 1500 characters (2022). */
const CUSTOMER_NAME = sunatText(2, 1499);
/** A nota's sustento, `reference.description`: 2 to 500 characters (2135). */
const SUSTENTO = sunatText(1, 499);
/** A legend's text: 1 to 200 characters (3006). */
const LEGEND_TEXT = sunatText(0, 199);
/** A line's description that SUNAT reads as none: only white space (2027), as `^(?!\s*$)` reads it in Java. */
const BLANK_DESCRIPTION = /^[ \t\n\x0B\f\r]*(?:\r\n|[\n\r\u0085\u2028\u2029])?$/;
/** The longest line description SUNAT takes, in characters (2027). */
const MAX_DESCRIPTION = 500;
/** Operation types with a customer rule of their own; a factura of any other goes to a RUC (2800). */
const CUSTOMER_RULES: Readonly<Record<string, readonly string[]>> = { '0112': ['1', '6'], '2106': ['7', 'B', 'G'] };
/** The retención del IGV rates (catálogo 23): 3% and 6%. */
const RETENTION_RATES: readonly bigint[] = [rate(0.03, 'retention.rate'), rate(0.06, 'retention.rate')];
/** The most bags a line with ICBPER counts (`BaseUnitMeasure`, up to 5 digits), scaled by 10^10. */
const MAX_BAGS = 99_999n * ONE;
/** The most cuotas the XML can number (Cuota001 to Cuota999). */
const MAX_INSTALLMENTS = 999;

/** The issues found so far. */
class Issues {
  readonly list: SunatIssue[] = [];
  /** Whether a line's IGV broke a rule: then the document's IGV total (3291) is that line's fault, reported once. */
  lineIgv = false;
  add(code: string, path: SunatIssuePath, message: string): void {
    this.list.push({ code: `sunat_${code}`, path, message });
  }
}

/** `value` in cents, or `undefined` when it is not an amount with at most 2 decimals (the schema's to say). */
function centsOf(value: unknown): bigint | undefined {
  try {
    return exactCents(value as Decimal, 'amount');
  } catch {
    return undefined;
  }
}

/** `value` as a scaled fraction from 0 to 1, or `undefined`. */
function rateOf(value: unknown): bigint | undefined {
  try {
    return rate(value as Decimal, 'rate');
  } catch {
    return undefined;
  }
}

/** Whether `a` and `b` differ by more than `tolerance`. */
function off(a: bigint, b: bigint, tolerance: bigint): boolean {
  const difference = a - b;
  return difference > tolerance || difference < -tolerance;
}

/**
 * Whether `difference`, computed as SUNAT's stylesheets compute it, is past their tolerance of
 * 1.00. They compute in XPath numbers (binary floating point) from the values the XML carries, so
 * at exactly 1.00 the rounding of that arithmetic decides: 1.16 − 12.00 × 18 × 0.01 is
 * −1.0000000000000002 there (past it), 19.00 − 100.00 × 18 × 0.01 is 1 (within). The rules that
 * compare against a product (3103, 3291, 3290, 3307, 2798, 3263) run the same arithmetic, in the
 * same order, so an amount exactly 1.00 from the product rounded to cents may still be past it.
 */
export const pastTolerance = (difference: number) => difference < -1 || difference > 1;

/** An amount in cents as the XML carries it and XPath reads it. */
export const xpathNumber = (amount: bigint) => Number(format(amount));

/** A fraction scaled by 10^10 (`0.18`) as XPath reads it from the XML's text of it. */
export const xpathFraction = (scaled: bigint) => Number(scaled) / Number(ONE);

/** Whether `value` is a calendar date `YYYY-MM-DD`. */
function isCalendarDate(value: unknown): value is string {
  try {
    calendarDate(value as string, 'date');
    return true;
  } catch {
    return false;
  }
}

/** Calendar days from `from` to `to` (both `YYYY-MM-DD`), negative when `to` comes first; a `RangeError` names a date that is not one. */
const daysFrom = (from: string, to: string) => (Date.parse(calendarDate(to, 'today')) - Date.parse(calendarDate(from, 'issueDate'))) / 86_400_000;

/**
 * SUNAT's deadlines for sending a document, in calendar days after its issue date, by the first
 * letter of its series, with the code of the refusal past them (sunat.md, "Deadlines": they change
 * by resolution). F, a factura and its notas: 3 days (Resolución 000003-2023/SUNAT; SUNAT's
 * stylesheets still hold the 1 day of 2023's first days), refused with 2108 (presentación fuera
 * de fecha). B, a boleta and its notas: 7 days, refused with 1079. A contingency series (4 digits)
 * has none: its paper documents are reported later.
 */
const SEND_DEADLINES: Readonly<Record<string, { days: number; code: string; what: string }>> = {
  F: { days: 3, code: '2108', what: 'a factura or a nota of one' },
  B: { days: 7, code: '1079', what: 'a boleta or a nota of one' },
};
/** The latest issue date SUNAT takes, in calendar days after the day it receives the document (2329). */
const MAX_DAYS_AHEAD = 2;
/** The deadline for voiding a document (comunicación de baja, a boleta's summary), in calendar days after its issue date (2957). */
const VOID_DEADLINE_DAYS = 7;

/**
 * Whether voiding a document issued on `issueDate` is past SUNAT's deadline on `today` (both
 * `YYYY-MM-DD`, Lima days): a comunicación de baja or a boleta's summary more than 7 calendar
 * days after the issue date is refused (ERR 2957); issue a nota de crédito with reason `01`
 * instead. A `RangeError` names a date that is not a calendar date.
 */
export function voidDeadlinePassed(issueDate: string, today: string): boolean {
  return daysFrom(issueDate, today) > VOID_DEADLINE_DAYS;
}

/**
 * SUNAT's ERR rules a create body breaks, each with its code (`sunat_3244`), the field's path
 * and the rule in words; `[]` when it breaks none. Run it on a body that passed the schema:
 * the rules on amounts (totals, the amounts of a detracción, percepción or retención, the
 * installments against the total) run only when the body's amounts can be computed. A
 * `RangeError` names an `igvRate` that is not a fraction (`18` for 18%), or a `today` that is
 * not a calendar date.
 *
 * ```ts
 * checkDocument({ ...factura, paymentTerms: { type: 'credit', installments: [] } }, { igvRate: 0.18 });
 * // [{ code: 'sunat_3249', path: ['paymentTerms', 'installments'], message: 'a sale on credit lists at least one installment (cuota)' }]
 * ```
 */
export function checkDocument(body: DocumentCreateParams, { igvRate, today }: CheckDocumentOptions): SunatIssue[] {
  const documentRate = rate(igvRate, 'igvRate');
  const issues = new Issues();
  const operationType = operationTypeOf(body);
  const receivedOn = today ?? limaDate();
  const issueDate = body.issueDate ?? receivedOn;
  checkSeries(body, issues);
  checkIssueDate(body, receivedOn, issues);
  checkCustomer(body, operationType, issues);
  checkOperationType(body, operationType, issues);
  checkPaymentTerms(body, issueDate, issues);
  checkDetraction(body, operationType, issues);
  checkPerception(body, operationType, issues);
  checkRetention(body, issues);
  const lines = body.items.map((item, i) => checkItem(body, item, i, operationType, igvRate, issues));
  checkLinesIgv(lines, igvRate, documentRate, issues);
  checkGlobalAdjustments(body, lines, issues);
  checkLegends(body, issues);
  checkReferences(body, issues);
  if (lines.includes(undefined)) return issues.list;
  let amounts: DocumentAmounts;
  try {
    amounts = documentAmounts(body, igvRate, lines as LineAmounts[]);
  } catch (error) {
    if (error instanceof RangeError) return issues.list;
    throw error;
  }
  checkAmounts(body, amounts, operationType, documentRate, issues);
  return issues.list;
}

/** 1001: the series fits the document type (F facturas, B boletas, a nota the letter of what it modifies). */
function checkSeries(body: DocumentCreateParams, issues: Issues): void {
  const referenced = body.reference && 'type' in body.reference ? body.reference.type : undefined;
  if (!isValidSeries(body.type as DocumentTypeCode, body.series, referenced)) {
    issues.add('1001', ['series'], `does not fit document type ${body.type}: facturas take an F series, boletas a B, notes the letter of the document they modify`);
  }
}

/**
 * 2329: an issue date at most 2 days after today in Lima, the day SUNAT receives the document; 2108
 * (F series) and 1079 (B series): sent within SUNAT's deadline after its issue date
 * ({@link SEND_DEADLINES}). A body without an issue date is issued today.
 */
function checkIssueDate(body: DocumentCreateParams, today: string, issues: Issues): void {
  if (!isCalendarDate(body.issueDate)) return;
  const days = daysFrom(body.issueDate, today);
  if (days < -MAX_DAYS_AHEAD) {
    issues.add('2329', ['issueDate'], `is ${-days} days after today in Lima (${today}): SUNAT takes an issue date at most ${MAX_DAYS_AHEAD} days ahead`);
  }
  const deadline = SEND_DEADLINES[body.series.charAt(0)];
  if (deadline !== undefined && days > deadline.days) {
    issues.add(
      deadline.code,
      ['issueDate'],
      `is ${days} days before today in Lima (${today}): SUNAT takes ${deadline.what} within ${deadline.days} calendar days of its issue date; issue it with today's date`,
    );
  }
}

/** 2022: the customer's name on a factura or boleta; 2800: the customer type the operation type allows; 2514: a boleta above S/ 700 names its customer (amount rule). */
function checkCustomer(body: DocumentCreateParams, operationType: string | undefined, issues: Issues): void {
  const { documentType, name } = body.customer;
  if ((body.type === '01' || body.type === '03') && !CUSTOMER_NAME.test(name)) {
    issues.add(
      '2022',
      ['customer', 'name'],
      `a ${body.type === '01' ? 'factura' : 'boleta'} names its customer in 3 to 1500 characters on one line, not starting with a space`,
    );
  }
  if (body.type !== '01' && body.type !== '03') return;
  if (body.type === '01' && documentType === '-') {
    // SUNAT's stylesheet lets an export go to varios; a factura names its customer all the same (abroad: 0, with `-` as number).
    issues.add('2800', ['customer', 'documentType'], 'a factura (01) names its customer: varios (-) is for boletas');
    return;
  }
  // The operation type decides the customer type, on a boleta as on a factura; only a factura's other operations need a RUC.
  const operation = operationType ?? '';
  const allowed = CUSTOMER_RULES[operation];
  if (allowed !== undefined) {
    if (!allowed.includes(documentType))
      issues.add('2800', ['customer', 'documentType'], `operation type ${operationType} takes a customer of type ${allowed.join(', ')}`);
  } else if (EXPORTS_WITHOUT_RUC.includes(operation)) {
    if (documentType === '6') issues.add('2800', ['customer', 'documentType'], `an export (${operationType}) goes to a customer abroad, without a RUC (6)`);
  } else if (body.type === '01' && !EXPORTS.includes(operation) && operation !== '0401' && documentType !== '6') {
    issues.add('2800', ['customer', 'documentType'], `a factura of operation type ${operationType} goes to a RUC customer (6)`);
  }
}

/**
 * 3205/3206: a catálogo 51 operation type, on facturas and boletas only (an empty one is missing,
 * as SUNAT reads it; a body without one takes 0101); 3136, 3063, 3116: an operation type whose
 * lines need data the API does not take; 2642: an export's paid lines are all exports (40).
 */
function checkOperationType(body: DocumentCreateParams, operationType: string | undefined, issues: Issues): void {
  if (body.operationType !== undefined && isNote(body.type)) {
    issues.add('3206', ['operationType'], 'a nota carries no operation type: it follows the document it modifies');
    return;
  }
  if (operationType === undefined) return;
  if (operationType === '') {
    issues.add('3205', ['operationType'], 'a factura or boleta names its operation type (catálogo 51), or leaves it out for the default');
  } else if (!(OPERATION_TYPE_CODES as readonly string[]).includes(operationType)) {
    issues.add('3206', ['operationType'], `must be a catálogo 51 operation type such as 0101, got ${operationType}`);
  }
  const lacking = OPERATIONS_NEEDING_DATA[operationType];
  if (lacking !== undefined) {
    issues.add(lacking.code, ['operationType'], `operation type ${operationType} needs ${lacking.needs}, which the API does not take: SUNAT refuses it without them`);
  }
  if (EXPORTS.includes(operationType)) {
    body.items.forEach((item, i) => {
      const affectation = igvAffectationOf(item);
      if (affectation !== '40' && !isFree(affectation)) {
        issues.add(
          '2642',
          ['items', i, 'igvAffectation'],
          `every paid line of an export (${operationType}) is an export line (40); a free line (gratuita) may go with them`,
        );
      }
    });
  }
}

/**
 * Whether a sale on credit must list its installments, each with its amount and due date (3249,
 * 3254, 3256): SUNAT asks them of a RUC customer only, and of a nota (of reason 13, which modifies
 * such a sale). The installments given are checked whoever the customer (3253, 3255, 3265-3267).
 */
const installmentsRequired = (body: DocumentCreateParams) => isNote(body.type) || body.customer.documentType === '6';

/**
 * Forma de pago: 3245/3246/3247 its type; on credit, 3253 the installments' amounts, 3255/3267
 * their due dates, and for a RUC customer (and on a nota of reason 13) 3249 the installments,
 * 3254/3256 their amounts and due dates present; on notas 3257 (reason 13 only, required there).
 * Boletas have no forma de pago rule.
 */
function checkPaymentTerms(body: DocumentCreateParams, issueDate: string, issues: Issues): void {
  const terms = paymentTermsOf(body);
  const reason = body.reference?.reason;
  if (body.type === '08' && terms !== undefined) {
    issues.add('3244', ['paymentTerms'], 'a nota de débito carries no forma de pago');
    return;
  }
  if (body.type === '07') {
    if (reason === '13' && terms?.type !== 'credit') {
      issues.add(
        '3257',
        ['paymentTerms'],
        'a nota de crédito of reason 13 (ajustes de montos y/o fechas de pago) carries the new forma de pago: credit with its installments',
      );
      return;
    }
    if (reason !== '13' && terms !== undefined) {
      issues.add('3244', ['paymentTerms'], 'a nota de crédito carries a forma de pago only with reason 13 (ajustes de montos y/o fechas de pago)');
      return;
    }
  }
  if (terms === undefined || body.type === '03') return;
  const type: unknown = terms.type;
  if (type === undefined || type === '') {
    issues.add('3245', ['paymentTerms', 'type'], 'a forma de pago names its type: cash (Contado) or credit (Crédito)');
    return;
  }
  if (type !== 'cash' && type !== 'credit') {
    issues.add('3246', ['paymentTerms', 'type'], 'the forma de pago is cash (Contado) or credit (Crédito)');
    return;
  }
  const installments: unknown = (terms as { installments?: unknown }).installments;
  if (type === 'cash') {
    if (installments !== undefined) issues.add('3247', ['paymentTerms', 'installments'], 'a cash sale (Contado) has no installments: it is paid in full');
    return;
  }
  const required = installmentsRequired(body);
  if (!Array.isArray(installments) || installments.length === 0) {
    if (required) issues.add('3249', ['paymentTerms', 'installments'], 'a sale on credit lists at least one installment (cuota)');
    return;
  }
  if (installments.length > MAX_INSTALLMENTS) {
    issues.add('3246', ['paymentTerms', 'installments'], `a sale on credit has at most ${MAX_INSTALLMENTS} installments (Cuota001 to Cuota999)`);
  }
  (installments as { amount?: unknown; dueDate?: unknown }[]).forEach((installment, i) => {
    const at = ['paymentTerms', 'installments', i];
    const amount = centsOf(installment.amount);
    if (installment.amount === undefined) {
      if (required) issues.add('3254', [...at, 'amount'], 'each installment has its amount');
    } else if (amount === undefined || amount <= 0n) {
      issues.add('3253', [...at, 'amount'], 'each installment is an amount greater than 0 with at most 2 decimals');
    }
    if (installment.dueDate === undefined) {
      if (required) issues.add('3256', [...at, 'dueDate'], 'each installment has its due date');
    } else if (!isCalendarDate(installment.dueDate)) {
      issues.add('3255', [...at, 'dueDate'], 'an installment is due on a calendar date YYYY-MM-DD');
    } else if (installment.dueDate <= issueDate) {
      issues.add('3267', [...at, 'dueDate'], `an installment is due after the issue date ${issueDate}`);
    }
  });
}

/** Detracción: 3127/3128 with its operation types, 3033 its code, 3129 the code of 1002-1004, 3034 the account, 3174 the means, 3035 its amount, 3208 in PEN. */
function checkDetraction(body: DocumentCreateParams, operationType: string | undefined, issues: Issues): void {
  const detraction = body.detraction;
  const subject = DETRACTION_OPERATIONS.includes(operationType ?? '');
  if (detraction === undefined) {
    if (subject) issues.add('3127', ['detraction'], `operation type ${operationType} is a sale under detracción: it carries its detraction`);
    return;
  }
  if (!subject) {
    issues.add('3128', ['operationType'], `only operation types ${DETRACTION_OPERATIONS.join(', ')} carry a detracción, not ${operationType ?? 'a nota'}`);
  }
  if (!(DETRACTION_CODES as readonly string[]).includes(detraction.code)) {
    issues.add('3033', ['detraction', 'code'], 'must be a catálogo 54 code of a good or service under detracción, such as 037');
  } else if (DETRACTION_CODE_OF[operationType ?? ''] !== undefined && detraction.code !== DETRACTION_CODE_OF[operationType ?? '']) {
    issues.add('3129', ['detraction', 'code'], `operation type ${operationType} takes the detracción code ${DETRACTION_CODE_OF[operationType ?? '']}`);
  }
  if (typeof detraction.account !== 'string' || detraction.account.trim() === '') {
    issues.add('3034', ['detraction', 'account'], "a detracción names the issuer's account at the Banco de la Nación");
  }
  if (!(PAYMENT_MEANS_CODES as readonly string[]).includes(detraction.paymentMethod ?? DEFAULT_DETRACTION_PAYMENT_METHOD)) {
    issues.add('3174', ['detraction', 'paymentMethod'], 'must be a catálogo 59 means of payment such as 001 (depósito en cuenta)');
  }
  if (detraction.amount !== undefined) {
    const amount = centsOf(detraction.amount);
    if (amount === undefined || amount <= 0n)
      issues.add('3035', ['detraction', 'amount'], 'a detracción carries its amount in PEN, greater than 0 with at most 2 decimals');
  } else {
    const share = rateOf(detraction.rate);
    if (share === undefined || share === 0n)
      issues.add('3035', ['detraction', 'rate'], 'a detracción without its amount needs its rate, a fraction above 0 and below 1 (0.12 is 12%)');
  }
  if (body.currency === 'USD' && body.exchangeRate === undefined) {
    issues.add('3208', ['exchangeRate'], 'a USD document with a detracción gives its exchange rate: the detracción is in PEN');
  }
}

/**
 * Percepción: 3093/3308 with operation type 2001, 3330 cash sales only, its regime and rate, 3233
 * base above 0, 2797 in PEN (amount rules below). On a factura the forma de pago decides: operation
 * 2001 in cash (Contado) carries its percepción (3093), on credit carries none (3330), as SUNAT's
 * factura stylesheet checks; a boleta has no forma de pago rule, and of operation 2001 carries its
 * percepción whatever its payment terms (3093 of SUNAT's boleta stylesheet).
 */
function checkPerception(body: DocumentCreateParams, operationType: string | undefined, issues: Issues): void {
  const perception = body.perception;
  const facturaOnCredit = body.type === '01' && paymentTermsOf(body)?.type === 'credit';
  if (perception === undefined) {
    if (operationType === '2001' && !facturaOnCredit) {
      issues.add('3093', ['perception'], 'operation type 2001 is a sale under percepción: a factura in cash (Contado), or a boleta, carries its perception');
    }
    return;
  }
  if (operationType !== '2001') issues.add('3308', ['operationType'], `only operation type 2001 carries a percepción, not ${operationType ?? 'a nota'}`);
  if (facturaOnCredit) issues.add('3330', ['paymentTerms'], 'a percepción is charged on cash sales (Contado) only');
  if (!(PERCEPTION_CODES as readonly string[]).includes(perception.code)) {
    issues.add('3093', ['perception', 'code'], `must be a percepción regime: ${PERCEPTION_CODES.join(', ')}`);
  } else {
    const share = rateOf(perceptionRateOf(perception));
    if (share === undefined || share === 0n) issues.add('2798', ['perception', 'rate'], 'must be a fraction above 0 and below 1 (0.02 is 2%)');
  }
  if (perception.base !== undefined) {
    const base = centsOf(perception.base);
    if (base === undefined || base <= 0n) issues.add('3233', ['perception', 'base'], 'the base of a percepción is greater than 0, with at most 2 decimals');
  }
  if (body.currency === 'USD' && body.exchangeRate === undefined) {
    issues.add('2797', ['exchangeRate'], 'a USD document with a percepción gives its exchange rate: the percepción is in PEN');
  }
}

/** Retención: 3262 a RUC customer, 3263 a rate of catálogo 23 (amount rules below). */
function checkRetention(body: DocumentCreateParams, issues: Issues): void {
  const retention = body.retention;
  if (retention === undefined) return;
  if (body.customer.documentType !== '6')
    issues.add('3262', ['customer', 'documentType'], 'a retención is informed to a customer with a RUC (6), an agente de retención');
  if (!RETENTION_RATES.includes(rateOf(retention.rate ?? DEFAULT_RETENTION_RATE) ?? -1n))
    issues.add('3263', ['retention', 'rate'], 'the retención del IGV is at 0.03 or 0.06 (catálogo 23)');
}

/** 3114: each discount or charge takes a code of its level. */
function checkAdjustmentCodes(list: readonly Adjustment[] | undefined, codes: readonly string[], field: SunatIssuePath, what: string, issues: Issues): void {
  list?.forEach((adjustment, i) => {
    if (!codes.includes(adjustment.code)) issues.add('3114', [...field, i, 'code'], `${what} take catálogo 53 codes ${codes.join(', ')}`);
  });
}

/**
 * A line's rules: 3150 and 3181 its SUNAT product code; 2027 its description; 3114 and 3290 its
 * discounts and charges (on a factura, each amount = base × factor within 1.00); 3105 a value
 * above 0.00 on a factura, boleta or nota de débito; free lines 2640, 3224, 3234, 3111, and 2641
 * above 0.00 on a nota; 3110 no IGV on 20-40; 3103 IGV = base × rate; 3462 one rate per document;
 * ICBPER 3237, 3238. Returns the line's amounts, or `undefined` when they cannot be computed.
 */
function checkItem(body: DocumentCreateParams, item: Item, i: number, operationType: string | undefined, igvRate: Decimal, issues: Issues): LineAmounts | undefined {
  const affectation = igvAffectationOf(item);
  const free = isFree(affectation);
  const at = ['items', i];
  const product = item.sunatProductCode;
  if (product === DETAILED_PRODUCT && body.type !== '03') {
    issues.add('3150', [...at, 'sunatProductCode'], `a line of SUNAT product ${DETAILED_PRODUCT} carries details (catálogo 55, 7001 and others) the API does not take`);
  } else if (body.type === '01' && operationType === '0112' && product !== undefined && !DEDUCTIBLE_PRODUCTS.includes(product)) {
    issues.add('3181', [...at, 'sunatProductCode'], `a line of gastos deducibles (0112) is of SUNAT product ${DEDUCTIBLE_PRODUCTS.join(' or ')}, or has none`);
  }
  if (typeof item.description === 'string' && (BLANK_DESCRIPTION.test(item.description) || [...item.description].length > MAX_DESCRIPTION)) {
    issues.add('2027', [...at, 'description'], `a line's description is 1 to ${MAX_DESCRIPTION} characters, not only spaces`);
  }
  if (free) {
    if (centsOf(item.unitPrice) !== 0n) issues.add('2640', [...at, 'unitPrice'], 'a free line (gratuita) has a unit price of 0: its value goes in referenceValue');
    const reference = scaleOf(item.referenceValue);
    if (reference === undefined || reference <= 0n)
      issues.add('3234', [...at, 'referenceValue'], 'a free line (gratuita) gives its valor referencial per unit, greater than 0');
  } else if (item.referenceValue !== undefined) {
    issues.add('3224', [...at, 'referenceValue'], `a valor referencial is for free lines (11-16, 21, 31-37), not affectation ${affectation}`);
  }
  if (item.icbper !== undefined) {
    const bags = scaleOf(item.quantity);
    if (bags === undefined || bags % ONE !== 0n || bags > MAX_BAGS)
      issues.add('3237', [...at, 'quantity'], 'a line with ICBPER counts its bags in whole numbers, up to 99999');
    const tax = centsOf(item.icbper);
    if (tax === undefined || tax <= 0n) {
      issues.add('3238', [...at, 'icbper'], 'the ICBPER of a line is greater than 0: bags × the amount per bag');
    } else if (bags !== undefined && bags > 0n && icbperPerUnit(tax, bags) === 0n) {
      issues.add('3238', [...at, 'icbper'], `the ICBPER per bag (${format(tax)} ÷ ${String(item.quantity)} bags, to the cent) is greater than 0`);
    }
  }
  checkAdjustmentCodes(item.discounts, LINE_DISCOUNT_CODES, [...at, 'discounts'], "a line's discounts", issues);
  checkAdjustmentCodes(item.charges, LINE_CHARGE_CODES, [...at, 'charges'], "a line's charges", issues);
  // A code of another level or a base of 0 (reported above and below) makes lineAmounts throw: the line's amounts are not checked.
  let amounts: LineAmounts;
  try {
    const start = lineGross(item, i, igvRate);
    checkBases(item.discounts, start.gross, [...at, 'discounts'], '3290', issues);
    checkBases(item.charges, start.gross, [...at, 'charges'], '3290', issues);
    amounts = lineAmounts(item, i, igvRate, start);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  if (amounts.base < 0n) {
    issues.add('3290', [...at, 'discounts'], "a line's discounts (00) do not exceed its value");
    return undefined;
  }
  // A nota de crédito's paid line may be worth 0.00 (its stylesheet checks only that the line has
  // a tax); a nota de débito's may not.
  const zeroAllowed = body.type === '07' || (!isNote(body.type) && ZERO_BASE_OPERATIONS.includes(operationType ?? ''));
  if (amounts.base === 0n && !zeroAllowed) {
    issues.add(
      '3105',
      at,
      `a line's value (quantity × ${free ? 'valor referencial' : 'unit price'}, less its discounts) is above 0.00: a line given without charge is a free line (gratuita, 11-16, 21, 31-37) with its valor referencial`,
    );
  }
  if (amounts.base === 0n && free && isNote(body.type)) {
    issues.add('2641', at, 'a free line (gratuita) of a nota is worth more than 0.00: quantity × valor referencial, to the cent');
  }
  if (body.type === '01') {
    checkFactors(amounts.discounts, item.discounts, [...at, 'discounts'], '3290', 'line discount', issues);
    checkFactors(amounts.charges, item.charges, [...at, 'charges'], '3290', 'line charge', issues);
  }
  return amounts;
}

/** `value` scaled by 10^10, or `undefined` when it is not a decimal. */
function scaleOf(value: unknown): bigint | undefined {
  try {
    return scale(value as Decimal, 'value');
  } catch {
    return undefined;
  }
}

/** 3290 (line) / 3307 (global): an adjustment's base, its own or `defaultBase` (for every code, or only `defaultedCode`), is above 0 so its factor exists. */
function checkBases(list: readonly Adjustment[] | undefined, defaultBase: bigint, field: SunatIssuePath, code: string, issues: Issues, defaultedCode?: string): void {
  list?.forEach((adjustment, i) => {
    if (adjustment.base === undefined && defaultedCode !== undefined && adjustment.code !== defaultedCode) return;
    const base = adjustment.base === undefined ? defaultBase : centsOf(adjustment.base);
    if (base === undefined || base <= 0n) {
      issues.add(
        code,
        [...field, i, adjustment.base === undefined ? 'amount' : 'base'],
        'a discount or charge applies to a base greater than 0: its factor is amount / base',
      );
    }
  });
}

/**
 * 3290 (line) / 3307 (global), on a factura: each adjustment's amount is base × factor within
 * 1.00, its factor (`MultiplierFactorNumeric`) amount ÷ base at 5 decimals, as compute.ts gives it
 * and the XML carries it. The rounding of the factor moves base × factor by up to base × 0.000005:
 * past 1.00 on a base above 200,000.00. Compared as SUNAT compares (`pastTolerance`). SUNAT's
 * factura stylesheet skips a global adjustment whose factor is 0 (`skipZero`); its boleta
 * stylesheet only observes (4289, 4322: documentObservations), and its notas' do not check.
 */
function checkFactors(
  list: readonly AdjustmentAmounts[],
  bodies: readonly Adjustment[] | undefined,
  field: SunatIssuePath,
  code: string,
  what: string,
  issues: Issues,
  skipZero = false,
): void {
  list.forEach((adjustment, i) => {
    if (!factorPastTolerance(adjustment, skipZero)) return;
    const product = times(adjustment.base, scale(adjustment.factor, 'factor'));
    issues.add(
      code,
      [...field, i, bodies?.[i]?.base === undefined ? 'amount' : 'base'],
      `a ${what} (${adjustment.code}) is base × factor within 1.00, the factor (amount ÷ base) rounded to 5 decimals: ${format(adjustment.base)} × ${adjustment.factor} = ${format(product)}, not ${format(adjustment.amount)}; give an amount such as ${format(product)}, or a base for which amount ÷ base has at most 5 decimals`,
    );
  });
}

/**
 * Whether a discount's or charge's amount is past 1.00 from its base × its factor as SUNAT computes
 * it (`Amount − BaseAmount × MultiplierFactorNumeric`, in XPath numbers); a factor of 0 passes with `skipZero`.
 */
export function factorPastTolerance(adjustment: AdjustmentAmounts, skipZero = false): boolean {
  const factor = scale(adjustment.factor, 'factor');
  if (skipZero && factor === 0n) return false;
  return pastTolerance(xpathNumber(adjustment.amount) - xpathNumber(adjustment.base) * xpathFraction(factor));
}

/** Whether a line's IGV is base × a rate (scaled by 10^10) within 0.01: the line is at that rate. */
function fits(amounts: LineAmounts, scaledRate: bigint): boolean {
  return !off(amounts.igv, times(amounts.base, scaledRate), RATE_FIT);
}

/**
 * 3110, 3111, 3103, 3462: each line's IGV, within 1.00 of base × the document's rate (3103, the
 * product unrounded, as SUNAT compares). A line past that whose IGV is at another known rate while
 * other lines are at the document's breaks the one-rate rule (3462); a line at no rate, or every
 * line at another rate than the issuer's, is a wrong IGV (3103).
 */
function checkLinesIgv(lines: readonly (LineAmounts | undefined)[], igvRate: Decimal, documentRate: bigint, issues: Issues): void {
  const atDocumentRate = () => lines.some((l) => l !== undefined && l.affectation === '10' && l.igv !== 0n && fits(l, documentRate));
  lines.forEach((amounts, i) => {
    if (amounts === undefined) return;
    const before = issues.list.length;
    lineIgvRules(amounts, ['items', i], igvRate, documentRate, atDocumentRate, issues);
    if (issues.list.length > before) issues.lineIgv = true;
  });
}

function lineIgvRules(amounts: LineAmounts, at: SunatIssuePath, igvRate: Decimal, documentRate: bigint, atDocumentRate: () => boolean, issues: Issues): void {
  const { affectation, igv, expectedIgv, base } = amounts;
  if (expectedIgv === undefined) return; // IVAP (17) has a rate of its own
  if (affectation !== '10' && !FREE_TAXED_AFFECTATIONS.includes(affectation)) {
    if (igv !== 0n) issues.add('3110', [...at, 'igv'], `a line of affectation ${affectation} carries no IGV: it should be 0.00`);
    return;
  }
  // SUNAT's stylesheets ask an IGV of every taxed line (10-16) whose base is above 0.06, paid or free.
  if (igv === 0n && base > 6n) {
    const line = affectation === '10' ? 'a taxed line (10) above 0.06 carries its IGV' : `a free taxed line (${affectation}) reports its IGV`;
    issues.add('3111', [...at, 'igv'], `${line}: it should be ${format(expectedIgv)} at an IGV rate of ${String(igvRate)}`);
    return;
  }
  // SUNAT: TaxAmount − (TaxableAmount × Percent) × 0.01, Percent as the XML carries it (18.00).
  if (!pastTolerance(xpathNumber(igv) - xpathNumber(base) * (xpathFraction(documentRate) * 100) * 0.01)) return;
  // The line is off the document's rate, so any known rate it fits is another one.
  const other = KNOWN_RATES.find(([, scaled]) => fits(amounts, scaled));
  if (other !== undefined && atDocumentRate()) {
    issues.add(
      '3462',
      [...at, 'igv'],
      `every IGV line of a document is at one rate: this line is at ${other[0]}, the others at ${String(igvRate)} (it should be ${format(expectedIgv)})`,
    );
  } else {
    issues.add('3103', [...at, 'igv'], `should be ${format(expectedIgv)} at an IGV rate of ${String(igvRate)}`);
  }
}

/** 3114 and 3307: global discounts and charges. */
function checkGlobalAdjustments(body: DocumentCreateParams, lines: (LineAmounts | undefined)[], issues: Issues): void {
  checkAdjustmentCodes(body.discounts, GLOBAL_DISCOUNT_CODES, ['discounts'], "a document's discounts", issues);
  checkAdjustmentCodes(body.charges, GLOBAL_CHARGE_CODES, ['charges'], "a document's charges", issues);
  if (lines.includes(undefined)) return;
  const taxedBase = (lines as LineAmounts[]).reduce((sum, l) => (l.affectation === '10' ? sum + l.base : sum), 0n);
  // 02 and 49 default to the taxed base; the other codes to the total, above 0 whenever the lines are.
  checkBases(body.discounts, taxedBase, ['discounts'], '3307', issues, '02');
  checkBases(body.charges, taxedBase, ['charges'], '3307', issues, '49');
}

/** Legends: 3027 a catálogo 52 code, 3014 not repeated, 3006 text 1-200 characters without line breaks, 2416 1002 only with free lines. */
function checkLegends(body: DocumentCreateParams, issues: Issues): void {
  const seen = new Set<string>();
  (body.legends ?? []).forEach((legend, i) => {
    if (!(LEGEND_CODES as readonly string[]).includes(legend.code)) {
      issues.add('3027', ['legends', i, 'code'], `must be a catálogo 52 legend code: ${LEGEND_CODES.join(', ')}`);
    } else if (seen.has(legend.code)) {
      issues.add('3014', ['legends', i, 'code'], `legend ${legend.code} appears once`);
    } else if (legend.code === '1002' && !body.items.some((item) => isFree(igvAffectationOf(item)))) {
      issues.add('2416', ['legends', i, 'code'], 'legend 1002 (transferencia gratuita) needs free lines');
    }
    seen.add(legend.code);
    if (typeof legend.text !== 'string' || !LEGEND_TEXT.test(legend.text)) {
      issues.add('3006', ['legends', i, 'text'], 'a legend is 1 to 200 characters on one line, not starting with a space');
    }
  });
}

/** A series-number of a document type 01 (F...) or 03 (B...), or of a contingency series (2117). */
const REFERENCED_NUMBER: Readonly<Record<string, RegExp>> = {
  '01': /^(F[A-Z0-9]{3}|\d{1,4})-\d{1,8}$/,
  '03': /^(B[A-Z0-9]{3}|\d{1,4})-\d{1,8}$/,
};

/** A nota's reference: 2524 present, 2135 its sustento, 2172 a reason of catálogo 09/10, 2642/2644 the lines of reasons 11 (40) and 12 (17), 3259 reason 13 for a factura, 2117 the number's shape; 2364/2365 despatches and related documents not repeated; 2637/2635 a nota de crédito of reason 10 relates one document of type 99 at most. */
function checkReferences(body: DocumentCreateParams, issues: Issues): void {
  const reference = body.reference;
  if (isNote(body.type)) {
    if (reference === undefined) {
      issues.add('2524', ['reference'], 'a nota names the document it modifies');
    } else {
      if (typeof reference.description === 'string' && !SUSTENTO.test(reference.description)) {
        issues.add('2135', ['reference', 'description'], "a nota's sustento is 2 to 500 characters on one line, not starting with a space");
      }
      const reasons: readonly string[] = body.type === '07' ? CREDIT_NOTE_REASON_CODES : DEBIT_NOTE_REASON_CODES;
      if (!reasons.includes(reference.reason)) {
        issues.add(
          '2172',
          ['reference', 'reason'],
          `a nota de ${body.type === '07' ? 'crédito takes a catálogo 09' : 'débito takes a catálogo 10'} reason: ${reasons.join(', ')}`,
        );
      }
      // A nota of reason 11 adjusts an export, one of reason 12 an IVAP sale: its lines are of that kind.
      const kind = reference.reason === '11' ? { code: '2642', affectation: '40', what: 'ajustes de operaciones de exportación' } : undefined;
      const ivap = reference.reason === '12' ? { code: '2644', affectation: '17', what: 'ajustes afectos al IVAP' } : undefined;
      const lines = kind ?? ivap;
      body.items.forEach((item, i) => {
        if (lines !== undefined && igvAffectationOf(item) !== lines.affectation) {
          issues.add(
            lines.code,
            ['items', i, 'igvAffectation'],
            `every line of a nota of reason ${reference.reason} (${lines.what}) is of affectation ${lines.affectation}`,
          );
        }
      });
      // By its documentId the service checks the document itself (testing/store/nota-references.ts).
      if (body.type === '07' && reference.reason === '13' && reference.type === '03') {
        issues.add('3259', ['reference', 'type'], 'a nota de crédito of reason 13 modifies a factura (01) sold on credit: a boleta has no forma de pago');
      }
      if (reference.fullNumber !== undefined) {
        const shape = REFERENCED_NUMBER[reference.type ?? ''];
        if (shape === undefined || !shape.test(reference.fullNumber)) {
          issues.add(
            '2117',
            ['reference', 'fullNumber'],
            `the number of a ${reference.type === '03' ? 'boleta is B' : 'factura is F'} + 3 letters or digits (or a 4-digit contingency series), a dash, and 1 to 8 digits`,
          );
        }
      }
    }
  }
  if (body.despatches)
    repeated(
      body.despatches.map((d) => `${d.type} ${d.fullNumber}`),
      ['despatches'],
      '2364',
      'a guía de remisión is listed once',
      issues,
    );
  if (body.relatedDocuments) {
    repeated(
      body.relatedDocuments.map((d) => `${d.type} ${d.number}`),
      ['relatedDocuments'],
      '2365',
      'a related document is listed once',
      issues,
    );
    // A nota de crédito of reason 10 (otros conceptos) names at most one other document, of type 99.
    if (body.type === '07' && reference?.reason === '10') {
      body.relatedDocuments.forEach((document, i) => {
        if (document.type !== '99') {
          issues.add('2637', ['relatedDocuments', i, 'type'], 'a nota de crédito of reason 10 (otros conceptos) relates documents of type 99 (otros) only');
        }
      });
      if (body.relatedDocuments.filter((document) => document.type === '99').length > 1) {
        issues.add('2635', ['relatedDocuments'], 'a nota de crédito of reason 10 (otros conceptos) relates one document of type 99 at most');
      }
    }
  }
}

function repeated(keys: string[], field: SunatIssuePath, code: string, message: string, issues: Issues): void {
  const seen = new Set<string>();
  keys.forEach((key, i) => {
    if (seen.has(key)) issues.add(code, [...field, i], message);
    seen.add(key);
  });
}

/** 3271, 3280, 3270, 3277: a nota of a factura whose discounts or charges break its stylesheet's sums ({@link noteAmountBreaks}). */
function checkNoteAmounts(body: DocumentCreateParams, amounts: DocumentAmounts, issues: Issues): void {
  const breaks = noteAmountBreaks(body, amounts);
  for (const i of breaks.lineValues) {
    issues.add('3271', ['items', i], "a nota's line is worth its unit value × quantity, within 1.00: it takes no line discounts 00 nor charges 47");
  }
  for (const i of breaks.unitPrices) {
    issues.add('3270', ['items', i], "a nota de débito's price per unit is its value and taxes ÷ quantity, within 1.00: it takes no line discounts 01 nor charges 48");
  }
  if (breaks.payable) issues.add('3280', ['discounts'], "a nota's total is its values, taxes and charges, within 1.00: it takes no discounts 01 nor 03");
  if (breaks.taxedBase) issues.add('3277', ['discounts'], "a nota's taxed total is its lines' values, within 1.00: it takes no global discounts 02 nor charges 49");
}

/**
 * The rules on amounts: 3307 a factura's global discounts and charges each base × factor within
 * 1.00, 3277 and 3280 discounts within what they reduce, 3020 an IGV total not below 0, 3291 IGV within 1.00 (a factura and a nota of one)
 * of taxable × rate, 3303 rounding within 1.00, 3107 exports without taxed totals, 3315 a nota
 * of reason 13 pays nothing, 3265/3266 installments within the total, 2514 a boleta above
 * S/ 700 names its customer, 2797/2798 the percepción, 3263/3264 the retención.
 */
function checkAmounts(body: DocumentCreateParams, amounts: DocumentAmounts, operationType: string | undefined, documentRate: bigint, issues: Issues): void {
  const { totals } = amounts;
  if (body.type === '01') {
    checkFactors(amounts.discounts, body.discounts, ['discounts'], '3307', 'global discount', issues, true);
    checkFactors(amounts.charges, body.charges, ['charges'], '3307', 'global charge', issues, true);
  }
  if (totals.taxable < 0n) {
    issues.add('3277', ['discounts'], 'global discounts of code 02 do not exceed the taxed base');
    return;
  }
  if (totals.total < 0n) {
    issues.add('3280', ['discounts'], 'the discounts do not exceed the total');
    return;
  }
  // The lines' IGV less that of the global discounts 02: within 1.00 of its base (3291) yet below 0, which no amount in the XML may be.
  if (totals.igv < 0n) {
    issues.add('3020', ['discounts'], `the IGV total (${format(totals.igv)}: the lines' IGV less the global discounts' 02) is not below 0`);
    return;
  }
  if (isNote(body.type) && body.series.startsWith('F')) checkNoteAmounts(body, amounts, issues);
  // 3291 on a factura, and on a nota of a factura (an F series, 1001) against its lines' bases only;
  // on a boleta SUNAT only observes it (4290, documentObservations).
  const ofFactura = isNote(body.type) && body.series.startsWith('F');
  if (!issues.lineIgv && (body.type === '01' || ofFactura)) {
    const base = body.type === '01' ? totals.taxable : amounts.lines.reduce((sum, line) => (line.affectation === '10' ? sum + line.base : sum), 0n);
    if (pastTolerance(xpathNumber(totals.igv) - igvBaseAsSunatSums(amounts, body.type === '01') * xpathFraction(documentRate))) {
      issues.add('3291', ['items'], `the IGV total (${format(totals.igv)}) must be within 1.00 of taxable × rate (${format(times(base, documentRate))})`);
    }
  }
  if (off(totals.rounding, 0n, TOLERANCE)) issues.add('3303', ['rounding'], 'rounding is from -1.00 to 1.00');
  // An export's lines are all 40 (else 2642): its taxed base can only come from global 02/49, and its IGV from that base.
  if (EXPORTS.includes(operationType ?? '') && body.items.every((item) => igvAffectationOf(item) === '40')) {
    if (totals.taxable !== 0n) issues.add('3107', ['charges'], 'an export carries no taxed amounts: no global discounts 02 or charges 49');
  }
  if (body.type === '07' && body.reference?.reason === '13' && totals.total !== 0n) {
    issues.add('3315', ['items'], 'a nota de crédito of reason 13 only changes the payment terms: its total is 0.00');
  }
  const terms = paymentTermsOf(body);
  if (body.type === '01' && terms?.type === 'credit' && Array.isArray(terms.installments)) {
    const installments = terms.installments.map((installment) => centsOf(installment.amount) ?? 0n);
    const pending = installments.reduce((a, b) => a + b, 0n);
    if (pending > totals.total) issues.add('3265', ['paymentTerms', 'installments'], `the installments add up to at most the total ${format(totals.total)}`);
    installments.forEach((amount, i) => {
      if (amount > totals.total) issues.add('3266', ['paymentTerms', 'installments', i, 'amount'], `an installment is at most the total ${format(totals.total)}`);
    });
  }
  // Without its exchange rate, a USD boleta's total in dollars is a lower bound of its total in PEN (a dollar is worth more than a sol).
  if (body.type === '03' && body.customer.documentType === '-' && (inPenSafe(body, totals.total) ?? totals.total) > ANONYMOUS_BOLETA_LIMIT) {
    issues.add('2514', ['customer', 'documentType'], 'a boleta above S/ 700.00 names its customer: not varios (-)');
  }
  checkPerceptionAmounts(body, totals.total, issues);
  checkRetentionAmounts(body, totals.total, issues);
}

/**
 * The taxed base of the IGV total's check (3291; a boleta's 4290) as SUNAT's stylesheets sum it,
 * in XPath numbers and in document order: the lines' `TaxableAmount` under IGV (the onerous `10`
 * lines) and, with `globals` (a factura's, a boleta's; not a nota's), less the global discounts
 * `02`, plus the global charges `49`.
 */
export function igvBaseAsSunatSums({ lines, discounts, charges }: DocumentAmounts, globals: boolean): number {
  const sum = (amounts: bigint[]) => amounts.reduce((total, amount) => total + xpathNumber(amount), 0);
  const lineBases = sum(lines.filter((line) => line.affectation === '10').map((line) => line.base));
  if (!globals) return lineBases;
  return lineBases - sum(discounts.filter((d) => d.code === '02').map((d) => d.amount)) + sum(charges.filter((c) => c.code === '49').map((c) => c.amount));
}

/** A value scaled by 10^10 as XPath reads the XML's text of it (`21.186440678`). */
const xpathScaled = (scaled: bigint) => {
  const magnitude = scaled < 0n ? -scaled : scaled;
  return Number(`${scaled < 0n ? '-' : ''}${magnitude / ONE}.${(magnitude % ONE).toString().padStart(10, '0')}`);
};

/** Where a nota's amounts break what SUNAT's nota stylesheets compute (see {@link noteAmountBreaks}). */
export interface NoteAmountBreaks {
  /** Lines whose value is past 1.00 from unit value × quantity (line discounts `00`, charges `47`). */
  lineValues: number[];
  /** Whether the total is past 1.00 from the values, taxes and charges, no discount taken (`01`, `03`). */
  payable: boolean;
  /** A nota de débito's lines whose price per unit is past 1.00 from (value + taxes) ÷ quantity (`01`, `48`). */
  unitPrices: number[];
  /** Whether the taxed total is past 1.00 from its lines' values (global `02`, `49`). */
  taxedBase: boolean;
}

/**
 * What SUNAT's nota stylesheets compute of a nota's amounts that its discounts and charges can
 * break, each compared within 1.00 in XPath numbers from the values the XML carries: a nota's
 * line is worth its unit value × quantity, its total its values, taxes and charges (no discount
 * taken), a nota de débito's price per unit its value and taxes ÷ quantity, its taxed total its
 * lines' values. SUNAT refuses a nota of a factura that breaks them (3271, 3280, 3270, 3277) and
 * observes one of a boleta (4288, 4312, 4287, 4299, `documentObservations`).
 */
export function noteAmountBreaks(body: DocumentCreateParams, amounts: DocumentAmounts): NoteAmountBreaks {
  const { lines, totals } = amounts;
  const numberOf = (value: unknown) => xpathScaled(scale(value as Decimal, 'value'));
  const lineValues: number[] = [];
  const unitPrices: number[] = [];
  lines.forEach((line, i) => {
    const item = body.items[i]!;
    const quantity = numberOf(item.quantity);
    const unitValue = numberOf(line.free ? item.referenceValue : item.unitPrice);
    if (pastTolerance(xpathNumber(line.base) - unitValue * quantity)) lineValues.push(i);
    if (body.type === '08' && !line.free) {
      const price = xpathScaled(paidPerUnit(item, line));
      if (pastTolerance(price - (xpathNumber(line.base) + xpathNumber(line.igv + line.icbper)) / quantity)) unitPrices.push(i);
    }
  });
  const sums = [totals.taxable, totals.unaffected, totals.exempt, totals.export, totals.igv, totals.icbper, totals.charges, totals.rounding];
  const computed = Number(sums.reduce((sum, amount) => sum + xpathNumber(amount), 0).toFixed(2));
  return {
    lineValues,
    payable: pastTolerance(xpathNumber(totals.total) - computed),
    unitPrices,
    taxedBase: pastTolerance(xpathNumber(totals.taxable) - igvBaseAsSunatSums(amounts, false)),
  };
}

/** `total` in PEN, or `undefined` when a USD document has no exchange rate one can read (the schema's to say). */
function inPenSafe(body: DocumentCreateParams, total: bigint): bigint | undefined {
  try {
    return inPen(body, total, 'total');
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** 2797: the percepción's base is at most the total in PEN; 2798: its amount is base × rate within 1.00. */
function checkPerceptionAmounts(body: DocumentCreateParams, total: bigint, issues: Issues): void {
  const perception = body.perception;
  if (perception === undefined) return;
  const share = rateOf(perceptionRateOf(perception));
  const totalPen = inPenSafe(body, total);
  if (totalPen === undefined) return; // a USD document without its exchange rate: 2797 above
  const base = perception.base === undefined ? totalPen : centsOf(perception.base);
  if (base === undefined || share === undefined) return;
  if (base > totalPen) issues.add('2797', ['perception', 'base'], `the base of a percepción is at most the total in PEN (${format(totalPen)})`);
  const amount = centsOf(perception.amount);
  const expected = times(base, share);
  // SUNAT: Amount − BaseAmount × MultiplierFactorNumeric, in XPath numbers.
  if (amount !== undefined && pastTolerance(xpathNumber(amount) - xpathNumber(base) * xpathFraction(share))) {
    issues.add('2798', ['perception', 'amount'], `the percepción is base × rate within 1.00 (${format(expected)})`);
  }
}

/** 3264: the retención's base is at most the total; 3263: its amount is base × rate within 1.00. */
function checkRetentionAmounts(body: DocumentCreateParams, total: bigint, issues: Issues): void {
  const retention = body.retention;
  if (retention === undefined) return;
  const base = retention.base === undefined ? total : centsOf(retention.base);
  if (base === undefined || base <= 0n || base > total) {
    issues.add('3264', ['retention', 'base'], `the base of a retención is an amount above 0 and at most the total (${format(total)})`);
    return;
  }
  const share = rateOf(retention.rate ?? DEFAULT_RETENTION_RATE);
  if (share === undefined || retention.amount === undefined) return;
  const amount = centsOf(retention.amount);
  const expected = times(base, share);
  if (amount === undefined || pastTolerance(xpathNumber(amount) - xpathNumber(base) * xpathFraction(share))) {
    issues.add('3263', ['retention', 'amount'], `the retención is base × rate within 1.00 (${format(expected)})`);
  }
}
