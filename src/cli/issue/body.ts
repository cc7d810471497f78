/**
 * An input line's text read as what `yupana issue` sends: a `documents.create` body, a blank
 * line, or a line that cannot be a body.
 *
 * @module
 */
import type { DocumentCreateParams } from '../../index.js';
import { JSON_LINES } from './input.js';
import type { ErrorSummary } from './journal.js';

/** An input line, read: blank, a body to issue, or a line that cannot be one (recorded as failed, nothing sent). */
export type InputLine = { kind: 'blank' } | { kind: 'body'; body: DocumentCreateParams } | { kind: 'invalid'; error: ErrorSummary };

/**
 * Reads one input line's text. A line that is not JSON, or is JSON but not an object, is
 * `invalid` with a `ValidationError` saying so; an object is a body, left to `createMany` (and
 * the SDK's schema) to check.
 */
export function parseLine(text: string): InputLine {
  if (text.trim() === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalidLine(`the line is not valid JSON (${(error as Error).message}): ${JSON_LINES}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return invalidLine(`the line is ${what}, not a JSON object (a documents.create body)`);
  }
  return { kind: 'body', body: value as DocumentCreateParams };
}

/** A line that cannot be a body, for `message`: recorded as a failed `ValidationError`, nothing sent. */
export const invalidLine = (message: string): InputLine => ({ kind: 'invalid', error: { name: 'ValidationError', message } });
