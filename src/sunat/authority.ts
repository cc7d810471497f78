/**
 * What SUNAT's answer means. The CDR (constancia de recepción) is SUNAT's signed receipt for a
 * document; its ResponseCode is `Document.taxAuthority.code`. "SUNAT answered" is not
 * "accepted": these helpers say which it is, so nobody has to remember code ranges.
 *
 * @module
 */
import { sunatDescription } from './return-codes.js';

/**
 * The class of a CDR ResponseCode:
 * - `accepted`: `0`;
 * - `observed`: `4000` and above: accepted, with observations to fix in future documents;
 * - `rejected`: `2000`-`3999`: not valid, and the number is used up: issue a new document;
 * - `exception`: `0100`-`1999`: not registered: fix the cause and resend the same document.
 */
export type AuthorityOutcome = 'accepted' | 'observed' | 'rejected' | 'exception';

/** What a CDR ResponseCode means for the document and for what you do next. */
export type AuthorityCodeDescription = {
  /** The class of the code. */
  outcome: AuthorityOutcome;
  /**
   * A transient failure at SUNAT (0100, 0109, 0130-0138, 0200-0202, 0250, 0251, 0253): resending
   * the same document, unchanged, may succeed. A malformed package (0203, 0204, 0252) is not.
   */
  retryable: boolean;
  /** SUNAT has answered for the series and number (accepted or rejected): never reuse them. */
  numberUsedUp: boolean;
  /**
   * SUNAT says it already has the document, its number or its voiding (e.g. `1033`, `2109`
   * "registrado previamente", `0402`, `2403` "ya ha sido enviado anteriormente", `4000`): look
   * it up rather than treat this as a new failure.
   */
  duplicate: boolean;
  /**
   * SUNAT's own description of the code, in Spanish, word for word as its list of return codes
   * (and its CDRs) say it: `'El dato ingresado en el tipo de documento de identidad del receptor no
   * esta permitido.'` for `2800`. Given for the codes yupana's rules report and the exceptions and
   * duplicates named here; `undefined` for another code (SUNAT's list holds some 2 000: the CDR's own
   * `taxAuthority.description` says it).
   */
  sunatDescription: string | undefined;
};

/** A CDR ResponseCode: 1 to 4 digits (`0`, `0100`, `4252`). */
const CODE = /^\d{1,4}$/;

/**
 * Transient failures at SUNAT (ranges, inclusive): safe to resend the same document. Not 0203,
 * 0204 and 0252 (a zip with no file or more than one: resending the same package fails the same way).
 */
const TRANSIENT: readonly [number, number][] = [
  [100, 100],
  [109, 109],
  [130, 138],
  [200, 202],
  [250, 251],
  [253, 253],
];

/**
 * Codes by which SUNAT says it already holds the document, its number or its voiding: the duplicate
 * signals of its code list (0140, 0402, 1032, 1033, 2109, 2223, 2324, 2403, 2987, 4000, 4003, 4034,
 * 4035; 2109 and 2403 say word for word what 1033 and 0402 say) and the summary and voiding codes
 * worded the same way: 2106 (ya se encuentra en estado de baja), 2282 and 2323 (ya informado anteriormente).
 */
const DUPLICATE: readonly number[] = [140, 402, 1032, 1033, 2106, 2109, 2223, 2282, 2323, 2324, 2403, 2987, 4000, 4003, 4034, 4035];

/**
 * Explains a CDR ResponseCode (`'0'`, `'0100'`, `'2800'`, `'4252'`...; a number is read the
 * same way). A code from 1 to 99, outside SUNAT's ranges, counts as an `exception`: nothing was
 * registered. Throws a `RangeError` for anything that is not a code of 1 to 4 digits.
 *
 * ```ts
 * describeAuthorityCode('2800');
 * // { outcome: 'rejected', retryable: false, numberUsedUp: true, duplicate: false,
 * //   sunatDescription: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.' }
 * describeAuthorityCode('0109');
 * // { outcome: 'exception', retryable: true, numberUsedUp: false, duplicate: false,
 * //   sunatDescription: 'El sistema no puede responder su solicitud. (El servicio de autenticación no está disponible)' }
 * ```
 */
export function describeAuthorityCode(code: string | number): AuthorityCodeDescription {
  const text = String(code);
  if (!CODE.test(text)) throw new RangeError(`${text} is not a SUNAT response code (1 to 4 digits)`);
  const n = Number(text);
  const outcome: AuthorityOutcome = n === 0 ? 'accepted' : n >= 4000 ? 'observed' : n >= 2000 ? 'rejected' : 'exception';
  return {
    outcome,
    retryable: TRANSIENT.some(([from, to]) => n >= from && n <= to),
    numberUsedUp: outcome !== 'exception',
    duplicate: DUPLICATE.includes(n),
    // SUNAT writes its codes with 4 digits: `0109`, never `109`.
    sunatDescription: sunatDescription(text.padStart(4, '0')),
  };
}

/** The part of `Document.taxAuthority` the outcome helpers read. */
export type AuthorityAnswer = {
  /** The CDR ResponseCode; `null` until SUNAT answers. */
  code: string | null;
  /** Observations SUNAT attached to an accepted document. */
  notes?: readonly unknown[] | undefined;
};

/** The class of the answer's code; `undefined` while SUNAT has not answered (or for a code that is not one). */
function outcomeOf({ code }: AuthorityAnswer): AuthorityOutcome | undefined {
  return code !== null && CODE.test(code) ? describeAuthorityCode(code).outcome : undefined;
}

/**
 * Whether SUNAT accepted the document, with or without observations (code `0` or `4000`+).
 * `false` while SUNAT has not answered.
 *
 * ```ts
 * if (isAccepted(doc.taxAuthority)) await client.documents.email(doc.id, { to: [customerEmail] });
 * ```
 */
export function isAccepted(taxAuthority: AuthorityAnswer): boolean {
  const outcome = outcomeOf(taxAuthority);
  return outcome === 'accepted' || outcome === 'observed';
}

/**
 * Whether SUNAT accepted the document with observations (a `4000`+ code, or notes attached):
 * valid, but fix what `notes` says in future documents.
 */
export function hasObservations(taxAuthority: AuthorityAnswer): boolean {
  const outcome = outcomeOf(taxAuthority);
  return outcome === 'observed' || (outcome === 'accepted' && (taxAuthority.notes?.length ?? 0) > 0);
}
