/**
 * CSV input of `yupana issue`, as Excel exports it: UTF-8 (with or without a byte order mark) or
 * Windows-1252, `;` or `,` between fields, quoted fields (a newline inside one included), and
 * numbers with a decimal comma in a `;` file (Excel writes `;` exactly where it writes `1.234,56`).
 *
 * One row per line item. The header names the fields each column fills, in the words of the
 * `documents.create` body (`customer.name`, `item.quantity`...; {@link COLUMNS}), or the file's own
 * headers are mapped to them with `--columns item.quantity=Cantidad,...`. Consecutive rows with the
 * same value in the `document` column are the lines of one document; without that column every
 * row is a document of its own. csv-parse splits the records; this module turns them into bodies.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { DocumentCreateParams } from '../../index.js';
import { type InputLine, invalidLine } from './body.js';

/** The text encodings read: UTF-8, else Windows-1252 (what Excel's plain "CSV" writes on a Spanish Windows). */
export type CsvEncoding = 'utf-8' | 'windows-1252';

/** How a CSV file is written, as {@link sniffCsv} finds it. */
export interface CsvDialect {
  /** UTF-8 when every byte of the file is UTF-8, else Windows-1252. */
  encoding: CsvEncoding;
  /** What separates fields: the one of `;` and `,` the header row holds more of. */
  delimiter: ';' | ',';
}

/** What a column's text becomes in the body: kept as text, a number, or a date (`YYYY-MM-DD`). */
type Kind = 'text' | 'number' | 'date';

/**
 * The fields a column may fill: the document's (the same in each of its rows, or written in one
 * of them) and, under `item.`, the line item's (one per row). A `metadata.<key>` column fills
 * `metadata[key]`, and `document` groups the rows.
 */
export const COLUMNS: Readonly<Record<string, Kind>> = {
  type: 'text',
  series: 'text',
  currency: 'text',
  issueDate: 'date',
  dueDate: 'date',
  operationType: 'text',
  purchaseOrder: 'text',
  exchangeRate: 'number',
  'customer.documentType': 'text',
  'customer.documentNumber': 'text',
  'customer.name': 'text',
  'customer.address': 'text',
  'customer.email': 'text',
  'item.description': 'text',
  'item.quantity': 'number',
  'item.unitPrice': 'number',
  'item.igv': 'number',
  'item.code': 'text',
  'item.sunatProductCode': 'text',
  'item.unitCode': 'text',
  'item.igvAffectation': 'text',
  'item.referenceValue': 'number',
  'item.icbper': 'number',
};

/** The column whose value names the document a row belongs to. */
export const DOCUMENT_COLUMN = 'document';

const METADATA = 'metadata.';
const ITEM = 'item.';
/** The line item's fields (under `item.`), in the order of {@link COLUMNS}. */
const ITEM_FIELDS = Object.keys(COLUMNS)
  .filter((field) => field.startsWith(ITEM))
  .map((field) => field.slice(ITEM.length));

/** A CSV file that cannot be read as this command's input: the run is refused before anything is sent. */
export class CsvFileError extends Error {
  override name = 'CsvFileError';
}

/** What each column fills, from the header. */
interface Plan {
  /** The column of {@link DOCUMENT_COLUMN}, if any. */
  group: number | undefined;
  /** The other columns, each with its field, its kind and its header as the file writes it. */
  fields: { column: number; field: string; kind: Kind; header: string }[];
}

const fold = (name: string) => name.trim().toLowerCase();

/**
 * Reads `--columns` values (`field=Header`, comma-separated, the flag repeatable): the file's header
 * for each field it names. A comma splits pairs only before the next `field=`, so a header may hold
 * one (`customer.name=Razón, social`).
 *
 * @throws {@link CsvFileError} for a pair without `=`, a field that is not one of {@link COLUMNS}, `document` or `metadata.<key>`, or a field named twice.
 */
export function parseColumnMapping(values: readonly string[]): Map<string, string> {
  const mapping = new Map<string, string>();
  for (const pair of values.flatMap((value) => value.split(/,(?=\s*[\w.]+\s*=)/))) {
    const at = pair.indexOf('=');
    const field = pair.slice(0, at).trim();
    const header = pair.slice(at + 1).trim();
    if (at < 0 || header === '')
      throw new CsvFileError(`--columns takes field=Header pairs, e.g. --columns item.quantity=Cantidad,document=Pedido; got ${JSON.stringify(pair)}`);
    const known = fieldNamed(field);
    if (known === undefined) throw new CsvFileError(`--columns ${pair}: ${JSON.stringify(field)} is not a field (${FIELD_LIST})`);
    if (mapping.has(known)) throw new CsvFileError(`--columns names ${known} twice`);
    mapping.set(known, header);
  }
  return mapping;
}

const FIELD_LIST = `the fields: ${DOCUMENT_COLUMN}, ${Object.keys(COLUMNS).join(', ')}, metadata.<key>`;

/** The field `name` is (case aside), or `undefined`. */
function fieldNamed(name: string): string | undefined {
  const folded = fold(name);
  if (folded === DOCUMENT_COLUMN) return DOCUMENT_COLUMN;
  if (folded.startsWith(METADATA) && folded.length > METADATA.length) return `${METADATA}${name.trim().slice(METADATA.length)}`;
  return Object.keys(COLUMNS).find((field) => fold(field) === folded);
}

/**
 * What each column of `header` fills: a header is a field's name, or the header `mapping` gives
 * for it (both compared without case and surrounding spaces).
 *
 * @throws {@link CsvFileError} for a column that fills no field, two columns filling one field, or a mapped header the file lacks.
 */
function planOf(header: readonly string[], mapping: ReadonlyMap<string, string>): Plan {
  const byHeader = new Map([...mapping].map(([field, name]) => [fold(name), field]));
  const plan: Plan = { group: undefined, fields: [] };
  const seen = new Map<string, string>();
  const unknown: string[] = [];
  header.forEach((name, column) => {
    const field = byHeader.get(fold(name)) ?? fieldNamed(name);
    if (field === undefined) {
      if (name.trim() !== '') unknown.push(JSON.stringify(name));
      return;
    }
    const twice = seen.get(field);
    if (twice !== undefined) throw new CsvFileError(`the columns ${JSON.stringify(twice)} and ${JSON.stringify(name)} both fill ${field}: keep one`);
    seen.set(field, name);
    if (field === DOCUMENT_COLUMN) plan.group = column;
    else plan.fields.push({ column, field, kind: COLUMNS[field] ?? 'text', header: name });
  });
  const missing = [...mapping].filter(([field]) => !seen.has(field)).map(([, name]) => JSON.stringify(name));
  if (missing.length > 0)
    throw new CsvFileError(`--columns names header(s) the file does not have: ${missing.join(', ')} (its headers: ${header.map((h) => JSON.stringify(h)).join(', ')})`);
  if (unknown.length > 0) {
    throw new CsvFileError(
      `column(s) ${unknown.join(', ')} fill no field of a document. Name each header after the field it fills (${FIELD_LIST}), ` +
        'map it with --columns <field>=<header>, name it metadata.<key> to keep it with the document, or delete the column',
    );
  }
  return plan;
}

/** A number as a file with a decimal comma (`1.234,56`) or a decimal point (`1,234.56` or `1234.56`) writes it; `undefined` when it is not one. */
export function parseNumber(text: string, decimalComma: boolean): number | undefined {
  const pattern = decimalComma ? /^[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/ : /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
  if (!pattern.test(text)) return undefined;
  return Number(decimalComma ? text.replaceAll('.', '').replace(',', '.') : text.replaceAll(',', ''));
}

/** A date as `YYYY-MM-DD`, from that form or Peru's `DD/MM/YYYY`; other text as it is (the API says what is wrong with it). */
export function parseDate(text: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : text;
}

/** One record of the file: its first line, its fields, its text as written. */
interface Row {
  line: number;
  fields: string[];
  raw: string;
}

/** Sets `value` at `path` of `target`: a field (`series`), or a field of an object (`customer.name`). */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const [head, key] = path.split('.') as [string, string | undefined];
  if (key === undefined) target[head] = value;
  else ((target[head] ??= {}) as Record<string, unknown>)[key] = value;
}

/** A document's body from its rows, or why it cannot be one (naming the line and the column). */
function buildBody(rows: readonly Row[], plan: Plan, decimalComma: boolean, name: string): DocumentCreateParams | string {
  const documentFields: Record<string, { value: unknown; line: number; text: string }> = {};
  const items: Record<string, unknown>[] = [];
  const where = name === '' ? '' : ` (document ${name})`;
  for (const row of rows) {
    const item: Record<string, unknown> = {};
    for (const { column, field, kind, header } of plan.fields) {
      const text = (row.fields[column] ?? '').trim();
      if (text === '') continue;
      let value: unknown = text;
      if (kind === 'number') {
        value = parseNumber(text, decimalComma);
        if (value === undefined) {
          return `line ${row.line}${where}: ${header} is ${JSON.stringify(text)}, not a number as this file writes them (${decimalComma ? '1234,56 or 1.234,56: a decimal comma, as in a file with ;' : '1234.56: a decimal point, as in a file with ,'})`;
        }
      } else if (kind === 'date') {
        value = parseDate(text);
      }
      if (field.startsWith(ITEM)) {
        item[field.slice(ITEM.length)] = value;
        continue;
      }
      const earlier = documentFields[field];
      if (earlier !== undefined && earlier.value !== value) {
        return `line ${row.line}${where}: ${header} is ${JSON.stringify(text)}, and line ${earlier.line} of the same document has ${JSON.stringify(earlier.text)}: a document has one ${field}`;
      }
      documentFields[field] ??= { value, line: row.line, text };
    }
    // In the order of COLUMNS too, whatever the order of the columns.
    items.push(Object.fromEntries(ITEM_FIELDS.filter((key) => key in item).map((key) => [key, item[key]])));
  }
  const body: Record<string, unknown> = {};
  // In the order of COLUMNS, whatever the order of the columns: the same document hashes the same.
  for (const field of Object.keys(COLUMNS)) if (documentFields[field] !== undefined) setPath(body, field, documentFields[field].value);
  const metadata = Object.keys(documentFields)
    .filter((field) => field.startsWith(METADATA))
    .sort();
  if (metadata.length > 0) body.metadata = Object.fromEntries(metadata.map((field) => [field.slice(METADATA.length), documentFields[field]!.value]));
  body.items = items;
  return body as DocumentCreateParams;
}

/** One document of a CSV file, or a blank row. */
export interface CsvDocument {
  /** Its first line, as editors count lines (a quoted field's newlines included). */
  line: number;
  /** The value of its `document` column, as written (`''` without that column). */
  name: string;
  /**
   * SHA-256 in hex of its body as JSON, the fields in one fixed order: the same document has the
   * same hash whatever the file's encoding, separator or column order. For a document that cannot
   * be a body, of its rows' text.
   */
  sha256: string;
  /** A row whose fields are all empty (`;;;`, as Excel writes an empty row). */
  blank: boolean;
  /** Its body, or why it has none. */
  input: InputLine;
}

const sha256Of = (text: string) => createHash('sha256').update(text).digest('hex');

/** The bytes a ZIP archive starts with, as an Excel workbook (`.xlsx`) does. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Finds how the CSV file `file` is written, reading it once: its encoding, and its separator from
 * its first line.
 *
 * @throws {@link CsvFileError} for a workbook (`.xlsx`), a UTF-16 file, or a file without a header.
 */
export async function sniffCsv(file: string, signal?: AbortSignal): Promise<CsvDialect> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let encoding: CsvEncoding = 'utf-8';
  let head = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, signal ? { signal } : {}) as AsyncIterable<Buffer>) {
    if (head.length < 64 * 1024 && !head.includes(0x0a)) head = Buffer.concat([head, chunk]);
    if (encoding === 'utf-8') {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        encoding = 'windows-1252';
      }
    }
  }
  if (encoding === 'utf-8') {
    try {
      utf8.decode();
    } catch {
      encoding = 'windows-1252';
    }
  }
  if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    throw new CsvFileError(`${file} is a ZIP archive, as an Excel workbook (.xlsx) is: save it from Excel as "CSV UTF-8" or "CSV (delimitado por comas)"`);
  }
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    throw new CsvFileError(`${file} is UTF-16 ("Unicode text"): save it from Excel as "CSV UTF-8" or "CSV (delimitado por comas)"`);
  }
  const firstLine = new TextDecoder(encoding).decode(head).split('\n')[0]!;
  const count = (separator: string) => firstLine.split(separator).length;
  if (firstLine.trim() === '') throw new CsvFileError(`${file} has no header on its first line: name the field each column fills (${FIELD_LIST})`);
  return { encoding, delimiter: count(';') > count(',') ? ';' : ',' };
}

/** The text of `chunks` decoded as `encoding` (a UTF-8 byte order mark dropped). */
async function* decoded(chunks: AsyncIterable<Uint8Array>, encoding: CsvEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const tail = decoder.decode();
  if (tail !== '') yield tail;
}

/**
 * The documents of a CSV file's bytes, read lazily: the rows of one document at a time are held,
 * never the file. A row's document value seen before another document's rows is a document of its
 * own that fails (its rows must be together); so does a row with an empty document value.
 *
 * @throws {@link CsvFileError} for a header with a column that fills no field (see `planOf`).
 */
export async function* readCsvDocuments(chunks: AsyncIterable<Uint8Array>, dialect: CsvDialect, mapping: ReadonlyMap<string, string>): AsyncGenerator<CsvDocument> {
  const source = Readable.from(decoded(chunks, dialect.encoding));
  const parser = parse({ delimiter: dialect.delimiter, raw: true, relax_column_count: true, relax_quotes: true });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  const decimalComma = dialect.delimiter === ';';
  let plan: Plan | undefined;
  let nextLine = 1;
  let group: { name: string; rows: Row[] } | undefined;
  const seen = new Set<string>();

  const finish = (rows: Row[], name: string): CsvDocument => {
    const body = buildBody(rows, plan!, decimalComma, name);
    return typeof body === 'string'
      ? { line: rows[0]!.line, name, sha256: sha256Of(rows.map((r) => r.raw).join('\n')), blank: false, input: invalidLine(body) }
      : { line: rows[0]!.line, name, sha256: sha256Of(JSON.stringify(body)), blank: false, input: { kind: 'body', body } };
  };
  const failed = (row: Row, name: string, message: string): CsvDocument => ({
    line: row.line,
    name,
    sha256: sha256Of(row.raw),
    blank: false,
    input: invalidLine(message),
  });

  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      // csv-parse's raw text keeps the first character of the line end: \n of a \n file, \r of a \r\n one.
      const row: Row = { line: nextLine, fields: record, raw: raw.replace(/\r?\n?$/, '') };
      nextLine += row.raw.split('\n').length;
      if (plan === undefined) {
        plan = planOf(record, mapping);
        continue;
      }
      if (record.every((field) => field.trim() === '')) {
        if (group !== undefined) yield finish(group.rows, group.name);
        group = undefined;
        yield { line: row.line, name: '', sha256: sha256Of(row.raw), blank: true, input: { kind: 'blank' } };
        continue;
      }
      if (plan.group === undefined) {
        yield finish([row], '');
        continue;
      }
      const name = (record[plan.group] ?? '').trim();
      if (group !== undefined && name === group.name) {
        group.rows.push(row);
        continue;
      }
      if (group !== undefined) yield finish(group.rows, group.name);
      group = undefined;
      const header = mapping.get(DOCUMENT_COLUMN) ?? DOCUMENT_COLUMN;
      if (name === '') {
        yield failed(row, name, `line ${row.line}: ${header} is empty: each row names the document it is a line of`);
      } else if (seen.has(name)) {
        yield failed(
          row,
          name,
          `line ${row.line}: rows of document ${name} are apart (other documents' rows come between): sort the file by ${header}, so that each document's rows are together`,
        );
      } else {
        seen.add(name);
        group = { name, rows: [row] };
      }
    }
    if (group !== undefined) yield finish(group.rows, group.name);
  } finally {
    source.destroy();
    parser.destroy();
  }
}
