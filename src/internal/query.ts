import { ValidationError } from '../core/errors.js';
import { limaDate } from './dates.js';

/**
 * Serialises filters to a query string (with its `?`, or empty): `undefined` and `null` are
 * dropped, arrays repeat the key (`status=a&status=b`), a `Date` becomes its calendar day in
 * America/Lima (`YYYY-MM-DD`). A nested object or an invalid `Date` is refused, never sent as
 * `[object Object]` or thrown as a `RangeError`.
 */
export function stringifyQuery(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const append = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) return value.forEach((v) => append(key, v));
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) throw new ValidationError('query', [{ path: key, message: 'is an invalid Date' }]);
      return params.append(key, limaDate(value));
    }
    if (typeof value === 'object') {
      throw new ValidationError('query', [{ path: key, message: 'must be a string, number, boolean, Date or an array of them' }]);
    }
    params.append(key, String(value));
  };
  for (const [key, value] of Object.entries(query)) append(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
