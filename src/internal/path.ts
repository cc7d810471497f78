/** A lone surrogate (`'\uD800'`): it has no UTF-8 form, so encodeURIComponent would throw a URIError. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A `{parameter}` value {@link fillPath} cannot put in a path: not a string, empty, `.`, `..` or a lone surrogate. */
export interface InvalidParam {
  readonly invalid: unknown;
}

/**
 * The path template `path` with its `{parameters}` filled from `params` (those with a schema are
 * checked against it first, by the caller), each percent-encoded, so an id holding `/`, `?`, `#`,
 * a space or `..` can never change which endpoint is called; or the first value that cannot be
 * a path segment (empty, `.`, `..`, not a string), for the caller to refuse.
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>): string | InvalidParam {
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    const value = params[name!];
    if (typeof value !== 'string' || value === '' || value === '.' || value === '..' || LONE_SURROGATE.test(value)) return { invalid: value };
  }
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] as string));
}
