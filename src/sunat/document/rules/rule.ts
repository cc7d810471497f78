/**
 * The shapes of a rule: one runs on the whole draft, one on each line (one on a line whose amounts
 * are there), one on the document's computed amounts, one observes. A concept's file exports its
 * rules; `index.ts` runs them in SUNAT's order.
 *
 * @module
 */
import type { Decimal } from '../../decimal.js';
import type { DocumentAmounts, LineAmounts } from '../compute.js';
import type { DocumentDraft, DraftLine } from '../draft.js';
import type { Findings } from './findings.js';

/** A draft at a known IGV rate, as the refusals check it. */
export type RatedDraft = DocumentDraft & { igvRate: Decimal; taxRate: bigint };

/** A line whose amounts are there to check: computed, and its discounts `00` within its value (3290 otherwise). */
export type UsableLine = DraftLine & { amounts: LineAmounts };

/** Whether a line's amounts are there to check ({@link UsableLine}). */
export const usable = (line: DraftLine): line is UsableLine => line.amounts !== undefined && line.amounts.base >= 0n;

/** A rule of the whole document. */
export type DocumentRule = (draft: RatedDraft, find: Findings) => void;

/** A rule of one line. */
export type LineRule = (line: DraftLine, draft: RatedDraft, find: Findings) => void;

/** A rule of one line whose amounts are there. */
export type UsableLineRule = (line: UsableLine, draft: RatedDraft, find: Findings) => void;

/** A rule of the document's amounts. */
export type AmountRule = (draft: RatedDraft, amounts: DocumentAmounts, find: Findings) => void;

/** An observation of the document (its amounts there when the draft has them). */
export type ObservationRule = (draft: DocumentDraft, find: Findings) => void;
