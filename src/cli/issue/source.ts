/**
 * The input of `yupana issue` as a sequence of documents, whatever its format: JSON Lines (one
 * body per line) or CSV (one row per line item, csv.ts). What the rest of the command reads.
 *
 * @module
 */
import { extname } from 'node:path';
import { type InputLine, invalidLine, parseLine } from './body.js';
import { type CsvDialect, readCsvDocuments } from './csv.js';
import { decodeLine, readRawLines } from './input.js';

/** The formats read: CSV for a file whose name ends in `.csv` (any case), JSON Lines for any other. */
export type InputFormat = 'jsonl' | 'csv';

/** The format of `file`, by its name. */
export const formatOf = (file: string): InputFormat => (extname(file).toLowerCase() === '.csv' ? 'csv' : 'jsonl');

/** How to read an input: JSON Lines, or CSV in its dialect with the `--columns` mapping. */
export type Source = { format: 'jsonl' } | { format: 'csv'; dialect: CsvDialect; columns: ReadonlyMap<string, string> };

/** One document of the input (a JSON Lines line, the rows of a CSV document), or a blank line. */
export interface InputDocument {
  /** Its (first) line, as editors count lines: from 1, blank lines included. */
  line: number;
  /** What identifies it across runs (its key holds the first 32 hex digits): SHA-256 of a line's bytes, of a CSV document's body. */
  sha256: string;
  /** A blank line or row: skipped, with no key and no result. */
  blank: boolean;
  /** A CSV document's name, its `document` value (`''` for none). */
  name: string;
  /** Its body, or why it has none. */
  read(): InputLine;
}

/** The documents of an input's bytes, read lazily as `source` says. */
export async function* readDocuments(chunks: AsyncIterable<Uint8Array>, source: Source): AsyncGenerator<InputDocument> {
  if (source.format === 'csv') {
    for await (const document of readCsvDocuments(chunks, source.dialect, source.columns)) {
      const { input } = document;
      yield { line: document.line, sha256: document.sha256, blank: document.blank, name: document.name, read: () => input };
    }
    return;
  }
  for await (const raw of readRawLines(chunks)) {
    yield {
      line: raw.number,
      sha256: raw.sha256,
      blank: raw.blank,
      name: '',
      read: () => {
        const decoded = decodeLine(raw);
        return decoded.ok ? parseLine(decoded.text) : invalidLine(decoded.message);
      },
    };
  }
}
