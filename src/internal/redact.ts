/**
 * Keeps the API key out of everything an error carries: the raw text of a body, every string of
 * a parsed body (a server may echo the key JSON-escaped, `\u0073k_…`, which only parsing reveals),
 * the headers, and the causes of a connection error, whatever they hold.
 */
const MARK = '[redacted]';

/** `text` without `secret`. */
export function redactText(text: string, secret: string): string {
  return text.includes(secret) ? text.replaceAll(secret, MARK) : text;
}

/**
 * A parsed JSON value with `secret` taken out of every string, keys included; the value itself
 * when it holds none. A copy's members are its own (a `"__proto__"` member stays a member).
 * Throws a `RangeError` for a value nested too deep to walk.
 */
export function redactValue<T>(value: T, secret: string): T {
  return scrub(value, secret, new Map()) as T;
}

/** `headers`, or a copy without `secret` when a value echoes it. */
export function redactHeaders(headers: Headers, secret: string): Headers {
  if (!reaches(headers, secret, new Set())) return headers;
  const copy = new Headers();
  headers.forEach((value, name) => copy.append(name, redactText(value, secret)));
  return copy;
}

/**
 * The cause of a failed attempt as an error may carry it: itself when nothing it holds mentions
 * `secret` (its message, stack, nested causes, an `AggregateError`'s errors, or any other member,
 * such as a request with its headers), otherwise a copy of the same name with the secret taken
 * out of all of them. Cycles among causes are kept as cycles.
 */
export function redactCause(cause: unknown, secret: string): unknown {
  return scrub(cause, secret, new Map());
}

/** Whether `secret` appears anywhere in `value`: strings, keys, members, headers, an error's message, stack and causes. */
function reaches(value: unknown, secret: string, seen: Set<unknown>): boolean {
  if (typeof value === 'string') return value.includes(secret);
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  if (value instanceof Headers) {
    let found = false;
    value.forEach((item) => (found ||= item.includes(secret)));
    return found;
  }
  if (value instanceof Error && [value.message, value.stack, value.cause, 'errors' in value ? value.errors : undefined].some((item) => reaches(item, secret, seen))) {
    return true;
  }
  return Object.entries(value).some(([key, item]) => key.includes(secret) || reaches(item, secret, seen));
}

/**
 * `value` with `secret` taken out, copying only what reaches it: an untouched part is returned as
 * it is. `copies` maps each object already met to what stands for it, so a cycle stays a cycle.
 */
function scrub(value: unknown, secret: string, copies: Map<unknown, unknown>): unknown {
  if (typeof value === 'string') return redactText(value, secret);
  if (value === null || typeof value !== 'object') return value;
  if (copies.has(value)) return copies.get(value);
  if (!reaches(value, secret, new Set())) return value;
  if (value instanceof Headers) return redactHeaders(value, secret);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    copies.set(value, copy);
    for (const item of value) copy.push(scrub(item, secret, copies));
    return copy;
  }
  const copy: object = value instanceof Error ? scrubbedError(value, secret) : {};
  copies.set(value, copy);
  if (value instanceof Error) {
    // An error's cause, and an AggregateError's errors, are not enumerable.
    if (value.cause !== undefined) Object.defineProperty(copy, 'cause', { value: scrub(value.cause, secret, copies), writable: true, configurable: true });
    if ('errors' in value) Object.defineProperty(copy, 'errors', { value: scrub(value.errors, secret, copies), writable: true, configurable: true });
  }
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(copy, redactText(key, secret), { value: scrub(item, secret, copies), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** A plain `Error` standing for `error`: the same name, and its message and stack without `secret`. */
function scrubbedError(error: Error, secret: string): Error {
  const copy = new Error(redactText(error.message, secret));
  copy.name = error.name;
  copy.stack = error.stack === undefined ? undefined : redactText(error.stack, secret);
  return copy;
}
