import { APIPromise, type WithResponse } from './api-promise.js';
import { YupanaError } from './errors.js';

/** The wire envelope of a list endpoint. */
export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

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
