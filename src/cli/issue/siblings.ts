/**
 * The other batches of today beside a new one: a corrected copy of a batch saved under a new name,
 * or the same file run with a new results file (a forgotten `--out`), is a new batch whose lines
 * get keys of their own, so its lines already issued would be issued again. Their results files
 * say so before anything is sent.
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { limaDate } from '../../internal/dates.js';
import { readRawLines } from './input.js';
import { JOURNAL_FORMAT, readJournal } from './journal.js';

/** A line of a new batch that another results file records as issued today. */
export interface IssuedElsewhere {
  /** The line's number in the new batch's input. */
  line: number;
  /** The document issued for the same text. */
  fullNumber: string;
  /** The results file that records it: relative to the working directory when inside it. */
  results: string;
}

/** A day, in milliseconds: the oldest a results file may have been written to record a line sent today. */
const DAY_MS = 24 * 60 * 60 * 1000;

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
 * The lines of `texts` (each text's SHA-256, with the first line holding it) that another results
 * file in the folder of `file` or of `out` records as issued on `api` today in Lima (`today`):
 * first sent today, so that the API still answers their keys and a daily batch of the same lines
 * is not taken for the one before. One per line, sorted by line; files that cannot be read are passed over.
 */
export async function issuedElsewhere(file: string, out: string, api: string, texts: ReadonlyMap<string, number>, today: string): Promise<IssuedElsewhere[]> {
  const own = new Set([resolve(file), resolve(out)]);
  const found = new Map<number, IssuedElsewhere>();
  for (const folder of new Set([dirname(resolve(file)), dirname(resolve(out))])) {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      continue;
    }
    for (const name of names.filter((n) => n.endsWith('.jsonl')).sort()) {
      const path = join(folder, name);
      // A file not written in the last day records nothing sent today: a year of daily results files is not read.
      const modified = await stat(path).then(
        (info) => info.mtimeMs,
        () => 0,
      );
      if (own.has(path) || modified < Date.now() - DAY_MS || !(await isResultsFile(path))) continue;
      // Named as the operator would type it: relative to the working directory when inside it.
      const shown = relative(process.cwd(), path);
      const results = shown.startsWith('..') || isAbsolute(shown) ? path : shown;
      const journal = await readJournal(path).catch(() => undefined);
      if (journal?.api !== api) continue;
      for (const entry of journal.entries.values()) {
        const line = texts.get(entry.sha256);
        if (line === undefined || entry.document === undefined || entry.firstSentAt === undefined) continue;
        if (!found.has(line) && limaDate(new Date(entry.firstSentAt)) === today) found.set(line, { line, fullNumber: entry.document.fullNumber, results });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** `path` as a shell reads it back: as is when it holds no character a shell treats apart, else in single quotes. */
const shellWord = (path: string) => (/^[\w./:@%+=,-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`);

/** The usage error's message for lines of the new batch of `file` that another batch issued today ({@link issuedElsewhere}). */
export function issuedElsewhereRefusal(file: string, found: IssuedElsewhere[]): string {
  const [first] = found;
  return (
    `${found.length} line(s) of ${file} were issued today by another batch (e.g. line ${first!.line} as ${first!.fullNumber}, recorded in ${first!.results}); nothing was sent. ` +
    `If ${file} is that batch (corrected, or under another name), resume it with its results file: yupana issue ${shellWord(file)} --out ${shellWord(first!.results)} ` +
    '(its issued lines are skipped, the others sent). If they are new sales of the very same thing, run again with --repeats-are-new'
  );
}
