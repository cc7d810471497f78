import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type Page, ValidationError } from '../../src/index.js';
import { API_KEY, makeClient, SANDBOX, type Seen } from '../helpers.js';
import { server } from '../msw.js';
import { OPERATIONS, type OperationCase, sdkMethods } from '../operations.js';

const ID = 'obj_8KqL1s';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const WITH_ID = OPERATIONS.filter((op) => op.path.includes('{id}'));
const LISTS = OPERATIONS.filter((op) => op.list);

const page = (data: unknown[], nextCursor: string | null) => ({ object: 'list', data, hasMore: nextCursor !== null, nextCursor });

/** The answer of `op` on the wire: JSON, a page of it, XML text or PDF bytes. */
function answer(op: OperationCase, body: unknown = op.list ? page([op.response], null) : op.response): Response {
  const headers = { 'request-id': 'req_wire' };
  if (body instanceof Uint8Array) return new HttpResponse(body, { headers: { ...headers, 'content-type': 'application/pdf' } });
  if (typeof body === 'string') return new HttpResponse(body, { headers: { ...headers, 'content-type': 'application/xml' } });
  return HttpResponse.json(body as Record<string, unknown>, { status: op.status ?? 200, headers });
}

/** Records every request to the sandbox and answers each with the next of `answers` (the last repeats). */
function record(...answers: (() => Response)[]): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${SANDBOX}/*`, async ({ request }) => {
      seen.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
      return answers[Math.min(seen.length - 1, answers.length - 1)]!();
    }),
  );
  return seen;
}

/** A query string as `{ key: value }`, repeated keys as arrays. */
function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  return query;
}

describe('every operation on the wire', () => {
  it('the table has one row per SDK method, and no row for a method that does not exist', () => {
    expect(OPERATIONS.map((op) => op.sdk).sort()).toEqual(sdkMethods(makeClient()).sort());
  });

  it.each(OPERATIONS.filter((op) => op.schema))('$sdk: the fixture satisfies its model', (op) => {
    expect(op.schema!.safeParse(op.response).success).toBe(true);
  });

  it.each(OPERATIONS)('$sdk: $method $path', async (op) => {
    const seen = record(() => answer(op));
    const result = await op.call(makeClient(), ID);

    expect(seen).toHaveLength(1);
    const [request] = seen as [Seen];
    expect(request.method).toBe(op.method);
    expect(request.url.origin).toBe(SANDBOX);
    expect(request.url.pathname).toBe(op.path.replace('{id}', ID));
    expect(queryOf(request.url)).toEqual(op.query ?? {});
    expect(request.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(request.headers.get('accept')).toBe(op.accept ?? 'application/json, application/problem+json');
    expect(request.headers.get('content-type')).toBe(op.body === undefined ? null : 'application/json');
    if (op.method === 'POST') expect(request.headers.get('idempotency-key')).toMatch(UUID);
    else expect(request.headers.get('idempotency-key')).toBeNull();
    expect(request.body === '' ? undefined : JSON.parse(request.body)).toEqual(op.body);

    if (op.list) expect((result as Page<unknown>).data).toEqual([op.response]);
    else expect(result).toEqual(op.response);
  });
});

describe('auto-pagination', () => {
  it.each(LISTS)('$sdk walks every page, keeping its filters and passing the cursor on', async (op) => {
    const item = (id: string) => ({ ...(op.response as object), id });
    const seen = record(
      () => answer(op, page([item('a_3'), item('a_2')], 'cur_2')),
      () => answer(op, page([item('a_1')], null)),
    );
    const ids: string[] = [];
    for await (const each of op.call(makeClient(), ID) as unknown as AsyncIterable<{ id: string }>) ids.push(each.id);
    expect(ids).toEqual(['a_3', 'a_2', 'a_1']);
    expect(seen.map((s) => queryOf(s.url))).toEqual([op.query ?? {}, { ...op.query, cursor: 'cur_2' }]);
  });
});

describe('path parameters', () => {
  it.each(WITH_ID)('$sdk encodes the id, so it never changes the path', async (op) => {
    for (const id of ['a/b', '../admin', 'a b', 'x?y#z', '%2F', 'ñandú']) {
      const seen = record(() => answer(op));
      await op.call(makeClient(), id);
      expect(seen[0]!.url.pathname, id).toBe(op.path.replace('{id}', encodeURIComponent(id)));
      expect(queryOf(seen[0]!.url), id).toEqual(op.query ?? {});
      expect(seen[0]!.url.hash, id).toBe('');
    }
  });

  it.each(WITH_ID)('$sdk refuses an empty, `.` or `..` id before sending', async (op) => {
    const seen = record(() => answer(op));
    for (const id of ['', '.', '..']) await expect(op.call(makeClient(), id), JSON.stringify(id)).rejects.toThrow(ValidationError);
    expect(seen).toHaveLength(0);
  });
});

describe('query serialisation', () => {
  it('drops undefined, repeats arrays, sends a Date as its day in Lima', async () => {
    const events = OPERATIONS.find((op) => op.sdk === 'events.list')!;
    const seen = record(() => answer(events));
    await makeClient().events.list({ type: 'document.failed', documentId: undefined });
    await makeClient().events.list({ type: ['document.created', 'document.voided'] });
    await makeClient().auditLogs.list({ from: new Date('2026-01-01T04:59:59Z'), to: new Date('2026-01-01T05:00:00Z') });
    expect(seen.map((s) => s.url.search)).toEqual(['?type=document.failed', '?type=document.created&type=document.voided', '?from=2025-12-31&to=2026-01-01']);
  });

  it('refuses a nested object instead of sending [object Object]', async () => {
    const seen = record(() => new Response('{}'));
    await expect(makeClient().customers.list({ filter: { name: 'ACME' } } as never)).rejects.toThrow(/filter: must be a string/);
    expect(seen).toHaveLength(0);
  });
});

describe('local validation of the new resources', () => {
  /** The issues of the ValidationError `call` throws, asserting nothing was sent. */
  async function issuesOf(call: () => PromiseLike<unknown>): Promise<string[]> {
    const seen = record(() => new Response('{}'));
    let error: unknown;
    try {
      await call();
    } catch (e) {
      error = e;
    }
    expect(seen).toHaveLength(0);
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map((i) => `${i.path}: ${i.message}`);
  }
  const client = makeClient();

  it.each([
    ['customers.create without a name', () => client.customers.create({ documentType: '6', documentNumber: '20131312955' } as never), 'name: is required'],
    [
      'customers.create with a short RUC',
      () => client.customers.create({ documentType: '6', documentNumber: '2013', name: 'A' }),
      'documentNumber: a RUC (documentType 6) must be 11 digits',
    ],
    [
      'customers.update to a DNI of 7 digits',
      () => client.customers.update('cus_1', { documentType: '1', documentNumber: '1234567' }),
      'documentNumber: a DNI (documentType 1) must be 8 digits',
    ],
    ['products.create with a negative price', () => client.products.create({ description: 'x', unitPrice: -1 }), 'unitPrice: must not be negative'],
    [
      'products.update with an IGV affectation of another shape',
      () => client.products.update('prod_1', { igvAffectation: 'A1' }),
      'igvAffectation: must be a catálogo 07 code such as 10 (gravado)',
    ],
    [
      'series.create with a bad series',
      () => client.series.create({ series: 'F01', documentType: '01' }),
      'series: must be an uppercase letter followed by three digits, e.g. F001',
    ],
    [
      'webhookEndpoints.create with plain http',
      () => client.webhookEndpoints.create({ url: 'http://acme.pe/hook' }),
      'url: must be an https:// URL (http:// only on localhost)',
    ],
    ['webhookEndpoints.update with no events', () => client.webhookEndpoints.update('we_1', { events: [] }), 'events: must have at least one event type'],
    [
      'apiKeys.create with a bad permission',
      () => client.apiKeys.create({ name: 'x', permissions: ['documents:delete'] }),
      'permissions.0: must be <resource>:read or <resource>:write, e.g. documents:write',
    ],
    ['lookups.ruc with 10 digits', () => client.lookups.ruc('2013131295'), ': a RUC must be 11 digits'],
    ['lookups.dni with letters', () => client.lookups.dni('4602789X'), ': a DNI must be 8 digits'],
    ['exchangeRates.retrieve with a day month year date', () => client.exchangeRates.retrieve('21/11/2026'), ': must be a date YYYY-MM-DD'],
    ['account.update with an empty name', () => client.account.update({ name: '' }), 'name: must not be empty'],
    ['auditLogs.list with a bad from date', () => client.auditLogs.list({ from: '2026-13' }), 'from: must be a date YYYY-MM-DD'],
  ])('%s is refused locally', async (_, call, expected) => {
    expect((await issuesOf(call)).some((issue) => issue.startsWith(expected))).toBe(true);
  });

  it('a partial update needs none of the required fields, and a loopback webhook URL is allowed', async () => {
    const seen = record(() => HttpResponse.json({ id: 'obj_1' }));
    await client.customers.update('cus_1', { documentNumber: '1234' });
    await client.webhookEndpoints.create({ url: 'http://localhost:3000/hook' });
    expect(seen).toHaveLength(2);
  });
});
