/**
 * The operation type (catálogo 51): on facturas and boletas only (3206 on a nota), named or left
 * out for the default (3205), one of the catálogo (3206). What its lines carry is the lines' rules'
 * (catálogo 55 attributes, `item-attributes.ts`; a cargo trip, `cargo-transport.ts`).
 *
 * @module
 */
import { OPERATION_TYPE_CODES } from '../../catalogs.js';
import { isNote } from '../fill.js';
import type { DocumentRule } from './rule.js';

/** 3206 an operation type on a nota; 3205 an empty one (as SUNAT reads it: missing); 3206 one catálogo 51 lacks. */
export const operationTypeRule: DocumentRule = ({ body, filled }, find) => {
  if (body.operationType !== undefined && isNote(body.type)) {
    find.error('3206', ['operationType'], {});
    return;
  }
  const { operationType } = filled;
  if (operationType === undefined) return;
  if (operationType === '') find.error('3205', ['operationType']);
  else if (!(OPERATION_TYPE_CODES as readonly string[]).includes(operationType)) find.error('3206', ['operationType'], { operationType });
};
