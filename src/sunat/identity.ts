/**
 * Checks for Peruvian identity numbers. The SDK's validation checks only a number's length
 * (sample data everywhere uses RUCs that fail the check digit); the service refuses a RUC customer
 * whose check digit fails (`invalid_ruc`, {@link rucProblem}), and so does `strictSunatChecks`.
 *
 * @module
 */

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
/** The first two digits of RUCs in use: `10` (a person: `10` + DNI + check digit), `15`, `16`, `17`, `20` (companies). */
export const RUC_PREFIXES: readonly string[] = ['10', '15', '16', '17', '20'];

/** The check digit of a RUC from its first 10 digits: Σ digit × weight, r = Σ mod 11, (11 − r) mod 10. */
export function rucCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new RangeError('rucCheckDigit needs the first 10 digits of a RUC');
  const sum = RUC_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(first10[i]), 0);
  return (11 - (sum % 11)) % 10;
}

/**
 * Whether `ruc` is a well-formed RUC: 11 digits, a prefix in use (10, 15, 16, 17, 20) and the
 * right check digit. `isValidRuc('20131312955')` (SUNAT's own) is `true`.
 */
export function isValidRuc(ruc: string): boolean {
  return /^\d{11}$/.test(ruc) && RUC_PREFIXES.includes(ruc.slice(0, 2)) && rucCheckDigit(ruc.slice(0, 10)) === Number(ruc[10]);
}

/**
 * Why `ruc` is not a valid RUC, in words (`'is not a valid RUC: its check digit should be 6'`), or
 * `undefined` when it is one ({@link isValidRuc}): the message of the `invalid_ruc` issue the
 * service, and the SDK's `strictSunatChecks`, give a RUC customer (`6`) whose number fails.
 */
export function rucProblem(ruc: string): string | undefined {
  if (isValidRuc(ruc)) return undefined;
  if (!/^\d{11}$/.test(ruc)) return 'is not a valid RUC: it is 11 digits';
  return RUC_PREFIXES.includes(ruc.slice(0, 2))
    ? `is not a valid RUC: its check digit should be ${rucCheckDigit(ruc.slice(0, 10))}`
    : `is not a valid RUC: it must start with ${RUC_PREFIXES.join(', ')}`;
}

/** Whether `dni` is well formed: exactly 8 digits (a DNI has no check digit of its own). */
export function isValidDni(dni: string): boolean {
  return /^\d{8}$/.test(dni);
}

/** The RUC of a person with business income: `10` + DNI + check digit. */
export function rucFromDni(dni: string): string {
  if (!isValidDni(dni)) throw new RangeError('rucFromDni needs a DNI of 8 digits');
  return `10${dni}${rucCheckDigit(`10${dni}`)}`;
}
