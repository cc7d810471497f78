/**
 * `Collection`: the in-memory objects of one resource of the mock (customers, products...),
 * oldest first, with the contract's retrieve, update, list and delete semantics.
 *
 * @module
 */
import type { ListEnvelope } from '../core/pagination.js';
import type { DeletedObject } from '../models/shared.js';
import { paginate } from './paginate.js';
import { MockAPIError } from './problem.js';
import { isoNow } from './state.js';

/** What every stored object has. */
export interface StoredObject {
  id: string;
  object: string;
}

/** Fields no PATCH may change. */
const READ_ONLY = ['id', 'object', 'createdAt', 'updatedAt'];

/** The objects of one resource. */
export class Collection<T extends StoredObject> {
  #items: T[] = [];

  /**
   * @param noun What a 404 calls an object, e.g. `customer`.
   * @param present How an object is answered (e.g. with computed fields). Default: as stored.
   */
  constructor(
    private readonly noun: string,
    private readonly present: (item: T) => T = (item) => item,
  ) {}

  /** Forgets every object. */
  reset(): void {
    this.#items = [];
  }

  /** Copies of every object as answered, oldest first. */
  all(): T[] {
    return this.#items.map((item) => this.#answer(item));
  }

  /** Stores a new object and answers it. */
  insert(item: T): T {
    this.#items.push(structuredClone(item));
    return this.#answer(item);
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
    this.#items = this.#items.filter((other) => other !== item);
    return { id: item.id, object: item.object, deleted: true };
  }

  /** One page of the objects that pass `filter`, newest first. */
  list(limit: number, cursor: string | undefined, filter: (item: T) => boolean = () => true): ListEnvelope<T> {
    return paginate(this.#items.filter(filter).reverse().map(this.present), limit, cursor);
  }

  #find(id: string): T {
    const item = this.#items.find((other) => other.id === id);
    if (!item) throw new MockAPIError(404, 'not_found', `No ${this.noun} with id '${id}'`);
    return item;
  }

  #answer(item: T): T {
    return structuredClone(this.present(item));
  }
}
