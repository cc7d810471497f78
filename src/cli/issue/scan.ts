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
  /** The lines whose text repeats an earlier line's, by number: each is a document of its own. */
  repeated: number[];
  /** The lines `--resolve` names that are in the file, by number: as read, and their key. */
  resolved: Map<number, { raw: RawLine; key: string }>;
  /** The line each key in doubt is on now, by key: lines move when others are added or deleted. */
  inDoubtLines: Map<string, number>;
}

/** Reads the input once: its hash, its lines, which lines the journal records as sent it no longer holds, and the lines numbered in `wanted`. */
export async function scanInput(file: string, journal: Journal, signal: AbortSignal | undefined, wanted: ReadonlySet<number> = new Set()): Promise<Scan> {
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
  let filled = 0;
  const texts = new Set<string>();
  const repeated: number[] = [];
  const resolved = new Map<number, { raw: RawLine; key: string }>();
  const inDoubtLines = new Map<string, number>();
  for await (const line of readRawLines(hashed())) {
    lines = line.number;
    if (line.blank) continue;
    filled += 1;
    if (texts.has(line.sha256)) repeated.push(line.number);
    texts.add(line.sha256);
    if (keys === undefined) continue;
    const key = keys.next(line.sha256);
    if (wanted.has(line.number)) resolved.set(line.number, { raw: line, key });
    const entry = sent.get(key);
    if (entry?.sha256 !== line.sha256) continue;
    if (entry.inDoubt) inDoubtLines.set(key, line.number);
    sent.delete(key);
  }
  return { sha256: whole.digest('hex'), lines, filled, missing: [...sent], repeated, resolved, inDoubtLines };
}

/** The note for lines that repeat an earlier line's text: each is issued, a document of its own. */
export function repeatedLinesNote(repeated: number[]): string {
  const lines = `${repeated.slice(0, 5).join(', ')}${repeated.length > 5 ? ` and ${repeated.length - 5} more` : ''}`;
  return (
    `note: line(s) ${lines} repeat the text of an earlier line: each is issued as a document of its own. ` +
    'If a copy was added to retry a line that failed, delete it: a failed line is retried by running the same command again'
  );
}

/** The usage error's message for a journal whose sent lines the input no longer holds. */
export function anotherInput(file: string, out: string, missing: [string, JournalEntry][]): string {
  const examples = missing
    .slice(0, 3)
    .map(([, entry]) => `line ${entry.line} (${entry.document ? `document ${entry.document.fullNumber}` : 'sent, its answer unknown'})`)
    .join(', ');
  const issued = missing.filter(([, entry]) => entry.document !== undefined).length;
  return (
    `${out} is the results file of another input: ${missing.length} line(s) it records as sent are not in ${file} as they were (e.g. ${examples}). ` +
    'If this is the same batch, put those lines back unchanged: you may add lines, and fix or delete lines never issued, but a line issued or whose answer is unknown stays as it is ' +
    `(an issued document is corrected with a nota de crédito, not by editing its line${issued > 0 ? `: with ${out} moved away, the ${issued} document(s) it records would be issued again` : ''}). ` +
    `Only for a new batch (next month's file under the same name...), move ${out} away or name another results file with --out`
  );
}
