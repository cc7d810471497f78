/**
 * Create bodies the SUNAT rule tests and the sandbox's real-document tests build on: the
 * customers of each identity document type, a line, and a factura and a boleta of one line
 * (2 × 100.00, IGV 36.00) issued on {@link ISSUE_DATE}, each open to changes.
 */
import type { DocumentCreateParams, Item } from '../src/models/document.js';
import { ISSUE_DATE } from './ubl-scenarios.js';

/** A company, by its RUC (catálogo 06 `6`). */
export const ruc = { documentType: '6' as const, documentNumber: '20131312955', name: 'ACME S.A.C.' };
/** A person, by DNI (`1`). */
export const dni = { documentType: '1' as const, documentNumber: '05414828', name: 'Juan Pérez' };
/** The anonymous customer of a small boleta (`-`). */
export const varios = { documentType: '-' as const, documentNumber: '-', name: 'VARIOS' };
/** A customer abroad, without a Peruvian document (`0`). */
export const abroad = { documentType: '0' as const, documentNumber: '-', name: 'ACME Inc.' };

/** A line of `quantity` × `unitPrice` with its `igv`. */
export const item = (quantity: number, unitPrice: number, igv: number, extra: Partial<Item> = {}): Item => ({
  description: 'Servicio',
  quantity,
  unitPrice,
  igv,
  ...extra,
});

/** A factura to {@link ruc} of one line. */
export const factura = (extra: Partial<DocumentCreateParams> = {}): DocumentCreateParams => ({
  type: '01',
  series: 'F001',
  issueDate: ISSUE_DATE,
  customer: ruc,
  items: [item(2, 100, 36)],
  ...extra,
});

/** A boleta to {@link dni} of one line. */
export const boleta = (extra: Partial<DocumentCreateParams> = {}): DocumentCreateParams => ({
  type: '03',
  series: 'B001',
  issueDate: ISSUE_DATE,
  customer: dni,
  items: [item(2, 100, 36)],
  ...extra,
});
