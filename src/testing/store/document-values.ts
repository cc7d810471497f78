/**
 * The values of a new document the store fills in: its totals as numbers, its lines with their
 * unit and affectation, the defaults it shares with other documents; and the 422 for a value it
 * cannot compute from.
 *
 * @module
 */
import type { FieldIssue } from '../../core/errors.js';
import type { Document, Item, PaymentTerms } from '../../models/document.js';
import type { ComputedDocument } from '../../sunat/document/answer.js';
import type { SunatIssue } from '../../sunat/document/rules/index.js';
import { validationError } from '../middleware/problem.js';

/** Forma de pago Contado, filled on every factura that names none: one object shared by all of them (never changed). */
export const CASH: PaymentTerms = Object.freeze({ type: 'cash' });

/** `computeDocument`'s 2-decimal strings as the numbers the API's JSON carries. */
export function totalsOf(totals: ComputedDocument['totals']): Document['totals'] {
  return {
    taxable: Number(totals.taxable),
    exempt: Number(totals.exempt),
    unaffected: Number(totals.unaffected),
    export: Number(totals.export),
    free: Number(totals.free),
    freeIgv: Number(totals.freeIgv),
    igv: Number(totals.igv),
    iscBase: Number(totals.iscBase),
    isc: Number(totals.isc),
    ivapBase: Number(totals.ivapBase),
    ivap: Number(totals.ivap),
    icbper: Number(totals.icbper),
    lineExtension: Number(totals.lineExtension),
    taxInclusive: Number(totals.taxInclusive),
    discounts: Number(totals.discounts),
    charges: Number(totals.charges),
    rounding: Number(totals.rounding),
    ...(totals.prepaid !== undefined && { prepaid: Number(totals.prepaid) }),
    total: Number(totals.total),
  };
}

/**
 * What `compute` gives, or for a value it cannot compute from (its `RangeError`: a date before
 * the IGV rates yupana knows) a 422 `validation_error` with one `invalid_value`
 * issue at `path` (the whole body when empty: the error's message names the field).
 */
export function computedAt<T>(path: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw validationError([{ path, code: 'invalid_value', message: error.message }]);
  }
}

/**
 * A line as stored: the line sent with its unit and affectation filled. Copied key by key into a
 * fresh object (not spread from the checked body, whose objects each have a hidden class of
 * their own): every stored line of the same fields then shares one hidden class.
 */
export function lineOf(item: Item, computed: ComputedDocument['items'][number]): Item {
  const line = Object.assign({}, item);
  line.unitCode = computed.unitCode;
  line.igvAffectation = computed.igvAffectation;
  return line;
}

/** A problem's `errors[]` entry of a SUNAT rule: a field issue with SUNAT's own description of its code, in Spanish (docs/contract.md §2). */
export type SunatFieldIssue = Required<FieldIssue> & { sunatDescription?: string };

/** A SUNAT rule's issue as an `errors[]` entry: its dot-separated path, `sunat_<code>`, the rule in words and SUNAT's description of the code. */
export function fieldIssue({ code, path, message, sunatDescription }: SunatIssue): SunatFieldIssue {
  const issue: SunatFieldIssue = { path: path.join('.'), code, message };
  if (sunatDescription !== undefined) issue.sunatDescription = sunatDescription;
  return issue;
}

/** The metadata of a document created without any, shared (never changed). */
export const NO_METADATA: NonNullable<Document['metadata']> = {};
