/**
 * The run loop of `yupana issue`: reads the input's lines, skips those the journal records as
 * issued, gives the others to `client.documents.createMany` with their keys, and journals and
 * counts each result as it arrives.
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import type { Client, DocumentCreateParams } from '../../index.js';
import type { CliIO } from '../io.js';
import type { InputLine } from './body.js';
import { type ErrorSummary, errorSummary, isDocumentId, type Journal, type JournalEntry, maybeIssued, type ResultsFile, SAFE_REPLAY_MS, settles } from './journal.js';
import { LineKeys, renewedKey } from './keys.js';
import { countDocument, formatDuration, listLine, type Progress, type Tally } from './progress.js';
import { readDocuments, type Source } from './source.js';
import { ISSUE_COMMAND } from './usage.js';

/** What one run sends: the input, its key prefix and how many documents at once. */
export interface Batch {
  /** The file to issue. */
  file: string;
  /** How to read it. */
  source: Source;
  /** The batch's key prefix: the journal's, `--key-prefix` or the default. */
  keyPrefix: string;
  /** Documents in flight at once. */
  concurrency: number;
  /** Lines answered with another run's document are new sales (`--repeats-are-new`): issue them under keys of their own. */
  repeatsAreNew: boolean;
  /** The run's command, with `flags` added: what advice names. */
  command: (flags?: string[]) => string;
  /** The wall clock, in milliseconds since the epoch. */
  now: () => number;
}

/** What the line an input of `createMany` came from is. */
interface SentLine {
  line: number;
  key: string;
  sha256: string;
  /** The key the line had before `--repeats-are-new` renewed it. */
  renews?: string;
}

/**
 * Why a line in doubt is not sent again: its key was first sent at `sentAt` (milliseconds since
 * the epoch), longer ago than the API keeps a key, so a request with it would be issued anew.
 * `command` is the run's command, which the advice completes with `--resolve`.
 */
function replayWindowPassed(line: number, sentAt: number, command: string): ErrorSummary {
  return {
    name: 'ReplayWindowPassed',
    message:
      `line ${line} was sent on ${new Date(sentAt).toISOString()} and its answer is unknown; the API keeps a key 24 hours, so sending it again ` +
      'could issue a second document: not sent. Look for its document in the API (its customer, date and total); if you find it, record it (the line is then issued): ' +
      `${command} --resolve ${line}=<its document id>; if there is none, say so (the line is then sent again): ${command} --resolve ${line}=none`,
  };
}

/** Why a line is listed when SUNAT rejected its document (`code` its code and words, when known), and what to do. */
const rejection = (fullNumber: string, code?: string) =>
  `${fullNumber} was rejected by SUNAT${code === undefined ? '' : ` (${code})`}: the line stays as it is; issue the corrected document from a file of its own`;

/** Why a line answered with another run's document is listed: the end notes say what to do. */
const issuedElsewhere = (fullNumber: string) =>
  `answered with ${fullNumber}, which another run of the same content issued (with another results file): not issued again (see the note below)`;

/** Failures in a row after which a run stops asking the API for pending documents: it is not answering. */
const MAX_STATUS_FAILURES = 3;

/**
 * Asks the API, `concurrency` at a time, for each document `journal` records `pending` (SUNAT may
 * have answered since the run that issued it), once each and within 10 seconds: the status of each
 * answered, by document id. An answer that is not that document (a proxy's) counts as no answer;
 * those not answered are counted in `tally.unrefreshed`, and after {@link MAX_STATUS_FAILURES} in a
 * row the rest are not asked.
 */
async function pendingStatuses(client: Client, journal: Journal, concurrency: number, tally: Tally): Promise<Map<string, string>> {
  const pending: string[] = [];
  for (const slot of journal.entries.withStatus('pending')) pending.push(journal.entries.at(slot).document!.id);
  const statuses = new Map<string, string>();
  const asking = client.withOptions({ maxRetries: 0, timeout: 10_000 });
  let failuresInARow = 0;
  const next = async (): Promise<void> => {
    for (let id = pending.shift(); id !== undefined; id = pending.shift()) {
      if (failuresInARow >= MAX_STATUS_FAILURES) {
        tally.unrefreshed.count += 1;
        continue;
      }
      try {
        const answer = await asking.documents.retrieve(id);
        if (answer.id !== id || typeof answer.status !== 'string') throw new Error(`the answer for ${id} is not that document`);
        statuses.set(id, answer.status);
        failuresInARow = 0;
      } catch (error) {
        failuresInARow += 1;
        if (tally.unrefreshed.count === 0) tally.unrefreshed.message = errorSummary(error).message;
        tally.unrefreshed.count += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, next));
  return statuses;
}

/**
 * Issues the lines of `batch.file` that `journal` does not record as issued, appending each
 * result to `results` and counting it in `tally` (`progress` redraws it). Stops reading at
 * `io.stop`; `io.abort` aborts the requests in flight.
 *
 * @returns whether the run stopped on an error (the input could not be read on, or a result could not be written): the lines left are tried on the next run.
 */
export async function sendLines(client: Client, batch: Batch, journal: Journal, results: ResultsFile, tally: Tally, progress: Progress, io: CliIO): Promise<boolean> {
  const onStop = () =>
    progress.note(
      io.stop?.reason === 'SIGTERM'
        ? `${ISSUE_COMMAND}: stopping: no new lines; waiting a few seconds for the documents in flight, then aborting those left (SIGTERM again to abort them now)`
        : `${ISSUE_COMMAND}: stopping: no new lines; waiting for the documents in flight (Ctrl-C again to abort them)`,
    );
  io.stop?.addEventListener('abort', onStop, { once: true });

  // The keys in doubt: recorded so by an earlier run, or of which an attempt of this run failed
  // leaving a document possible (a lost answer). Only the API's own answer for the key settles
  // that doubt; a refusal that ends the call after it (a 401 from a wrong key, a proxy's 403 on
  // the retry) proves nothing of what the earlier request did, so the line stays in doubt.
  const doubted = new Set<string>();
  for (const slot of journal.entries.inDoubt()) doubted.add(journal.entries.keyAt(slot));
  const stillInDoubt = (key: string, error: unknown, summary: ErrorSummary) => maybeIssued(error) || (doubted.has(key) && !settles(summary));
  /** The line each key sent in this run is on, for the notes on its retries. */
  const lineOfKey = new Map<string, number>();
  const tracked = client.withOptions({
    hooks: {
      beforeRetry: ({ request, error, delay }) => {
        const key = request.headers.get('idempotency-key') ?? '';
        if (maybeIssued(error)) doubted.add(key);
        // Said as it happens: a run waiting out a 429's pause or a backoff is not taken for a hung one.
        const { status, code, name } = errorSummary(error);
        progress.note(`${ISSUE_COMMAND}: line ${lineOfKey.get(key)}: ${status ?? name}${code ? ` ${code}` : ''}; trying again in ${formatDuration(delay)}`);
      },
    },
  });

  const statuses = await pendingStatuses(client, journal, batch.concurrency, tally);

  const at = () => new Date(batch.now()).toISOString();
  /** The time that renews keys in this run (`--repeats-are-new`). */
  const renewal = batch.now();
  // createMany numbers the bodies it is given; these are the lines they came from.
  const sentLines = new Map<number, SentLine>();
  async function* bodies(): AsyncGenerator<DocumentCreateParams> {
    const keys = new LineKeys(batch.keyPrefix, tally.total);
    let index = 0;
    for await (const document of readDocuments(createReadStream(batch.file) as AsyncIterable<Buffer>, batch.source)) {
      if (io.stop?.aborted) return;
      if (document.blank) {
        tally.blank += 1;
        progress.tick();
        continue;
      }
      const first = keys.next(document.sha256);
      const identity: SentLine = { line: document.line, key: journal.renewals.get(first) ?? first, sha256: document.sha256 };
      if (identity.key !== first) identity.renews = first;
      let known: JournalEntry | undefined = journal.entries.get(identity.key);
      if (known?.document && known.holds(document.sha256) && known.elsewhere && batch.repeatsAreNew && identity.renews === undefined) {
        // Another run's document, and the operator says the line is a new sale: a key of its own, recorded with the line.
        identity.renews = identity.key;
        identity.key = renewedKey(identity.key, renewal);
        known = undefined;
      }
      if (known?.document && known.holds(document.sha256)) {
        const { document: recorded } = known;
        let status = recorded.status;
        // Only pending documents were asked for (and reading an id reads the results file).
        const answered = status === 'pending' ? statuses.get(recorded.id) : undefined;
        if (answered !== undefined && answered !== status) {
          results.append({ ...identity, at: at(), ok: true, id: recorded.id, fullNumber: recorded.fullNumber, status: answered, replayed: false, refreshed: true });
          journal.entries.setStatus(identity.key, answered);
          status = answered;
        }
        tally.skipped += 1;
        if (known.elsewhere) {
          tally.replayedElsewhere += 1;
          listLine(tally, document.line, issuedElsewhere(recorded.fullNumber));
        }
        if (status === 'pending') tally.stillPending += 1;
        if (status === 'rejected') {
          tally.rejected += 1;
          listLine(tally, document.line, rejection(recorded.fullNumber));
        }
        progress.tick();
        continue;
      }
      if (known?.inDoubt && known.firstSentAt !== undefined && batch.now() - known.firstSentAt > SAFE_REPLAY_MS) {
        const error = replayWindowPassed(document.line, known.firstSentAt, batch.command());
        results.append({ ...identity, at: at(), ok: false, maybeIssued: true, error });
        progress.note(`${ISSUE_COMMAND}: ${error.message}`);
        tally.failed += 1;
        listLine(tally, document.line, 'its answer is unknown and the API may have forgotten its key: not sent (see --resolve above)');
        progress.tick();
        continue;
      }
      const input: InputLine = document.read();
      if (input.kind === 'blank') {
        tally.blank += 1;
      } else if (input.kind === 'invalid') {
        results.append({ ...identity, at: at(), ok: false, maybeIssued: doubted.has(identity.key), error: input.error });
        tally.failed += 1;
        listLine(tally, document.line, input.error.message);
      } else {
        sentLines.set(index, identity);
        lineOfKey.set(identity.key, identity.line);
        index += 1;
        // Recorded before it goes: should the run die with the request in flight, the next run
        // knows the line may be issued, and since when (and, for a renewed key, which line it renews).
        results.append({ ...identity, at: at(), sending: true });
        yield input.body;
      }
      progress.tick();
    }
  }

  try {
    const issued = tracked.documents.createMany(bodies(), {
      concurrency: batch.concurrency,
      idempotencyKey: (_body, index) => sentLines.get(index)!.key,
      ...(io.abort ? { signal: io.abort } : {}),
    });
    for await (const result of issued) {
      const identity = sentLines.get(result.index);
      if (identity === undefined) throw new Error(`createMany answered for an input it was not given (index ${result.index})`);
      sentLines.delete(result.index);
      if (result.ok && isDocumentId(result.document.id)) {
        // A success carries a document with its id: an answer without one (a proxy's `200 {}`) is
        // an APIError of status 200, whose document may exist.
        const { id, fullNumber = '', status = '', taxAuthority } = result.document;
        // A replay for a key this batch never sent, nor had an attempt of fail in this run: another run issued it.
        const elsewhere = result.replayed && !journal.entries.has(identity.key) && !doubted.has(identity.key);
        results.append({ ...identity, at: at(), ok: true, id, fullNumber, status, replayed: result.replayed, ...(elsewhere ? { elsewhere: true as const } : {}) });
        countDocument(tally, status, result.replayed);
        if (status === 'rejected')
          listLine(tally, identity.line, rejection(fullNumber, taxAuthority?.code ? `${taxAuthority.code}: ${taxAuthority.description ?? ''}` : undefined));
        if (elsewhere) {
          tally.replayedElsewhere += 1;
          listLine(tally, identity.line, issuedElsewhere(fullNumber));
        }
      } else if (result.ok) {
        // A 2xx with an id that is no document's (a gateway's `200 {"id":"incident-7731"}`): the request may have reached the API.
        const error = { name: 'APIError', message: `the answer is not a document: its id ${JSON.stringify(result.document.id)} is not a document's (doc_...)` };
        results.append({ ...identity, at: at(), ok: false, maybeIssued: true, error });
        tally.failed += 1;
        listLine(tally, identity.line, error.message);
      } else {
        const error = errorSummary(result.error);
        results.append({ ...identity, at: at(), ok: false, maybeIssued: stillInDoubt(identity.key, result.error, error), error });
        tally.failed += 1;
        listLine(tally, identity.line, error.message);
      }
      progress.tick();
    }
    return false;
  } catch (error) {
    progress.note(`${ISSUE_COMMAND}: stopped by an error: ${(error as Error).message}`);
    return true;
  } finally {
    io.stop?.removeEventListener('abort', onStop);
  }
}
