/**
 * `yupana issue <file.jsonl>`: issues one document per line of a JSON Lines file with
 * `client.documents.createMany`, and journals one result per line in a results file, so that a
 * run that stopped (a crash, Ctrl-C, lines that failed) is resumed by running it again.
 *
 * - Lines are numbered as editors number them, from 1, blank lines included; a blank line is
 *   skipped and gets no result.
 * - A line already recorded as issued (`"ok": true`) in the results file is skipped; every other
 *   line is tried again with the same idempotency key, `<prefix>-<line>`, so a request that was
 *   in flight when a run crashed is replayed by the server instead of issued twice.
 * - Results are appended as they arrive, one `write` each: a crash loses at most the ones in
 *   flight, and a result cut short by a crash is ignored on the next run.
 *
 * Only types come from the SDK statically; its code is loaded with `import('../index.js')`, which
 * the build keeps as a load of `dist/index.js`, so the bin shares no chunk with `import 'yupana'`.
 *
 * @module
 */
import { closeSync, constants, createReadStream, openSync, writeSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Client, DocumentCreateParams, Environment, FieldIssue } from '../index.js';
import { type CliIO, EXIT_INTERRUPTED, type TextSink, usageError } from './io.js';

/** The help of `yupana issue`. */
export const ISSUE_USAGE = `Usage: yupana issue <file.jsonl> [options]

Issues one document per line of <file.jsonl>, each line a documents.create body
in JSON, and appends one result per line to the results file. Blank lines are
skipped. Run the same command again after a crash, a Ctrl-C or failed lines:
lines already issued are skipped and the others are tried again with the same
idempotency keys, so no document is issued twice.

Options:
  --out <file>           results file (JSON Lines), appended to
                         (default: <file> with .results.jsonl for its extension)
  --key-prefix <prefix>  idempotency keys are <prefix>-<line number>; keep it on
                         re-runs, change it for another batch
                         (default: the file's name without its extension)
  --concurrency <n>      documents in flight at once, 1 to 32 (default: 4)
  --environment <name>   production or sandbox (default: production)
  -h, --help             show this help

Environment:
  YUPANA_API_KEY   your API key (required)
  YUPANA_BASE_URL  another API address, e.g. the mock of npx yupana-mock;
                   it wins over --environment

Exit status: 0 every line issued, 1 some lines failed (the results file says
why), 2 usage error (nothing sent), 130 interrupted (run it again to resume).`;

const COMMAND = 'yupana issue';
const ENVIRONMENT_NAMES: readonly Environment[] = ['production', 'sandbox'];
/** Leaves room in a 255-character idempotency key for `-` and the line number. */
const MAX_PREFIX_LENGTH = 200;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** The options of one `yupana issue` run, checked. */
export interface IssueOptions {
  /** The JSON Lines file to issue. */
  file: string;
  /** The results file. */
  out: string;
  /** Idempotency keys are `<keyPrefix>-<line>`. */
  keyPrefix: string;
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
 * The key prefix for `file` when `--key-prefix` is not given: its name without the extension,
 * accents dropped, any run of other characters than printable ASCII (spaces included) made one
 * `_`, at most 200 characters; `batch` when nothing is left.
 */
export function defaultKeyPrefix(file: string): string {
  const prefix = basename(file, extname(file))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x21-\x7e]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_PREFIX_LENGTH);
  return prefix || 'batch';
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
  if (!/^\d+$/.test(values.concurrency ?? '4') || concurrency < 1 || concurrency > 32) {
    throw new UsageError(`--concurrency must be a whole number from 1 to 32, got ${JSON.stringify(values.concurrency)}`);
  }
  const { environment } = values;
  if (environment !== undefined && !(ENVIRONMENT_NAMES as readonly string[]).includes(environment)) {
    throw new UsageError(`--environment must be ${ENVIRONMENT_NAMES.join(' or ')}, got ${JSON.stringify(environment)}`);
  }
  const keyPrefix = values['key-prefix'] ?? defaultKeyPrefix(file);
  if (!PRINTABLE_ASCII.test(keyPrefix) || keyPrefix.length > MAX_PREFIX_LENGTH) {
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

/**
 * The lines of a text stream, read lazily: without their `\n` (or `\r\n`), and without the UTF-8
 * byte order mark a spreadsheet may put first. A last line without a newline is a line; an empty
 * stream has none, and a final newline ends the last line instead of starting an empty one, as
 * editors count lines.
 */
export async function* readLines(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  let first = true;
  for await (const chunk of chunks) {
    let text = rest + chunk;
    if (first && text.length > 0) {
      first = false;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      yield withoutCR(text.slice(start, end));
      start = end + 1;
    }
    rest = text.slice(start);
  }
  if (rest.length > 0) yield withoutCR(rest);
}

const withoutCR = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);

/** The number of lines of a file as {@link readLines} counts them, from one pass over its bytes; `signal` cancels it. */
export async function countLines(file: string, signal?: AbortSignal): Promise<number> {
  let count = 0;
  let last = 0x0a;
  for await (const chunk of createReadStream(file, signal ? { signal } : {}) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) count += 1;
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
  }
  return last === 0x0a ? count : count + 1;
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

/** One line of the results file: the document issued for input line `line`, or why it was not. */
export type ResultLine =
  | { line: number; ok: true; id: string; fullNumber: string; status: string }
  | { line: number; ok: false; error: ErrorSummary };

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

/** An input line, read: blank, a body to issue, or a line that cannot be one (recorded as failed, nothing sent). */
export type InputLine = { kind: 'blank' } | { kind: 'body'; body: DocumentCreateParams } | { kind: 'invalid'; error: ErrorSummary };

/**
 * Reads one input line. A line that is not JSON, or is JSON but not an object, is `invalid` with a
 * `ValidationError` saying so; an object is a body, left to `createMany` (and the SDK's schema) to check.
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

/**
 * The input line a results line records as issued, or `undefined`: for a failure, for a line
 * that is not a result, and for one cut short by a crash in the middle of its write.
 */
export function issuedLine(text: string): number | undefined {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof record !== 'object' || record === null || (record as { ok?: unknown }).ok !== true) return undefined;
  const { line } = record as { line?: unknown };
  return typeof line === 'number' && Number.isSafeInteger(line) && line >= 1 ? line : undefined;
}

/** What a results file says before a run. */
export interface Journal {
  /** The input lines already issued. */
  issued: Set<number>;
  /** Whether the file is missing, empty or ends with a newline; otherwise its last line was cut short and the next result starts on a new line. */
  endsWithNewline: boolean;
}

/** Reads a results file, line by line; a missing file is an empty journal. */
export async function readJournal(file: string): Promise<Journal> {
  const issued = new Set<number>();
  let last = '';
  async function* remember(chunks: AsyncIterable<string>) {
    for await (const chunk of chunks) {
      if (chunk.length > 0) last = chunk;
      yield chunk;
    }
  }
  try {
    for await (const text of readLines(remember(createReadStream(file, { encoding: 'utf8' })))) {
      const line = issuedLine(text);
      if (line !== undefined) issued.add(line);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { issued, endsWithNewline: true };
    throw error;
  }
  return { issued, endsWithNewline: last === '' || last.endsWith('\n') };
}

/** The counts of one run. */
export interface Tally {
  /** Lines in the file, once counted (only on a terminal, where the progress line shows it). */
  total: number | undefined;
  /** Lines issued in this run. */
  issued: number;
  /** Lines that failed in this run. */
  failed: number;
  /** Lines skipped because the results file records them as issued. */
  skipped: number;
  /** Blank lines, skipped. */
  blank: number;
  /** Documents issued in this run by status, `accepted` aside: `pending`, `rejected`... */
  statuses: Map<string, number>;
}

/** A new tally, all zero. */
export function newTally(): Tally {
  return { total: undefined, issued: 0, failed: 0, skipped: 0, blank: 0, statuses: new Map() };
}

const linesRead = (t: Tally) => t.issued + t.failed + t.skipped + t.blank;

/**
 * A duration for people: `8.2 s` (one decimal by default, none with `decimals: 0`),
 * `12 min 05 s` from a minute, `2 h 07 min` from an hour.
 */
export function formatDuration(ms: number, decimals = 1): string {
  const seconds = Math.max(0, ms) / 1000;
  if (Number(seconds.toFixed(decimals)) < 60) return `${seconds.toFixed(decimals)} s`;
  const whole = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${pad(whole % 60)} s`;
  return `${Math.floor(whole / 3600)} h ${pad(Math.floor((whole % 3600) / 60))} min`;
}

/** Lines per second: one decimal under 10, whole above. */
export function formatRate(perSecond: number): string {
  return `${perSecond < 10 ? perSecond.toFixed(1) : Math.round(perSecond)}/s`;
}

/** Lines issued or failed per second of this run; `undefined` before the first result. */
function rateOf(t: Tally, elapsedMs: number): number | undefined {
  const done = t.issued + t.failed;
  return done > 0 && elapsedMs > 0 ? done / (elapsedMs / 1000) : undefined;
}

/**
 * The progress line: `1703/5000 lines, 1200 issued, 3 failed, 500 skipped, 94/s, ETA 35 s`. The
 * total and the ETA appear once the lines are counted, the rate and the ETA after the first
 * result; the ETA assumes the lines left go at this run's rate.
 */
export function formatProgress(t: Tally, elapsedMs: number): string {
  const read = linesRead(t);
  const parts = [t.total === undefined ? `${read} lines` : `${read}/${t.total} lines`, `${t.issued} issued`, `${t.failed} failed`];
  if (t.skipped > 0) parts.push(`${t.skipped} skipped`);
  const rate = rateOf(t, elapsedMs);
  if (rate !== undefined) {
    parts.push(formatRate(rate));
    if (t.total !== undefined) parts.push(`ETA ${formatDuration((Math.max(0, t.total - read) / rate) * 1000, 0)}`);
  }
  return parts.join(', ');
}

/**
 * The line printed at the end:
 * `yupana issue: 2000 lines, 1998 issued, 2 failed, 0 skipped (already issued) in 21.3 s (94/s); results in x.results.jsonl`.
 * Statuses other than `accepted` follow the issued count (`1998 issued (3 pending)`), blank lines
 * the skipped ones when there are any. A run that ended early says why (`stopped`: `interrupted`...)
 * and how to resume.
 */
export function formatSummary(t: Tally, elapsedMs: number, out: string, stopped?: string): string {
  const statuses = [...t.statuses].map(([status, n]) => `${n} ${status}`).join(', ');
  const counts = [
    `${linesRead(t)} lines`,
    `${t.issued} issued${statuses ? ` (${statuses})` : ''}`,
    `${t.failed} failed`,
    `${t.skipped} skipped (already issued)`,
    ...(t.blank > 0 ? [`${t.blank} blank`] : []),
  ].join(', ');
  const rate = rateOf(t, elapsedMs);
  const timing = `in ${formatDuration(elapsedMs)}${rate === undefined ? '' : ` (${formatRate(rate)})`}`;
  return stopped === undefined
    ? `${COMMAND}: ${counts} ${timing}; results in ${out}`
    : `${COMMAND}: ${stopped} after ${counts} ${timing}; results in ${out}; run the same command again to resume`;
}

/** Options of {@link Progress}. */
export interface ProgressOptions {
  /** Where to write: on a terminal the progress line is redrawn in place, elsewhere only notes and the summary are written. */
  stream: TextSink;
  /** The clock, in milliseconds. */
  now: () => number;
  /** The least time between two redraws. @defaultValue `100` (at most 10 a second) */
  intervalMs?: number;
}

const CLEAR_LINE = '\r\x1b[2K';

/** The progress of a run on stderr: a line redrawn in place on a terminal, and a summary at the end. */
export class Progress {
  readonly #tally: Tally;
  readonly #stream: TextSink;
  readonly #now: () => number;
  readonly #intervalMs: number;
  readonly #start: number;
  #drawnAt = -Infinity;
  #drawn = false;

  constructor(tally: Tally, options: ProgressOptions) {
    this.#tally = tally;
    this.#stream = options.stream;
    this.#now = options.now;
    this.#intervalMs = options.intervalMs ?? 100;
    this.#start = options.now();
  }

  /** Milliseconds since the run started. */
  get elapsedMs(): number {
    return this.#now() - this.#start;
  }

  /** Redraws the progress line on a terminal, unless it was drawn less than `intervalMs` ago. */
  tick(): void {
    if (!this.#stream.isTTY) return;
    const now = this.#now();
    if (now - this.#drawnAt < this.#intervalMs) return;
    this.#drawnAt = now;
    const line = formatProgress(this.#tally, now - this.#start);
    const width = this.#stream.columns;
    this.#stream.write(`${CLEAR_LINE}${width !== undefined && width > 1 ? line.slice(0, width - 1) : line}`);
    this.#drawn = true;
  }

  /** Writes a line of its own; on a terminal the progress line is redrawn below it at the next tick. */
  note(message: string): void {
    this.#clear();
    this.#stream.write(`${message}\n`);
    this.#drawnAt = -Infinity;
  }

  /** Replaces the progress line with the summary. */
  finish(summary: string): void {
    this.#clear();
    this.#stream.write(`${summary}\n`);
  }

  #clear(): void {
    if (this.#drawn) this.#stream.write(CLEAR_LINE);
    this.#drawn = false;
  }
}

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

/** Appends results to the results file, one `write` per result. */
class ResultsFile {
  readonly #fd: number;
  #separator: string;

  constructor(path: string, journal: Journal) {
    this.#fd = openSync(path, 'a');
    // After a last line cut short by a crash, the next result starts on a line of its own.
    this.#separator = journal.endsWithNewline ? '' : '\n';
  }

  append(result: ResultLine): void {
    writeSync(this.#fd, `${this.#separator}${JSON.stringify(result)}\n`);
    this.#separator = '';
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/**
 * Runs `yupana issue` with the arguments after `issue`, and answers the exit status: 0 when
 * every line is issued, 1 when some failed, 2 for a usage error (with nothing sent), 130 when
 * `io.stop` ended the run early.
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
  const problem = await inputProblem(file);
  if (problem !== undefined) return usageError(io, COMMAND, problem);
  if (resolve(out) === resolve(file)) return usageError(io, COMMAND, `--out ${out} is the input file itself; name another results file`);

  const sdk = await import('../index.js');
  let client: Client;
  try {
    const baseURL = io.env.YUPANA_BASE_URL;
    client = new sdk.Client({ apiKey, ...(baseURL ? { baseURL } : options.environment ? { environment: options.environment } : {}) });
  } catch (error) {
    return usageError(io, COMMAND, (error as Error).message);
  }

  let journal: Journal;
  let results: ResultsFile;
  try {
    journal = await readJournal(out);
    results = new ResultsFile(out, journal);
  } catch (error) {
    return usageError(io, COMMAND, `cannot use ${out} as the results file: ${(error as Error).message}`);
  }
  return issueLines(client, options, journal, results, io);
}

async function issueLines(client: Client, options: IssueOptions, journal: Journal, results: ResultsFile, io: CliIO): Promise<number> {
  const { file, out, keyPrefix, concurrency } = options;
  const tally = newTally();
  const progress = new Progress(tally, { stream: io.stderr, now: io.now ?? (() => performance.now()) });
  const counting = new AbortController();
  if (io.stderr.isTTY) {
    void countLines(file, counting.signal).then(
      (total) => (tally.total = total),
      () => undefined,
    );
  }
  const onStop = () => progress.note(`${COMMAND}: stopping: no new lines; waiting for the documents in flight (Ctrl-C again to abort them)`);
  io.stop?.addEventListener('abort', onStop, { once: true });

  // createMany numbers the bodies it is given; these are the file lines they came from.
  const lineOf = new Map<number, number>();
  let lastLine = 0;
  async function* bodies(): AsyncGenerator<DocumentCreateParams> {
    let index = 0;
    for await (const text of readLines(createReadStream(file, { encoding: 'utf8' }))) {
      if (io.stop?.aborted) return;
      const line = ++lastLine;
      if (journal.issued.has(line)) {
        tally.skipped += 1;
      } else {
        const input = parseLine(text);
        if (input.kind === 'blank') {
          tally.blank += 1;
        } else if (input.kind === 'invalid') {
          results.append({ line, ok: false, error: input.error });
          tally.failed += 1;
        } else {
          lineOf.set(index, line);
          index += 1;
          yield input.body;
        }
      }
      progress.tick();
    }
  }

  let crashed = false;
  try {
    const issued = client.documents.createMany(bodies(), {
      concurrency,
      idempotencyKey: (_body, index) => `${keyPrefix}-${lineOf.get(index)}`,
      ...(io.abort ? { signal: io.abort } : {}),
    });
    for await (const result of issued) {
      const line = lineOf.get(result.index);
      if (line === undefined) throw new Error(`createMany answered for an input it was not given (index ${result.index})`);
      lineOf.delete(result.index);
      if (result.ok) {
        const { id, fullNumber, status } = result.document;
        results.append({ line, ok: true, id, fullNumber, status });
        tally.issued += 1;
        if (status !== 'accepted') tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      } else {
        results.append({ line, ok: false, error: errorSummary(result.error) });
        tally.failed += 1;
      }
      progress.tick();
    }
  } catch (error) {
    // The input could not be read on (createMany throws nothing else here): the lines left are tried on the next run.
    crashed = true;
    progress.note(`${COMMAND}: stopped by an error: ${(error as Error).message}`);
  } finally {
    counting.abort();
    results.close();
    io.stop?.removeEventListener('abort', onStop);
  }

  const interrupted = io.stop?.aborted === true;
  let furthest = 0;
  for (const line of journal.issued) furthest = Math.max(furthest, line);
  if (!interrupted && !crashed && furthest > lastLine) {
    progress.note(`${COMMAND}: warning: ${out} records line ${furthest} as issued, but ${file} has ${lastLine} lines: is it the results file of another input?`);
  }
  progress.finish(formatSummary(tally, progress.elapsedMs, out, interrupted ? 'interrupted' : crashed ? 'stopped by an error' : undefined));
  if (interrupted) return EXIT_INTERRUPTED;
  return crashed || tally.failed > 0 ? 1 : 0;
}
