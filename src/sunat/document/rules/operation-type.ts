/**
 * The operation type (catálogo 51): on facturas and boletas only (3206 on a nota), named or left
 * out for the default (3205), one of the catálogo (3206), and not one whose lines need data the API
 * does not take (3063).
 *
 * @module
 */
import { OPERATION_TYPE_CODES } from '../../catalogs.js';
import { ownValue } from '../../own.js';
import { isNote } from '../fill.js';
import type { DocumentRule } from './rule.js';

/**
 * Operation types whose lines carry data the API does not take (a catch's quantity of catálogo 55,
 * 3006), with the code SUNAT refuses them with: the API cannot issue them.
 */
const OPERATIONS_NEEDING_DATA: Readonly<Record<string, '3063'>> = { '1002': '3063' };

/** 3206 an operation type on a nota; 3205 an empty one (as SUNAT reads it: missing); 3206 one catálogo 51 lacks; 3063 one the API cannot carry. */
export const operationTypeRule: DocumentRule = ({ body, filled }, find) => {
  if (body.operationType !== undefined && isNote(body.type)) {
    find.error('3206', ['operationType'], {});
    return;
  }
  const { operationType } = filled;
  if (operationType === undefined) return;
  if (operationType === '') find.error('3205', ['operationType']);
  else if (!(OPERATION_TYPE_CODES as readonly string[]).includes(operationType)) find.error('3206', ['operationType'], { operationType });
  const lacking = ownValue(OPERATIONS_NEEDING_DATA, operationType);
  if (lacking !== undefined) find.error(lacking, ['operationType'], { operationType });
};
