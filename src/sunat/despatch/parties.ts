/**
 * The rules of a guía's series, motivo de traslado and parties: the series' letter (1001), the
 * reason (3404, 3405, 3457), the recipient the reason asks for (3417, 2554, 2555), and on a `31`
 * the shipper (3383, 2560).
 *
 * @module
 */
import type { SunatIssue } from '../document/rules/findings.js';
import { despatchIssue } from './codes.js';
import type { DespatchRule } from './context.js';

/** Catálogo 20, motivos de traslado. */
export const TRANSFER_REASONS: readonly string[] = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '13', '14', '17', '18'];
/** The reasons whose recipient is identified by a RUC (3417: SUNAT's words name 05, 06 and 17). */
const RUC_RECIPIENT = ['05', '06', '17'];
/** The reasons whose recipient is the issuer itself (2554): a purchase, a move between its own premises, goods back from transformation. */
const ISSUER_RECIPIENT = ['02', '04', '07'];
/** The reasons whose recipient is someone else (2555). */
const OTHER_RECIPIENT = ['01', '03', '05', '06', '09', '14', '17'];

/** The series' letter: `T` for a `09`, `V` for a `31` (1001). */
export const seriesRule: DespatchRule = ({ body }) => {
  const letter = body.type === '09' ? 'T' : 'V';
  return body.series.startsWith(letter) ? [] : [despatchIssue('1001', ['series'], { series: body.series, letter, type: body.type })];
};

/** The motivo de traslado of a `09`: present (3404), of catálogo 20 (3405), described when `13` (3457); and the recipient it asks for. */
export const reasonRule: DespatchRule = ({ body, issuerRuc }) => {
  if (body.type !== '09') return [];
  const { reason, recipient } = body;
  if (reason === undefined) return [despatchIssue('3404', ['reason'])];
  if (!TRANSFER_REASONS.includes(reason)) return [despatchIssue('3405', ['reason'], { reason })];
  const issues: SunatIssue[] = [];
  if (reason === '13' && body.reasonDescription === undefined) issues.push(despatchIssue('3457', ['reasonDescription']));
  if (RUC_RECIPIENT.includes(reason) && recipient.documentType !== '6') issues.push(despatchIssue('3417', ['recipient', 'documentType'], { reason }));
  if (issuerRuc !== undefined) {
    const isIssuer = recipient.documentType === '6' && recipient.documentNumber === issuerRuc;
    if (ISSUER_RECIPIENT.includes(reason) && !isIssuer) issues.push(despatchIssue('2554', ['recipient', 'documentNumber'], { reason }));
    if (OTHER_RECIPIENT.includes(reason) && isIssuer) issues.push(despatchIssue('2555', ['recipient', 'documentNumber'], { reason }));
  }
  return issues;
};

/** The shipper of a `31`: present (3383), not the issuer (2560). */
export const shipperRule: DespatchRule = ({ body, issuerRuc }) => {
  if (body.type !== '31') return [];
  if (body.shipper === undefined) return [despatchIssue('3383', ['shipper'])];
  return body.shipper.documentNumber === issuerRuc ? [despatchIssue('2560', ['shipper', 'documentNumber'], { who: 'shipper (remitente)' })] : [];
};
