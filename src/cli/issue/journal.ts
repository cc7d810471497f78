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
import { closeSync, createReadStream, openSync, readSync, writeSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FieldIssue } from '../../index.js';
import { HashIndex, isHash32 } from './hash-index.js';
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
  /**
   * The key the line had, when it was answered with another run's document and `--repeats-are-new`
   * gave it this one to issue it as a new sale.
   */
  renews?: string;
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
      /** A replay for a key this results file had never sent: another run's document (the same content run elsewhere). */
      elsewhere?: true;
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

/** A document a results file records for a key. */
export interface RecordedDocument {
  /** Its id (`doc_...`). */
  readonly id: string;
  /** Its number, `B001-123`. */
  readonly fullNumber: string;
  /** SUNAT's answer, as last recorded: `accepted`, `pending`, `rejected`... */
  readonly status: string;
}

/** What a journal says of one key. */
export interface JournalEntry {
  /** Whether `sha256` (of a line's text) is the text the key was sent with. */
  holds(sha256: string): boolean;
  /** The line's number when last recorded. */
  line: number;
  /** The document, when one was recorded for the key. */
  document?: RecordedDocument | undefined;
  /**
   * Whether that document is another run's: the API answered the key with a document this
   * results file had never sent it for (the same content run elsewhere in the last 24 hours).
   */
  elsewhere: boolean;
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

const IN_DOUBT = 1;
const DOCUMENT = 2;
const ELSEWHERE = 4;

/** The offset of an entry whose document is not read back from the file: none, or one this run gave (`--resolve`). */
const NOT_IN_FILE = -1;

/** The 8 last hex digits of a SHA-256 as a number: with the 32 first, which every key holds, what tells one text from another. */
const tailOf = (sha256: string) => Number.parseInt(sha256.slice(-8), 16);

/** A column of numbers that grows as slots are added. */
type Column = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/**
 * The latest word on each key of a results file, held in typed arrays (about 60 bytes a key,
 * outside the garbage-collected heap): a key `<prefix>-<32 hex digits>` by its hash in a
 * {@link HashIndex}, any other (a repeated line's `-2`, a renewed key) in a `Map`. A document's
 * id and number are read back from the file, at the offset of the record that gave them, when a
 * message or a status check needs them.
 */
export class Entries {
  readonly #file: string;
  /** The batch's key prefix, once its first batch record is read. */
  prefix: string | undefined;
  readonly #byHash = new HashIndex();
  readonly #byKey = new Map<string, number>();
  /** The keys of {@link #byKey} by slot. */
  readonly #otherKeys = new Map<number, string>();
  #size = 0;
  /** Each slot's position in {@link #byHash} plus one; 0 for a key of {@link #byKey}. */
  #positions = new Uint32Array(1024);
  #lines = new Uint32Array(1024);
  #tails = new Uint32Array(1024);
  #flags = new Uint8Array(1024);
  #firstSent = new Float64Array(1024);
  #offsets = new Float64Array(1024);
  #statuses = new Uint16Array(1024);
  #apiKeys = new Uint16Array(1024);
  /** The distinct statuses and API keys, by their index in the columns above (0: none). */
  readonly #statusNames: string[] = [''];
  readonly #apiKeyNames: (string | undefined)[] = [undefined];
  /** Documents set by this run (`--resolve`), not read from the file. */
  readonly #given = new Map<number, { id: string; fullNumber: string }>();

  constructor(file: string) {
    this.#file = file;
  }

  /** How many keys it holds. */
  get size(): number {
    return this.#size;
  }

  has(key: string): boolean {
    return this.slotOf(key) !== undefined;
  }

  get(key: string): JournalEntry | undefined {
    const slot = this.slotOf(key);
    return slot === undefined ? undefined : this.#entry(slot);
  }

  /** The slot of `key` (from 0 to {@link size}), or `undefined`. */
  slotOf(key: string): number | undefined {
    const hash = this.#hashOf(key);
    return hash === undefined ? this.#byKey.get(key) : this.#byHash.get(hash);
  }

  /** Records `entry` for `key`, as a result of this run does. */
  set(key: string, entry: Omit<JournalEntry, 'holds'> & { sha256: string }): void {
    const slot = this.#slot(key);
    this.#write(slot, {
      line: entry.line,
      tail: tailOf(entry.sha256),
      flags: (entry.inDoubt ? IN_DOUBT : 0) | (entry.document ? DOCUMENT : 0) | (entry.elsewhere ? ELSEWHERE : 0),
      firstSent: entry.firstSentAt ?? Number.NaN,
      apiKey: entry.apiKey,
      offset: NOT_IN_FILE,
      status: entry.document?.status ?? '',
    });
    // A document given here is kept as given; one read from the file later replaces it (apply).
    if (entry.document) this.#given.set(slot, { id: entry.document.id, fullNumber: entry.document.fullNumber });
  }

  /** Updates the status of the document recorded for `key`. */
  setStatus(key: string, status: string): void {
    const slot = this.slotOf(key);
    if (slot !== undefined) this.#statuses[slot] = this.#intern(this.#statusNames, status);
  }

  /** Every slot, from 0 to {@link size}: in the order their keys were first read or set. */
  *slots(): Generator<number> {
    for (let slot = 0; slot < this.#size; slot++) yield slot;
  }

  /** The slots whose key is in doubt (see {@link JournalEntry.inDoubt}), read from the columns: no entry is made for the others. */
  *inDoubt(): Generator<number> {
    for (const slot of this.slots()) if (this.#flags[slot]! & IN_DOUBT) yield slot;
  }

  /** The slots whose document is recorded with `status`, read from the columns: no entry is made for the others. */
  *withStatus(status: string): Generator<number> {
    const index = this.#statusNames.indexOf(status);
    for (const slot of this.slots()) if (this.#flags[slot]! & DOCUMENT && this.#statuses[slot] === index) yield slot;
  }

  /** The key of `slot`. */
  keyAt(slot: number): string {
    const position = this.#positions[slot]!;
    return position === 0 ? this.#otherKeys.get(slot)! : `${this.prefix}-${this.#byHash.hashAt(position - 1)}`;
  }

  /** The entry of `slot`. */
  at(slot: number): JournalEntry {
    return this.#entry(slot);
  }

  /** Every key with its entry, in the order of {@link slots}. */
  *[Symbol.iterator](): Generator<[string, JournalEntry]> {
    for (const slot of this.slots()) yield [this.keyAt(slot), this.#entry(slot)];
  }

  /** Applies one record of the file (at byte `offset`) to its key, as {@link readJournal} says. */
  apply(record: Record<string, unknown>, run: Run, offset: number): void {
    const { key, sha256, line, ok } = record;
    if (!isText(key) || !isText(sha256) || typeof line !== 'number') return;
    const known = this.slotOf(key);
    const tail = tailOf(sha256);
    if (known !== undefined && this.#flags[known]! & DOCUMENT && this.#tails[known] === tail) {
      // The document recorded is final; a later record of the same document (`refreshed`: a re-run asked a pending one's outcome) updates only its status.
      if (ok === true && isText(record.status) && record.id === this.#documentOf(known).id) this.#statuses[known] = this.#intern(this.#statusNames, record.status);
      return;
    }
    const before = known === undefined ? Number.NaN : this.#firstSent[known]!;
    const sent = Math.min(Number.isNaN(before) ? Number.POSITIVE_INFINITY : before, timeOf(record.at) ?? run.startedAt ?? 0);
    let flags: number;
    let firstSent = sent;
    let status = '';
    if (record.sending === true) {
      flags = IN_DOUBT;
    } else if (ok === true && isDocumentId(record.id)) {
      flags = DOCUMENT | (record.elsewhere === true ? ELSEWHERE : 0);
      status = String(record.status);
    } else if (ok === true) {
      // A success without a document's id proves nothing (a gateway's `200 {"id":"incident-7731"}`, a hand edit): the request may have reached the API.
      flags = IN_DOUBT;
    } else if (ok === false) {
      const inDoubt = record.maybeIssued !== false;
      flags = inDoubt ? IN_DOUBT : 0;
      // A line refused before it was sent (not JSON, not UTF-8) starts no replay window of its own, nor
      // one the operator found no document for (`--resolve <line>=none`): its next send starts one.
      const resolvedNone = isObject(record.error) && record.error.name === 'ResolvedNone';
      if (resolvedNone || !(inDoubt || known !== undefined)) firstSent = Number.NaN;
    } else {
      return;
    }
    const slot = known ?? this.#slot(key);
    this.#write(slot, { line, tail, flags, firstSent, apiKey: run.apiKey, offset: flags & DOCUMENT ? offset : NOT_IN_FILE, status });
    this.#given.delete(slot);
  }

  /** The 32 hex digits of a key `<prefix>-<32 hex digits>`, or `undefined` for any other. */
  #hashOf(key: string): string | undefined {
    const { prefix } = this;
    if (prefix === undefined || key.length !== prefix.length + 33 || !key.startsWith(prefix) || key[prefix.length] !== '-') return undefined;
    const hash = key.slice(prefix.length + 1);
    return isHash32(hash) ? hash : undefined;
  }

  #slot(key: string): number {
    const existing = this.slotOf(key);
    if (existing !== undefined) return existing;
    const slot = this.#size;
    this.#size += 1;
    if (slot >= this.#lines.length) this.#grow();
    const hash = this.#hashOf(key);
    if (hash === undefined) {
      this.#byKey.set(key, slot);
      this.#otherKeys.set(slot, key);
    } else {
      this.#byHash.set(hash, slot);
      this.#positions[slot] = this.#byHash.size;
    }
    return slot;
  }

  #write(slot: number, values: { line: number; tail: number; flags: number; firstSent: number; apiKey: string | undefined; offset: number; status: string }): void {
    this.#lines[slot] = values.line;
    this.#tails[slot] = values.tail;
    this.#flags[slot] = values.flags;
    this.#firstSent[slot] = values.firstSent;
    this.#apiKeys[slot] = this.#intern(this.#apiKeyNames, values.apiKey);
    this.#offsets[slot] = values.offset;
    this.#statuses[slot] = this.#intern(this.#statusNames, values.status);
  }

  /** The index of `value` in `names`, added at its end when new. */
  #intern<T>(names: T[], value: T): number {
    const index = names.indexOf(value);
    return index >= 0 ? index : names.push(value) - 1;
  }

  /** Makes room for `expected` keys at once, so that the columns and the index do not grow on the way there (each growth holds the old arrays and the new ones at the same moment). */
  reserve(expected: number): void {
    this.#byHash.reserve(expected);
    if (expected > this.#lines.length) this.#grow(expected);
  }

  #grow(length = this.#lines.length * 2): void {
    const grown = <C extends Column>(column: C): C => {
      const next = new (column.constructor as new (length: number) => C)(length);
      next.set(column);
      return next;
    };
    this.#positions = grown(this.#positions);
    this.#lines = grown(this.#lines);
    this.#tails = grown(this.#tails);
    this.#flags = grown(this.#flags);
    this.#firstSent = grown(this.#firstSent);
    this.#offsets = grown(this.#offsets);
    this.#statuses = grown(this.#statuses);
    this.#apiKeys = grown(this.#apiKeys);
  }

  #entry(slot: number): JournalEntry {
    const flags = this.#flags[slot]!;
    const firstSent = this.#firstSent[slot]!;
    return new Entry(
      this.#tails[slot]!,
      this.#lines[slot]!,
      flags & DOCUMENT ? new Recorded(() => this.#documentOf(slot), this.#statusNames[this.#statuses[slot]!]!) : undefined,
      (flags & ELSEWHERE) !== 0,
      (flags & IN_DOUBT) !== 0,
      Number.isNaN(firstSent) ? undefined : firstSent,
      this.#apiKeyNames[this.#apiKeys[slot]!],
    );
  }

  /** The id and number of the document recorded at `slot`, read back from the file. */
  #documentOf(slot: number): { id: string; fullNumber: string } {
    const given = this.#given.get(slot);
    if (given !== undefined) return given;
    const record = readRecordAt(this.#file, this.#offsets[slot]!);
    return { id: String(record?.id), fullNumber: String(record?.fullNumber) };
  }
}

/** The fewest bytes a record of a line takes: its SHA-256 alone is 64 hex digits. */
const MIN_RECORD_BYTES = 64;

/** A key's entry as {@link Entries} gives it: made on each read, so small and without closures of its own. */
class Entry implements JournalEntry {
  readonly #tail: number;
  constructor(
    tail: number,
    readonly line: number,
    readonly document: RecordedDocument | undefined,
    readonly elsewhere: boolean,
    readonly inDoubt: boolean,
    readonly firstSentAt: number | undefined,
    readonly apiKey: string | undefined,
  ) {
    this.#tail = tail;
  }

  holds(sha256: string): boolean {
    return tailOf(sha256) === this.#tail;
  }
}

/** A recorded document whose id and number are read back from the results file when asked for. */
class Recorded implements RecordedDocument {
  readonly #read: () => { id: string; fullNumber: string };
  constructor(
    read: () => { id: string; fullNumber: string },
    readonly status: string,
  ) {
    this.#read = read;
  }

  get id(): string {
    return this.#read().id;
  }

  get fullNumber(): string {
    return this.#read().fullNumber;
  }
}

/** Where records are read back into: a record is a few hundred bytes. */
let recordBuffer = Buffer.alloc(4096);

/** The record that starts at byte `offset` of `file`. */
function readRecordAt(file: string, offset: number): Record<string, unknown> | undefined {
  const fd = openSync(file, 'r');
  try {
    for (;;) {
      const buffer = recordBuffer;
      const size = buffer.length;
      const read = readSync(fd, buffer, 0, size, offset);
      const end = buffer.subarray(0, read).indexOf(0x0a);
      if (end >= 0 || read < size) return parseRecord(buffer.subarray(0, end >= 0 ? end : read).toString('utf8'));
      recordBuffer = Buffer.alloc(size * 4);
    }
  } finally {
    closeSync(fd);
  }
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
  entries: Entries;
  /**
   * The key each line answered with another run's document was given to issue it as a new sale
   * (`--repeats-are-new`), by the key it had: `renews` in its records.
   */
  renewals: Map<string, string>;
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
 * Reads a results file as a stream, keeping the latest word on each key (see {@link Entries}); a
 * missing or empty one is a new journal. Per key: a recorded document is final; otherwise the
 * latest record wins. A line about to be sent, or answered with a document possible, is in doubt.
 * A key's first send is the earliest time of its records that may have sent it (a record without
 * a time counts from its run's start; with neither, from the epoch: as old as can be).
 *
 * @throws {@link JournalFormatError} when its first record is not a batch record of this format (a results file of an older version, or another file).
 */
export async function readJournal(file: string): Promise<Journal> {
  const entries = new Entries(file);
  const size = await stat(file).then(
    (info) => info.size,
    () => 0,
  );
  const renewals = new Map<string, string>();
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
        entries.prefix = keyPrefix;
        // About a key a line: allocated once, not grown on the way (no more than the file can hold, whatever its first record says).
        if (typeof batch.lines === 'number') entries.reserve(Math.floor(Math.min(batch.lines, size / MIN_RECORD_BYTES)));
        if (isText(batch.api)) api = batch.api;
      }
      if (isObject(record.batch)) {
        // One string per distinct API key, shared by the entries of its runs.
        const apiKey = isText(record.batch.apiKey) ? record.batch.apiKey : undefined;
        run = { apiKey: apiKey === run.apiKey ? run.apiKey : apiKey, startedAt: timeOf(record.batch.startedAt) };
        if (isText(record.batch.sha256)) inputs.add(record.batch.sha256);
        if (run.startedAt !== undefined) begunAt = Math.min(begunAt ?? run.startedAt, run.startedAt);
      } else {
        if (isText(record.renews) && isText(record.key)) renewals.set(record.renews, record.key);
        entries.apply(record, run, line.offset);
      }
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT')
      return { keyPrefix: undefined, api: undefined, begunAt: undefined, inputs, entries, renewals, endsWithNewline: true };
    throw error;
  }
  return { keyPrefix, api, begunAt, inputs, entries, renewals, endsWithNewline: lastByte === undefined || lastByte === 0x0a };
}

/** Which of `ids` the results file `file` records a document for, read as a stream. */
export async function documentsRecorded(file: string, ids: ReadonlySet<string>): Promise<Set<string>> {
  const found = new Set<string>();
  try {
    for await (const line of readRawLines(createReadStream(file) as AsyncIterable<Buffer>, Number.MAX_SAFE_INTEGER)) {
      const record = line.bytes && parseRecord(line.bytes.toString('utf8'));
      if (record?.ok === true && typeof record.id === 'string' && ids.has(record.id)) found.add(record.id);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  }
  return found;
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
