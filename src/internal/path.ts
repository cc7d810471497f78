import { ValidationError } from '../core/errors.js';

/** A lone surrogate (`'\uD800'`): it has no UTF-8 form, so encodeURIComponent would throw a URIError. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path template `path` with its `{parameters}` filled from `params` (those with a schema are
 * checked against it first, by the caller), each percent-encoded, so an id holding `/`, `?`, `#`,
 * a space or `..` can never change which endpoint is called. Empty, `.` and `..` values are
 * refused with a {@link ValidationError}.
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value === '' || value === '.' || value === '..' || LONE_SURROGATE.test(value)) {
      throw new ValidationError('path parameter', [{ path: '', message: `${JSON.stringify(value)} is not a valid identifier` }]);
    }
    return encodeURIComponent(value);
  });
}
