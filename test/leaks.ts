import { inspect } from 'node:util';

/**
 * Every place in `value`'s object graph where `secret` appears: own properties, enumerable or
 * not (`cause`, `headers`, symbols), Headers, Request and Response objects, Maps and Sets,
 * followed to any depth. Returns paths such as `$.cause.headers[authorization]`.
 */
export function leaksOf(value: unknown, secret: string): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const visit = (v: unknown, path: string): void => {
    if (typeof v === 'string') {
      if (v.includes(secret)) found.push(path);
      return;
    }
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (v instanceof Headers) {
      v.forEach((headerValue, name) => visit(headerValue, `${path}[${name}]`));
      return;
    }
    if (v instanceof Request || v instanceof Response) {
      visit(v.url, `${path}.url`);
      visit(v.headers, `${path}.headers`);
    }
    if (v instanceof Map) for (const [k, item] of v) visit(item, `${path}.get(${String(k)})`);
    if (v instanceof Set) for (const item of v) visit(item, `${path}.item`);
    for (const key of Reflect.ownKeys(v)) {
      const descriptor = Object.getOwnPropertyDescriptor(v, key);
      if (descriptor && 'value' in descriptor) visit(descriptor.value, `${path}.${String(key)}`);
    }
  };
  visit(value, '$');
  return found;
}

/** The ways an error ends up in a log or a bug report. */
export function renderings(error: unknown): Record<string, string> {
  return {
    message: error instanceof Error ? error.message : String(error),
    toString: String(error),
    json: JSON.stringify(error) ?? '',
    inspect: inspect(error, { depth: Infinity, showHidden: true }),
    stack: error instanceof Error ? (error.stack ?? '') : '',
  };
}

/** Where `secret` shows in `error`: its renderings and its object graph. Empty when it never does. */
export function secretIn(error: unknown, secret: string): string[] {
  const rendered = Object.entries(renderings(error))
    .filter(([, text]) => text.includes(secret))
    .map(([how]) => how);
  return [...rendered, ...leaksOf(error, secret)];
}

/** A logger that keeps every line, with its level. */
export function captureLogger() {
  const lines: { level: 'error' | 'warn' | 'info' | 'debug'; message: string }[] = [];
  const at = (level: 'error' | 'warn' | 'info' | 'debug') => (message: string) => void lines.push({ level, message });
  return { lines, logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } };
}
