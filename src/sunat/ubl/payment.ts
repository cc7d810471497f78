/**
 * How the document is paid, in SUNAT's elements: `cac:PaymentMeans` (the detracción's Banco de
 * la Nación account, the medios de pago sent) and `cac:PaymentTerms` (the detracción, the percepción and the forma de
 * pago: `Contado`, or `Credito` with its cuotas `Cuota001`...).
 *
 * @module
 */
import { format } from '../decimal.js';
import type { PaymentTermsAmounts, SummaryAmounts } from '../document/compute.js';
import type { DocumentDraft } from '../document/draft.js';
import { paymentMethod } from './details.js';
import { DETRACTION_CODE_SCHEME, LISTS } from './lists.js';
import { type Child, type Element, node, percent, text } from './xml.js';

/** SUNAT's detracción and percepción amounts are in soles whatever the document's currency (3208). */
const PEN = 'PEN';

/** `cac:PaymentMeans`: `Detraccion` (the catálogo 59 means and the issuer's Banco de la Nación account: 3034, 3174), then the medios de pago sent. */
export function paymentMeans({ body, filled }: DocumentDraft): Element[] {
  const { detraction } = body;
  const methods = body.paymentMethods?.map(paymentMethod) ?? [];
  if (!detraction) return methods;
  return [
    node(
      'cac:PaymentMeans',
      text('cbc:ID', 'Detraccion'),
      text('cbc:PaymentMeansCode', filled.detractionPaymentMethod!, LISTS.paymentMeans),
      node('cac:PayeeFinancialAccount', text('cbc:ID', detraction.account)),
    ),
    ...methods,
  ];
}

/** The forma de pago (filled on a factura) as `cac:PaymentTerms`: `Contado`, or `Credito` with the pending amount (Σ cuotas) then each `Cuota001`... */
function formaDePago(terms: PaymentTermsAmounts | undefined, currencyID: string): Element[] {
  if (terms === undefined) return [];
  if (terms.type === 'cash') return [node('cac:PaymentTerms', text('cbc:ID', 'FormaPago'), text('cbc:PaymentMeansID', 'Contado'))];
  return [
    node('cac:PaymentTerms', text('cbc:ID', 'FormaPago'), text('cbc:PaymentMeansID', 'Credito'), text('cbc:Amount', format(terms.pendingAmount), { currencyID })),
    ...terms.installments.map((installment, i) =>
      node(
        'cac:PaymentTerms',
        text('cbc:ID', 'FormaPago'),
        text('cbc:PaymentMeansID', `Cuota${String(i + 1).padStart(3, '0')}`),
        text('cbc:Amount', format(installment.amount), { currencyID }),
        text('cbc:PaymentDueDate', installment.dueDate),
      ),
    ),
  ];
}

/**
 * Every `cac:PaymentTerms`: `Detraccion` (catálogo 54 code, PaymentPercent, Amount in PEN),
 * `Percepcion` (what the customer pays including it, in PEN), then the forma de pago.
 */
export function paymentTerms({ body, filled }: DocumentDraft, summary: SummaryAmounts): Child[] {
  const { detraction } = body;
  return [
    detraction &&
      node(
        'cac:PaymentTerms',
        text('cbc:ID', 'Detraccion'),
        text('cbc:PaymentMeansID', detraction.code, DETRACTION_CODE_SCHEME),
        text('cbc:PaymentPercent', percent(detraction.rate, 'detraction.rate')),
        text('cbc:Amount', format(summary.detraction!), { currencyID: PEN }),
      ),
    summary.perception && node('cac:PaymentTerms', text('cbc:ID', 'Percepcion'), text('cbc:Amount', format(summary.perception.total), { currencyID: PEN })),
    ...formaDePago(summary.paymentTerms, filled.currency),
  ];
}
