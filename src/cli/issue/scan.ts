/**
 * The first pass of `yupana issue` over its input, before anything is sent: the input's hash and
 * lines, and whether it still holds every line its journal records as sent.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type RawLine, readRawLines } from './input.js';
import type { Journal, JournalEntry } from './journal.js';
import { LineKeys } from './keys.js';

/** What a first pass over the input finds. */
export interface Scan {
  /** SHA-256 of the input's bytes, in hex. */
  sha256: string;
  /** Its lines, blank ones included. */
  lines: number;
  /** Its lines that are not blank: what a run would send. */
  filled: number;
  /** The journal's keys that were sent (a document recorded, or the answer unknown) and that no line of the input has any more. */
  missing: [string, JournalEntry][];
  /** The lines whose text repeats an earlier line's, by number, that the journal has no record of: each would be a document of its own. */
  repeated: number[];
  /**
   * Among {@link repeated}, the lines whose text an earlier line has that an earlier run sent (the
   * journal records it issued, failed or unanswered), with what it records of that line (`issued
   * as F001-2`): a copy added after that run (to retry the line, or by mistake), or a new sale of
   * the very same thing. Refused unless `--repeats-are-new`.
   */
  repeatsOfSent: { line: number; of: number; recorded: string }[];
  /** The SHA-256 of each text the input holds, with the lines that hold it. */
  texts: Map<string, number[]>;
  /** The lines `--resolve` names that are in the file, by number: as read, and their key. */
  resolved: Map<number, { raw: RawLine; key: string }>;
  /** The line each key in doubt is on now, by key: lines move when others are added or deleted. */
  inDoubtLines: Map<string, number>;
}

/** Reads the input once: its hash, its lines, which lines the journal records as sent it no longer holds, and the lines numbered in `wanted`. */
export async function scanInput(file: string, journal: Journal, signal: AbortSignal | undefined, wanted: ReadonlySet<number> = new Set()): Promise<Scan> {
  const whole = createHash('sha256');
  const sent = new Map([...journal.entries].filter(([, entry]) => entry.document !== undefined || entry.inDoubt));
  const keys = journal.keyPrefix !== undefined ? new LineKeys(journal.keyPrefix) : undefined;
  async function* hashed(): AsyncGenerator<Buffer> {
    for await (const chunk of createReadStream(file, signal ? { signal } : {}) as AsyncIterable<Buffer>) {
      whole.update(chunk);
      yield chunk;
    }
  }
  let lines = 0;
  let filled = 0;
  const texts = new Map<string, number[]>();
  /** The first line of each text that the journal records, with what it records. */
  const sentTexts = new Map<string, { line: number; recorded: string }>();
  const repeated: number[] = [];
  const repeatsOfSent: Scan['repeatsOfSent'] = [];
  const resolved = new Map<number, { raw: RawLine; key: string }>();
  const inDoubtLines = new Map<string, number>();
  for await (const line of readRawLines(hashed())) {
    lines = line.number;
    if (line.blank) continue;
    filled += 1;
    const holding = texts.get(line.sha256);
    const repeat = holding !== undefined;
    if (holding === undefined) texts.set(line.sha256, [line.number]);
    else holding.push(line.number);
    const key = keys?.next(line.sha256);
    const entry = key === undefined ? undefined : journal.entries.get(key);
    const recorded = entry?.sha256 === line.sha256 ? entry : undefined;
    if (repeat && recorded === undefined) {
      repeated.push(line.number);
      const twin = sentTexts.get(line.sha256);
      if (twin !== undefined) repeatsOfSent.push({ line: line.number, of: twin.line, recorded: twin.recorded });
    }
    if (recorded !== undefined && !sentTexts.has(line.sha256)) sentTexts.set(line.sha256, { line: line.number, recorded: describe(recorded) });
    if (key === undefined) continue;
    if (wanted.has(line.number)) resolved.set(line.number, { raw: line, key });
    if (recorded === undefined || !sent.has(key)) continue;
    if (recorded.inDoubt) inDoubtLines.set(key, line.number);
    sent.delete(key);
  }
  return { sha256: whole.digest('hex'), lines, filled, missing: [...sent], repeated, repeatsOfSent, texts, resolved, inDoubtLines };
}

/** What a journal entry says of its line, in words: `issued as F001-2`, `sent, its answer unknown`, `failed`. */
const describe = (entry: JournalEntry) => (entry.document ? `issued as ${entry.document.fullNumber}` : entry.inDoubt ? 'sent, its answer unknown' : 'failed');

/** Up to 5 of `numbers`, and how many more: `3, 4, 9 and 2 more`. */
const someOf = (numbers: number[]) => `${numbers.slice(0, 5).join(', ')}${numbers.length > 5 ? ` and ${numbers.length - 5} more` : ''}`;

/** The note for lines, not sent yet, that repeat an earlier line's text: each is issued, a document of its own. */
export function repeatedLinesNote(repeated: number[]): string {
  return (
    `note: line(s) ${someOf(repeated)} repeat the text of an earlier line: each is issued as a document of its own. ` +
    'If a copy was added to retry a line that failed, delete it: a failed line is retried by running the same command again'
  );
}

/** The refusal's message for lines, not sent yet, that repeat lines an earlier run of results file `out` sent, in an input that changed since. */
export function repeatsOfSentRefusal(out: string, repeats: Scan['repeatsOfSent']): string {
  const [first] = repeats;
  return (
    `line(s) ${someOf(repeats.map((r) => r.line))} repeat lines an earlier run sent (e.g. line ${first!.line} repeats line ${first!.of}, ${first!.recorded} in ${out}), and the file changed since; nothing was sent. ` +
    'If a copy was added to retry a line, delete it: a line is retried by running the same command again, and an issued line stays issued. ' +
    'If they are sales of their own (in the file from the start, or new sales of the very same thing), run again with --repeats-are-new'
  );
}

/** The refusal's message for a journal whose sent lines the input no longer holds. */
export function anotherInput(file: string, out: string, missing: [string, JournalEntry][]): string {
  const examples = missing
    .slice(0, 3)
    .map(([, entry]) => `line ${entry.line} (${entry.document ? `document ${entry.document.fullNumber}` : 'sent, its answer unknown'})`)
    .join(', ');
  const issued = missing.filter(([, entry]) => entry.document !== undefined).length;
  return (
    `${file} no longer holds, as they were, ${missing.length} line(s) that the results file ${out} records as sent (e.g. ${examples}). ` +
    'If this is the same batch, put those lines back unchanged: you may add lines, and fix or delete lines never issued, but a line issued or whose answer is unknown stays as it is ' +
    `(an issued document is corrected with a nota de crédito, not by editing its line${issued > 0 ? `: with ${out} moved away, the ${issued} document(s) it records would be issued again` : ''}). ` +
    `Only for a new batch (next month's file under the same name...), move ${out} away or name another results file with --out`
  );
}
