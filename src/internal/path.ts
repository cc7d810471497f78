import { ValidationError } from '../core/errors.js';
import type { Operation } from '../core/operation.js';
import { validate } from './validate.js';

/** A lone surrogate (`'\uD800'`): it has no UTF-8 form, so encodeURIComponent would throw a URIError. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of `operation` with its `{parameters}` filled from `params`: each checked with its
 * schema when the operation declares one, then percent-encoded, so an id holding `/`, `?`, `#`,
 * a space or `..` can never change which endpoint is called. Empty, `.` and `..` values are
 * refused with a {@link ValidationError}.
 */
export function fillPath(operation: Operation, params: Readonly<Record<string, unknown>>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = operation.params?.[name];
    const value = schema ? validate(schema, params[name], `${operation.name} ${name}`) : params[name];
    if (typeof value !== 'string' || value === '' || value === '.' || value === '..' || LONE_SURROGATE.test(value)) {
      throw new ValidationError('path parameter', [{ path: '', message: `${JSON.stringify(value)} is not a valid identifier` }]);
    }
    return encodeURIComponent(value);
  });
}
