/**
 * A document filled and computed, once: the first phases of its life before it is sent (fill,
 * compute, then summarise), before its rules run. Everything downstream reads the draft: SUNAT's
 * rules and observations, `computeDocument`'s answer, the sandbox's stored document and the UBL
 * XML. Nothing computes an amount a second time. SUNAT's rules need no summary: `checkDocument`
 * (the client's `strictSunatChecks`) drafts without one, and carries neither its work nor its code.
 *
 * @module
 */
import { type Decimal, rate } from '../decimal.js';
import type { DocumentCreateParams, Item } from '../../models/document.js';
import { type DocumentAmounts, documentAmounts, isFree, type LineAmounts, lineAmounts, type LineGross, lineGross, type SummaryAmounts, summarise } from './compute.js';
import { type FilledDocument, fillDocument } from './fill.js';

/** One line of a draft: as sent, with its defaults, and its amounts when they can be computed. */
export interface DraftLine {
  /** The line as sent. */
  item: Item;
  /** Its position in `items`, from 0. */
  index: number;
  /** Catálogo 07 affectation, filled. */
  igvAffectation: string;
  /** Catálogo 03 unit, filled. */
  unitCode: string;
  /** A free transfer (gratuita): the customer pays nothing for it. */
  free: boolean;
  /** Its affectation and quantity × unit value; `undefined` when they cannot be computed. */
  gross: LineGross | undefined;
  /** Its amounts; `undefined` when they cannot be computed. */
  amounts: LineAmounts | undefined;
}

/** A create body filled and computed. */
export interface DocumentDraft {
  /** The body as sent. */
  body: DocumentCreateParams;
  /** Its defaults, filled. */
  filled: FilledDocument;
  /** The issuer's IGV rate as given (`0.18`); `undefined` when unknown, then no amount is computed. */
  igvRate: Decimal | undefined;
  /** That rate scaled by 10^10. */
  taxRate: bigint | undefined;
  /** The day SUNAT receives the document, in Lima (`YYYY-MM-DD`). */
  today: string;
  /** The codes of the issuer's establishments (its account's); `undefined` when unknown, then only their shape is checked. */
  establishments: readonly string[] | undefined;
  /** SUNAT's exchange rate of the issue date (PEN per USD, sell), when the caller knows it (the service does): a boleta's S/ 700 rule reads its total in soles at it (2514). */
  exchangeRate: number | undefined;
  /** Each line, in the body's order. */
  lines: DraftLine[];
  /** The lines' amounts, the global discounts and charges, the totals; `undefined` unless every line is computed and so are they. */
  amounts: DocumentAmounts | undefined;
  /** What the totals decide (detracción, percepción, retención, the forma de pago's amounts, legends), once {@link summariseDraft} has run; `undefined` before, or when they cannot be. */
  summary: SummaryAmounts | undefined;
  /** Why the amounts or the summary are missing: the first value they cannot be computed from, as `computeDocument` reports it. */
  error: RangeError | undefined;
}

/** Options of {@link draftDocument}. */
export interface DraftOptions {
  /** The issuer's IGV rate as a fraction; `undefined` leaves the amounts out. A `RangeError` names a rate that is not a fraction. */
  igvRate: Decimal | undefined;
  /** The day SUNAT receives the document (`YYYY-MM-DD` in Lima): the issue date of a body without one. */
  today: string;
  /** The codes of the issuer's establishments (`0000`...). Default: unknown. */
  establishments?: readonly string[] | undefined;
  /** SUNAT's exchange rate of the issue date (PEN per USD, sell), when known. Default: unknown. */
  exchangeRate?: number | undefined;
}

/**
 * `body` filled and computed at `igvRate`: its defaults, each line's amounts and the totals (what
 * they decide is {@link summariseDraft}'s). A value the amounts cannot be computed from is the
 * draft's `error` (the first, in the order `computeDocument` meets them), never a throw: the rules
 * still run on what is there.
 */
export function draftDocument(body: DocumentCreateParams, { igvRate, today, establishments, exchangeRate }: DraftOptions): DocumentDraft {
  const taxRate = igvRate === undefined ? undefined : rate(igvRate, 'igvRate');
  const filled = fillDocument(body, today);
  let error: RangeError | undefined;
  const fail = (thrown: unknown) => {
    if (!(thrown instanceof RangeError)) throw thrown;
    error ??= thrown;
  };
  const lines = body.items.map((item, index): DraftLine => {
    const { igvAffectation, unitCode } = filled.lines[index]!;
    const line: DraftLine = { item, index, igvAffectation, unitCode, free: isFree(igvAffectation), gross: undefined, amounts: undefined };
    if (taxRate === undefined) return line;
    try {
      line.gross = lineGross(item, index, taxRate, igvAffectation);
      line.amounts = lineAmounts(item, index, taxRate, line.gross);
    } catch (thrown) {
      fail(thrown);
    }
    return line;
  });
  let amounts: DocumentAmounts | undefined;
  if (igvRate !== undefined && error === undefined) {
    try {
      amounts = documentAmounts(
        body,
        igvRate,
        lines.map((line) => line.amounts!),
      );
    } catch (thrown) {
      fail(thrown);
    }
  }
  return { body, filled, igvRate, taxRate, today, establishments, exchangeRate, lines, amounts, summary: undefined, error };
}

/**
 * The third phase, once the amounts are there: what the totals decide (`summarise`), set on the
 * draft as its `summary`, or the value it cannot be computed from as its `error`. Answers the draft.
 */
export function summariseDraft(draft: DocumentDraft): DocumentDraft {
  // A draft has its amounts only when nothing failed computing them (no rate: none).
  if (draft.amounts === undefined) return draft;
  try {
    draft.summary = summarise(draft.body, draft.filled, draft.amounts);
  } catch (thrown) {
    if (!(thrown instanceof RangeError)) throw thrown;
    draft.error = thrown;
  }
  return draft;
}
