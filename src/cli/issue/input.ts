/**
 * Reading the input of `yupana issue` as operators have it: bytes, split into lines, each line
 * hashed, bounded in length, and checked to be UTF-8 (with a diagnosis when it is not).
 *
 * @module
 */
import { createHash, type Hash } from 'node:crypto';

/**
 * The longest input line `yupana issue` reads, in bytes (1 MiB), its newline aside: a document
 * body is a few KB, so a longer line is a mistake (a file that is not JSON Lines). It fails, with
 * a message, and is never held whole in memory.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

/** One line of the input, as bytes. */
export interface RawLine {
  /** Its number, as editors count lines: from 1, blank lines included. */
  number: number;
  /** Where it starts in the stream, in bytes. */
  offset: number;
  /** Its bytes, without the newline, a `\r` before it, or (on line 1) a UTF-8 byte order mark; `undefined` when longer than the limit. */
  bytes: Buffer | undefined;
  /** Its length in bytes (what the limit applies to). */
  length: number;
  /** SHA-256 of its bytes, in hex: what identifies the line across runs. */
  sha256: string;
  /** Whether it holds only spaces and tabs: skipped, with no key and no result. */
  blank: boolean;
}

const NEWLINE = 0x0a;
const CR = 0x0d;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const isBlank = (bytes: Buffer) => bytes.every((b) => b === 0x20 || b === 0x09);

/**
 * The lines of a byte stream, read lazily. A last line without a newline is a line; an empty
 * stream has none, and a final newline ends the last line instead of starting an empty one, as
 * editors count lines. A line is cut out of the chunks once, when its newline arrives, so reading
 * is linear in the input's size; a line longer than `maxBytes` is not kept, only hashed.
 */
export async function* readRawLines(chunks: AsyncIterable<Uint8Array>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<RawLine> {
  let parts: Buffer[] = [];
  let length = 0;
  let overflow: Hash | undefined;
  let number = 0;
  /** Bytes of the stream before the current chunk, and where the current line starts. */
  let consumed = 0;
  let start = 0;

  const end = (): RawLine => {
    number += 1;
    let result: RawLine;
    if (overflow) {
      result = { number, offset: start, bytes: undefined, length, sha256: overflow.digest('hex'), blank: false };
    } else {
      let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
      if (bytes.at(-1) === CR) bytes = bytes.subarray(0, -1);
      if (number === 1 && bytes.subarray(0, 3).equals(UTF8_BOM)) bytes = bytes.subarray(3);
      result = { number, offset: start, bytes, length: bytes.length, sha256: sha256Of(bytes), blank: isBlank(bytes) };
    }
    parts = [];
    length = 0;
    overflow = undefined;
    return result;
  };
  const add = (part: Buffer) => {
    if (part.length === 0) return;
    length += part.length;
    if (overflow) {
      overflow.update(part);
    } else if (length > maxBytes + 1) {
      // +1: a `\r` before the newline does not count. Past the limit the line is only hashed.
      overflow = createHash('sha256');
      for (const kept of parts) overflow.update(kept);
      overflow.update(part);
      parts = [];
    } else {
      parts.push(part);
    }
  };

  for await (const chunk of chunks) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let from = 0;
    for (let i = buffer.indexOf(NEWLINE); i !== -1; i = buffer.indexOf(NEWLINE, from)) {
      add(buffer.subarray(from, i));
      yield end();
      from = i + 1;
      start = consumed + from;
    }
    add(buffer.subarray(from));
    consumed += buffer.length;
  }
  if (length > 0) yield end();
}

/** A line's text, or why it has none. */
export type DecodedLine = { ok: true; text: string } | { ok: false; message: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes a ZIP archive starts with, as an Excel workbook (`.xlsx`) does. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What `yupana issue` reads, for messages about a file that is something else. */
export const JSON_LINES = 'yupana issue reads JSON Lines, one documents.create body in JSON per line, or CSV from a file whose name ends in .csv';
const windows1252 = new TextDecoder('windows-1252');

/** Decodes a line as UTF-8; a line that is too long, or not UTF-8, gets a message saying what it looks like instead. */
export function decodeLine(line: RawLine, maxBytes = MAX_LINE_BYTES): DecodedLine {
  const { bytes } = line;
  if (bytes === undefined || bytes.length > maxBytes) {
    return {
      ok: false,
      message: `the line is ${line.length} bytes long, over the limit of ${maxBytes} bytes (${maxBytes / 1024 / 1024} MiB): is the file JSON Lines, one document per line?`,
    };
  }
  if (line.number === 1 && bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    return { ok: false, message: `the file is a ZIP archive, as an Excel workbook (.xlsx) is, not JSON Lines: ${JSON_LINES}` };
  }
  if (line.number === 1 && (bytes[0] === 0xff || bytes[0] === 0xfe) && (bytes[1] === 0xfe || bytes[1] === 0xff) && bytes[0] !== bytes[1]) {
    return { ok: false, message: 'the file is not UTF-8: it is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8' };
  }
  if (bytes.includes(0)) {
    return { ok: false, message: 'the line is not UTF-8: it holds NUL bytes, as UTF-16 text does (looks like UTF-16); save the file as UTF-8' };
  }
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    const at = firstInvalidUtf8(bytes);
    const byte = bytes[at]!;
    const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return {
      ok: false,
      message:
        `the line is not UTF-8: byte ${hex} at byte ${at + 1} would be ${JSON.stringify(windows1252.decode(bytes.subarray(at, at + 1)))} in Windows-1252 ` +
        '(looks like Windows-1252 or Latin-1, as an export from Excel or an older system writes it); save the file as UTF-8',
    };
  }
}

/** The offset of the first byte that breaks UTF-8 in `bytes` (which the caller knows is not valid UTF-8). */
function firstInvalidUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const size = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size === 0) return i;
    for (let k = 1; k < size; k++) {
      if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    }
    // Overlong forms, surrogates and code points past U+10FFFF start a sequence that is not UTF-8.
    if (size > 1 && !utf8Decodes(bytes.subarray(i, i + size))) return i;
    i += size;
  }
  return Math.max(0, bytes.length - 1);
}

function utf8Decodes(sequence: Buffer): boolean {
  try {
    utf8.decode(sequence);
    return true;
  } catch {
    return false;
  }
}
