/**
 * The first pass of `yupana issue` over its input, before anything is sent: the input's hash and
 * lines, and whether it still holds every line its journal records as sent.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Journal, JournalEntry } from './journal.js';
import { LineKeys } from './keys.js';
import { type InputDocument, readDocuments, type Source } from './source.js';

/** What a first pass over the input finds. */
export interface Scan {
  /** SHA-256 of the input's bytes, in hex. */
  sha256: string;
  /** The last document's (first) line: the file's lines, blank ones included, for JSON Lines. */
  lines: number;
  /** Its documents, blank lines included: what the progress counts. */
  documents: number;
  /** Its documents that are not blank: what a run would send. */
  filled: number;
  /** The journal's keys that were sent by this batch (a document recorded, or the answer unknown) and that no document of the input has any more. */
  missing: [string, JournalEntry][];
  /** The documents whose text repeats an earlier one's, by line, that the journal has no record of: each would be a document of its own. */
  repeated: number[];
  /**
   * Among {@link repeated}, the lines whose text an earlier line has that an earlier run sent (the
   * journal records it issued, failed or unanswered), with what it records of that line (`issued
   * as F001-2`): a copy added after that run (to retry the line, or by mistake), or a new sale of
   * the very same thing. Refused unless `--repeats-are-new`.
   */
  repeatsOfSent: { line: number; of: number; recorded: string }[];
  /** For a new batch (a journal without a key prefix): the SHA-256 of each text the input holds, with the line (or lines) holding it. */
  texts: Map<string, number | number[]>;
  /** The lines `--resolve` names that are in the file, by number: as read, and their key. */
  resolved: Map<number, { document: InputDocument; key: string }>;
  /** The line each key in doubt is on now, by key: lines move when others are added or deleted. */
  inDoubtLines: Map<string, number>;
}

/** The lines of `texts` holding the text whose SHA-256 is `sha256`. */
export const linesOf = (texts: Scan['texts'], sha256: string): number[] => {
  const lines = texts.get(sha256);
  return lines === undefined ? [] : typeof lines === 'number' ? [lines] : lines;
};

/**
 * Reads the input once, as `source` says: its hash, its documents, which documents the journal
 * records as sent it no longer holds, and the lines numbered in `wanted`. A key the journal
 * renewed (`--repeats-are-new`) stands for its line as the key it renews does.
 */
export async function scanInput(file: string, source: Source, journal: Journal, signal: AbortSignal | undefined, wanted: ReadonlySet<number> = new Set()): Promise<Scan> {
  const whole = createHash('sha256');
  // Keys count each text's lines, which finds repeats; the lines of each text are kept only for a new batch, which siblings.ts compares with other batches.
  const keys = new LineKeys(journal.keyPrefix ?? '', journal.entries.size);
  async function* hashed(): AsyncGenerator<Buffer> {
    for await (const chunk of createReadStream(file, signal ? { signal } : {}) as AsyncIterable<Buffer>) {
      whole.update(chunk);
      yield chunk;
    }
  }
  let documents = 0;
  let filled = 0;
  const texts: Scan['texts'] = new Map();
  /** The journal's keys the input holds, as sent, by slot. */
  const held = new Uint8Array(journal.entries.size);
  const repeated: number[] = [];
  const repeatsOfSent: Scan['repeatsOfSent'] = [];
  const resolved: Scan['resolved'] = new Map();
  const inDoubtLines = new Map<string, number>();
  let last: InputDocument | undefined;
  for await (const document of readDocuments(hashed(), source)) {
    last = document;
    documents += 1;
    if (document.blank) continue;
    filled += 1;
    const { sha256, line } = document;
    const repeat = keys.count(sha256) > 0;
    const first = keys.next(sha256);
    if (journal.keyPrefix === undefined) {
      const holding = texts.get(sha256);
      texts.set(sha256, holding === undefined ? line : typeof holding === 'number' ? [holding, line] : [...holding, line]);
      if (repeat) repeated.push(line);
      continue;
    }
    const key = journal.renewals.get(first) ?? first;
    const entry = journal.entries.get(key);
    const recorded = entry?.holds(sha256) ? entry : undefined;
    if (repeat && recorded === undefined) {
      repeated.push(line);
      const twin = earlierRecorded(journal, keys, sha256);
      if (twin !== undefined) repeatsOfSent.push({ line, of: twin.line, recorded: describe(twin) });
    }
    if (wanted.has(line)) resolved.set(line, { document, key });
    if (recorded === undefined) continue;
    if (recorded.inDoubt) inDoubtLines.set(key, line);
    for (const slot of [journal.entries.slotOf(key), journal.entries.slotOf(first)]) if (slot !== undefined) held[slot] = 1;
  }
  const lines = last?.line ?? 0;
  const missing: Scan['missing'] = [];
  for (const slot of journal.entries.slots()) {
    if (held[slot]) continue;
    const entry = journal.entries.at(slot);
    if (!entry.elsewhere && (entry.document !== undefined || entry.inDoubt)) missing.push([journal.entries.keyAt(slot), entry]);
  }
  missing.sort(([, a], [, b]) => a.line - b.line);
  return { sha256: whole.digest('hex'), lines, documents, filled, missing, repeated, repeatsOfSent, texts, resolved, inDoubtLines };
}

/** The earliest occurrence before the last one given out by `keys` of the text `sha256` that the journal records. */
function earlierRecorded(journal: Journal, keys: LineKeys, sha256: string): JournalEntry | undefined {
  for (let occurrence = 1; occurrence < keys.count(sha256); occurrence++) {
    const key = keys.keyOf(sha256, occurrence);
    const entry = journal.entries.get(journal.renewals.get(key) ?? key);
    if (entry?.holds(sha256)) return entry;
  }
  return undefined;
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

/**
 * The refusal's message for lines, not sent yet, that repeat lines an earlier run of results file
 * `out` sent, in an input that changed since. `again` and `asNew` are the commands it names (each
 * on a line of its own): the run's, and the run's with `--repeats-are-new`.
 */
export function repeatsOfSentRefusal(out: string, repeats: Scan['repeatsOfSent'], again: string, asNew: string): string {
  const [first] = repeats;
  return (
    `line(s) ${someOf(repeats.map((r) => r.line))} repeat lines an earlier run sent (e.g. line ${first!.line} repeats line ${first!.of}, ${first!.recorded} in ${out}), and the file changed since; nothing was sent. ` +
    `If a copy was added to retry a line, delete it, then run the same command again (a failed line is retried so, and an issued line stays issued):${again}` +
    `If they are sales of their own (in the file from the start, or new sales of the very same thing), issue them:${asNew}`
  );
}

/** The refusal's message for a journal whose sent lines the input no longer holds; `fresh` is the command that gives a new batch a results file of its own. */
export function anotherInput(file: string, out: string, missing: [string, JournalEntry][], fresh: string): string {
  const examples = missing
    .slice(0, 3)
    .map(([, entry]) => `line ${entry.line} (${entry.document ? `document ${entry.document.fullNumber}` : 'sent, its answer unknown'})`)
    .join(', ');
  const issued = missing.filter(([, entry]) => entry.document !== undefined).length;
  return (
    `${file} no longer holds, as they were, ${missing.length} line(s) that the results file ${out} records as sent (e.g. ${examples}). ` +
    'If this is the same batch, put those lines back unchanged: you may add lines, and fix or delete lines never issued, but a line issued or whose answer is unknown stays as it is ' +
    `(an issued document is corrected with a nota de crédito, not by editing its line${issued > 0 ? `: with ${out} moved away, the ${issued} document(s) it records would be issued again` : ''}). ` +
    `Only for a new batch (next month's file under the same name...), give it a results file of its own:${fresh}`
  );
}
