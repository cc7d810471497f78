/**
 * The results file of `yupana issue`, which is also its journal: what a re-run reads to know
 * which lines are issued, and which were sent without an answer.
 *
 * It is JSON Lines. Each run first appends a {@link BatchRecord} (the key prefix, the input it
 * read by SHA-256, when it started and with which API key); the first one fixes the batch's key
 * prefix, the earliest says when it began. Then, per line, a {@link SendingRecord} just before its
 * request goes (so a crash leaves the line in doubt, with the time it was sent) and a
 * {@link ResultRecord} when its result arrives, each with the line's key, the SHA-256 of its text
 * and its time.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import type { FieldIssue } from '../../index.js';
import { readRawLines } from './input.js';

/** The journal format this version writes and reads: 3 since records carry their times and the API key's fingerprint. */
export const JOURNAL_FORMAT = 3;

/**
 * How long the API answers a repeated idempotency key from its record of the first request: 24
 * hours (contract §3). After that the key is forgotten, and a request sent again with it is issued anew.
 */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How old a line in doubt may be and still be sent again for the API's answer: 23 hours, an hour
 * short of {@link REPLAY_WINDOW_MS}. A line's record is written when its call ends, up to minutes
 * after its first request (retries, waits), and the clocks of this machine and the API's differ.
 */
export const SAFE_REPLAY_MS = REPLAY_WINDOW_MS - 60 * 60 * 1000;

/**
 * What a journal records of an API key: `sha256:` and the first 16 hex digits of its SHA-256,
 * enough to tell two keys apart and nothing to recover one from. The API scopes idempotency keys by
 * API key, so a line in doubt gets its answer only with the key it was sent with.
 */
export function apiKeyFingerprint(apiKey: string): string {
  return `sha256:${createHash('sha256').update(apiKey).digest('hex').slice(0, 16)}`;
}

/** The first record of every run: what the batch is made from. */
export interface BatchRecord {
  batch: {
    /** {@link JOURNAL_FORMAT}. */
    format: number;
    /** The batch's key prefix: fixed by the journal's first batch record. */
    keyPrefix: string;
    /**
     * The API the batch is issued on (the client's base URL), fixed by the first batch record: the
     * documents it records exist there only, so a run against another API refuses the file.
     */
    api: string;
    /** The input file, as named on the command line. */
    input: string;
    /** SHA-256 of the input's bytes at this run, in hex. */
    sha256: string;
    /** Its lines, blank ones included. */
    lines: number;
    /** When this run started (ISO 8601): the first batch record's says when the batch began. */
    startedAt: string;
    /** The run's API key, as {@link apiKeyFingerprint} records it. */
    apiKey: string;
  };
}

/** An error as a results line records it. `status` and `code` are there when the error has them (API errors). */
export interface ErrorSummary {
  /** The error class: `ValidationError` (nothing was sent), `UnprocessableEntityError`, `APIConnectionError`... */
  name: string;
  /** The HTTP status of an API error. */
  status?: number;
  /** The API's stable code: `validation_error`, `rate_limited`... */
  code?: string;
  /** What went wrong, in words. */
  message: string;
}

/** What identifies the input line a result is for. */
interface LineIdentity {
  /** The line's number in the input at that run (for people: the line is known by `key` and `sha256`). */
  line: number;
  /** The idempotency key it was sent with. */
  key: string;
  /** SHA-256 of the line's text, in hex. */
  sha256: string;
  /** When the record was written (ISO 8601): for a result, at the end of the line's call. */
  at: string;
}

/** A line about to be sent: until its result is recorded, its document may exist. */
export type SendingRecord = LineIdentity & { sending: true };

/** One line's result: the document issued (or replayed) for it, or why it has none. */
export type ResultRecord =
  | (LineIdentity & {
      ok: true;
      id: string;
      fullNumber: string;
      /** SUNAT's answer at the time: `accepted`, `observed`, `pending` or `rejected`. */
      status: string;
      /** Whether the server answered from its record of an earlier request with this key: issued before, not by this run. */
      replayed: boolean;
      /** Recorded on the operator's word (`--resolve <line>=<document id>`), the document checked in the API. */
      resolved?: true;
      /**
       * A later status of a document recorded `pending`, asked of the API by a re-run: SUNAT's
       * answer came after the run that issued it. Only its `status` counts.
       */
      refreshed?: true;
    })
  | (LineIdentity & {
      ok: false;
      /**
       * Whether a document may exist for the line (the request was sent and no definite answer
       * came back: a lost connection, a timeout, a 5xx, an abort, a 2xx without a document). Such a
       * line must be run again unchanged, so that its key gets the server's answer. It stays so
       * through any refusal that is not the API's answer for its key (see `settles`).
       */
      maybeIssued: boolean;
      error: ErrorSummary;
    });

/** What a journal says of one key. */
export interface JournalEntry {
  /** SHA-256 of the text the key was sent with. */
  sha256: string;
  /** The line's number when last recorded. */
  line: number;
  /** The document, when one was recorded for the key. */
  document?: { id: string; fullNumber: string; status: string };
  /** Whether the key was sent and its last result left a document possible (and none is recorded). */
  inDoubt: boolean;
  /**
   * When the key was first recorded as sent (milliseconds since the epoch): the API's replay
   * window for it started before. `undefined` in a results file written before results had a time.
   */
  firstSentAt?: number | undefined;
  /** The API key it was last sent with ({@link apiKeyFingerprint}), from its run's batch record; `undefined` in older results files. */
  apiKey?: string | undefined;
}

/** A record of a results file: a run's batch, a line about to be sent, or a line's result. */
export type JournalRecord = BatchRecord | SendingRecord | ResultRecord;

/** What a results file says before a run. */
export interface Journal {
  /** The batch's key prefix, from its first batch record; `undefined` for a new (missing or empty) journal. */
  keyPrefix: string | undefined;
  /** The API its documents were issued on, from its first batch record; `undefined` for a new journal, or one written before it was recorded. */
  api: string | undefined;
  /** When the batch began (milliseconds since the epoch): the earliest `startedAt` of its batch records; `undefined` for a new journal. */
  begunAt: number | undefined;
  /** The SHA-256 of each input its runs read, from their batch records: an input among them holds no line added since. */
  inputs: Set<string>;
  /** The latest word on each key. */
  entries: Map<string, JournalEntry>;
  /** Whether the file is missing, empty or ends with a newline; otherwise its last line was cut short and the next record starts on a new line. */
  endsWithNewline: boolean;
}

/** A results file that is not this version's journal: the run stops before sending anything. */
export class JournalFormatError extends Error {
  override name = 'JournalFormatError';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A record of a results line, or `undefined` for a line cut short by a crash or mangled by hand. */
function parseRecord(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A time of a record (ISO 8601) in milliseconds since the epoch, or `undefined`. */
function timeOf(value: unknown): number | undefined {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Whether `id` is a document's id as the API gives it (`doc_`...). A gateway or proxy answering
 * `200 {"id":"incident-7731"}` gave no document: the line is in doubt, not issued.
 */
export const isDocumentId = (id: unknown): id is string => typeof id === 'string' && /^doc_\S+$/.test(id);

/** The run a record belongs to, as its batch record says: its API key, and when it started. */
interface Run {
  apiKey: string | undefined;
  startedAt: number | undefined;
}

/**
 * Adds one line's record to `entries`: a recorded document is final; otherwise the latest record
 * wins. A line about to be sent, or answered with a document possible, is in doubt. A key's first
 * send is the earliest time of its records that may have sent it (a record without a time counts
 * from its run's start; with neither, from the epoch: as old as can be).
 */
function remember(entries: Map<string, JournalEntry>, record: Record<string, unknown>, run: Run): void {
  const { key, sha256, line, ok } = record;
  if (!isText(key) || !isText(sha256) || typeof line !== 'number') return;
  const known = entries.get(key);
  if (known?.document && known.sha256 === sha256) {
    // The document recorded is final; a later record of the same document (`refreshed`: a re-run asked a pending one's outcome) updates only its status.
    if (ok === true && record.id === known.document.id && isText(record.status)) known.document.status = record.status;
    return;
  }
  const sent = Math.min(known?.firstSentAt ?? Number.POSITIVE_INFINITY, timeOf(record.at) ?? run.startedAt ?? 0);
  const { apiKey } = run;
  if (record.sending === true) {
    entries.set(key, { sha256, line, inDoubt: true, firstSentAt: sent, apiKey });
  } else if (ok === true && isDocumentId(record.id)) {
    const { id, fullNumber, status } = record;
    entries.set(key, { sha256, line, document: { id, fullNumber: String(fullNumber), status: String(status) }, inDoubt: false, firstSentAt: sent, apiKey });
  } else if (ok === true) {
    // A success without a document's id proves nothing (a gateway's `200 {"id":"incident-7731"}`, a hand edit): the request may have reached the API.
    entries.set(key, { sha256, line, inDoubt: true, firstSentAt: sent, apiKey });
  } else if (ok === false) {
    const inDoubt = record.maybeIssued !== false;
    // A line refused before it was sent (not JSON, not UTF-8) starts no replay window of its own, nor
    // one the operator found no document for (`--resolve <line>=none`): its next send starts one.
    const resolvedNone = isObject(record.error) && record.error.name === 'ResolvedNone';
    entries.set(key, { sha256, line, inDoubt, firstSentAt: !resolvedNone && (inDoubt || known !== undefined) ? sent : undefined, apiKey });
  }
}

/**
 * Reads a results file; a missing or empty one is a new journal.
 *
 * @throws {@link JournalFormatError} when its first record is not a batch record of this format (a results file of an older version, or another file).
 */
export async function readJournal(file: string): Promise<Journal> {
  const entries = new Map<string, JournalEntry>();
  let keyPrefix: string | undefined;
  let api: string | undefined;
  let begunAt: number | undefined;
  const inputs = new Set<string>();
  /** The run whose records are being read. */
  let run: Run = { apiKey: undefined, startedAt: undefined };
  let seenRecord = false;
  let lastByte: number | undefined;
  async function* bytes(): AsyncGenerator<Buffer> {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      if (chunk.length > 0) lastByte = chunk[chunk.length - 1];
      yield chunk;
    }
  }
  try {
    for await (const line of readRawLines(bytes(), Number.MAX_SAFE_INTEGER)) {
      const record = line.bytes && parseRecord(line.bytes.toString('utf8'));
      if (!record) continue;
      if (!seenRecord) {
        seenRecord = true;
        const batch = record.batch;
        if (!isObject(batch) || batch.format !== JOURNAL_FORMAT || !isText(batch.keyPrefix)) {
          throw new JournalFormatError(
            `${file} is not a results file of this version of yupana issue (its first line is not a batch record of format ${JOURNAL_FORMAT}): ` +
              'it cannot say what it skips. Move it away (the documents it lists stay issued) and name a new results file with --out, ' +
              'or run the input it belongs to with the version that wrote it',
          );
        }
        keyPrefix = batch.keyPrefix;
        if (isText(batch.api)) api = batch.api;
      }
      if (isObject(record.batch)) {
        run = { apiKey: isText(record.batch.apiKey) ? record.batch.apiKey : undefined, startedAt: timeOf(record.batch.startedAt) };
        if (isText(record.batch.sha256)) inputs.add(record.batch.sha256);
        if (run.startedAt !== undefined) begunAt = Math.min(begunAt ?? run.startedAt, run.startedAt);
      } else {
        remember(entries, record, run);
      }
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { keyPrefix: undefined, api: undefined, begunAt: undefined, inputs, entries, endsWithNewline: true };
    throw error;
  }
  return { keyPrefix, api, begunAt, inputs, entries, endsWithNewline: lastByte === undefined || lastByte === 0x0a };
}

/**
 * Whether a document may exist after `error`: `false` only for a definite refusal, an input
 * refused before sending (`ValidationError`) or a 4xx the server answered, other than 408, 409,
 * 425, 429 (retryable) and 422 `idempotency_key_reused` (the key holds another request).
 */
export function maybeIssued(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (error.name === 'ValidationError') return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499) return true;
  return [408, 409, 425, 429].includes(status) || code === 'idempotency_key_reused';
}

/**
 * Whether `error` is the API's own answer for the key, which proves it holds no document for it:
 * a 400 or 422 with the API's problem `code` (the API answers a key it holds a document for with
 * that document), other than `idempotency_key_reused`. Not a 401 or 403 (refused before the key is
 * looked up), nor a 4xx without the API's code (a proxy's), nor a line refused before sending.
 */
export function settles(error: { status?: unknown; code?: unknown }): boolean {
  return (error.status === 400 || error.status === 422) && typeof error.code === 'string' && error.code !== 'idempotency_key_reused';
}

/**
 * What a thrown or yielded error records: its name and message, and the status and code of an API
 * error. A `ValidationError`'s message is rebuilt from its `issues`, since the one `createMany`
 * gives names the input's position among the bodies sent, not its line.
 */
export function errorSummary(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { status, code, issues } = error as { status?: unknown; code?: unknown; issues?: unknown };
  const message =
    error.name === 'ValidationError' && Array.isArray(issues) && issues.length > 0
      ? `Invalid documents.create body: ${(issues as FieldIssue[]).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`
      : error.message;
  return {
    name: error.name,
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    message,
  };
}

/** Appends records to a results file, one `write` each, so a crash cuts at most the last one short. */
export class ResultsFile {
  readonly #fd: number;
  #separator: string;

  /**
   * Opens `path` for appending and writes `batch`, which proves it writable before anything is sent.
   *
   * @throws the file system's error, after closing the file.
   */
  constructor(path: string, journal: Journal, batch: BatchRecord) {
    this.#fd = openSync(path, 'a');
    // After a last line cut short by a crash, the next record starts on a line of its own.
    this.#separator = journal.endsWithNewline ? '' : '\n';
    try {
      this.append(batch);
    } catch (error) {
      closeSync(this.#fd);
      throw error;
    }
  }

  /** Appends one record. */
  append(record: JournalRecord): void {
    writeSync(this.#fd, `${this.#separator}${JSON.stringify(record)}\n`);
    this.#separator = '';
  }

  close(): void {
    closeSync(this.#fd);
  }
}
