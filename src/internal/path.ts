import { ValidationError } from '../core/errors.js';

/** A lone surrogate (`'\uD800'`): it has no UTF-8 form, so encodeURIComponent would throw a URIError. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Tags a path template and percent-encodes every interpolated parameter, so an id holding
 * `/`, `?`, `#`, a space or `..` can never change which endpoint is called:
 * `` path`/v1/documents/${id}` ``. Empty, `.` and `..` parameters are refused.
 */
export function path(strings: TemplateStringsArray, ...params: string[]): string {
  let result = strings[0] ?? '';
  params.forEach((param, i) => {
    if (typeof param !== 'string' || param === '' || param === '.' || param === '..' || LONE_SURROGATE.test(param)) {
      throw new ValidationError('path parameter', [{ path: '', message: `${JSON.stringify(param)} is not a valid identifier` }]);
    }
    result += encodeURIComponent(param) + (strings[i + 1] ?? '');
  });
  return result;
}
