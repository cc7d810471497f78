/**
 * What fetch accepts as a header: a name (an RFC 9110 token) and a value (Latin-1, no NUL, CR or
 * LF). A header fetch would refuse fails the call here, never inside fetch as a retried
 * "connection error".
 *
 * @module
 */

/** An HTTP header name (RFC 9110 token). */
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A header value fetch accepts: Latin-1, no NUL, CR or LF. */
const VALUE = /^[^\0\r\n\u0100-\uffff]*$/;

/** Why fetch would refuse the header `name: value`, or `undefined` when it sends it. The value is never quoted: a header may hold a secret. */
export function headerProblem(name: string, value: unknown): string | undefined {
  if (!NAME.test(name)) return 'is not a valid header name';
  if (typeof value !== 'string' || !VALUE.test(value)) return 'must be a string of Latin-1 characters without NUL, CR or LF';
  return undefined;
}
