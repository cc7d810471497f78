/**
 * Parts of documents kept once for every document that has them.
 *
 * @module
 */

/** How many distinct parts {@link SharedParts} keeps before it starts afresh. */
const MAX_SHARED_PARTS = 20_000;

/**
 * Equal parts of documents kept once (never changed once kept): the customer, each line, the
 * totals and the legends of a month of boletas repeat (the same shelf products, varios, the same
 * amounts), so a document refers to the part an earlier one already holds instead of a copy of
 * its own. Keyed by their JSON text; bounded (past {@link MAX_SHARED_PARTS} it starts afresh:
 * parts already kept stay where they are).
 */
export class SharedParts {
  readonly #parts = new Map<string, unknown>();

  /** `part`, or the equal part kept earlier under the same `kind`. */
  of<T>(kind: string, part: T): T {
    const key = `${kind}:${JSON.stringify(part)}`;
    const kept = this.#parts.get(key);
    if (kept !== undefined) return kept as T;
    if (this.#parts.size >= MAX_SHARED_PARTS) this.#parts.clear();
    this.#parts.set(key, part);
    return part;
  }
}
