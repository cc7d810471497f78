/**
 * The other batches beside a new one: a corrected copy of a batch saved under a new name, or the
 * same file run with a new results file (a forgotten `--out`), is a new batch whose lines get keys
 * of their own, so its lines already issued, or sent with their answer lost, would be issued again.
 * Their results files say so before anything is sent.
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { IssueOptions } from './args.js';
import { commandLine, issueCommand } from './commands.js';
import { readRawLines } from './input.js';
import { JOURNAL_FORMAT, readJournal, REPLAY_WINDOW_MS } from './journal.js';
import { KEY_HASH_DIGITS } from './keys.js';
import { linesOf, type Scan } from './scan.js';

/** A line of a new batch that another results file records as issued, or as sent with its answer unknown. */
export interface SentElsewhere {
  /** The line's number in the new batch's input. */
  line: number;
  /** What the other results file records of the same text: `issued as F001-2`, or `sent, its answer unknown`. */
  recorded: () => string;
  /** The results file that records it: relative to the working directory when inside it. */
  results: string;
}

/** The longest first line read to tell a results file from another JSON Lines file (a batch record is far shorter). */
const MAX_FIRST_LINE_BYTES = 64 * 1024;

/** Whether `path` starts with a batch record of this version's results files. */
async function isResultsFile(path: string): Promise<boolean> {
  const stream = createReadStream(path);
  try {
    for await (const line of readRawLines(stream as AsyncIterable<Buffer>, MAX_FIRST_LINE_BYTES)) {
      if (line.bytes === undefined) return false;
      const record: unknown = JSON.parse(line.bytes.toString('utf8'));
      return (record as { batch?: { format?: unknown } } | null)?.batch?.format === JOURNAL_FORMAT;
    }
    return false;
  } catch {
    return false;
  } finally {
    stream.destroy();
  }
}

/**
 * The lines of a new batch (`texts`: each text's SHA-256 with the lines holding it) that another
 * results file in the folder of `file` or of `out` records as issued on `api` with the API key
 * `apiKey`, or as sent there with its answer unknown, within the last 24 hours (the API's replay
 * window: an older line is another day's sale). Another API key's batch is another account's, or
 * a colleague's whose answers this key does not get. Sorted by line; only regular files are read,
 * and a file that cannot be read is passed over.
 */
export async function sentElsewhere(
  file: string,
  out: string,
  { api, apiKey, now }: { api: string; apiKey: string; now: number },
  texts: Scan['texts'],
): Promise<SentElsewhere[]> {
  const own = new Set([resolve(file), resolve(out)]);
  const since = now - REPLAY_WINDOW_MS;
  // Keys hold the first 32 hex digits of their line's SHA-256.
  const byKeyHash = new Map<string, string>();
  for (const sha256 of texts.keys()) byKeyHash.set(sha256.slice(0, KEY_HASH_DIGITS), sha256);
  const found = new Map<number, SentElsewhere>();
  for (const folder of new Set([dirname(resolve(file)), dirname(resolve(out))])) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.jsonl')).sort()) {
      const path = join(folder, name);
      // A file not written in the replay window records nothing sent in it: a year of daily results files is not read.
      const info = await stat(path).catch(() => undefined);
      if (own.has(path) || !info?.isFile() || info.mtimeMs < since || !(await isResultsFile(path))) continue;
      const journal = await readJournal(path).catch(() => undefined);
      if (journal?.api !== api || journal.keyPrefix === undefined) continue;
      const hashAt = journal.keyPrefix.length + 1;
      // Named as the operator would type it: relative to the working directory when inside it.
      const shown = relative(process.cwd(), path);
      const results = shown.startsWith('..') || isAbsolute(shown) ? path : shown;
      for (const [key, entry] of journal.entries) {
        if (entry.apiKey !== apiKey || (entry.document === undefined && !entry.inDoubt) || (entry.firstSentAt ?? 0) < since) continue;
        const sha256 = byKeyHash.get(key.slice(hashAt, hashAt + KEY_HASH_DIGITS));
        if (sha256 === undefined || !entry.holds(sha256)) continue;
        const recorded = () => (entry.document ? `issued as ${entry.document.fullNumber}` : 'sent, its answer unknown');
        for (const line of linesOf(texts, sha256)) if (!found.has(line)) found.set(line, { line, recorded, results });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/**
 * The refusal's message for the lines of the new batch of the run `options` that another batch
 * sent ({@link sentElsewhere}), with the commands that do what it says.
 */
export function sentElsewhereRefusal(options: IssueOptions, found: SentElsewhere[]): string {
  const [first] = found;
  const { file } = options;
  return (
    `${found.length} line(s) of ${file} were sent in the last 24 hours by another batch (e.g. line ${first!.line}, ${first!.recorded()} in ${first!.results}); nothing was sent. ` +
    `If ${file} is that batch under another name, resume it with its results file (its issued lines are skipped, the others sent):` +
    commandLine(issueCommand(options, { out: first!.results, dropKeyPrefix: true })) +
    'If it is a corrected copy, put only the new and corrected lines in a file of their own ' +
    '(a line SUNAT rejected is corrected by a new document). If they are new sales of the very same thing, issue every line of it:' +
    commandLine(issueCommand(options, { flags: ['--repeats-are-new'], dropKeyPrefix: true })).trimEnd()
  );
}
