import type { FieldIssue } from '../core/errors.js';

/** An HTTP header name (RFC 9110 token). */
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A header value fetch accepts: Latin-1, no NUL, CR or LF. */
const VALUE = /^[^\0\r\n\u0100-\uffff]*$/;
/** Printable ASCII without spaces (0x21–0x7E): what an API key and an idempotency key may hold. */
export const PRINTABLE_ASCII = /^[\x21-\x7E]+$/;

/** The longest `Idempotency-Key` the API stores. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * What is wrong with `headers` for the wire, one issue per header fetch would refuse (so the
 * call fails here, never inside fetch as a retried "connection error"). Values are never
 * quoted: a header may hold a secret.
 */
export function headerIssues(headers: Record<string, string>, where: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!NAME.test(name)) issues.push({ path: `${where}.${name}`, message: 'is not a valid header name' });
    else if (typeof value !== 'string' || !VALUE.test(value)) {
      issues.push({ path: `${where}.${name}`, message: 'must be a string of Latin-1 characters without NUL, CR or LF' });
    }
  }
  return issues;
}

/** Why `key` cannot be an `Idempotency-Key`, or `undefined` when it can. */
export function idempotencyKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key.length < 1 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !PRINTABLE_ASCII.test(key)) {
    return `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters without spaces (0x21-0x7E)`;
  }
  return undefined;
}
