/**
 * The rules of where the move departs and arrives: each ubigeo in catálogo 13 (3363, 3368), and the
 * issuer's establishment codes the reason asks for (3365, 3369) or forbids (3416, 3411). The service
 * names the issuer as the owner of every establishment code it writes (SUNAT's `@listID`), so a code
 * where SUNAT asks for another taxpayer's premises is refused (3411).
 *
 * @module
 */
import type { SunatIssue } from '../document/rules/findings.js';
import { despatchIssue } from './codes.js';
import type { DespatchRule } from './context.js';
import { ubigeoExists } from './ubigeo.js';

/** The reasons whose departure is another taxpayer's premises (3411): a purchase, goods back from transformation, an import. */
const FOREIGN_DEPARTURE = ['02', '07', '08'];
/** The reasons whose arrival is another taxpayer's premises (3411). */
const FOREIGN_ARRIVAL = ['01', '03', '05', '06', '14', '17'];

/** Each ubigeo exists (3363 departure, 3368 arrival). */
export const ubigeosRule: DespatchRule = ({ body }) => {
  const issues: SunatIssue[] = [];
  if (!ubigeoExists(body.departure.ubigeo)) issues.push(despatchIssue('3363', ['departure', 'ubigeo'], { ubigeo: body.departure.ubigeo }));
  if (!ubigeoExists(body.arrival.ubigeo)) issues.push(despatchIssue('3368', ['arrival', 'ubigeo'], { ubigeo: body.arrival.ubigeo }));
  return issues;
};

/** The establishment codes of a `09`: both ends of reason `04` (3365, 3369), the departure of reason `18` (3365), no arrival's for `18` (3416), none on another taxpayer's end (3411). */
export const establishmentsRule: DespatchRule = ({ body }) => {
  const { reason } = body;
  if (body.type !== '09' || reason === undefined) return [];
  const departure = body.departure.establishmentCode;
  const arrival = body.arrival.establishmentCode;
  const issues: SunatIssue[] = [];
  if ((reason === '04' || reason === '18') && departure === undefined) issues.push(despatchIssue('3365', ['departure', 'establishmentCode'], { reason }));
  if (reason === '04' && arrival === undefined) issues.push(despatchIssue('3369', ['arrival', 'establishmentCode'], { reason }));
  if (reason === '18' && arrival !== undefined) issues.push(despatchIssue('3416', ['arrival', 'establishmentCode']));
  if (FOREIGN_DEPARTURE.includes(reason) && departure !== undefined) issues.push(despatchIssue('3411', ['departure', 'establishmentCode'], { reason, end: 'departure' }));
  if (FOREIGN_ARRIVAL.includes(reason) && arrival !== undefined) issues.push(despatchIssue('3411', ['arrival', 'establishmentCode'], { reason, end: 'arrival' }));
  return issues;
};
