import type * as z from 'zod/mini';
import type { listEnvelope } from '../models/shared.js';
import { APIPromise, type WithResponse } from './api-promise.js';
import { YupanaError } from './errors.js';

/**
 * The wire envelope of a list endpoint: one page of items, newest first. The client reads
 * answers as this type, the mock answers it, and `listEnvelope` in the models is its zod schema
 * (for `openapi.json`), checked against it below.
 */
export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  /** Whether another page follows this one. */
  hasMore: boolean;
  /** The cursor of the next page; `null` on the last page. */
  nextCursor: string | null;
}

// Compiles only while `listEnvelope(item)` parses to a `ListEnvelope` of the item's type and back
// (the loose object's index signature aside): the schema cannot drift from the type.
type KnownKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
type Parsed<Item> = KnownKeys<z.output<ReturnType<typeof listEnvelope<z.ZodMiniType<Item>>>>>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
// biome-ignore lint/correctness/noUnusedVariables: a compile-time check, read by the compiler only
type SchemaMatches = Assert<Same<Parsed<{ id: string }>, ListEnvelope<{ id: string }>>>;

/** Fetches the page that starts at `cursor`. */
export type PageFetcher<T> = (cursor: string) => APIPromise<Page<T>>;

/**
 * One page of a list. `for await` over a page walks its items and every following page's.
 */
export class Page<T> implements AsyncIterable<T> {
  /** The items of this page, newest first. */
  readonly data: T[];
  /** Whether the server says another page follows. */
  readonly hasMore: boolean;
  /** The cursor of the next page, `null` on the last one. */
  readonly nextCursor: string | null;
  readonly #fetch: PageFetcher<T>;

  /** @internal */
  constructor(envelope: ListEnvelope<T>, fetch: PageFetcher<T>) {
    this.data = envelope.data;
    this.hasMore = envelope.hasMore;
    this.nextCursor = envelope.nextCursor;
    this.#fetch = fetch;
  }

  /** Whether {@link getNextPage} has a page to fetch. An empty page may still have a next one. */
  hasNextPage(): boolean {
    return this.hasMore === true && typeof this.nextCursor === 'string' && this.nextCursor !== '';
  }

  /** Fetches the next page; rejects with a `YupanaError` on the last page (check {@link hasNextPage}). */
  getNextPage(): APIPromise<Page<T>> {
    if (!this.hasNextPage()) return new APIPromise(Promise.reject(new YupanaError('No next page: check hasNextPage() first.')));
    return this.#fetch(this.nextCursor as string);
  }

  /** Walks every item of this page and of every page after it, fetching pages as needed. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    let page: Page<T> = this;
    for (;;) {
      yield* page.data;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
    }
  }
}

/**
 * @internal The cursors a chain of pages was fetched with, first to last: a page that hands one
 * of them out again makes the chain a cycle (A → B → A). Only the chain's own cursors count: a
 * second walk of one list, or a second `getNextPage()` of one page, starts a trail of its own
 * (copied from the shared part), so a cursor met again on another walk, at another depth once
 * items were deleted, is no cycle. A trail grows in place while no other shares its end, so a
 * page costs constant time.
 */
export class CursorTrail {
  readonly #cursors: string[];
  /** The index of each cursor in `#cursors` (a map, so that `has` is constant time). */
  readonly #index: Map<string, number>;
  /** How many of `#cursors` are this trail's; the others belong to a longer trail sharing the array. */
  readonly #length: number;

  constructor(cursors: string[] = [], index = new Map<string, number>(), length = 0) {
    this.#cursors = cursors;
    this.#index = index;
    this.#length = length;
  }

  /**
   * Whether one of this chain's pages was fetched with `cursor`. Asked of a trail before any page
   * after its own is fetched, so its array then holds its cursors only.
   */
  has(cursor: string): boolean {
    return this.#index.has(cursor);
  }

  /** The trail of the page fetched with `cursor` after this chain's last. */
  then(cursor: string): CursorTrail {
    if (this.#cursors.length > this.#length) {
      const own = this.#cursors.slice(0, this.#length);
      return new CursorTrail(own, new Map(own.map((item, at) => [item, at])), this.#length).then(cursor);
    }
    this.#cursors.push(cursor);
    this.#index.set(cursor, this.#length);
    return new CursorTrail(this.#cursors, this.#index, this.#length + 1);
  }
}

/**
 * What `list()` returns: `await` it for the first {@link Page}, or `for await` over it for
 * every item of every page.
 *
 * ```ts
 * for await (const doc of client.documents.list({ status: 'accepted' })) console.log(doc.fullNumber);
 * const recent = await client.documents.list().toArray({ limit: 200 });
 * ```
 */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  /** @internal */
  constructor(first: Promise<WithResponse<Page<T>>>) {
    super(first);
  }

  /** Walks every item of every page, fetching pages as needed. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    yield* await this;
  }

  /**
   * Collects items across pages, stopping after `limit` of them (required, so that a large
   * account never loads whole into memory by accident).
   */
  async toArray({ limit }: { limit: number }): Promise<T[]> {
    if (!Number.isInteger(limit) || limit < 1) throw new YupanaError('toArray({ limit }) needs a whole number ≥ 1.');
    const items: T[] = [];
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}
