/**
 * SUNAT's answers as the sandbox simulates them: the outcomes a test chooses, what each changes
 * in a document, and the event each emits.
 *
 * @module
 */
import type { Document, DocumentCreateParams, TaxAuthorityStatus } from '../../models/document.js';
import type { EventType } from '../../models/event.js';
import { isoNow } from './clock.js';

/** SUNAT's answer the mock simulates for a submission. */
export type MockOutcome = 'accepted' | 'observed' | 'rejected' | 'pending';

/** The answer SUNAT gives later to a document left `pending`. */
export type MockSettleOutcome = Exclude<MockOutcome, 'pending'>;

/** The longest wait for SUNAT's later answer: the longest delay a timer takes, 2^31 - 1 ms (about 24.8 days). */
export const MAX_SETTLE_AFTER_MS = 2 ** 31 - 1;

/** When and how a `pending` document gets SUNAT's answer. */
export interface MockSettle {
  /** Milliseconds after the submission that left it pending, at most {@link MAX_SETTLE_AFTER_MS}. */
  afterMs: number;
  /** The answer it then gets. */
  outcome: MockSettleOutcome;
}

/** Decides SUNAT's answer for a submission of the given document body. */
export type MockOutcomeFn = (params: DocumentCreateParams) => MockOutcome;

/** The event each simulated SUNAT answer emits. */
export const OUTCOME_EVENTS: Record<MockOutcome, EventType> = {
  accepted: 'document.accepted',
  observed: 'document.accepted',
  rejected: 'document.rejected',
  pending: 'document.retry_scheduled',
};

/** How each catálogo 01 type is named in SUNAT's answers (`La Factura numero F001-1, ...`). */
export const TYPE_NAMES: Record<string, string> = {
  '01': 'Factura',
  '03': 'Boleta',
  '07': 'Nota de Credito',
  '08': 'Nota de Debito',
};

/**
 * Where SUNAT's description of an answer names the document (`La Factura numero F001-1, ha sido
 * aceptada`): the answers are shared by the documents that got them at the same second, and
 * each fills in its own name when presented.
 */
export const DOCUMENT_NAME = '{document}';

/** An empty `taxAuthority.notes`, shared by every version without notes (never changed). */
export const NO_NOTES: TaxAuthorityStatus['notes'] = [];

/** SUNAT's answer before the first submission, shared by every new document (never changed). */
export const NOT_SUBMITTED: TaxAuthorityStatus = {
  status: 'pending',
  code: null,
  description: null,
  notes: NO_NOTES,
  attempts: 0,
  nextAttemptAt: null,
  respondedAt: null,
};

/**
 * What SUNAT's answer to one submission changes in a document. A `pending` one says its next
 * attempt is at `nextAttemptAt` (milliseconds since the epoch). Its `taxAuthority` names the
 * document by {@link DOCUMENT_NAME}, so that one answer serves every document it is the same for.
 */
export function outcomeOf(outcome: MockOutcome, attempts: number, nextAttemptAt = Date.now() + 5 * 60_000): Pick<Document, 'status' | 'taxAuthority' | 'updatedAt'> {
  const now = isoNow();
  const accepted = `La ${DOCUMENT_NAME}, ha sido aceptada`;
  const answer = (status: TaxAuthorityStatus['status'], code: string | null, description: string | null, notes = NO_NOTES) => ({
    status,
    code,
    description,
    notes,
    attempts,
    nextAttemptAt: null as string | null,
    respondedAt: code === null ? null : now,
  });
  switch (outcome) {
    case 'accepted':
      return { status: 'accepted', taxAuthority: answer('accepted', '0', accepted), updatedAt: now };
    case 'observed':
      return {
        status: 'accepted',
        taxAuthority: answer('accepted', '4252', accepted, [{ code: '4252', description: 'Observación simulada por el sandbox de yupana' }]),
        updatedAt: now,
      };
    case 'rejected':
      return {
        status: 'rejected',
        taxAuthority: answer('rejected', '2800', 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.'),
        updatedAt: now,
      };
    case 'pending':
      // Rounded up to the second (isoNow drops milliseconds): by then the attempt has happened.
      return {
        status: 'pending',
        taxAuthority: { ...answer('pending', null, null), nextAttemptAt: isoNow(new Date(Math.ceil(nextAttemptAt / 1000) * 1000)) },
        updatedAt: now,
      };
  }
}
