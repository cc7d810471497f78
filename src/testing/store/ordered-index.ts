/**
 * Cursor pagination of the mock (docs/contract.md §4), shared by every list route, over
 * {@link OrderedIndex}: a page costs what it returns (plus the items its filters skip), never a
 * pass over the whole list, so a `for await` over a month of documents stays linear.
 *
 * @module
 */
import type { ListEnvelope } from '../../core/pagination.js';
import { MockAPIError } from '../middleware/problem.js';

const encodeCursor = (id: string) => `cur_${Buffer.from(id, 'utf8').toString('base64url')}`;
const decodeCursor = (cursor: string) => (cursor.startsWith('cur_') ? Buffer.from(cursor.slice(4), 'base64url').toString('utf8') : undefined);

/** Objects in the order they were added (oldest first), found by `id` in constant time. */
export class OrderedIndex<T extends { id: string }> {
  /** Every object added, oldest first; a removed one leaves a hole so that positions hold. */
  #items: (T | undefined)[] = [];
  readonly #positions = new Map<string, number>();
  /**
   * The positions of removed objects: a page's cursor names its last object, and a walk that
   * deletes as it goes (a clean-up loop) must still page on from it (docs/contract.md §4: a
   * cursor a page gave stays one of the list's).
   */
  readonly #removed = new Map<string, number>();

  /** How many objects it holds. */
  get size(): number {
    return this.#positions.size;
  }

  /** Forgets every object. */
  clear(): void {
    this.#items = [];
    this.#positions.clear();
    this.#removed.clear();
  }

  /** Adds `item` as the newest. */
  add(item: T): void {
    this.#positions.set(item.id, this.#items.length);
    this.#items.push(item);
  }

  /** The object with `id`; `undefined` when unknown. */
  get(id: string): T | undefined {
    const position = this.#positions.get(id);
    return position === undefined ? undefined : this.#items[position];
  }

  /** Puts `item` in the place of the object with the same `id` (which must be held). */
  replace(item: T): void {
    const position = this.#positions.get(item.id);
    if (position !== undefined) this.#items[position] = item;
  }

  /** Removes the object with `id`; `false` when unknown. */
  delete(id: string): boolean {
    const position = this.#positions.get(id);
    if (position === undefined) return false;
    this.#items[position] = undefined;
    this.#positions.delete(id);
    this.#removed.set(id, position);
    return true;
  }

  /** Every object, oldest first. */
  *values(): IterableIterator<T> {
    for (const item of this.#items) if (item !== undefined) yield item;
  }

  /**
   * The page of objects that pass `filter`, newest first, that starts after `cursor`, each as
   * `present` answers it. Walks back from the cursor's object: `filter` sees the page's objects,
   * those it skips on the way, and the objects up to the next match (to tell `hasMore`).
   * A cursor of no object held or removed is a 422 `validation_error`.
   */
  page<R>(limit: number, cursor: string | undefined, filter: (item: T) => boolean, present: (item: T) => R): ListEnvelope<R> {
    let position = this.#items.length - 1;
    if (cursor !== undefined) {
      const id = decodeCursor(cursor) ?? '';
      const after = this.#positions.get(id) ?? this.#removed.get(id);
      if (after === undefined) {
        throw new MockAPIError(422, 'validation_error', 'cursor: is not a cursor of this list', [
          { path: 'cursor', code: 'invalid_value', message: 'is not a cursor of this list' },
        ]);
      }
      position = after - 1;
    }
    const page: T[] = [];
    let hasMore = false;
    for (; position >= 0; position--) {
      const item = this.#items[position];
      if (item === undefined || !filter(item)) continue;
      if (page.length === limit) {
        hasMore = true;
        break;
      }
      page.push(item);
    }
    const last = page[page.length - 1];
    return { object: 'list', data: page.map(present), hasMore, nextCursor: hasMore && last ? encodeCursor(last.id) : null };
  }
}
