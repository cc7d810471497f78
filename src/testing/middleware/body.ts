/**
 * Request bodies: read up to a limit (413 `payload_too_large` past it, never buffered whole) and
 * parsed as JSON, no deeper than a bound (400 `bad_request` for what is not JSON the mock takes).
 *
 * @module
 */
import { problemResponse } from './problem.js';

/** The largest request body the mock reads by default: 1 MiB (see `MockSandboxOptions.maxBodyBytes`). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * How deep a JSON body may nest (objects and arrays): 64 levels, far more than any request of the
 * API needs. A deeper one is a 400 `bad_request`, found before it is parsed.
 */
const MAX_JSON_DEPTH = 64;

/** Whether JSON `text` nests objects and arrays deeper than `max` (counted without parsing it). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** A request body: parsed, or why it is not JSON the mock takes. */
export type ParsedBody = { ok: true; value: unknown } | { ok: false; detail: string };

export function parseJson(text: string): ParsedBody {
  if (text === '') return { ok: true, value: undefined };
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { ok: false, detail: `The request body nests deeper than ${MAX_JSON_DEPTH} levels` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, detail: 'The request body is not valid JSON' };
  }
}

/**
 * A request's body as text, read only up to `max` bytes: `undefined` when it is longer (its
 * `Content-Length` says so, or it grows past `max` as it is read, and the rest is never read).
 */
export async function readBody(request: Request, max: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > max) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > max) {
      // Not awaited: the cancel of a teed body (msw keeps a clone) settles only with its twin's.
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The 413 for a body over `max` bytes. */
export const payloadTooLarge = (max: number, requestId: string): Response =>
  problemResponse(413, 'payload_too_large', `The request body is larger than ${max} bytes`, requestId);
