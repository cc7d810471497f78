/**
 * `yupana issue <file.jsonl>`: issues one document per line of a JSON Lines file with
 * `client.documents.createMany`, and journals one result per line in a results file, so that a
 * run that stopped (a crash, Ctrl-C, SIGTERM, lines that failed) is resumed by running it again.
 *
 * - A line's idempotency key is `<prefix>-<hash of its text>` (see {@link LineKeys}): it does not
 *   depend on the line's position, so inserting, fixing or deleting other lines re-keys no line.
 * - The key prefix is the batch's: by default derived from the input's content at the first run,
 *   then fixed by the results file's first record.
 * - A line is skipped only when the results file records a document for its key and its text.
 *   Every other line is sent again with its key, so a request whose answer was lost (a crash, a
 *   timeout) is answered from the server's record instead of issued twice.
 * - Before sending anything, the run refuses a results file that is the input itself, belongs to
 *   another input or prefix, is of an older format, cannot be written, or is in use by another run.
 *
 * Only types come from the SDK statically; its code is loaded with `import('../index.js')`, which
 * the build keeps as a load of `dist/index.js`, so the bin shares no chunk with `import 'yupana'`.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Client, DocumentCreateParams, Environment } from '../index.js';
import { decodeLine, LineKeys, MAX_LINE_BYTES, readRawLines } from './input.js';
import { type CliIO, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_TERMINATED, usageError } from './io.js';
import {
  type BatchRecord,
  type ErrorSummary,
  errorSummary,
  JOURNAL_FORMAT,
  type Journal,
  type JournalEntry,
  JournalFormatError,
  maybeIssued,
  readJournal,
  ResultsFile,
} from './journal.js';
import { acquireLock, type Lock, LockError } from './lock.js';
import { formatSummary, newTally, Progress, type Tally } from './progress.js';

/** The help of `yupana issue`. */
export const ISSUE_USAGE = `Usage: yupana issue <file.jsonl> [options]

Issues one document per line of <file.jsonl>, each line a documents.create body
in JSON (UTF-8), and appends one result per line to the results file, the
batch's journal. Blank lines are skipped. Run the same command again after a
crash, a Ctrl-C or failed lines: lines already issued are skipped and the
others are sent again with the same idempotency keys, so no document is issued
twice. A line's key comes from its text, not its position: you may fix or
delete lines that were never issued, or add lines, between runs.

Options:
  --out <file>           results file (JSON Lines), appended to
                         (default: <file> with .results.jsonl for its extension)
  --key-prefix <prefix>  idempotency keys are <prefix>-<hash of the line>
                         (default: batch-<hash of the file's content> at the
                         first run; then the one the results file records)
  --concurrency <n>      documents in flight at once, 1 to 32 (default: 4)
  --environment <name>   production or sandbox (default: production)
  -h, --help             show this help

Environment:
  YUPANA_API_KEY   your API key (required)
  YUPANA_BASE_URL  another API address, e.g. the mock of npx yupana-mock;
                   it wins over --environment

Exit status: 0 every line issued, 1 some lines failed or were rejected by SUNAT
(the results file says which), 2 usage error (nothing sent), 130 interrupted
(Ctrl-C), 143 terminated (SIGTERM): run it again to resume.`;

const COMMAND = 'yupana issue';
/** Every environment, exactly: the compiler checks this record against the SDK's `Environment`. */
const ENVIRONMENTS: Record<Environment, true> = { production: true, sandbox: true };
const ENVIRONMENT_NAMES = Object.keys(ENVIRONMENTS);
/** Leaves room in a 255-character idempotency key for `-`, 32 hex digits and an occurrence number. */
const MAX_PREFIX_LENGTH = 200;
/** What an idempotency key may hold, as the SDK checks it (`PRINTABLE_ASCII` in src/internal/headers.ts). */
const PRINTABLE_ASCII = /^[\x21-\x7E]+$/;
/** What `createMany` accepts as its concurrency (`MAX_CONCURRENCY` in src/lib/create-many.ts). */
const MAX_CONCURRENCY = 32;
/** Hex digits of the input's SHA-256 in the default key prefix (64 bits). */
const PREFIX_HASH_DIGITS = 16;

/** The options of one `yupana issue` run, checked. */
export interface IssueOptions {
  /** The JSON Lines file to issue. */
  file: string;
  /** The results file. */
  out: string;
  /** Idempotency keys are `<keyPrefix>-<hash of the line>`; `undefined`: the results file's, else {@link defaultKeyPrefix}. */
  keyPrefix: string | undefined;
  /** Documents in flight at once, 1 to 32. */
  concurrency: number;
  /** The API to call, when given. */
  environment: Environment | undefined;
}

/** A mistake on the command line: reported with exit status 2, and nothing is sent. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The results file for `file` when `--out` is not given: `boletas.jsonl` → `boletas.results.jsonl`, beside it. */
export function defaultOutPath(file: string): string {
  return join(dirname(file), `${basename(file, extname(file))}.results.jsonl`);
}

/**
 * The key prefix of a new batch when `--key-prefix` is not given: `batch-` and the first 16 hex
 * digits of the SHA-256 of the input's bytes. It names the batch's content, not the file: another
 * file under the same name gets other keys, and the same content under another name the same.
 */
export function defaultKeyPrefix(inputSha256: string): string {
  return `batch-${inputSha256.slice(0, PREFIX_HASH_DIGITS)}`;
}

/**
 * Reads the arguments after `issue`: the options, or `'help'` for `--help`.
 *
 * @throws {@link UsageError} for an unknown flag, a missing or extra file argument, or a flag's bad value.
 */
export function parseIssueArgs(argv: string[]): IssueOptions | 'help' {
  let parsed: ReturnType<typeof parseIssueFlags>;
  try {
    parsed = parseIssueFlags(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const [file, ...extra] = positionals;
  if (file === undefined || file === '') throw new UsageError('missing the file to issue: yupana issue <file.jsonl>');
  if (extra.length > 0) throw new UsageError(`one file at a time: got ${positionals.length} (${positionals.join(', ')})`);

  const concurrency = Number(values.concurrency ?? '4');
  if (!/^\d+$/.test(values.concurrency ?? '4') || concurrency < 1 || concurrency > MAX_CONCURRENCY) {
    throw new UsageError(`--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, got ${JSON.stringify(values.concurrency)}`);
  }
  const { environment } = values;
  if (environment !== undefined && !ENVIRONMENT_NAMES.includes(environment)) {
    throw new UsageError(`--environment must be ${ENVIRONMENT_NAMES.join(' or ')}, got ${JSON.stringify(environment)}`);
  }
  const keyPrefix = values['key-prefix'];
  if (keyPrefix !== undefined && (!PRINTABLE_ASCII.test(keyPrefix) || keyPrefix.length > MAX_PREFIX_LENGTH)) {
    throw new UsageError(`--key-prefix must be 1 to ${MAX_PREFIX_LENGTH} printable ASCII characters without spaces, got ${JSON.stringify(keyPrefix)}`);
  }
  return {
    file,
    out: values.out ?? defaultOutPath(file),
    keyPrefix,
    concurrency,
    environment: environment as Environment | undefined,
  };
}

function parseIssueFlags(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'key-prefix': { type: 'string' },
      concurrency: { type: 'string' },
      environment: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** An input line, read: blank, a body to issue, or a line that cannot be one (recorded as failed, nothing sent). */
export type InputLine = { kind: 'blank' } | { kind: 'body'; body: DocumentCreateParams } | { kind: 'invalid'; error: ErrorSummary };

/**
 * Reads one input line's text. A line that is not JSON, or is JSON but not an object, is
 * `invalid` with a `ValidationError` saying so; an object is a body, left to `createMany` (and
 * the SDK's schema) to check.
 */
export function parseLine(text: string): InputLine {
  if (text.trim() === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalidLine(`the line is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return invalidLine(`the line is ${what}, not a JSON object (a documents.create body)`);
  }
  return { kind: 'body', body: value as DocumentCreateParams };
}

const invalidLine = (message: string): InputLine => ({ kind: 'invalid', error: { name: 'ValidationError', message } });

/** The input file's problem that makes the run a usage error, or `undefined` when it can be read. */
async function inputProblem(file: string): Promise<string | undefined> {
  try {
    if (!(await stat(file)).isFile()) return `${file} is not a file`;
    await access(file, constants.R_OK);
    return undefined;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file}: ${(error as Error).message}`;
  }
}

/**
 * Why `out` cannot be the results file of `file`, or `undefined`. The files themselves are
 * compared (device and inode, links followed), not their names: a symbolic or hard link to the
 * input, or its name in another case on a case-insensitive disk, is the input.
 */
async function outProblem(file: string, out: string): Promise<string | undefined> {
  let outStat;
  try {
    outStat = await stat(out);
  } catch (error) {
    return (error as { code?: unknown }).code === 'ENOENT' ? undefined : `cannot use ${out} as the results file: ${(error as Error).message}`;
  }
  const inputStat = await stat(file);
  if (outStat.dev === inputStat.dev && outStat.ino === inputStat.ino) return `--out ${out} is the input file itself (the same file under another name); name another results file`;
  if (!outStat.isFile()) return `--out ${out} is not a regular file (a directory, a device...); name a results file`;
  return undefined;
}

/**
 * The lock file of results file `out`: beside the file itself, links resolved, so that two names
 * of one results file (a symbolic link, a relative path) share one lock.
 */
async function lockPathOf(out: string): Promise<string> {
  try {
    return `${await realpath(out)}.lock`;
  } catch {
    try {
      return `${join(await realpath(dirname(out)), basename(out))}.lock`;
    } catch {
      return `${out}.lock`; // a missing folder: making the lock fails and says so
    }
  }
}

/** What a first pass over the input finds. */
interface Scan {
  /** SHA-256 of the input's bytes, in hex. */
  sha256: string;
  /** Its lines, blank ones included. */
  lines: number;
  /** The journal's keys that were sent (a document recorded, or the answer unknown) and that no line of the input has any more. */
  missing: [string, JournalEntry][];
}

/** Reads the input once, before anything is sent: its hash, its lines, and which lines the journal records as sent it no longer holds. */
async function scanInput(file: string, journal: Journal, signal: AbortSignal | undefined): Promise<Scan> {
  const whole = createHash('sha256');
  const sent = new Map([...journal.entries].filter(([, entry]) => entry.document !== undefined || entry.inDoubt));
  const keys = journal.keyPrefix !== undefined && sent.size > 0 ? new LineKeys(journal.keyPrefix) : undefined;
  async function* hashed(): AsyncGenerator<Buffer> {
    for await (const chunk of createReadStream(file, signal ? { signal } : {}) as AsyncIterable<Buffer>) {
      whole.update(chunk);
      yield chunk;
    }
  }
  let lines = 0;
  for await (const line of readRawLines(hashed())) {
    lines = line.number;
    if (keys === undefined || line.blank) continue;
    const key = keys.next(line.sha256);
    if (sent.get(key)?.sha256 === line.sha256) sent.delete(key);
  }
  return { sha256: whole.digest('hex'), lines, missing: [...sent] };
}

/** The usage error for a journal whose sent lines the input no longer holds. */
function anotherInput(file: string, out: string, missing: [string, JournalEntry][]): string {
  const examples = missing
    .slice(0, 3)
    .map(([, entry]) => `line ${entry.line} (${entry.document ? `document ${entry.document.fullNumber}` : 'sent, its answer unknown'})`)
    .join(', ');
  return (
    `${out} is the results file of another input: ${missing.length} line(s) it records as sent are not in ${file} as they were (e.g. ${examples}). ` +
    `For a new batch (next month's file under the same name...), move ${out} away or name another results file with --out. ` +
    'If this is the same batch, put those lines back unchanged: you may add lines, and fix or delete lines never issued, but a line issued or whose answer is unknown stays as it is'
  );
}

/**
 * Runs `yupana issue` with the arguments after `issue`, and answers the exit status: 0 when
 * every line is issued, 1 when some failed or SUNAT rejected them, 2 for a usage error (with
 * nothing sent), 130 when `io.stop` ended the run early (143 when its reason is `'SIGTERM'`).
 */
export async function runIssue(argv: string[], io: CliIO): Promise<number> {
  let options: IssueOptions | 'help';
  try {
    options = parseIssueArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return usageError(io, COMMAND, error.message);
    throw error;
  }
  if (options === 'help') {
    io.stdout.write(`${ISSUE_USAGE}\n`);
    return 0;
  }
  const { file, out } = options;
  const apiKey = io.env.YUPANA_API_KEY;
  if (!apiKey) return usageError(io, COMMAND, 'YUPANA_API_KEY is not set: set it to your API key (a test key for the sandbox)');
  const problem = (await inputProblem(file)) ?? (await outProblem(file, out));
  if (problem !== undefined) return usageError(io, COMMAND, problem);

  const sdk = await import('../index.js');
  let client: Client;
  try {
    const baseURL = io.env.YUPANA_BASE_URL;
    client = new sdk.Client({ apiKey, ...(baseURL ? { baseURL } : options.environment ? { environment: options.environment } : {}) });
  } catch (error) {
    return usageError(io, COMMAND, (error as Error).message);
  }

  let lock: Lock;
  try {
    lock = acquireLock(await lockPathOf(out));
  } catch (error) {
    if (error instanceof LockError) return usageError(io, COMMAND, error.message);
    throw error;
  }
  // A hard exit (a third Ctrl-C) skips the `finally` below, not the process's `exit` listeners.
  const release = () => lock.release();
  process.once('exit', release);
  try {
    return await prepareAndIssue(client, options, io);
  } finally {
    lock.release();
    process.off('exit', release);
  }
}

/** Reads the journal and the input, refuses what would be unsafe (exit 2, nothing sent), then issues. */
async function prepareAndIssue(client: Client, options: IssueOptions, io: CliIO): Promise<number> {
  const { file, out } = options;
  let journal: Journal;
  try {
    journal = await readJournal(out);
  } catch (error) {
    if (error instanceof JournalFormatError) return usageError(io, COMMAND, error.message);
    return usageError(io, COMMAND, `cannot read ${out} as the results file: ${(error as Error).message}`);
  }
  if (journal.keyPrefix !== undefined && options.keyPrefix !== undefined && options.keyPrefix !== journal.keyPrefix) {
    return usageError(
      io,
      COMMAND,
      `${out} is the results file of the batch with key prefix ${journal.keyPrefix}, not ${options.keyPrefix}: ` +
        'to resume that batch leave --key-prefix out; for a new batch, name another results file with --out',
    );
  }
  let scan: Scan;
  try {
    scan = await scanInput(file, journal, io.stop);
  } catch (error) {
    if (io.stop?.aborted) return stoppedCode(io);
    return usageError(io, COMMAND, `cannot read ${file}: ${(error as Error).message}`);
  }
  if (scan.missing.length > 0) return usageError(io, COMMAND, anotherInput(file, out, scan.missing));
  const keyPrefix = journal.keyPrefix ?? options.keyPrefix ?? defaultKeyPrefix(scan.sha256);

  const batch: BatchRecord = { batch: { format: JOURNAL_FORMAT, keyPrefix, input: file, sha256: scan.sha256, lines: scan.lines } };
  let results: ResultsFile;
  try {
    results = new ResultsFile(out, journal, batch);
  } catch (error) {
    return usageError(io, COMMAND, `cannot write the results file ${out}: ${(error as Error).message}`);
  }
  try {
    return await issueLines(client, { ...options, keyPrefix }, scan.lines, journal, results, io);
  } finally {
    results.close();
  }
}

/** The exit status of a run that `io.stop` ended. */
const stoppedCode = (io: CliIO) => (io.stop?.reason === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED);

/** What the line an input of `createMany` came from is. */
interface SentLine {
  line: number;
  key: string;
  sha256: string;
}

/** Records one answered document in the tally. */
function count(tally: Tally, status: string, replayed: boolean): void {
  if (replayed) tally.replayed += 1;
  else {
    tally.issued += 1;
    if (status !== 'accepted') tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  }
  if (status === 'rejected') tally.rejected += 1;
}

async function issueLines(
  client: Client,
  options: IssueOptions & { keyPrefix: string },
  total: number,
  journal: Journal,
  results: ResultsFile,
  io: CliIO,
): Promise<number> {
  const { file, out, keyPrefix, concurrency } = options;
  const tally = newTally();
  tally.total = total;
  const progress = new Progress(tally, { stream: io.stderr, now: io.now ?? (() => performance.now()) });
  const onStop = () =>
    progress.note(`${COMMAND}: stopping: no new lines; waiting for the documents in flight (${io.stop?.reason === 'SIGTERM' ? 'SIGTERM or Ctrl-C' : 'Ctrl-C'} again to abort them)`);
  io.stop?.addEventListener('abort', onStop, { once: true });

  // createMany numbers the bodies it is given; these are the lines they came from.
  const sentLines = new Map<number, SentLine>();
  async function* bodies(): AsyncGenerator<DocumentCreateParams> {
    const keys = new LineKeys(keyPrefix);
    let index = 0;
    for await (const raw of readRawLines(createReadStream(file) as AsyncIterable<Buffer>)) {
      if (io.stop?.aborted) return;
      if (raw.blank) {
        tally.blank += 1;
        progress.tick();
        continue;
      }
      const identity: SentLine = { line: raw.number, key: keys.next(raw.sha256), sha256: raw.sha256 };
      const known = journal.entries.get(identity.key);
      if (known?.document && known.sha256 === raw.sha256) {
        tally.skipped += 1;
        if (known.document.status === 'rejected') tally.rejected += 1;
        progress.tick();
        continue;
      }
      const decoded = decodeLine(raw, MAX_LINE_BYTES);
      const input: InputLine = decoded.ok ? parseLine(decoded.text) : invalidLine(decoded.message);
      if (input.kind === 'blank') {
        tally.blank += 1;
      } else if (input.kind === 'invalid') {
        results.append({ ...identity, ok: false, maybeIssued: false, error: input.error });
        tally.failed += 1;
      } else {
        sentLines.set(index, identity);
        index += 1;
        yield input.body;
      }
      progress.tick();
    }
  }

  let crashed = false;
  try {
    const issued = client.documents.createMany(bodies(), {
      concurrency,
      idempotencyKey: (_body, index) => sentLines.get(index)!.key,
      ...(io.abort ? { signal: io.abort } : {}),
    });
    for await (const result of issued) {
      const identity = sentLines.get(result.index);
      if (identity === undefined) throw new Error(`createMany answered for an input it was not given (index ${result.index})`);
      sentLines.delete(result.index);
      const document = result.ok ? (result.document as Partial<typeof result.document> | undefined) : undefined;
      if (result.ok && typeof document?.id === 'string' && document.id !== '') {
        const { id, fullNumber = '', status = '' } = document;
        results.append({ ...identity, ok: true, id, fullNumber, status, replayed: result.replayed });
        count(tally, status, result.replayed);
      } else if (result.ok) {
        const error = {
          name: 'MissingDocumentError',
          message: 'the API answered with success but without a document (no id): a proxy in between? The document may exist: run the same command again, with this line unchanged',
        };
        results.append({ ...identity, ok: false, maybeIssued: true, error });
        tally.failed += 1;
      } else {
        results.append({ ...identity, ok: false, maybeIssued: maybeIssued(result.error), error: errorSummary(result.error) });
        tally.failed += 1;
      }
      progress.tick();
    }
  } catch (error) {
    // The input could not be read on, or a result could not be written: the lines left are tried on the next run.
    crashed = true;
    progress.note(`${COMMAND}: stopped by an error: ${(error as Error).message}`);
  } finally {
    io.stop?.removeEventListener('abort', onStop);
  }

  const stopped = io.stop?.aborted === true;
  const why = stopped ? (io.stop?.reason === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted') : crashed ? 'stopped by an error' : undefined;
  progress.finish(formatSummary(tally, progress.elapsedMs, out, why));
  if (stopped) return stoppedCode(io);
  return crashed || tally.failed > 0 || tally.rejected > 0 ? EXIT_FAILED : 0;
}
