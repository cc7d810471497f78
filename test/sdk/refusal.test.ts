/**
 * zod judges every body, query and path parameter a resource method sends (the declaration's
 * zod/mini schema): a valid one is sent as given, and a refused one rejects the call's promise
 * with a ValidationError in zod's words, path by path, and nothing is sent.
 */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { documentFixture, makeClient, respond, validCreate } from '../helpers.js';

const failure = (call: PromiseLike<unknown>) =>
  Promise.resolve(call).then(
    () => undefined,
    (error: unknown) => error as ValidationError,
  );

describe('the refusal', () => {
  it('lets a valid body, query and path parameter go, each sent as given', async () => {
    const created = respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 }));
    const listed = respond('get', '/v1/customers', () => HttpResponse.json({ object: 'list', data: [], hasMore: false, nextCursor: null }));
    const looked = respond('get', '/v1/lookups/ruc/20131312955', () => HttpResponse.json({ ruc: '20131312955', name: 'SUNAT', status: 'ACTIVO', condition: 'HABIDO' }));
    const client = makeClient();
    await client.documents.create(validCreate());
    await client.customers.list({ limit: 10 });
    await client.lookups.ruc('20131312955');
    expect([created.length, listed.length, looked.length]).toEqual([1, 1, 1]);
    expect(JSON.parse(created[0]!.body)).toEqual(validCreate());
    expect(listed[0]!.url.search).toBe('?limit=10');
  });

  it('words each value zod refuses with zod’s issues, as a rejection, and nothing is sent', async () => {
    const sent = [
      respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 })),
      respond('get', '/v1/customers', () => HttpResponse.json({ object: 'list', data: [], hasMore: false, nextCursor: null })),
      respond('get', '/v1/lookups/ruc/2013131295', () => HttpResponse.json({})),
    ];
    const client = makeClient();
    const body = await failure(client.documents.create({ ...validCreate(), series: 'f001' }));
    const query = await failure(client.customers.list({ limit: 0 }));
    const param = await failure(client.lookups.ruc('2013131295'));
    expect(sent.map((requests) => requests.length)).toEqual([0, 0, 0]);
    expect([body, query, param].map((error) => [error?.constructor, error?.message])).toEqual([
      [ValidationError, expect.stringContaining('documents.create body')],
      [ValidationError, expect.stringContaining('customers.list params')],
      [ValidationError, expect.stringContaining('lookups.ruc number')],
    ]);
    expect(body!.issues).toEqual([{ path: 'series', code: 'invalid_format', message: 'must be an uppercase letter followed by three digits, e.g. F001' }]);
    expect(query!.issues).toEqual([{ path: 'limit', code: 'too_small', message: 'must be at least 1' }]);
    expect(param!.issues).toEqual([{ path: '', code: 'invalid_format', message: 'a RUC must be 11 digits' }]);
  });

  it('leaves an id without a schema to the path, which refuses one that is no string', async () => {
    const error = await failure(makeClient().documents.retrieve(123 as unknown as string));
    expect(error).toBeInstanceOf(ValidationError);
    expect([error!.message, error!.issues]).toEqual([expect.stringContaining('path parameter'), [{ path: '', message: '123 is not a valid identifier' }]]);
  });
});
