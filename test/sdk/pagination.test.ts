import { describe, expect, it } from 'vitest';
import { APIError, Page, YupanaError } from '../../src/index.js';
import { API_KEY, documentFixture, json, makeClient, respond } from '../helpers.js';

const doc = (n: number) => documentFixture({ id: `doc_${n}`, number: n, fullNumber: `F001-${n}` });

/** Three pages: [3, 2], [] (empty, but with a cursor), [1]. */
function threePages() {
  return respond(
    'get',
    '/v1/documents',
    ...[
      json({ object: 'list', data: [doc(3), doc(2)], hasMore: true, nextCursor: 'cur_a' }),
      json({ object: 'list', data: [], hasMore: true, nextCursor: 'cur_b' }),
      json({ object: 'list', data: [doc(1)], hasMore: false, nextCursor: null }),
    ],
  );
}

describe('pagination', () => {
  it('for await walks every item of every page, past an empty middle page, passing filters and cursors on', async () => {
    const seen = threePages();
    const ids: string[] = [];
    for await (const d of makeClient().documents.list({ status: 'accepted', limit: 2 })) ids.push(d.id);
    expect(ids).toEqual(['doc_3', 'doc_2', 'doc_1']);
    expect(seen.map((s) => s.url.search)).toEqual(['?status=accepted&limit=2', '?status=accepted&limit=2&cursor=cur_a', '?status=accepted&limit=2&cursor=cur_b']);
  });

  it('await gives the first page; getNextPage walks on; at the end there is no next page', async () => {
    threePages();
    const first = await makeClient().documents.list();
    expect(first).toBeInstanceOf(Page);
    expect(first.data.map((d) => d.id)).toEqual(['doc_3', 'doc_2']);
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toBe('cur_a');
    const second = await first.getNextPage();
    expect(second.data).toEqual([]);
    expect(second.hasNextPage()).toBe(true);
    const last = await second.getNextPage();
    expect(last.data.map((d) => d.id)).toEqual(['doc_1']);
    expect(last.hasNextPage()).toBe(false);
    await expect(last.getNextPage()).rejects.toThrow(YupanaError);
  });

  it('toArray({ limit }) stops fetching once it has enough', async () => {
    const seen = threePages();
    const docs = await makeClient().documents.list().toArray({ limit: 2 });
    expect(docs.map((d) => d.id)).toEqual(['doc_3', 'doc_2']);
    expect(seen).toHaveLength(1);
  });

  it('toArray({ limit }) collects across pages and stops at the last', async () => {
    threePages();
    expect((await makeClient().documents.list().toArray({ limit: 10 })).map((d) => d.id)).toEqual(['doc_3', 'doc_2', 'doc_1']);
  });

  it('toArray needs a positive whole limit', async () => {
    threePages();
    await expect(makeClient().documents.list().toArray({ limit: 0 })).rejects.toThrow(/limit/);
  });

  it('for await over a page continues with the pages after it', async () => {
    threePages();
    const first = await makeClient().documents.list();
    const ids: string[] = [];
    for await (const d of first) ids.push(d.id);
    expect(ids).toEqual(['doc_3', 'doc_2', 'doc_1']);
  });

  it('withResponse on a list gives the first page and its response', async () => {
    threePages();
    const { data, response } = await makeClient().documents.list().withResponse();
    expect(data.data).toHaveLength(2);
    expect(response.status).toBe(200);
  });

  it.each([
    ['an object without data', { unexpected: true }],
    ['null', null],
    ['an array', []],
  ])('a 200 whose body is %s is an APIError keeping it, not a TypeError in for await', async (_, body) => {
    const seen = respond('get', '/v1/documents', json(body));
    const error = (await makeClient()
      .documents.list()
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(error.status).toBe(200);
    expect(error.body).toBe(JSON.stringify(body));
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['no cursor', { hasMore: true, nextCursor: null }],
    ['an empty cursor', { hasMore: true, nextCursor: '' }],
    ['a missing cursor', { hasMore: true }],
  ])('a page that says more follow but gives %s is an APIError, never an endless loop', async (_, envelope) => {
    const seen = respond('get', '/v1/documents', json({ object: 'list', data: [doc(1)], ...envelope }));
    const error = await (async () => {
      for await (const d of makeClient().documents.list()) void d;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(seen).toHaveLength(1);
  });

  it('a page that repeats the cursor it was fetched with is an APIError, never an endless loop', async () => {
    const seen = respond(
      'get',
      '/v1/documents',
      ...[json({ object: 'list', data: [doc(2)], hasMore: true, nextCursor: 'cur_a' }), json({ object: 'list', data: [doc(1)], hasMore: true, nextCursor: 'cur_a' })],
    );
    const ids: string[] = [];
    const error = await (async () => {
      for await (const d of makeClient().documents.list()) ids.push(d.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(ids).toEqual(['doc_2']);
    expect(seen).toHaveLength(2);
  });

  it('an API key echoed back in a page that is not a page is redacted from the error', async () => {
    respond('get', '/v1/documents', json({ echo: `Bearer ${API_KEY}` }, 200, { 'x-echo': API_KEY }));
    const error = (await makeClient()
      .documents.list()
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(JSON.stringify(error.body)).not.toContain(API_KEY);
    expect(error.message).not.toContain(API_KEY);
    expect(error.headers.get('x-echo')).toBe('[redacted]');
  });
});
