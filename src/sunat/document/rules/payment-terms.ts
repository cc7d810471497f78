/**
 * The forma de pago: cash (Contado) or credit (Crédito) with its cuotas, on facturas (a boleta
 * has no forma de pago rule), never on a nota de débito, on a nota de crédito only with reason 13
 * (3244, 3257); its type (3245-3247), its installments (3249, 3253-3256, 3267) and their amounts
 * against the total (3265, 3266).
 *
 * @module
 */
import { format } from '../../decimal.js';
import { isNote } from '../fill.js';
import type { DocumentCreateParams } from '../../../models/document.js';
import type { AmountRule, DocumentRule } from './rule.js';
import { centsOf, isCalendarDate } from './values.js';

/** The most cuotas the XML can number (Cuota001 to Cuota999). */
const MAX_INSTALLMENTS = 999;

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
export const paymentTermsRule: DocumentRule = ({ body, filled }, find) => {
  const terms = filled.paymentTerms;
  const reason = body.reference?.reason;
  if (body.type === '08' && terms !== undefined) {
    find.error('3244', ['paymentTerms'], { type: body.type });
    return;
  }
  if (body.type === '07') {
    if (reason === '13' && terms?.type !== 'credit') {
      find.error('3257', ['paymentTerms']);
      return;
    }
    if (reason !== '13' && terms !== undefined) {
      find.error('3244', ['paymentTerms'], { type: body.type });
      return;
    }
  }
  if (terms === undefined || body.type === '03') return;
  const type: unknown = terms.type;
  if (type === undefined || type === '') {
    find.error('3245', ['paymentTerms', 'type']);
    return;
  }
  if (type !== 'cash' && type !== 'credit') {
    find.error('3246', ['paymentTerms', 'type'], {});
    return;
  }
  const installments: unknown = (terms as { installments?: unknown }).installments;
  if (type === 'cash') {
    if (installments !== undefined) find.error('3247', ['paymentTerms', 'installments']);
    return;
  }
  const required = installmentsRequired(body);
  if (!Array.isArray(installments) || installments.length === 0) {
    if (required) find.error('3249', ['paymentTerms', 'installments']);
    return;
  }
  if (installments.length > MAX_INSTALLMENTS) find.error('3246', ['paymentTerms', 'installments'], { most: MAX_INSTALLMENTS });
  const { issueDate } = filled;
  (installments as { amount?: unknown; dueDate?: unknown }[]).forEach((installment, i) => {
    const at = ['paymentTerms', 'installments', i];
    const amount = centsOf(installment.amount);
    if (installment.amount === undefined) {
      if (required) find.error('3254', [...at, 'amount']);
    } else if (amount === undefined || amount <= 0n) {
      find.error('3253', [...at, 'amount']);
    }
    if (installment.dueDate === undefined) {
      if (required) find.error('3256', [...at, 'dueDate']);
    } else if (!isCalendarDate(installment.dueDate)) {
      find.error('3255', [...at, 'dueDate']);
    } else if (installment.dueDate <= issueDate) {
      find.error('3267', [...at, 'dueDate'], { issueDate });
    }
  });
};

/** 3265: a factura's installments add up to at most its total; 3266: each is at most the total. */
export const installmentTotalsRule: AmountRule = ({ body, filled }, { totals }, find) => {
  const terms = filled.paymentTerms;
  if (body.type !== '01' || terms?.type !== 'credit' || !Array.isArray(terms.installments)) return;
  const installments = terms.installments.map((installment) => centsOf(installment.amount) ?? 0n);
  const pending = installments.reduce((a, b) => a + b, 0n);
  const total = format(totals.total);
  if (pending > totals.total) find.error('3265', ['paymentTerms', 'installments'], { total });
  installments.forEach((amount, i) => {
    if (amount > totals.total) find.error('3266', ['paymentTerms', 'installments', i, 'amount'], { total });
  });
};
