import { limaDate } from '../sunat/lima-date.js';

/** A filter {@link stringifyQuery} cannot send: its key, and why. */
export interface UnsendableFilter {
  readonly key: string;
  readonly problem: string;
}

/**
 * Serialises filters to a query string (with its `?`, or empty): `undefined` and `null` are
 * dropped, arrays repeat the key (`status=a&status=b`), a `Date` becomes its calendar day in
 * America/Lima (`YYYY-MM-DD`). A nested object or an invalid `Date` is the first filter it cannot
 * send, for the caller to refuse, never sent as `[object Object]` or thrown as a `RangeError`.
 */
export function stringifyQuery(query: object | undefined): string | UnsendableFilter {
  if (!query) return '';
  const params = new URLSearchParams();
  let unsendable: UnsendableFilter | undefined;
  const append = (key: string, value: unknown): void => {
    if (value === undefined || value === null || unsendable) return;
    if (Array.isArray(value)) return value.forEach((v) => append(key, v));
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) unsendable = { key, problem: 'is an invalid Date' };
      else params.append(key, limaDate(value));
      return;
    }
    if (typeof value === 'object') unsendable = { key, problem: 'must be a string, number, boolean, Date or an array of them' };
    else params.append(key, String(value));
  };
  for (const [key, value] of Object.entries(query)) append(key, value);
  if (unsendable) return unsendable;
  const text = params.toString();
  return text ? `?${text}` : '';
}
