/**
 * A valid call is judged by the compiled checks alone: zod and the declarations (the refusal,
 * `src/internal/refuse.ts`) load only for a value a check refuses, which then rejects with zod's
 * words. Pinned by watching the refusal module: a bundle that loaded zod for every call would
 * send the same requests, only later and heavier.
 */
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { documentFixture, makeClient, respond, validCreate } from '../helpers.js';

const refusals = vi.hoisted(() => [] as string[]);
/** How many times the refusal module was loaded: its factory runs on the first import only. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/internal/refuse.js', async (importOriginal) => {
  loads.count++;
  const real = await importOriginal<typeof import('../../src/internal/refuse.js')>();
  return {
    ...real,
    refuse: (...args: Parameters<typeof real.refuse>) => {
      refusals.push(`${args[0]} ${args[1].part === 'params' ? args[1].name : args[1].part}`);
      return real.refuse(...args);
    },
  };
});

beforeEach(() => {
  refusals.length = 0;
});

const failure = (call: PromiseLike<unknown>) =>
  Promise.resolve(call).then(
    () => undefined,
    (error: unknown) => error as ValidationError,
  );

describe('the refusal', () => {
  it('is not loaded for a valid body, query or path parameter: each is sent', async () => {
    const created = respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 }));
    const listed = respond('get', '/v1/customers', () => HttpResponse.json({ object: 'list', data: [], hasMore: false, nextCursor: null }));
    const looked = respond('get', '/v1/lookups/ruc/20131312955', () => HttpResponse.json({ ruc: '20131312955', name: 'SUNAT', status: 'ACTIVO', condition: 'HABIDO' }));
    const client = makeClient();
    await client.documents.create(validCreate());
    await client.customers.list({ limit: 10 });
    await client.lookups.ruc('20131312955');
    expect([created.length, listed.length, looked.length]).toEqual([1, 1, 1]);
    expect([loads.count, refusals]).toEqual([0, []]);
  });

  it('words each value a check refuses with zod’s issues, and nothing is sent', async () => {
    const client = makeClient();
    const body = await failure(client.documents.create({ ...validCreate(), series: 'f001' }));
    const query = await failure(client.customers.list({ limit: 0 }));
    const param = await failure(client.lookups.ruc('2013131295'));
    expect(refusals).toEqual(['documents.create body', 'customers.list query', 'lookups.ruc number']);
    expect(loads.count).toBe(1);
    expect([body, query, param].map((error) => [error?.constructor, error?.message])).toEqual([
      [ValidationError, expect.stringContaining('documents.create body')],
      [ValidationError, expect.stringContaining('customers.list params')],
      [ValidationError, expect.stringContaining('lookups.ruc number')],
    ]);
    expect(body!.issues).toEqual([{ path: 'series', code: 'invalid_format', message: 'must be an uppercase letter followed by three digits, e.g. F001' }]);
    expect(query!.issues).toEqual([{ path: 'limit', code: 'too_small', message: 'must be at least 1' }]);
    expect(param!.issues).toEqual([{ path: '', code: 'invalid_format', message: 'a RUC must be 11 digits' }]);
  });

  it('is not what refuses an id that is no string: the path says so itself', async () => {
    const error = await failure(makeClient().documents.retrieve(123 as unknown as string));
    expect(error).toBeInstanceOf(ValidationError);
    expect([error!.message, error!.issues]).toEqual([expect.stringContaining('path parameter'), [{ path: '', message: '123 is not a valid identifier' }]]);
    expect(refusals).toEqual([]);
  });
});
