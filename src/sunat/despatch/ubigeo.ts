/**
 * Catálogo 13, the ubigeos (INEI's codes of Peru's departments, provinces and districts,
 * `DDPPdd`): whether a code exists, which SUNAT checks of a guía's departure (3363) and arrival
 * (3368). Public INEI data, as SUNAT's catalog `cat_13.xml` holds it (2 104 codes; the OSE's copy
 * of SUNAT's catalogs, github.com/C4rl0s3nr1qu3/axteroid-ose @ cd305574,
 * `META-INF/xsl/cpe/catalogo/cat_13.xml`, sha256 68fc9db2…e8534f9f), kept compact: the highest
 * district of each province, and the few numbers below it the catalog skips. Every department
 * (`DD0000`) and province (`DDPP00`) is a code of its own. Loaded only with the despatch rules.
 *
 * @module
 */

/** The highest district of each province, by department (`01` Amazonas … `25` Ucayali) then province, both from 1. */
const DISTRICTS: readonly (readonly number[])[] = [
  [21, 6, 12, 3, 23, 12, 7],
  [12, 5, 6, 2, 15, 11, 3, 4, 7, 16, 5, 10, 8, 10, 11, 4, 10, 9, 10, 8],
  [9, 20, 7, 17, 6, 11, 14],
  [29, 8, 13, 14, 20, 8, 6, 11],
  [16, 6, 4, 12, 11, 21, 8, 10, 11, 12, 8],
  [12, 4, 12, 19, 8, 15, 3, 12, 7, 7, 13, 4, 11],
  [7],
  [8, 7, 9, 8, 8, 8, 8, 8, 14, 9, 6, 12, 7],
  [19, 8, 12, 13, 11, 16, 23],
  [13, 8, 23, 4, 11, 10, 5, 4, 5, 7, 8],
  [14, 11, 5, 5, 8],
  [36, 15, 6, 34, 4, 9, 9, 10, 9],
  [11, 8, 6, 3, 4, 14, 5, 13, 8, 8, 4, 3],
  [20, 6, 12],
  [43, 5, 5, 7, 16, 12, 32, 12, 6, 33],
  [14, 11, 5, 4, 11, 6, 6, 4],
  [4, 4, 3],
  [6, 11, 3],
  [13, 8, 8],
  [15, 10, 8, 10, 7, 8, 6, 6],
  [15, 15, 10, 7, 5, 8, 10, 9, 4, 5, 5, 10, 7],
  [6, 6, 5, 6, 11, 5, 10, 9, 14, 5],
  [11, 6, 3, 8],
  [6, 3, 4],
  [7, 4, 5, 1],
];
/** The district numbers under a province's highest that catálogo 13 does not hold (districts that were merged or renumbered). */
const MISSING: Readonly<Record<string, readonly number[]>> = {
  '0907': [12],
  '1003': [2, 3, 4, 5, 6, 8, 9, 10, 12, 14, 15, 18, 19, 20],
  '1201': [2, 3, 9, 10, 15, 18, 23, 31],
  '1306': [3, 7, 9, 12],
  '2001': [2, 3, 6, 12, 13],
};

/** Whether `code` is a ubigeo of catálogo 13: 6 digits naming a department, a province or a district of it. */
export function ubigeoExists(code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const department = DISTRICTS[Number(code.slice(0, 2)) - 1];
  const province = Number(code.slice(2, 4));
  const district = Number(code.slice(4));
  if (department === undefined) return false;
  if (province === 0) return district === 0;
  const highest = department[province - 1];
  return highest !== undefined && district <= highest && !(MISSING[code.slice(0, 4)] ?? []).includes(district);
}
