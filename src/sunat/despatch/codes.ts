/**
 * The registry of SUNAT's codes the rules of a guía de remisión report, each written once: the
 * rule in English, worded with the values the rule passes. SUNAT's own Spanish description of each
 * code is in `sunat/return-codes.ts`; the path of the field is the rule's to give (a code may point
 * at a vehicle or a driver by its index). Codes from SUNAT's validation stylesheets
 * ValidaExprRegGreRemitente-2.0.1 and ValidaExprRegGreTransportista-2.0.1.
 *
 * @module
 */
import { sunatDescription } from '../return-codes.js';
import type { SunatIssue, SunatIssuePath } from '../document/rules/findings.js';

const entry = <D = void>(message: (details: D) => string) => message;

/** Every code the rules report, by SUNAT's code: the words of its refusal. */
export const DESPATCH_CODES = {
  '1001': entry((d: { series: string; letter: string; type: string }) => `a guía ${d.type} has a series starting with ${d.letter}: ${d.series} does not`),
  '2523': entry((d: { unit: string }) => `the gross weight is in KGM (kilograms) or TNE (tonnes): ${d.unit} is neither`),
  '2532': entry(() => 'a guía remitente (09) names its modalidad de traslado: transport.mode 01 (public) or 02 (private)'),
  '2554': entry((d: { reason: string }) => `for reason ${d.reason} the recipient is the issuer itself: its RUC, documentType 6`),
  '2555': entry((d: { reason: string }) => `for reason ${d.reason} the recipient is not the issuer itself`),
  '2558': entry(() => 'a public move names its carrier: transport.carrier.ruc'),
  '2560': entry((d: { who: string }) => `the ${d.who} is not the issuer itself`),
  '2563': entry(() => "a public move names its carrier: transport.carrier.name, the carrier's registered name"),
  '2566': entry(() => 'a private move (but in M1L vehicles) and a guía transportista (31) name the principal vehicle: transport.vehicles'),
  '2567': entry((d: { plate: string }) => `a plate is 6 to 8 uppercase letters or digits without hyphen, not all zeros: ${d.plate} is not`),
  '2569': entry((d: { number: string }) => `a driver's DNI is 8 digits: ${d.number} is not`),
  '2571': entry(() => 'a driver is identified by a DNI, carné or passport, never a RUC (documentType 6)'),
  '2572': entry(() => 'every driver carries the number of its driving licence: licence'),
  '2573': entry((d: { licence: string }) => `a driving licence is 9 or 10 uppercase letters or digits, not all zeros: ${d.licence} is not`),
  '2692': entry(
    (d: { type: string; despatch: string; allowed: readonly string[] }) =>
      `a guía ${d.despatch} does not relate a document of type ${d.type}: use ${d.allowed.join(', ')}`,
  ),
  '2773': entry((d: { mode: string }) => `transport.mode is a catálogo 18 code, 01 (public) or 02 (private): ${d.mode} is not`),
  '3002': entry((d: { code: string }) => `a SUNAT product code is the 8 digits of catálogo 25 (UNSPSC), not all zeros: ${d.code} is not`),
  '3343': entry((d: { startDate: string; issueDate: string }) => `the move starts on or after the issue date (${d.issueDate}): ${d.startDate} is before it`),
  '3347': entry(() => 'a private move (02) carries no carrier: leave transport.carrier out'),
  '3354': entry(() => 'a public move (01) names no vehicle, the carrier does: leave transport.vehicles out'),
  '3357': entry(() => 'a private move (but in M1L vehicles) and a guía transportista (31) name the principal driver: transport.drivers'),
  '3363': entry((d: { ubigeo: string }) => `the departure's ubigeo ${d.ubigeo} is not in catálogo 13`),
  '3365': entry((d: { reason: string }) => `for reason ${d.reason} the departure names the establishment it leaves: departure.establishmentCode`),
  '3368': entry((d: { ubigeo: string }) => `the arrival's ubigeo ${d.ubigeo} is not in catálogo 13`),
  '3369': entry((d: { reason: string }) => `for reason ${d.reason} the arrival names the establishment it reaches: arrival.establishmentCode`),
  '3380': entry((d: { type: string }) => `a related document of type ${d.type} names the RUC of its issuer: issuerRuc`),
  '3383': entry(() => 'a guía transportista (31) names the remitente whose goods it carries: shipper'),
  '3404': entry(() => 'a guía remitente (09) names its motivo de traslado: reason'),
  '3405': entry((d: { reason: string }) => `reason is a catálogo 20 code (01-09, 13, 14, 17, 18): ${d.reason} is not`),
  '3406': entry(() => 'a move but a public one names the day it starts: transport.startDate'),
  '3411': entry((d: { reason: string; end: string }) => `for reason ${d.reason} the ${d.end} is not one of the issuer's establishments: leave its establishmentCode out`),
  '3416': entry(() => "an itinerant issuer's move (reason 18) names no arrival establishment: leave arrival.establishmentCode out"),
  '3417': entry((d: { reason: string }) => `for reason ${d.reason} the recipient is identified by its RUC: documentType 6`),
  '3453': entry(() => 'a move in M1L vehicles names at most the principal vehicle'),
  '3455': entry((d: { why: string }) => `${d.why} names no driver: leave transport.drivers out`),
  '3457': entry(() => 'reason 13 (otros) says what the move is for: reasonDescription'),
};

/** A code the rules of a guía de remisión report. */
export type DespatchCodeName = keyof typeof DESPATCH_CODES;

/** The issue of `code` at `path`, worded with `details`, with SUNAT's own description of the code. */
export function despatchIssue<C extends DespatchCodeName>(code: C, path: SunatIssuePath, ...[details]: Parameters<(typeof DESPATCH_CODES)[C]>): SunatIssue {
  const words = DESPATCH_CODES[code] as (d: typeof details) => string;
  const issue: SunatIssue = { code: `sunat_${code}`, path, message: words(details) };
  const description = sunatDescription(code);
  if (description !== undefined) issue.sunatDescription = description;
  return issue;
}
