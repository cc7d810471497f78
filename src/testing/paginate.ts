/**
 * Cursor pagination of the mock (contract section 4), shared by every list route.
 *
 * @module
 */
import type { ListEnvelope } from '../core/pagination.js';
import { MockAPIError } from './problem.js';

const encodeCursor = (id: string) => `cur_${Buffer.from(id, 'utf8').toString('base64url')}`;
const decodeCursor = (cursor: string) =>
  cursor.startsWith('cur_') ? Buffer.from(cursor.slice(4), 'base64url').toString('utf8') : undefined;

/**
 * The page of `items` (already filtered, newest first) that starts after `cursor`, as copies.
 * An unknown cursor is a 422 `validation_error`.
 */
export function paginate<T extends { id: string }>(items: readonly T[], limit: number, cursor: string | undefined): ListEnvelope<T> {
  let start = 0;
  if (cursor !== undefined) {
    const afterId = decodeCursor(cursor);
    const index = items.findIndex((item) => item.id === afterId);
    if (index < 0) {
      throw new MockAPIError(422, 'validation_error', 'cursor: is not a cursor of this list', [
        { path: 'cursor', code: 'invalid_value', message: 'is not a cursor of this list' },
      ]);
    }
    start = index + 1;
  }
  const data = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  const last = data[data.length - 1];
  return {
    object: 'list',
    data: data.map((item) => structuredClone(item)),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(last.id) : null,
  };
}
