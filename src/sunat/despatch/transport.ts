/**
 * The rules of how the goods travel, by SUNAT's cases (RULES of issue 32, §2.2): the modalidad of a
 * `09` (2532, 2773); a private move carries no carrier (3347), a public one names it (2558, 2563,
 * not the issuer: 2560) and no vehicle nor driver (3354, 3455); a private move but in M1L
 * vehicles, and every `31`, name the principal vehicle (2566) and driver (3357); M1L vehicles take
 * no driver (3455) nor secondary vehicle (3453); the start date (3406, 3343); each plate (2567)
 * and driver (2571, 2569, 2572, 2573).
 *
 * @module
 */
import type { SunatIssue } from '../document/rules/findings.js';
import { despatchIssue } from './codes.js';
import { type DespatchRule, needsCrew, plainCode } from './context.js';

/** The modalidad of a `09`: present (2532), `01` or `02` (2773). */
export const modeRule: DespatchRule = ({ body }) => {
  if (body.type !== '09') return [];
  const { mode } = body.transport;
  if (mode === undefined) return [despatchIssue('2532', ['transport', 'mode'])];
  return mode === '01' || mode === '02' ? [] : [despatchIssue('2773', ['transport', 'mode'], { mode })];
};

/** The carrier: none on a private move (3347); on a public one but in M1L vehicles, its RUC (2558) and name (2563), not the issuer (2560). */
export const carrierRule: DespatchRule = ({ body, issuerRuc, isPrivate, isPublic, m1l }) => {
  const { carrier } = body.transport;
  if (isPrivate) return carrier === undefined ? [] : [despatchIssue('3347', ['transport', 'carrier'])];
  if (!isPublic || m1l) return [];
  const issues: SunatIssue[] = [];
  if (carrier?.ruc === undefined) issues.push(despatchIssue('2558', ['transport', 'carrier', 'ruc']));
  else if (carrier.ruc === issuerRuc) issues.push(despatchIssue('2560', ['transport', 'carrier', 'ruc'], { who: 'carrier' }));
  if (carrier?.name === undefined) issues.push(despatchIssue('2563', ['transport', 'carrier', 'name']));
  return issues;
};

/** Who names the vehicles and drivers: the carrier on a public move, nobody in M1L vehicles; the remitente of a private move and the carrier issuing a `31` must. */
export const crewRule: DespatchRule = (context) => {
  const { vehicles, drivers } = context.body.transport;
  const issues: SunatIssue[] = [];
  if (context.isPublic && !context.m1l) {
    if (vehicles !== undefined) issues.push(despatchIssue('3354', ['transport', 'vehicles']));
    if (drivers !== undefined) issues.push(despatchIssue('3455', ['transport', 'drivers'], { why: 'a public move (01), whose carrier drives,' }));
  } else if (context.m1l) {
    if (vehicles !== undefined && vehicles.length > 1) issues.push(despatchIssue('3453', ['transport', 'vehicles', 1]));
    if (drivers !== undefined) issues.push(despatchIssue('3455', ['transport', 'drivers'], { why: 'a move in M1L vehicles' }));
  } else if (needsCrew(context)) {
    if (vehicles === undefined) issues.push(despatchIssue('2566', ['transport', 'vehicles']));
    if (drivers === undefined) issues.push(despatchIssue('3357', ['transport', 'drivers']));
  }
  return issues;
};

/** The start date: required but on a public move in the carrier's vehicles (3406), not before the issue date (3343). */
export const startDateRule: DespatchRule = ({ body, issueDate, isPublic, m1l }) => {
  const { startDate } = body.transport;
  if (startDate === undefined) return isPublic && !m1l ? [] : [despatchIssue('3406', ['transport', 'startDate'])];
  return startDate < issueDate ? [despatchIssue('3343', ['transport', 'startDate'], { startDate, issueDate })] : [];
};

/** Each plate: 6 to 8 letters or digits, not all zeros (2567). */
export const platesRule: DespatchRule = ({ body }) =>
  (body.transport.vehicles ?? []).flatMap(({ plate }, index) =>
    plainCode(plate, 6, 8) ? [] : [despatchIssue('2567', ['transport', 'vehicles', index, 'plate'], { plate })],
  );

/** Each driver: no RUC (2571), a DNI of 8 digits (2569), a licence (2572) of 9 or 10 letters or digits (2573). */
export const driversRule: DespatchRule = ({ body }) =>
  (body.transport.drivers ?? []).flatMap((driver, index) => {
    const at = (field: string) => ['transport', 'drivers', index, field];
    const issues: SunatIssue[] = [];
    if (driver.documentType === '6') issues.push(despatchIssue('2571', at('documentType')));
    else if (driver.documentType === '1' && !/^\d{8}$/.test(driver.documentNumber))
      issues.push(despatchIssue('2569', at('documentNumber'), { number: driver.documentNumber }));
    if (driver.licence === undefined) issues.push(despatchIssue('2572', at('licence')));
    else if (!plainCode(driver.licence, 9, 10)) issues.push(despatchIssue('2573', at('licence'), { licence: driver.licence }));
    return issues;
  });
