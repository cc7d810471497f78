/**
 * Guías de remisión electrónicas (remitente `09`, transportista `31`), checked as the service does
 * before it numbers one: `checkDespatch` runs SUNAT's rules, each issue with its code, the field's
 * path and SUNAT's Spanish description; `ubigeoExists` reads catálogo 13.
 *
 * @module
 */
export { type CheckDespatchOptions, checkDespatch } from './check.js';
export { ubigeoExists } from './ubigeo.js';
