/**
 * Advances (anticipos): a final factura or boleta deducts each advance by its own document
 * (`advances`), never by a related document `02`/`03` with a discount (3216: SUNAT's stylesheets
 * find no payment for it); each advance's document of its type's series (2521, an error for a
 * factura `02`, observed for a boleta `03`), no two advances of the same amount (3212: SUNAT's
 * stylesheets tell the payments apart by their amounts, so the same advance twice is refused too).
 * The renderer writes each payment, its document and its allowance (`04`, `05` or `06`) together,
 * numbered once (3211, 3213, 3214, 3215, 3217, 3220, 3282, 3287, 2509 hold by construction); the
 * totals' rules read the allowances (3277 and 3291 the `04`, 3275 the `05`, 3274 the `06`).
 *
 * @module
 */
import type { DocumentRule, ObservationRule } from './rule.js';

/** Catálogo 12 types of an advance's document: `02` factura, `03` boleta emitida por anticipos. */
const ADVANCE_TYPES: readonly string[] = ['02', '03'];
/** The series and number of an advance's factura (`02`), as SUNAT's stylesheet takes it (2521): F + 3, E001, or a contingency series of digits. */
const FACTURA_NUMBER = /^F[A-Z0-9]{3}-\d{1,8}$|^E001-\d{1,8}$|^\d{1,4}-\d{1,8}$/;
/** The same of its boleta (`03`): B + 3, EB01, or a contingency series (observed only). */
const BOLETA_NUMBER = /^B[A-Z0-9]{3}-\d{1,8}$|^EB01-\d{1,8}$|^\d{1,4}-\d{1,8}$/;

/** 3216, 3212, 2521: related documents that are advances, and each advance's document and amount. */
export const advancesRule: DocumentRule = ({ body }, find) => {
  body.relatedDocuments?.forEach((related, i) => {
    if (ADVANCE_TYPES.includes(related.type)) find.error('3216', ['relatedDocuments', i, 'type'], { type: related.type });
  });
  const advances = body.advances ?? [];
  advances.forEach((advance, i) => {
    if (advance.type === '02' && !FACTURA_NUMBER.test(advance.fullNumber)) find.error('2521', ['advances', i, 'fullNumber'], { number: advance.fullNumber, type: '02' });
    if (advances.slice(0, i).some((other) => other.amount === advance.amount)) find.error('3212', ['advances', i, 'amount'], { amount: advance.amount.toFixed(2) });
  });
};

/** 2521, observed: an advance's boleta (`03`) whose number is not a B series and a number. */
export const advanceNumberObservation: ObservationRule = ({ body }, find) => {
  body.advances?.forEach((advance, i) => {
    if (advance.type === '03' && !BOLETA_NUMBER.test(advance.fullNumber)) find.observe('2521', ['advances', i, 'fullNumber'], { number: advance.fullNumber, type: '03' });
  });
};
