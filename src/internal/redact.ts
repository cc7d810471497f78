/**
 * Keeps the API key out of everything an error carries: the raw text of a body, every string of
 * a parsed body (a server may echo the key JSON-escaped, `\u0073k_…`, which only parsing reveals),
 * the headers, and the causes of a connection error.
 */
const MARK = '[redacted]';

/** `text` without `secret`. */
export function redactText(text: string, secret: string): string {
  return text.includes(secret) ? text.replaceAll(secret, MARK) : text;
}

/** A parsed JSON value with `secret` taken out of every string, keys included; the value itself when it holds none. */
export function redactValue<T>(value: T, secret: string): T {
  if (!holds(value, secret)) return value;
  if (typeof value === 'string') return redactText(value, secret) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item, secret)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as object)) copy[redactText(key, secret)] = redactValue(item, secret);
  return copy as T;
}

/** Whether any string in `value` (keys included) contains `secret`. */
function holds(value: unknown, secret: string): boolean {
  if (typeof value === 'string') return value.includes(secret);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes(secret) || holds(item, secret));
}

/** `headers`, or a copy without `secret` when a value echoes it. */
export function redactHeaders(headers: Headers, secret: string): Headers {
  let echoed = false;
  headers.forEach((value) => (echoed ||= value.includes(secret)));
  if (!echoed) return headers;
  const copy = new Headers();
  headers.forEach((value, name) => copy.append(name, redactText(value, secret)));
  return copy;
}

/**
 * The cause of a failed attempt as an error may carry it: itself when no message, stack or
 * nested cause mentions `secret`, otherwise a plain `Error` of the same name with the secret
 * taken out (and its own cause treated alike).
 */
export function redactCause(cause: unknown, secret: string): unknown {
  if (!(cause instanceof Error)) return typeof cause === 'string' ? redactText(cause, secret) : cause;
  const inner = redactCause(cause.cause, secret);
  if (inner === cause.cause && !cause.message.includes(secret) && !cause.stack?.includes(secret)) return cause;
  const copy = new Error(redactText(cause.message, secret), inner === undefined ? undefined : { cause: inner });
  copy.name = cause.name;
  copy.stack = cause.stack === undefined ? undefined : redactText(cause.stack, secret);
  return copy;
}
