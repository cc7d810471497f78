/**
 * A code looked up in a table by the table's own keys only: `toString`, `constructor` and
 * `__proto__` are no SUNAT codes, though every object literal answers to them. Every table of
 * `sunat/` keyed by a value from outside (a document type, an operation type, a series letter) is
 * read through here.
 *
 * @module
 */

/** `table[key]` when `key` is one of the table's own keys, else `undefined`. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
