/**
 * What every rule of a guía de remisión reads: the body, the issuer's RUC when known, the issue
 * date (the body's, or today in Lima), and the guía's shape as SUNAT's stylesheets tell the cases
 * apart (remitente or transportista, the modalidad, M1L vehicles).
 *
 * @module
 */
import type { DespatchCreateParams } from '../../models/despatch.js';
import type { SunatIssue } from '../document/rules/findings.js';

/** A rule of a guía: the issues it finds in `context`, `[]` for none. */
export type DespatchRule = (context: DespatchContext) => SunatIssue[];

/** What the rules read of one body. */
export interface DespatchContext {
  readonly body: DespatchCreateParams;
  /** The issuer's RUC; `undefined` when not known (the rules about it are then not checked). */
  readonly issuerRuc: string | undefined;
  /** The body's issue date, or today in Lima. */
  readonly issueDate: string;
  /** A guía remitente (`09`) of public transport (modalidad `01`). */
  readonly isPublic: boolean;
  /** A guía remitente (`09`) of private transport (modalidad `02`). */
  readonly isPrivate: boolean;
  /** The goods travel in vehicles of category M1 or L. */
  readonly m1l: boolean;
}

/** The context of `body`. */
export function despatchContext(body: DespatchCreateParams, issuerRuc: string | undefined, issueDate: string): DespatchContext {
  const remitente = body.type === '09';
  return {
    body,
    issuerRuc,
    issueDate,
    isPublic: remitente && body.transport.mode === '01',
    isPrivate: remitente && body.transport.mode === '02',
    m1l: body.transport.m1l === true,
  };
}

/** Whether a body of `context` carries its own vehicles and drivers: a private move but in M1L vehicles, and every guía transportista. */
export const needsCrew = ({ body, isPrivate, m1l }: DespatchContext) => (isPrivate && !m1l) || body.type === '31';

/** A code of letters and digits of `min` to `max` characters, not all zeros (a plate, a licence). */
export const plainCode = (value: string, min: number, max: number) => new RegExp(`^[0-9A-Z]{${min},${max}}$`).test(value) && !/^0+$/.test(value);
