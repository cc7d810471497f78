/**
 * The pipeline's details a user reads: what each refusal and each malformed answer says, what an
 * abort carries, how an error body that is JSON but no object is kept, the limits of the
 * `strictSunatChecks` rate, and that the volume and waiting helpers pass on what they are given.
 */
import { getEventListeners } from 'node:events';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { APIConnectionError, APIError, APIUserAbortError, ValidationError } from '../../src/index.js';
import { documentFixture, json, makeClient, respond, SANDBOX, validCreate } from '../helpers.js';
import { captureLogger } from '../leaks.js';
import { server } from '../msw.js';
import { answersWithId } from '../../src/core/operation.js';
import { Document } from '../../src/models/document.js';
import { RucLookup } from '../../src/models/lookup.js';
import { documentsOperations } from '../../src/operations/documents.js';

const failure = (call: PromiseLike<unknown>) =>
  Promise.resolve(call).then(
    () => undefined,
    (error: unknown) => error as Error,
  );

describe('what a malformed 2xx answer says', () => {
  it.each([
    ['a body that is not JSON', 'the body is not JSON', () => HttpResponse.text('<html>proxy</html>')],
    ['an empty body', 'the body is empty', () => new HttpResponse('', { status: 200 })],
  ])('%s: "%s"', async (_, why, answer) => {
    respond('get', '/v1/documents/doc_1', answer);
    const error = await failure(makeClient({ maxRetries: 0 }).documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(APIError);
    expect(error!.message).toBe(`200 malformed answer: ${why}`);
  });

  it('JSON of the wrong shape (an array where an object is due, a document without its id, a page without data) names what was due', async () => {
    respond('post', '/v1/documents/doc_1/email', () => HttpResponse.json([1, 2]));
    respond(
      'get',
      '/v1/documents/doc_1',
      () => HttpResponse.json([1, 2]),
      () => HttpResponse.json({ object: 'document', id: '' }),
    );
    respond('get', '/v1/documents', () => HttpResponse.json({ object: 'list', hasMore: false, nextCursor: null }));
    expect((await failure(makeClient().documents.email('doc_1', { to: ['pagos@acme.pe'] })))!.message).toBe('200 malformed answer: the body is not an object');
    expect((await failure(makeClient().documents.retrieve('doc_1')))!.message).toBe('200 malformed answer: the body is not an object with an id');
    expect((await failure(makeClient().documents.retrieve('doc_1')))!.message).toBe('200 malformed answer: the body is not an object with an id');
    expect((await failure(makeClient().documents.list()))!.message).toBe('200 malformed answer: the body is not a list page');
  });

  it('an operation answers objects with an id when every answer it declares has one: none declared (a file) or one without is not', () => {
    expect(answersWithId(documentsOperations.create)).toBe(true);
    expect(answersWithId(documentsOperations.xml)).toBe(false);
    expect(answersWithId({ name: 'things.mixed', method: 'GET', path: '/v1/things', responses: { 200: Document, 202: RucLookup } })).toBe(false);
    expect(answersWithId({ name: 'things.ruc', method: 'GET', path: '/v1/things', responses: { 200: RucLookup } })).toBe(false);
  });

  it('a create answered 200 {} (a proxy that forwarded it) is an APIError whose document may exist, for create and createMany alike; an answer declared without an id needs none', async () => {
    respond('post', '/v1/documents', () => HttpResponse.json({}));
    respond('post', '/v1/documents/doc_1/email', () => HttpResponse.json({ sent: true }));
    const client = makeClient({ maxRetries: 0 });
    const error = (await failure(client.documents.create(validCreate()))) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect([error.status, error.message]).toEqual([200, '200 malformed answer: the body is not an object with an id']);
    const results = [];
    for await (const result of client.documents.createMany([validCreate()])) results.push(result);
    expect(results).toEqual([expect.objectContaining({ index: 0, ok: false, error: expect.objectContaining({ status: 200 }) })]);
    expect(await client.documents.email('doc_1', { to: ['pagos@acme.pe'] })).toEqual({ sent: true });
  });
});

describe('error bodies that are JSON but not an object are kept as their raw text', () => {
  it.each([
    ['an array', '["boom"]'],
    ['null', 'null'],
    ['a string', '"boom"'],
  ])('%s', async (_, text) => {
    respond('get', '/v1/documents/doc_1', () => new HttpResponse(text, { status: 404, headers: { 'content-type': 'application/json' } }));
    const error = (await failure(makeClient().documents.retrieve('doc_1'))) as APIError;
    expect(error.status).toBe(404);
    expect(error.body).toBe(text);
    expect(error.errors).toEqual([]);
  });
});

describe('what a refused request says, with nothing sent', () => {
  it('a path that is not a string, even one that prints as a path', async () => {
    const seen = respond('all', '/v1/documents', json({}));
    const error = await failure(makeClient().request({ method: 'GET', path: ['/v1/documents'] as unknown as string }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error!.message).toBe('Invalid request: path: must start with a single "/", e.g. "/v1/documents"');
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['protocol-relative, which would take the key to another host', '//evil.example/v1/documents'],
    ['a backslash that a URL parser reads as a second slash', '/\\evil.example/v1/documents'],
    ['relative', 'v1/documents'],
    ['relative, with a slash further on', 'v1/documents/doc_1'],
    ['empty', ''],
  ])('a path that does not start with a single "/": %s', async (_, path) => {
    const seen = respond('all', '/v1/documents', json({}));
    const error = await failure(makeClient().request({ method: 'GET', path }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error!.message).toBe('Invalid request: path: must start with a single "/", e.g. "/v1/documents"');
    expect(seen).toHaveLength(0);
  });

  it('a GET with a body: a ValidationError naming `body`, never a retried "connection error" from fetch', async () => {
    const seen = respond('all', '/v1/reports', json({}));
    const error = await failure(makeClient().request({ method: 'GET', path: '/v1/reports', body: { month: '2026-11' } }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error!.message).toBe('Invalid request: body: must be left out: a GET request carries no body (send filters as `query`)');
    expect(seen).toHaveLength(0);
  });

  it('a method the wire does not have as written: a lower-case post would go without its Idempotency-Key', async () => {
    const seen = respond('all', '/v1/reports', json({}));
    for (const method of ['post', 'HEAD']) {
      const error = await failure(makeClient().request({ method: method as 'POST', path: '/v1/reports', body: {} }));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error!.message).toBe('Invalid request: method: must be one of GET, POST, PUT, PATCH, DELETE');
    }
    expect(seen).toHaveLength(0);
  });

  it('an invalid Date, in a query or as the day of an exchange rate: a rejection naming it, never a RangeError', async () => {
    const seen = respond('all', '/v1/reports', json({}));
    const client = makeClient();
    const error = await failure(client.request({ method: 'GET', path: '/v1/reports', query: { from: new Date('not a date') } }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error!.message).toBe('Invalid query: from: is an invalid Date');
    let rate: PromiseLike<unknown> | undefined;
    expect(() => (rate = client.exchangeRates.retrieve(new Date('not a date')))).not.toThrow();
    const refused = await failure(rate!);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused!.message).toBe('Invalid exchangeRates.retrieve date: must be a date YYYY-MM-DD');
    expect(seen).toHaveLength(0);
  });

  it('a bad per-call header names the request options', async () => {
    const error = await failure(makeClient().documents.retrieve('doc_1', { headers: { 'x-tenant': 'a\nb' } }));
    expect(error!.message).toMatch(/^Invalid request options: headers\.x-tenant: /);
  });

  it('bad list filters name the operation', async () => {
    const error = await failure(makeClient().documents.list({ limit: 0 }));
    expect(error!.message).toMatch(/^Invalid documents\.list params: limit: /);
  });

  it('a bad strictSunatChecks rate names the client option; 0 is a rate, 1 is not', () => {
    expect(() => makeClient({ strictSunatChecks: { igvRate: 1 } })).toThrow(/^Invalid client options: strictSunatChecks\.igvRate: /);
    expect(makeClient({ strictSunatChecks: { igvRate: 0 } }).strictSunatChecks).toEqual({ igvRate: 0 });
  });
});

describe('aborts and logs', () => {
  it('an abort keeps your reason as the cause of the APIUserAbortError', async () => {
    server.use(http.get(`${SANDBOX}/v1/documents/doc_1`, async () => (await delay('infinite'), HttpResponse.json({}))));
    const controller = new AbortController();
    const call = failure(makeClient().documents.retrieve('doc_1', { signal: controller.signal }));
    const reason = new Error('the user left the page');
    setTimeout(() => controller.abort(reason), 5);
    const error = await call;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error!.cause).toBe(reason);
  });

  it('a debug line gives the attempt’s own duration, not a clock reading', async () => {
    respond('get', '/v1/documents/doc_1', json(documentFixture()));
    // A clock that reads a large time and moves 10 ms per reading: the duration is a small multiple of 10.
    let now = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
    const { lines, logger } = captureLogger();
    await makeClient({ logLevel: 'debug', logger }).documents.retrieve('doc_1');
    vi.restoreAllMocks();
    const ms = Number(/: 200 in (\d+) ms/.exec(lines.map((l) => l.message).join('\n'))?.[1]);
    expect(ms % 10).toBe(0);
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThan(1_000);
  });
});

describe('documents helpers pass on what they are given', () => {
  it('createMany refuses a bad input naming its index, and sends the good ones', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    const results = [];
    for await (const result of makeClient().documents.createMany([validCreate(), { ...validCreate(), series: 'bad' }])) results.push(result);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.error.message).toMatch(/^Invalid documents\.createMany input 1: series: /);
    expect(seen).toHaveLength(1);
  });

  it('waitForOutcome aborts the poll in flight when its signal aborts', async () => {
    server.use(http.get(`${SANDBOX}/v1/documents/doc_1`, async () => (await delay('infinite'), HttpResponse.json({}))));
    const controller = new AbortController();
    const waiting = failure(makeClient().documents.waitForOutcome('doc_1', { signal: controller.signal, timeout: 60_000 }));
    setTimeout(() => controller.abort(), 5);
    expect(await waiting).toBeInstanceOf(APIUserAbortError);
  });
});

describe('a body JSON cannot carry is refused naming the field, and nothing is sent', () => {
  it('a BigInt, deep in a field the schema does not know', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    const body = { ...validCreate(), metadata: { orderId: 'o-1' }, erp: { lines: [{ legacyId: 10n }] } };
    const error = await failure(makeClient().documents.create(body as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: 'erp.lines.0.legacyId', message: 'is a BigInt, which JSON cannot carry: send a number or a string' }]);
    expect(seen).toHaveLength(0);
  });

  it('a cycle, through client.request()', async () => {
    const seen = respond('post', '/v1/things', json({}));
    const thing: Record<string, unknown> = { name: 'a' };
    thing['self'] = { parent: thing };
    const error = await failure(makeClient().request({ method: 'POST', path: '/v1/things', body: thing }));
    expect(error!.message).toBe('Invalid request body: self.parent: refers back to an object that holds it: JSON cannot carry a cycle');
    expect(seen).toHaveLength(0);
  });

  it("a value whose own toJSON throws: JSON's own words, at the body", async () => {
    const seen = respond('post', '/v1/things', json({}));
    const body = {
      when: {
        toJSON: () => {
          throw new Error('not a date');
        },
      },
    };
    const error = await failure(makeClient().request({ method: 'POST', path: '/v1/things', body }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: '', message: 'cannot be sent as JSON: not a date' }]);
    expect(seen).toHaveLength(0);
  });
});

describe("a call leaves nothing on the caller's signal", () => {
  it('once answered, and once failed, the abort listener it added is gone', async () => {
    respond('get', '/v1/documents/doc_1', json(documentFixture()), () => HttpResponse.error());
    const controller = new AbortController();
    await makeClient({ maxRetries: 0 }).documents.retrieve('doc_1', { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(await failure(makeClient({ maxRetries: 0 }).documents.retrieve('doc_1', { signal: controller.signal }))).toBeInstanceOf(APIConnectionError);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('createMany keeps its promise of one result per input', () => {
  it('a failure nothing expected (here, inside the rate budget) is that input’s result: the run neither hangs nor loses the others', async () => {
    respond('post', '/v1/documents', json(documentFixture(), 201));
    const { RateBudget } = await import('../../src/lib/rate-budget.js');
    const release = vi.spyOn(RateBudget.prototype, 'release');
    release.mockImplementationOnce(() => {
      throw new TypeError('budget bookkeeping broke');
    });
    const results = [];
    for await (const result of makeClient().documents.createMany([validCreate(), validCreate(), validCreate()], { concurrency: 1 })) results.push(result);
    release.mockRestore();
    expect(results.map((r) => r.index)).toEqual([0, 1, 2]);
    const broken = results.find((r) => !r.ok);
    expect(broken && !broken.ok && broken.error.message).toMatch(/budget bookkeeping broke/);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
  });
});
