/**
 * `Collection`: the in-memory objects of one resource of the mock (customers, products...),
 * oldest first, with the contract's retrieve, update, list and delete semantics.
 *
 * @module
 */
import type { ListEnvelope } from '../../core/pagination.js';
import type { DeletedObject } from '../../models/shared.js';
import { OrderedIndex } from './ordered-index.js';
import { MockAPIError } from '../middleware/problem.js';
import { isoNow } from './clock.js';

/** What every stored object has. */
export interface StoredObject {
  id: string;
  object: string;
}

/** Fields no PATCH may change. */
const READ_ONLY = ['id', 'object', 'createdAt', 'updatedAt'];

/**
 * The objects of one resource, kept as `S` and answered as `T`: most keep what they answer, the
 * events keep a compact form (see `EventStore`).
 */
export class Collection<S extends StoredObject, T extends StoredObject = S> {
  readonly #items = new OrderedIndex<S>();

  /**
   * @param noun What a 404 calls an object, e.g. `customer`.
   * @param present How an object is answered (e.g. with computed fields). Default: as stored.
   * @param keep What `insert` stores of an object. Default: a deep copy, so that the caller's
   * object can change without changing the stored one; an object nobody changes may be kept as given.
   */
  constructor(
    private readonly noun: string,
    private readonly present: (item: S) => T = (item) => item as unknown as T,
    private readonly keep: (item: S) => S = (item) => structuredClone(item),
  ) {}

  /** Forgets every object. */
  reset(): void {
    this.#items.clear();
  }

  /** Copies of every object as answered, oldest first. */
  all(): T[] {
    return Array.from(this.#items.values(), (item) => this.#answer(item));
  }

  /** Stores a new object and answers it. */
  insert(item: S): T {
    this.#items.add(this.keep(item));
    return this.#answer(item);
  }

  /** Stores a new object without answering it (an answer can cost a rendering: an event's document). */
  add(item: S): void {
    this.#items.add(this.keep(item));
  }

  /** One object as answered; `undefined` when unknown. */
  find(id: string): T | undefined {
    const item = this.#items.get(id);
    return item && this.#answer(item);
  }

  /** One object as answered; 404 `not_found` when unknown. */
  get(id: string): T {
    return this.#answer(this.#find(id));
  }

  /** Applies a partial PATCH (read-only fields are ignored) and answers the object. */
  update(id: string, patch: Record<string, unknown>, readOnly: readonly string[] = []): T {
    const item = this.#find(id);
    for (const [key, value] of Object.entries(patch)) {
      if (!READ_ONLY.includes(key) && !readOnly.includes(key) && value !== undefined) (item as Record<string, unknown>)[key] = value;
    }
    if ('updatedAt' in item) item.updatedAt = isoNow();
    return this.#answer(item);
  }

  /** Deletes an object; a second delete is a 404. */
  remove(id: string): DeletedObject {
    const item = this.#find(id);
    this.#items.delete(id);
    return { id: item.id, object: item.object, deleted: true };
  }

  /**
   * One page of the objects that pass `filter` (which sees them as stored), newest first. Only
   * the page's objects are answered; a page costs what it walks, not the whole collection.
   */
  list(limit: number, cursor: string | undefined, filter: (item: S) => boolean = () => true): ListEnvelope<T> {
    return this.#items.page(limit, cursor, filter, (item) => this.#answer(item));
  }

  #find(id: string): S {
    const item = this.#items.get(id);
    if (!item) throw new MockAPIError(404, 'not_found', `No ${this.noun} with id '${id}'`);
    return item;
  }

  #answer(item: S): T {
    return structuredClone(this.present(item));
  }
}
