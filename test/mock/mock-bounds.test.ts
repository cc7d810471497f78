/**
 * The sandbox bounded by bytes, not only by count (issue 33, item 1): a 422 lists at most 100
 * issues and says how many more; the request log and the idempotency records keep within their
 * byte budgets; a flood of 1 MB bodies leaves the server up and answering; rate limit windows are
 * forgotten once over, whichever key they counted; an Idempotency-Key is 1 to 255 printable ASCII.
 */
import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockSandbox, MOCK_API_KEY, startMockServer, type MockServer } from '../../src/testing/index.js';
import { bearerOf } from '../../src/testing/middleware/auth.js';
import { canonicalJson, fingerprintOf, IdempotencyStore, replayable, storedAnswer } from '../../src/testing/middleware/idempotency.js';
import { RateLimiter } from '../../src/testing/middleware/rate-limit.js';
import { RequestLog, recordedRequest } from '../../src/testing/middleware/recording.js';
import { handlersFetch } from '../handlers-fetch.js';
import { validCreate } from '../helpers.js';
import { server } from '../msw.js';

const BASE = 'https://sandbox.yupana.pe';

/** A POST /v1/documents of `body` to the sandbox's handlers, in process. */
function poster(sandbox = createMockSandbox()) {
  const fetch = handlersFetch(sandbox.handlers);
  const post = (body: unknown, key: string) =>
    fetch(`${BASE}/v1/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${MOCK_API_KEY}`, 'Idempotency-Key': key, 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { sandbox, post };
}

/** A create with `count` fields the contract does not declare. */
const withUnknownFields = (count: number) => ({ ...validCreate(), ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`field_${i}`, 'x'])) });

interface Problem {
  code: string;
  detail: string;
  errors: { path: string; code: string }[];
  omittedErrors?: number;
}

describe('a 422 lists at most 100 issues', () => {
  it('40 000 unknown fields: the first 100 listed, omittedErrors 39 900, detail counting them all; a small answer, replayed as sent', async () => {
    const { post } = poster();
    const response = await post(withUnknownFields(40_000), 'many');
    const text = await response.text();
    const problem = JSON.parse(text) as Problem;
    expect(response.status).toBe(422);
    expect(problem.code).toBe('validation_error');
    expect(problem.errors).toHaveLength(100);
    expect(problem.errors[0]).toEqual({ path: 'field_0', code: 'unknown_field', message: 'is not a field this request takes (a misspelt name?)' });
    expect(problem.errors[99]!.path).toBe('field_99');
    expect(problem.omittedErrors).toBe(39_900);
    expect(problem.detail).toBe('field_0: is not a field this request takes (a misspelt name?) (and 39999 more)');
    expect(text.length).toBeLessThan(20_000);
    const replayed = await post(withUnknownFields(40_000), 'many');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.text()).toBe(text);
  });

  it('exactly 100 issues: all listed, no omittedErrors; 101: one omitted', async () => {
    const { post } = poster();
    const hundred = (await (await post(withUnknownFields(100), 'a')).json()) as Problem;
    expect(hundred.errors).toHaveLength(100);
    expect(hundred).not.toHaveProperty('omittedErrors');
    const more = (await (await post(withUnknownFields(101), 'b')).json()) as Problem;
    expect(more.errors).toHaveLength(100);
    expect(more.omittedErrors).toBe(1);
  });
});

describe('the request log keeps within its byte budget', () => {
  const request = (body: string) =>
    recordedRequest(new Request(`${BASE}/v1/documents`, { method: 'POST', headers: { 'x-a': 'b' } }), new URL(`${BASE}/v1/documents`), body);

  it('drops the oldest requests past maxBytes, each counted as its path, headers and body plus 200 bytes', () => {
    const entries: ReturnType<typeof request>[] = [];
    // Each costs 200 + '/v1/documents' (13) + 'x-a' 'b' (4) + its body.
    const log = new RequestLog(entries, 100, 3 * 1217);
    for (const letter of 'abcde') log.add(request(letter.repeat(1000)));
    expect(entries.map((e) => (e.body as string)[0])).toEqual(['c', 'd', 'e']);
    expect(log.bytes).toBe(3 * 1217);
    log.add(request('f'.repeat(1001)));
    expect(entries.map((e) => (e.body as string)[0])).toEqual(['e', 'f']);
    log.clear();
    expect([entries.length, log.bytes]).toEqual([0, 0]);
  });

  it('records again within its budget once a test has emptied the array by hand (requests.length = 0)', () => {
    const entries: ReturnType<typeof request>[] = [];
    const log = new RequestLog(entries, 100, 3 * 1217);
    for (const letter of 'abc') log.add(request(letter.repeat(1000)));
    entries.length = 0;
    for (const letter of 'defgh') log.add(request(letter.repeat(1000)));
    expect(entries.map((e) => (e.body as string)[0])).toEqual(['f', 'g', 'h']);
    expect(log.bytes).toBe(3 * 1217);
  });

  it('a request alone over the budget is not kept; a budget of 0 keeps none', () => {
    const entries: ReturnType<typeof request>[] = [];
    const log = new RequestLog(entries, 100, 1000);
    log.add(request('x'.repeat(2000)));
    expect([entries.length, log.bytes]).toEqual([0, 0]);
    const sandbox = createMockSandbox({ maxRecordedBytes: 0 });
    expect(sandbox.requests).toEqual([]);
    expect(() => createMockSandbox({ maxRecordedBytes: -1 })).toThrow(RangeError);
    expect(() => createMockSandbox({ maxIdempotencyBytes: 0.5 })).toThrow(RangeError);
  });

  it('keeps a body as the text received, parsed when first read (JSON, or the text when not JSON)', () => {
    const json = request('{"type":"01"}');
    expect(json.body).toEqual({ type: '01' });
    expect(json.body).toBe(json.body);
    expect(request('not json').body).toBe('not json');
    expect(request('').body).toBeUndefined();
    json.body = { changed: true };
    expect(json.body).toEqual({ changed: true });
  });
});

describe('a flood of 1 MB bodies against the loopback server', () => {
  let mock: MockServer | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it('answers each (a 422 of one issue), stays up, and keeps its log within its budget', async () => {
    mock = await startMockServer({ maxRecordedBytes: 8 * 1024 * 1024 });
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    const body = JSON.stringify({ ...validCreate(), note: 'x'.repeat(1_000_000) });
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const response = await fetch(`${mock.url}/v1/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${MOCK_API_KEY}`, 'Idempotency-Key': `flood-${i}`, 'Content-Type': 'application/json' },
        body,
      });
      const problem = (await response.json()) as Problem;
      statuses.push(response.status);
      expect(problem.errors).toEqual([{ path: 'note', code: 'unknown_field', message: 'is not a field this request takes (a misspelt name?)' }]);
    }
    expect(statuses).toEqual(Array(16).fill(422));
    // 16 bodies of about 1 MB: the log holds the latest that fit in 8 MiB (8 of them), not 16 MB.
    const kept = mock.sandbox.requests;
    expect(kept).toHaveLength(8);
    expect(kept.reduce((sum, r) => sum + JSON.stringify(r.body).length, 0)).toBeLessThanOrEqual(8 * 1024 * 1024);
    const account = await fetch(`${mock.url}/v1/account`, { headers: { Authorization: `Bearer ${MOCK_API_KEY}` } });
    expect(account.status).toBe(200);
  });
});

describe('the idempotency records keep within their byte budget', () => {
  it('past it, the oldest answered keys are forgotten early (the same key then runs again); the latest are replayed', async () => {
    const { sandbox, post } = poster(createMockSandbox({ maxIdempotencyBytes: 40_000 }));
    // Each 422 of 100 unknown fields is stored as about 11 KB of text: three fit, not four.
    const first = await post(withUnknownFields(100), 'k0');
    for (let i = 1; i <= 3; i++) await post(withUnknownFields(100), `k${i}`);
    const again = await post(withUnknownFields(99), 'k0');
    expect(again.status).toBe(422);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('request-id')).not.toBe(first.headers.get('request-id'));
    const latest = await post(withUnknownFields(100), 'k3');
    expect(latest.headers.get('idempotent-replayed')).toBe('true');
    // A document's answer is made again from the document: it costs the budget next to nothing.
    const created = await post(validCreate(), 'doc');
    for (let i = 4; i < 8; i++) await post(withUnknownFields(100), `k${i}`);
    expect((await post(validCreate(), 'doc')).headers.get('idempotent-replayed')).toBeNull();
    expect(created.status).toBe(201);
    expect(sandbox.documents()).toHaveLength(2);
  });

  it('never forgets a key whose request is still running, whatever the budget', () => {
    const store = new IdempotencyStore(1000);
    expect(store.claim('running', 1)).toBeUndefined();
    expect(store.claim('done', 2)).toBeUndefined();
    store.complete('done', { make: () => new Response('x'), bytes: 5000 }, 'req_1');
    expect(() => store.claim('running', 1)).toThrow('still being processed');
    expect(store.claim('done', 2)).toBeUndefined(); // forgotten: run again
    expect(store.bytes).toBe(2 * 200 + 'running'.length + 'done'.length);
    store.release('running');
    store.release('done');
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'order 42'],
    ['non-ASCII', 'pedido-ñ'],
  ])('an Idempotency-Key %s is a 400 bad_request; 255 printable characters are taken', async (_, key) => {
    const { sandbox, post } = poster();
    const response = await post(validCreate(), key);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_request' });
    expect(sandbox.documents()).toHaveLength(0);
    expect((await post(validCreate(), '~'.repeat(255))).status).toBe(201);
  });
});

describe('idempotency records, one by one', () => {
  it('an Idempotency-Key of the first printable character (!) is taken', async () => {
    const { post } = poster();
    expect((await post(validCreate(), '!')).status).toBe(201);
  });

  it('records that fill the budget exactly are all kept', () => {
    // Each costs 200 + its scope (1) + its requestId (5): two are 412 bytes.
    const store = new IdempotencyStore(412);
    for (const scope of ['a', 'b']) {
      store.claim(scope, 1);
      store.complete(scope, { make: () => new Response('x'), bytes: 0 }, 'req_1');
    }
    expect([store.size, store.bytes]).toEqual([2, 412]);
    expect(store.claim('a', 1)?.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a key forgotten while its request runs (reset) is neither stored nor freed twice when the request ends', () => {
    const store = new IdempotencyStore();
    store.claim('completed', 1);
    store.claim('released', 2);
    store.reset();
    expect(() => store.complete('completed', { make: () => new Response('x'), bytes: 10 }, 'req_1')).not.toThrow();
    expect(() => store.release('released')).not.toThrow();
    expect([store.size, store.bytes]).toEqual([0, 0]);
    expect(store.claim('completed', 3)).toBeUndefined();
  });

  it('an answer kept as text costs its body and each header name and value, and is replayed with its status and headers', async () => {
    const answer = await storedAnswer(new Response('{"code":"bad"}', { status: 422, headers: { 'Content-Type': 'application/problem+json', 'Request-Id': 'req_42' } }));
    expect(answer.bytes).toBe('{"code":"bad"}'.length + 'content-type'.length + 'application/problem+json'.length + 'request-id'.length + 'req_42'.length);
    const replay = answer.make();
    expect(replay.status).toBe(422);
    expect(replay.headers.get('content-type')).toBe('application/problem+json');
    expect(replay.headers.get('request-id')).toBe('req_42');
    expect(await replay.text()).toBe('{"code":"bad"}');
  });

  it('a replayable answer costs nothing: it is made again, not kept', async () => {
    const answer = await storedAnswer(replayable(() => new Response('x'.repeat(10_000), { status: 201 })));
    expect(answer.bytes).toBe(0);
    expect(answer.make().status).toBe(201);
  });

  it('tells 20 000 bodies that differ in one field apart (a 53-bit fingerprint)', () => {
    const fingerprints = new Set(Array.from({ length: 20_000 }, (_, i) => fingerprintOf(canonicalJson({ ...validCreate(), series: `F${i}` }))));
    expect(fingerprints.size).toBe(20_000);
  });
});

describe('rate limit windows', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are forgotten once over, refused keys included: 1 000 made-up keys leave nothing behind a window later', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T15:00:00Z'));
    const limiter = new RateLimiter({ requests: 5, windowSeconds: 10 });
    for (let i = 0; i < 1000; i++) limiter.take(`sk_made_up_${i}`);
    expect(limiter.size).toBe(1000);
    vi.setSystemTime(new Date('2026-11-21T15:00:09.999Z'));
    limiter.take(MOCK_API_KEY);
    expect(limiter.size).toBe(1001);
    vi.setSystemTime(new Date('2026-11-21T15:00:10Z'));
    expect(limiter.take(MOCK_API_KEY).allowed).toBe(true);
    expect(limiter.size).toBe(1);
  });

  it('a key keeps its window until it is over, then starts a new one', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T15:00:00Z'));
    const limiter = new RateLimiter({ requests: 1, windowSeconds: 10 });
    expect(limiter.take('a').allowed).toBe(true);
    vi.setSystemTime(new Date('2026-11-21T15:00:05Z'));
    expect(limiter.take('b').allowed).toBe(true);
    expect(limiter.take('a')).toMatchObject({ allowed: false, resetSeconds: 5 });
    vi.setSystemTime(new Date('2026-11-21T15:00:10Z'));
    expect(limiter.take('a')).toMatchObject({ allowed: true, resetSeconds: 10 });
    expect(limiter.take('b')).toMatchObject({ allowed: false, resetSeconds: 5 });
  });
});

describe('linear on input of any size', () => {
  const withAuthorization = (value: string) => new Request(`${BASE}/v1/account`, { headers: { Authorization: value } });

  it.each([
    ['Bearer sk_test_a', 'sk_test_a'],
    ['bearer   sk_test_a  ', 'sk_test_a'],
    ['BEARER\tsk_test_a', 'sk_test_a'],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    ['Basic sk_test_a', undefined],
    ['', undefined],
  ])('the bearer key of %j is %j', (value, key) => {
    expect(bearerOf(withAuthorization(value))).toBe(key);
  });

  it('reads a bearer key after 100 000 spaces, and none from 100 000 spaces and a second word', () => {
    expect(bearerOf(withAuthorization(`Bearer${' '.repeat(100_000)}k`))).toBe('k');
    expect(bearerOf(withAuthorization(`Bearer k${' '.repeat(100_000)}x`))).toBeUndefined();
  });

  it('strips any run of trailing slashes from baseURL (a loop, not /\\/+$/)', async () => {
    const sandbox = createMockSandbox({ baseURL: `https://mock.example.test${'/'.repeat(100_000)}` });
    const { post } = poster(sandbox);
    const doc = (await (await post(validCreate(), 'slashes')).json()) as { id: string; pdfUrl: string };
    expect(doc.pdfUrl).toBe(`https://mock.example.test/v1/documents/${doc.id}/pdf`);
  });
});
