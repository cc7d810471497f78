/**
 * The JSON answers of the routes: an object, or a page of a collection.
 *
 * @module
 */
import type { ListEnvelope } from '../../core/pagination.js';
import type { ListParams } from '../../models/shared.js';
import type { Collection } from '../store/collection.js';

const encoder = new TextEncoder();

/**
 * The bytes of `body` as JSON. A list is encoded item by item, never as one string: a page of
 * 100 documents would be a string of some 300 KB, which V8 keeps in its large-object space until
 * a full collection, so that listing a month of documents would be paced by collections of the
 * whole heap.
 */
function jsonBytes(body: unknown): Uint8Array<ArrayBuffer> {
  const list = body as Partial<ListEnvelope<unknown>> | null;
  if (list === null || typeof list !== 'object' || list.object !== 'list' || !Array.isArray(list.data)) return encoder.encode(JSON.stringify(body));
  const { data, ...envelope } = list;
  const parts = [encoder.encode(`${JSON.stringify(envelope).slice(0, -1)},"data":[`)];
  data.forEach((item, i) => parts.push(encoder.encode(`${i === 0 ? '' : ','}${JSON.stringify(item)}`)));
  parts.push(encoder.encode(']}'));
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** A JSON response. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(jsonBytes(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A 200 with `body`. */
export const ok = (body: unknown) => jsonResponse(200, body);

/** A 200 with the page of `collection` that `limit` (25 by default) and `cursor` ask for, of the objects that pass `filter`. */
export const listed = <T extends { id: string; object: string }>(collection: Collection<T>, { limit, cursor }: ListParams, filter?: (item: T) => boolean) =>
  ok(collection.list(limit ?? 25, cursor, filter));
