/**
 * What the rules find, as they report it: an issue (SUNAT's `ERR`, a refusal) or an observation
 * (`OBS`, noted on a document SUNAT accepts), each with SUNAT's code, the field's path, the rule
 * in English and SUNAT's own Spanish description of the code. The words come from the code
 * registry (`codes.ts`); a rule only says which code, where, and the values its words name.
 *
 * @module
 */
import { sunatDescription } from '../../return-codes.js';
import { type Code, type CodeEntry, CODES, type DetailsOf, type Words } from './codes.js';

/** Where a rule failed: keys and indices from the body's root (`['items', 0, 'igv']`). */
export type SunatIssuePath = (string | number)[];

/** One broken SUNAT rule. */
export interface SunatIssue {
  /** `sunat_` and SUNAT's error code: `sunat_3244`. */
  code: `sunat_${string}`;
  /** The field the rule is about. */
  path: SunatIssuePath;
  /** The rule, in plain English, with the values it is about. */
  message: string;
  /**
   * SUNAT's own description of the code, in Spanish, word for word as its list of return codes
   * (and its CDRs) say it: `'El monto para el redondeo del Importe Total excede el valor permitido'`.
   * Absent for a code whose description no public copy of SUNAT's list holds yet (3462).
   */
  sunatDescription?: string;
}

/** One observation: SUNAT's code, the field it is about, and what it observes. */
export interface SunatObservation {
  /** SUNAT's observation code, `4000` and above (and `2022`, only observed on a nota): `'4318'`. */
  code: string;
  /** The field the observation is about. */
  path: SunatIssuePath;
  /** What SUNAT observes, in Spanish, with the values it is about, as the notes of its answer say it. */
  description: string;
  /** The same, in English. */
  message: string;
  /** SUNAT's own description of the code, in Spanish, word for word as its list of return codes says it. */
  sunatDescription?: string;
}

/** The details a code's words take: none for fixed words. */
type DetailArgs<C extends Code> = DetailsOf<C> extends void ? [] : [DetailsOf<C>];

function say<D>(words: Words<D>, details: D): string {
  return typeof words === 'function' ? words(details) : words;
}

/** The issues and observations found so far, in the order the rules found them. */
export class Findings {
  readonly issues: SunatIssue[] = [];
  readonly observations: SunatObservation[] = [];
  /** Whether a line's IGV broke a rule: then the document's IGV total (3291) is that line's fault, reported once. */
  lineIgv = false;

  /** Reports SUNAT's refusal `code` at `path`, worded with `details`. */
  error<C extends Code>(code: C, path: SunatIssuePath, ...[details]: DetailArgs<C>): void {
    const rule = CODES[code] as CodeEntry<DetailsOf<C>>;
    const issue: SunatIssue = { code: `sunat_${code}`, path, message: say(rule.message, details as DetailsOf<C>) };
    const description = sunatDescription(code);
    if (description !== undefined) issue.sunatDescription = description;
    this.issues.push(issue);
  }

  /** Reports SUNAT's observation `code` at `path`, worded with `details`. */
  observe<C extends Code>(code: C, path: SunatIssuePath, ...[details]: DetailArgs<C>): void {
    const rule = CODES[code] as CodeEntry<DetailsOf<C>>;
    const observation: SunatObservation = {
      code,
      path,
      description: say(rule.note ?? '', details as DetailsOf<C>),
      message: say(rule.message, details as DetailsOf<C>),
    };
    const description = sunatDescription(code);
    if (description !== undefined) observation.sunatDescription = description;
    this.observations.push(observation);
  }
}

/** One issue of SUNAT's code `code` at `path`, worded with `details`: for the rules the service checks against its own state (a nota's `documentId`). */
export function sunatIssue<C extends Code>(code: C, path: SunatIssuePath, ...details: DetailArgs<C>): SunatIssue {
  const find = new Findings();
  find.error(code, path, ...details);
  return find.issues[0]!;
}
