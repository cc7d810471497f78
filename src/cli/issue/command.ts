/**
 * `yupana issue <file.jsonl>`: issues one document per line of a JSON Lines file with
 * `client.documents.createMany`, and journals one result per line in a results file, so that a
 * run that stopped (a crash, Ctrl-C, SIGTERM, lines that failed) is resumed by running it again.
 *
 * - A line's idempotency key is `<prefix>-<hash of its text>` (see `LineKeys`, keys.ts): it does
 *   not depend on the line's position, so inserting, fixing or deleting other lines re-keys no line.
 * - The key prefix is the batch's: by default derived from the input's content at the first run,
 *   then fixed by the results file's first record.
 * - Lines added after a run that repeat lines it sent, and the lines of a new batch that another
 *   batch beside it sent in the last 24 hours with the same API key (a corrected copy saved under
 *   a new name, a forgotten `--out`), are refused unless `--repeats-are-new`: they would be issued
 *   twice. A line answered with a document another run issued is listed, with exit 1.
 * - The end of a run lists the lines that failed or were rejected, with why; a re-run asks the API
 *   for documents recorded `pending`, and reports those SUNAT rejected since.
 * - A line is skipped only when the results file records a document for its key and its text.
 *   Every other line is sent again with its key, so a request whose answer was lost (a crash, a
 *   timeout) is answered from the server's record instead of issued twice.
 * - Before sending anything, the run refuses a results file that is the input itself, belongs to
 *   another input, prefix or API, is of an older format, cannot be written, or is in use by another
 *   run; a batch begun on another day in Lima unless `--continue-batch`;
 *   and lines in doubt sent with another API key (the API scopes idempotency keys by API key).
 * - A line in doubt first sent more than 23 hours ago is not sent again: its key may be forgotten.
 *
 * This file is the order of a run; each step has its own: the flags (args.ts, with the SDK's
 * rules from sdk-rules.ts and the help in usage.ts), the checks before sending (preflight.ts,
 * lock.ts, journal.ts, scan.ts), the run loop (send.ts), the counts and summary (progress.ts),
 * and the exit status (outcome.ts).
 *
 * @module
 */
import type { Client } from '../../index.js';
import { limaDate } from '../../sunat/dates.js';
import { type CliIO, usageError } from '../io.js';
import { type IssueOptions, parseIssueArgs, Refusal, UsageError } from './args.js';
import { commandLine, freshOut, issueCommand } from './commands.js';
import { CsvFileError, sniffCsv } from './csv.js';
import { apiKeyFingerprint, type BatchRecord, JOURNAL_FORMAT, type Journal, JournalFormatError, readJournal, type ResultRecord, ResultsFile } from './journal.js';
import { defaultKeyPrefix } from './keys.js';
import { acquireLock, type Lock, LockError, lockPathOf } from './lock.js';
import { endedEarly, exitStatus, stoppedStatus } from './outcome.js';
import { apiKeyOf, checkFiles, clientFor } from './preflight.js';
import { formatEndNotes, formatSummary, newTally, Progress } from './progress.js';
import { resolveLines } from './resolve.js';
import { anotherInput, repeatedLinesNote, repeatsOfSentRefusal, type Scan, scanInput } from './scan.js';
import { loadSdkRules } from './sdk-rules.js';
import { sendLines } from './send.js';
import { sentElsewhere, sentElsewhereRefusal } from './siblings.js';
import { formatOf, type Source } from './source.js';
import { ISSUE_COMMAND, issueUsage } from './usage.js';

/**
 * Runs `yupana issue` with the arguments after `issue`, and answers the exit status: 0 when
 * every line is issued, 1 when some failed, SUNAT rejected them, or another run had issued them,
 * 2 for a usage error (with nothing sent), 130 when `io.stop` ended the run early (143 when its
 * reason is `'SIGTERM'`).
 */
export async function runIssue(argv: string[], io: CliIO): Promise<number> {
  try {
    const rules = await loadSdkRules();
    const options = parseIssueArgs(argv, rules);
    if (options === 'help') {
      io.stdout.write(`${issueUsage(rules)}\n`);
      return 0;
    }
    const apiKey = apiKeyOf(io.env);
    await checkFiles(options);
    const source = await sourceOf(options, io.stop);
    const client = await clientFor(apiKey, io.env, options.environment);
    return await whileLocked(options, () => prepareAndIssue(client, apiKeyFingerprint(apiKey), options, source, io));
  } catch (error) {
    if (error instanceof UsageError) return usageError(io, ISSUE_COMMAND, error.message, { help: !(error instanceof Refusal) });
    if (io.stop?.aborted) return stoppedStatus(io);
    throw error;
  }
}

/**
 * How to read the input: JSON Lines, or a CSV file's encoding and separator (read once) with the `--columns` mapping.
 *
 * @throws {@link Refusal} for a CSV file that is a workbook, UTF-16, or has no header.
 */
async function sourceOf(options: IssueOptions, signal: AbortSignal | undefined): Promise<Source> {
  if (formatOf(options.file) === 'jsonl') return { format: 'jsonl' };
  try {
    return { format: 'csv', dialect: await sniffCsv(options.file, signal), columns: options.columnMapping };
  } catch (error) {
    if (error instanceof CsvFileError) throw new Refusal(error.message);
    throw error;
  }
}

/**
 * Runs `work` holding the lock of the run's results file, released on every exit.
 *
 * @throws {@link Refusal} when another run holds it, or it cannot be made.
 */
async function whileLocked(options: IssueOptions, work: () => Promise<number>): Promise<number> {
  let lock: Lock;
  try {
    lock = acquireLock(await lockPathOf(options.out));
  } catch (error) {
    if (error instanceof LockError) throw new Refusal(error.advice(issueCommand(options)));
    throw error;
  }
  // A hard exit (a third Ctrl-C) skips the `finally` below, not the process's `exit` listeners.
  const release = () => lock.release();
  process.once('exit', release);
  try {
    return await work();
  } finally {
    lock.release();
    process.off('exit', release);
  }
}

/**
 * Reads the journal and the input, refuses what would be unsafe, writes the run's batch record,
 * then issues, prints the summary and answers the exit status. Every refusal names the commands
 * that do what it advises (the run's own, changed as it says).
 *
 * @throws {@link Refusal} for a journal of another format, input, prefix or API, a batch begun on another day in Lima without `--continue-batch`, lines that repeat lines already sent or that another batch sent in the last 24 hours without `--repeats-are-new` (with `--key-prefix` on a new batch, always), lines in doubt sent with another API key, an input that cannot be read, a results file that cannot be written: nothing sent.
 */
async function prepareAndIssue(client: Client, apiKey: string, options: IssueOptions, source: Source, io: CliIO): Promise<number> {
  const now = io.date ?? Date.now;
  let journal: Journal;
  try {
    journal = await readJournal(options.out);
  } catch (error) {
    if (error instanceof JournalFormatError) throw new Refusal(`${error.message}:${commandLine(issueCommand(options, { out: freshOut(options.out) })).trimEnd()}`);
    throw new Refusal(`cannot read ${options.out} as the results file: ${(error as Error).message}`);
  }
  // The first pass's findings stay in `prepare`: the run holds only the journal while it sends.
  const prepared = await prepare(client, apiKey, options, source, journal, io, now);
  return typeof prepared === 'number' ? prepared : issue(client, options, source, journal, prepared, io, now);
}

/** What the checks before sending found: the batch record to write, the documents `--resolve` settled, and how many documents the input holds. */
interface Prepared {
  batch: BatchRecord;
  resolved: ResultRecord[];
  total: number;
}

/**
 * Reads the input once, and refuses what would be unsafe (see {@link prepareAndIssue}); answers
 * the exit status when the run ends here without a refusal (stopped, or nothing to issue).
 */
async function prepare(
  client: Client,
  apiKey: string,
  options: IssueOptions,
  source: Source,
  journal: Journal,
  io: CliIO,
  now: () => number,
): Promise<Prepared | number> {
  const { file, out } = options;
  const command = (change: Parameters<typeof issueCommand>[1] = {}) => commandLine(issueCommand(options, change));
  if (journal.api !== undefined && journal.api !== client.baseURL) {
    throw new Refusal(
      `${out} records documents issued on ${journal.api}, and this run would send to ${client.baseURL}. ` +
        `If that is another API (a sandbox rehearsal's results, run again against production), its lines are not issued there: a new results file makes a batch of its own:${command({ out: freshOut(out) })}` +
        `If it reaches the same API (through a proxy, say), send to that address:${command({ env: `YUPANA_BASE_URL=${journal.api}` }).trimEnd()}`,
    );
  }
  if (journal.keyPrefix !== undefined && options.keyPrefix !== undefined && options.keyPrefix !== journal.keyPrefix) {
    throw new Refusal(
      `${out} is the results file of the batch with key prefix ${journal.keyPrefix}, not ${options.keyPrefix}. To resume that batch:${command({ dropKeyPrefix: true })}` +
        `For a new batch with that prefix, in a results file of its own:${command({ out: freshOut(out) }).trimEnd()}`,
    );
  }
  const today = limaDate(new Date(now()));
  if (journal.begunAt !== undefined && limaDate(new Date(journal.begunAt)) !== today && !options.continueBatch) {
    throw new Refusal(
      `${out} is the results file of a batch begun on ${new Date(journal.begunAt).toISOString()}, another day in Lima. ` +
        `If ${file} is a new batch (today's file of the same recurring lines, next month's under the same name), give it a results file of its own ` +
        `(its lines then get keys of their own, and none is skipped as issued by the old batch):${command({ out: freshOut(out) })}` +
        'If it is the same batch, continue it (its issued lines are skipped, and a line whose answer is unknown is listed, not sent: the API forgets a key after 24 hours):' +
        command({ flags: ['--continue-batch'] }).trimEnd(),
    );
  }
  let scan: Scan;
  try {
    scan = await scanInput(file, source, journal, io.stop, new Set(options.resolve.map((resolution) => resolution.line)));
  } catch (error) {
    if (io.stop?.aborted) return stoppedStatus(io);
    if (error instanceof CsvFileError) throw new Refusal(`${file}: ${error.message}`);
    throw new Refusal(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (scan.missing.length > 0) throw new Refusal(anotherInput(file, out, scan.missing, command({ out: freshOut(out) }).trimEnd()));
  if (journal.keyPrefix === undefined && scan.filled === 0) {
    // No results file: its first batch record would fix the key prefix of an empty input, which
    // every batch whose first run found its file empty (a cron job before the export) would share.
    io.stderr.write(`${ISSUE_COMMAND}: ${file} has no line to issue; no results file written\n`);
    return 0;
  }
  // A file a run read as it is now holds no line added since: its repeated lines were there from the start.
  if (scan.repeatsOfSent.length > 0 && !options.repeatsAreNew && !journal.inputs.has(scan.sha256)) {
    throw new Refusal(repeatsOfSentRefusal(out, scan.repeatsOfSent, command(), command({ flags: ['--repeats-are-new'] }).trimEnd()));
  }
  if (journal.keyPrefix === undefined && options.repeatsAreNew && options.keyPrefix !== undefined) {
    throw new Refusal(
      `--repeats-are-new gives a new batch keys of its own, which --key-prefix ${options.keyPrefix} would not if another batch used it: ` +
        `leave --key-prefix out:${command({ dropKeyPrefix: true }).trimEnd()}`,
    );
  }
  if (journal.keyPrefix === undefined && !options.repeatsAreNew) {
    const elsewhere = await sentElsewhere(file, out, { api: client.baseURL, apiKey, now: now() }, scan.texts);
    if (elsewhere.length > 0) throw new Refusal(sentElsewhereRefusal(options, elsewhere));
  }
  const resolved = await resolveLines(client, journal, out, scan, options.resolve, now);
  let otherKey: { key: string; line: number; count: number } | undefined;
  for (const slot of journal.entries.inDoubt()) {
    const entry = journal.entries.at(slot);
    if (entry.apiKey === undefined || entry.apiKey === apiKey) continue;
    otherKey ??= { key: journal.entries.keyAt(slot), line: entry.line, count: 0 };
    otherKey.count += 1;
  }
  if (otherKey !== undefined) {
    const line = scan.inDoubtLines.get(otherKey.key) ?? otherKey.line;
    throw new Refusal(
      `${otherKey.count} line(s) of ${out} were sent with another API key and their answer is unknown (e.g. line ${line}): ` +
        'the API answers a key only to the API key it was sent with, so sending them with this one could issue them twice. ' +
        'Run again with the API key the batch was sent with (YUPANA_API_KEY). If it is gone, look for their documents in the API and say what you found, line by line:' +
        `${command()}    (with --resolve ${line}=<document id> or --resolve ${line}=none)`,
    );
  }
  const keyPrefix = journal.keyPrefix ?? options.keyPrefix ?? defaultKeyPrefix(scan.sha256, options.repeatsAreNew ? { now: now() } : undefined);
  if (scan.repeated.length > 0) io.stderr.write(`${ISSUE_COMMAND}: ${repeatedLinesNote(scan.repeated)}\n`);

  const startedAt = new Date(now()).toISOString();
  const batch: BatchRecord = {
    batch: { format: JOURNAL_FORMAT, keyPrefix, api: client.baseURL, input: file, sha256: scan.sha256, lines: scan.lines, startedAt, apiKey },
  };
  return { batch, resolved, total: scan.documents };
}

/** Writes the run's batch record, issues, prints the end notes and the summary, and answers the exit status. */
async function issue(client: Client, options: IssueOptions, source: Source, journal: Journal, prepared: Prepared, io: CliIO, now: () => number): Promise<number> {
  const { file, out } = options;
  const { keyPrefix } = prepared.batch.batch;
  let results: ResultsFile;
  try {
    results = new ResultsFile(out, journal, prepared.batch);
  } catch (error) {
    throw new Refusal(`cannot write the results file ${out}${options.outGiven ? ' (--out)' : ''}: ${(error as Error).message}`);
  }
  for (const record of prepared.resolved) results.append(record);
  try {
    const tally = newTally(source.format === 'csv' ? 'documents' : 'lines');
    tally.total = prepared.total;
    const progress = new Progress(tally, { stream: io.stderr, now: io.now ?? (() => performance.now()) });
    const crashed = await sendLines(
      client,
      {
        file,
        source,
        keyPrefix,
        concurrency: options.concurrency,
        repeatsAreNew: options.repeatsAreNew,
        command: (flags = []) => issueCommand(options, { flags }),
        now,
      },
      journal,
      results,
      tally,
      progress,
      io,
    );
    for (const line of formatEndNotes(tally, out, { file, asNewSales: issueCommand(options, { flags: ['--repeats-are-new'] }) })) progress.note(line);
    progress.finish(formatSummary(tally, progress.elapsedMs, out, endedEarly(io, crashed)));
    return exitStatus(tally, io, crashed);
  } finally {
    results.close();
  }
}
