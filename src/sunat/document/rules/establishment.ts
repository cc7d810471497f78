/**
 * The issuer's establishment (establecimiento anexo, `cbc:AddressTypeCode` of its address): SUNAT's
 * code of 4 digits, one the RUC declares (3239). `0000` is the fiscal address. The service knows
 * the account's establishments; `checkDocument` without them checks the code's shape, which no
 * establishment of a RUC lacks.
 *
 * @module
 */
import type { DocumentRule } from './rule.js';

/** An establishment's code as SUNAT gives it: 4 digits. */
const ESTABLISHMENT_CODE = /^\d{4}$/;

/** 3239: an establishment code that is not 4 digits, or not one of the issuer's establishments (when they are known). */
export const establishmentRule: DocumentRule = ({ filled, establishments }, find) => {
  const code = filled.establishmentCode;
  if (!ESTABLISHMENT_CODE.test(code) || (establishments !== undefined && !establishments.includes(code))) {
    find.error('3239', ['establishmentCode'], { code, establishments });
  }
};
