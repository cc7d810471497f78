/**
 * What an attacker or a careless caller can send, and what a hostile or broken server can
 * answer: every failure is a typed rejection, nothing local is sent or retried, the key stays
 * out of every error and log line, and no answer makes the SDK loop or resolve nothing.
 * The loopback halves (sockets, process exit, another origin) are in faults-hardening.test.ts.
 */
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  Client,
  InternalServerError,
  RateLimitError,
  ValidationError,
  YupanaError,
  type DocumentCreateParams,
} from '../../src/index.js';
import { parseRetryAfter } from '../../src/internal/retry-after.js';
import { API_KEY, documentFixture, json, makeClient, problem, respond, SANDBOX, settle, validCreate } from '../helpers.js';
import { captureLogger, secretIn } from '../leaks.js';
import { server } from '../msw.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Calls `call` and reports whether it threw synchronously, and how its promise settled. */
async function outcomeOf(call: () => PromiseLike<unknown>): Promise<{ threw: unknown; rejected: unknown }> {
  let promise: PromiseLike<unknown>;
  try {
    promise = call();
  } catch (threw) {
    return { threw, rejected: undefined };
  }
  try {
    await promise;
    return { threw: undefined, rejected: undefined };
  } catch (rejected) {
    return { threw: undefined, rejected };
  }
}

describe('every promise-returning method rejects, never throws', () => {
  const client = makeClient();
  const bad: [string, () => PromiseLike<unknown>][] = [
    ['create with a bad body', () => client.documents.create({ ...validCreate(), series: 'x' })],
    ["retrieve('..')", () => client.documents.retrieve('..')],
    ["retrieve('')", () => client.documents.retrieve('')],
    ["retrieve('\\uD800') (a lone surrogate)", () => client.documents.retrieve('\uD800')],
    ['list({ limit: 1000 })', () => client.documents.list({ limit: 1000 })],
    ['a per-call timeout of 0', () => client.documents.retrieve('doc_1', { timeout: 0 })],
    ['a per-call maxRetries of -1', () => client.customers.list({}, { maxRetries: -1 })],
    ['request() with a nested query', () => client.request({ method: 'GET', path: '/v1/x', query: { a: { b: 1 } } })],
    ['getNextPage() on the last page', async () => (await (async () => client.documents.list())()).getNextPage()],
  ];

  it.each(bad)('%s: a ValidationError (a YupanaError) rejection, nothing sent', async (_, call) => {
    const seen = respond('all', '/v1/*', json({ object: 'list', data: [], hasMore: false, nextCursor: null }));
    const { threw, rejected } = await outcomeOf(call);
    expect(threw).toBeUndefined();
    expect(rejected).toBeInstanceOf(YupanaError);
    if (!String(_).startsWith('getNextPage')) {
      expect(rejected).toBeInstanceOf(ValidationError);
      expect(seen).toHaveLength(0);
    }
  });

  it('Promise.allSettled over a batch with a bad body in the middle gets every result', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    const bodies: DocumentCreateParams[] = [validCreate(), { ...validCreate(), items: [] }, validCreate()];
    const results = await Promise.allSettled(bodies.map((body) => client.documents.create(body)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ValidationError);
    expect(seen).toHaveLength(2);
  });

  it('a list with bad filters is a PagePromise that rejects under for await and toArray too', async () => {
    const page = client.documents.list({ limit: 1000 });
    await expect(page.toArray({ limit: 5 })).rejects.toBeInstanceOf(ValidationError);
    await expect(
      (async () => {
        for await (const item of page) void item;
      })(),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('client.request() stays on the base origin', () => {
  it.each([
    ['.attacker.example/v1/x', 'no leading slash: the host would become sandbox.yupana.pe.attacker.example'],
    ['v1/documents', 'a typo: the host would become sandbox.yupana.pev1'],
    ['//attacker.example/v1/x', 'a protocol-relative URL'],
    ['/\\attacker.example/v1/x', 'a backslash, read as a slash'],
    ['@attacker.example/v1/x', 'userinfo'],
  ])('%s (%s) is a ValidationError rejection, and nothing reaches any host', async (path) => {
    let hits = 0;
    server.use(http.all('*', () => (hits++, HttpResponse.json({}))));
    const error = await makeClient()
      .request({ method: 'GET', path })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe('path');
    expect(hits).toBe(0);
  });

  it('whatever follows a single leading "/", the request goes to the base origin or nowhere (500 random paths)', async () => {
    // Every request that leaves, counted as it leaves: a path msw cannot decode (a lone `%` in the random part) is
    // answered 500 by msw before any handler runs, but it left, and its host is counted too.
    const hosts: string[] = [];
    const record = ({ request }: { request: Request }) => void hosts.push(new URL(request.url).origin);
    server.events.on('request:start', record);
    server.use(http.all('*', () => HttpResponse.json({})));
    const client = makeClient({ maxRetries: 0 });
    try {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('', ':', '@', '.', '\\', '/', '\t/', '%2F'), async (rest, lead) => {
          const path = `/${lead}${rest}`;
          const error = await client.request({ method: 'GET', path }).then(
            () => undefined,
            (e: unknown) => e,
          );
          // Refused here (nothing sent), or sent, and then answered by the base origin (the hosts below).
          if (error !== undefined && !(error instanceof APIError)) expect(error, path).toBeInstanceOf(ValidationError);
        }),
        { numRuns: 500 },
      );
    } finally {
      server.events.removeListener('request:start', record);
    }
    expect(hosts.length).toBeGreaterThan(300);
    expect(new Set(hosts)).toEqual(new Set([new URL(SANDBOX).origin]));
  });

  it('a path below the base keeps working, query included', async () => {
    const seen = respond('get', '/v1/stats', json({ issued: 3 }));
    expect(await makeClient().request({ method: 'GET', path: '/v1/stats', query: { day: '2026-11-22' } })).toEqual({ issued: 3 });
    expect(seen[0]!.url.href).toBe(`${SANDBOX}/v1/stats?day=2026-11-22`);
  });
});

describe('values the wire cannot carry are refused locally, never retried, never echoed', () => {
  it.each(['sk_test_abc\n', 'sk_test_\0abc', 'sk_test abc', 'sk_test_ñ', 'sk_test_\u2028'])('an API key %j is refused at construction without quoting it', (apiKey) => {
    let error: unknown;
    try {
      new Client({ apiKey, environment: 'sandbox' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(YupanaError);
    expect((error as Error).message).toMatch(/printable ASCII/);
    expect(secretIn(error, apiKey)).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['whitespace only', '   '],
    ['with CR/LF', 'order-1\r\nx-injected: 1'],
    ['non-ASCII', 'pedido-ñandú'],
    ['longer than 255', 'k'.repeat(256)],
    ['with a space', 'order 1'],
  ])('an idempotencyKey %s is a ValidationError rejection, nothing sent', async (_, idempotencyKey) => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    const error = await makeClient()
      .documents.create(validCreate(), { idempotencyKey })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: 'idempotencyKey', message: expect.stringMatching(/1 to 255 printable ASCII/) }]);
    expect(seen).toHaveLength(0);
  });

  it('a key of one character, and of 255, is sent as given; a key that is not a string is refused', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    await makeClient().documents.create(validCreate(), { idempotencyKey: 'k' });
    expect(seen.map((s) => s.headers.get('idempotency-key'))).toEqual(['k']);
    const error = await makeClient()
      .documents.create(validCreate(), { idempotencyKey: 42 as unknown as string })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((error as ValidationError).issues).toEqual([{ path: 'idempotencyKey', message: 'must be 1 to 255 printable ASCII characters without spaces (0x21-0x7E)' }]);
    expect(seen).toHaveLength(1);
  });

  it('a 255-character key of printable ASCII is sent as given', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    const key = `${'!~'.repeat(127)}k`;
    await makeClient().documents.create(validCreate(), { idempotencyKey: key });
    expect(seen[0]!.headers.get('idempotency-key')).toBe(key);
  });

  it('an Idempotency-Key given in headers is checked the same way', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    await expect(makeClient().documents.create(validCreate(), { headers: { 'Idempotency-Key': 'a\u00e9' } })).rejects.toBeInstanceOf(ValidationError);
    expect(seen).toHaveLength(0);
  });

  it('per-call header values fetch would refuse are a ValidationError naming the header, not its value', async () => {
    const seen = respond('all', '/v1/documents/doc_1', json(documentFixture()));
    for (const headers of <Record<string, string>[]>[{ 'x-trace': 'a\nb' }, { 'x-trace': 'nul\0' }, { 'x-trace': 'emoji 🧾' }, { 'bad name': 'x' }]) {
      const error = await makeClient()
        .documents.retrieve('doc_1', { headers })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual([
        {
          path: `headers.${Object.keys(headers)[0]}`,
          message: 'bad name' in headers ? 'is not a valid header name' : 'must be a string of Latin-1 characters without NUL, CR or LF',
        },
      ]);
      expect((error as Error).message).not.toContain(Object.values(headers)[0]);
    }
    expect(seen).toHaveLength(0);
  });

  it('default headers fetch would refuse are refused at construction', () => {
    expect(() => makeClient({ defaultHeaders: { 'x-tenant': 'a\r\nb' } })).toThrow(ValidationError);
  });

  it('a fetch failure whose message quotes the key: a connection error whose causes, at any depth, do not', async () => {
    const fetchEchoingKey: typeof fetch = async (input, init) => {
      const value = (input instanceof Request ? input.headers : new Headers(init?.headers)).get('authorization');
      throw new TypeError('fetch failed', { cause: new Error(`Headers.append: "${value}" is an invalid header value`) });
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { error } = await settle(makeClient({ fetch: fetchEchoingKey }).documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(secretIn(error, API_KEY)).toEqual([]);
    expect(String((error as Error).cause)).toBe('TypeError: fetch failed');
    expect(String(((error as Error).cause as Error).cause)).toContain('Bearer [redacted]');
  });
});

describe('redaction', () => {
  it('a key the server echoes JSON-escaped is redacted from the message, the parsed body and its JSON', async () => {
    const escaped = JSON.stringify(`bad token Bearer ${API_KEY}`).replace('sk_', '\\u0073k_');
    respond(
      'get',
      '/v1/documents/doc_1',
      () =>
        new HttpResponse(`{"code":"authentication_error","detail":${escaped},"echo":{"deep":["${'\\u0073'}${API_KEY.slice(1)}"]}}`, {
          status: 401,
          headers: { 'content-type': 'application/problem+json' },
        }),
    );
    const error = await makeClient()
      .documents.retrieve('doc_1')
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toContain('bad token Bearer [redacted]');
    expect((error as AuthenticationError).body).toMatchObject({ echo: { deep: ['[redacted]'] } });
    expect(secretIn(error, API_KEY)).toEqual([]);
  });
});

describe('server text in log lines', () => {
  it('a problem code with a line break is logged escaped, on one line', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    respond('get', '/v1/documents/doc_1', problem(503, 'unavailable\n[yupana] FORGED: all good', { requestId: 'req\r\nx' }));
    const { lines, logger } = captureLogger();
    const client = makeClient({ logLevel: 'debug', logger, maxRetries: 1 });
    await settle(client.documents.retrieve('doc_1'));
    expect(lines.length).toBeGreaterThan(2);
    for (const { message } of lines) expect(message).not.toMatch(/[\r\n]/);
    expect(lines.some(({ message }) => message.includes('unavailable\\n[yupana] FORGED'))).toBe(true);
  });

  it('keeps code and requestId only when they are strings', async () => {
    respond('get', '/v1/documents/doc_1', () => HttpResponse.json({ code: { nested: true }, requestId: 42, detail: ['x'], title: 'Unprocessable' }, { status: 422 }));
    const error = (await makeClient()
      .documents.retrieve('doc_1')
      .then(
        () => undefined,
        (e: unknown) => e,
      )) as APIError;
    expect(error.code).toBeUndefined();
    expect(error.requestId).toBeUndefined();
    expect(error.message).toBe('422 error: Unprocessable');
  });
});

describe('Retry-After: delay-seconds or an IMF-fixdate, nothing else', () => {
  it.each(['-5', '+5', '5.', '1,5', '12 2', '1.5', '0x10', 'Sunday, 06-Nov-94 08:49:37 GMT', '2026-11-22', ' '])('%j is absent', (value) => {
    expect(parseRetryAfter(value, Date.parse('2026-11-22T00:00:00Z'))).toBeUndefined();
  });

  it('reads digits and an IMF-fixdate', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 30 ', now)).toBe(30);
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:09 GMT', now)).toBe(9);
  });

  it('a malformed Retry-After falls back to the backoff instead of retrying at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const seen = respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '-5' }), json(documentFixture()));
    const call = makeClient().documents.retrieve('doc_1');
    await vi.advanceTimersByTimeAsync(300);
    expect(seen).toHaveLength(1); // a lenient Date.parse read "-5" as a date in 2001: no wait at all
    const { value } = await settle(call);
    expect(value?.id).toBe('doc_1');
    expect(seen).toHaveLength(2);
  });

  it('RateLimitError.retryAfter is undefined for a malformed value', async () => {
    respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '1,5' }));
    const error = await makeClient({ maxRetries: 0 })
      .documents.retrieve('doc_1')
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeUndefined();
  });
});

describe('malformed answers: an APIError keeping the raw text, never a loop, never nothing', () => {
  const page = (cursor: string | null) => ({ object: 'list', data: [{ id: `doc_${cursor}` }], hasMore: cursor !== null, nextCursor: cursor });

  it('cursors that cycle A → B → A end the iteration with an APIError', async () => {
    const seen = respond('get', '/v1/documents', json(page('A')), json(page('B')), json(page('A')), json(page('B')));
    const ids: string[] = [];
    const error = await (async () => {
      for await (const doc of makeClient().documents.list()) ids.push(doc.id);
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toMatch(/cursor "A" was handed out by an earlier page/);
    expect(seen).toHaveLength(3);
    expect(ids).toEqual(['doc_A', 'doc_B']);
  });

  it('a cursor that repeats at once ends it too', async () => {
    const seen = respond('get', '/v1/documents', json(page('A')), json(page('A')));
    await expect(makeClient().documents.list().toArray({ limit: 100 })).rejects.toBeInstanceOf(APIError);
    expect(seen).toHaveLength(2);
  });

  it('fetching the same next page twice is no cycle', async () => {
    respond('get', '/v1/documents', json(page('A')), json(page(null)));
    const first = await makeClient().documents.list();
    const [a, b] = [await first.getNextPage(), await first.getNextPage()];
    expect(a.data).toEqual(b.data);
  });

  it('walking one list again after items were deleted is no cycle, though its cursors come at other depths', async () => {
    // A keyset server: the cursor is the id of a page's last item, as many APIs do.
    let ids = [8, 7, 6, 5, 4, 3, 2, 1];
    server.use(
      http.get(`${SANDBOX}/v1/customers`, ({ request }) => {
        const after = new URL(request.url).searchParams.get('cursor');
        const rest = after === null ? ids : ids.filter((id) => id < Number(after));
        const data = rest.slice(0, 2).map((id) => ({ id: String(id) }));
        const hasMore = rest.length > 2;
        return HttpResponse.json({ object: 'list', data, hasMore, nextCursor: hasMore ? data[1]!.id : null });
      }),
    );
    const customers = makeClient().customers.list({ limit: 2 });
    const walk = async () => (await customers.toArray({ limit: 100 })).map((customer) => customer.id);
    expect(await walk()).toEqual(['8', '7', '6', '5', '4', '3', '2', '1']);
    ids = ids.filter((id) => id !== 6 && id !== 5);
    // Cursor "3" was handed out at depth 3; now it comes at depth 2.
    expect(await walk()).toEqual(['8', '7', '4', '3', '2', '1']);
  });

  it('a cycle on a second walk of one list is still found', async () => {
    const seen = respond('get', '/v1/documents', json(page('A')), json(page(null)), json(page('B')), json(page('A')));
    const documents = makeClient().documents.list();
    expect(await documents.toArray({ limit: 100 })).toHaveLength(2);
    await expect(documents.toArray({ limit: 100 })).rejects.toThrow(/cursor "A" was handed out by an earlier page/);
    expect(seen).toHaveLength(4);
  });

  it('two walks on from one page keep their own trails: a cursor of one is no cycle on the other', async () => {
    const seen = respond('get', '/v1/documents', json(page('A')), json(page('B')), json(page('C')), json(page('C')), json(page('B')), json(page('C')));
    const first = await makeClient().documents.list();
    const second = await first.getNextPage(); // fetched with A, hands out B
    expect((await second.getNextPage()).nextCursor).toBe('C'); // fetched with B: trail A, B
    const again = await first.getNextPage(); // fetched with A once more, hands out C: trail A
    const onward = await again.getNextPage(); // fetched with C, hands out B: no cursor of trail A, C
    expect(onward.nextCursor).toBe('B');
    // Fetched with B, it hands out C: a cursor of trail A, C, B.
    await expect(onward.getNextPage()).rejects.toThrow(/cursor "C" was handed out by an earlier page/);
    expect(seen).toHaveLength(6);
  });

  it('a page fetched again deep in a walk keeps the cursors that led to it: a cycle back to one of them is still found', async () => {
    const seen = respond('get', '/v1/documents', json(page('A')), json(page('B')), json(page('C')), json(page('C')), json(page('A')));
    const first = await makeClient().documents.list();
    const second = await first.getNextPage(); // fetched with A: trail A
    await second.getNextPage(); // fetched with B: trail A, B
    const again = await second.getNextPage(); // fetched with B once more, its own trail A, B: hands out C
    // Fetched with C, it hands out A, the first cursor of its trail.
    await expect(again.getNextPage()).rejects.toThrow(/cursor "A" was handed out by an earlier page/);
    expect(seen).toHaveLength(5);
  });

  it('the last page may name a cursor met before: hasMore false ends the walk, no cycle', async () => {
    respond('get', '/v1/documents', json(page('A')), json({ ...page('A'), hasMore: false }));
    expect(await makeClient().documents.list().toArray({ limit: 100 })).toHaveLength(2);
  });

  it('a 204 on a list is an APIError with the (empty) raw text, not a TypeError', async () => {
    respond('get', '/v1/documents', () => new HttpResponse(null, { status: 204 }));
    const error = await makeClient()
      .documents.list()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(204);
    expect((error as APIError).body).toBe('');
  });

  it.each([
    ['JSON null', () => HttpResponse.text('null', { headers: { 'content-type': 'application/json' } }), 'null'],
    ['a 204', () => new HttpResponse(null, { status: 204 }), ''],
    ['a JSON string', () => HttpResponse.text('"doc_1"', { headers: { 'content-type': 'application/json' } }), '"doc_1"'],
  ])('retrieve answered with %s rejects with an APIError keeping the raw text, never resolves it', async (_, answer, raw) => {
    const seen = respond('get', '/v1/documents/doc_1', answer);
    const error = await makeClient()
      .documents.retrieve('doc_1')
      .then(
        (value: unknown) => ({ resolved: value }),
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).body).toBe(raw);
    expect((error as APIError).message).toMatch(/malformed answer/);
    expect(seen).toHaveLength(1); // a complete answer of the wrong shape would only come again
  });

  it('client.request(), typed by the caller, still resolves a 204 as undefined', async () => {
    respond('all', '/v1/things/thing_1', () => new HttpResponse(null, { status: 204 }));
    expect(await makeClient().request({ method: 'DELETE', path: '/v1/things/thing_1' })).toBeUndefined();
  });
});

describe('baseURL', () => {
  it.each([
    ['credentials', 'https://user:hunter2@api.example.pe', /credentials/],
    ['a query', 'https://api.example.pe/?x=', /query or a fragment/],
    ['an empty query', 'https://api.example.pe/?', /query or a fragment/],
    ['a fragment', 'https://api.example.pe/#frag', /query or a fragment/],
  ])('with %s is refused at construction', (_, baseURL, message) => {
    let error: unknown;
    try {
      new Client({ apiKey: API_KEY, baseURL });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(YupanaError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('YUPANA_BASE_URL is held to the same rules, and an invalid URL is quoted without its password', () => {
    vi.stubEnv('YUPANA_BASE_URL', 'https://user:hunter2@api.example.pe');
    expect(() => new Client({ apiKey: API_KEY })).toThrow(/credentials/);
    vi.stubEnv('YUPANA_BASE_URL', 'https://user:hunter2@[bad');
    let error: unknown;
    try {
      new Client({ apiKey: API_KEY });
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toMatch(/not a valid URL/);
    expect((error as Error).message).not.toContain('hunter2');
  });
});

describe('error bodies', () => {
  it('keep at most 1 MB of a huge error page, saying it was cut', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const page = `<html>${'x'.repeat(5 * 1024 * 1024)}</html>`;
    respond('get', '/v1/documents/doc_1', () => new HttpResponse(page, { status: 502, headers: { 'content-type': 'text/html' } }));
    const { error } = await settle(makeClient({ maxRetries: 0 }).documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(InternalServerError);
    const body = (error as InternalServerError).body as string;
    expect(body.length).toBeLessThan(1024 * 1024 + 200);
    expect(body.startsWith('<html>xxx')).toBe(true);
    expect(body).toMatch(/cut by yupana: only the first 1048576 bytes/);
  });

  it('a body that arrives in several chunks is joined in order, for JSON and for bytes', async () => {
    const chunked = (...parts: string[]) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
          controller.close();
        },
      });
    const doc = JSON.stringify(documentFixture());
    respond(
      'get',
      '/v1/documents/doc_1',
      () => new HttpResponse(chunked(doc.slice(0, 10), doc.slice(10, 200), doc.slice(200)), { headers: { 'content-type': 'application/json' } }),
    );
    expect(await makeClient().documents.retrieve('doc_1')).toEqual(documentFixture());
    respond('get', '/v1/documents/doc_1/pdf', () => new HttpResponse(chunked('%PDF', '-1.7', '\n%%EOF'), { headers: { 'content-type': 'application/pdf' } }));
    expect(new TextDecoder().decode(await makeClient().documents.pdf('doc_1'))).toBe('%PDF-1.7\n%%EOF');
  });

  it('an error body of exactly 1 MB is kept whole, with no note', async () => {
    const page = 'y'.repeat(1024 * 1024);
    respond('get', '/v1/documents/doc_1', () => new HttpResponse(page, { status: 400, headers: { 'content-type': 'text/html' } }));
    const error = (await makeClient()
      .documents.retrieve('doc_1')
      .then(
        () => undefined,
        (e: unknown) => e,
      )) as APIError;
    expect(error.body).toBe(page);
  });

  it('Accept names the problem type beside the success type', async () => {
    const seen = respond('get', '/v1/documents/doc_1/pdf', () => new HttpResponse(new Uint8Array([37]), { headers: { 'content-type': 'application/pdf' } }));
    await makeClient().documents.pdf('doc_1');
    expect(seen[0]!.headers.get('accept')).toBe('application/pdf, application/problem+json');
  });
});
