import * as z from 'zod/mini';
import { openEnum, looseObject, type Closed } from './shared.js';

/** A RUC to look up: 11 digits. */
export const RucNumber = z.string().check(z.regex(/^\d{11}$/, 'a RUC must be 11 digits'));

/** A DNI to look up: 8 digits. */
export const DniNumber = z.string().check(z.regex(/^\d{8}$/, 'a DNI must be 8 digits'));

/** What SUNAT's taxpayer registry (padrón RUC) says about a RUC. Unknown fields are kept. */
export const RucLookup = looseObject({
  ruc: z.string(),
  /** Registered name (razón social). */
  name: z.string(),
  /** Trade name (nombre comercial), when registered. */
  tradeName: z.nullable(z.string()),
  /** Taxpayer status: `ACTIVO` may be invoiced; `BAJA DE OFICIO`, `SUSPENSION TEMPORAL`... are not active. */
  status: openEnum(['ACTIVO', 'SUSPENSION TEMPORAL', 'BAJA PROVISIONAL', 'BAJA DEFINITIVA', 'BAJA DE OFICIO']),
  /** Domicile condition: `HABIDO` (found at its fiscal address), `NO HABIDO`, `NO HALLADO`... */
  condition: openEnum(['HABIDO', 'NO HABIDO', 'NO HALLADO']),
  /** Fiscal address (domicilio fiscal). */
  address: z.nullable(z.string()),
});
/**
 * What SUNAT's taxpayer registry (padrón RUC) says about a RUC. Unknown fields are kept.
 *
 * @interface
 */
export type RucLookup = Closed<z.output<typeof RucLookup>>;

/** The holder of a DNI (national identity card). Unknown fields are kept. */
export const DniLookup = looseObject({
  dni: z.string(),
  /** Full name. */
  name: z.string(),
});
/**
 * The holder of a DNI (national identity card). Unknown fields are kept.
 *
 * @interface
 */
export type DniLookup = Closed<z.output<typeof DniLookup>>;
