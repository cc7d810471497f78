/**
 * The mock's rate limit: `RateLimit` / `RateLimit-Policy` on every answer, one fixed window per
 * API key, a 429 `rate_limited` past the quota that handles nothing. The windows run on
 * `Date.now()`, moved here with fake timers: no real waiting.
 */
import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, RateLimitError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, startMockServer, type MockSandbox } from '../../src/testing/index.js';
import { validCreate } from '../helpers.js';
import { server } from '../msw.js';

const BASE = 'https://sandbox.yupana.pe';
const START = new Date('2026-11-21T15:00:00.000Z');

let idempotencyKeys = 0;

/** A plain fetch against the mock, with `key` as the bearer key (none for `null`). */
function call(method: 'GET' | 'POST' | 'OPTIONS', path: string, key: string | null = MOCK_API_KEY, headers: Record<string, string> = {}): Promise<Response> {
  const all: Record<string, string> = { ...headers };
  if (key !== null) all['Authorization'] = `Bearer ${key}`;
  if (method !== 'POST') return fetch(`${BASE}${path}`, { method, headers: all });
  return fetch(`${BASE}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `rl-${++idempotencyKeys}`, ...all },
    body: JSON.stringify(validCreate()),
  });
}

const state = (response: Response) => [response.status, response.headers.get('ratelimit'), response.headers.get('ratelimit-policy')];

let sandbox: MockSandbox;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  sandbox = createMockSandbox({ rateLimit: { requests: 3, windowSeconds: 10 } });
  server.use(...sandbox.handlers);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createMockSandbox({ rateLimit })', () => {
  it('states the budget on every answer, successes and failures alike', async () => {
    expect(state(await call('POST', '/v1/documents'))).toEqual([201, '"default";r=2;t=10', '"default";q=3;w=10']);
    vi.setSystemTime(START.getTime() + 4_500);
    expect(state(await call('GET', '/v1/documents/doc_missing'))).toEqual([404, '"default";r=1;t=6', '"default";q=3;w=10']);
    expect(state(await call('POST', '/v1/documents', MOCK_API_KEY, { 'Idempotency-Key': '' }))).toEqual([400, '"default";r=0;t=6', '"default";q=3;w=10']);
  });

  it('past the quota answers 429 rate_limited with Retry-After, and handles nothing', async () => {
    for (let i = 0; i < 3; i++) await call('POST', '/v1/documents');
    vi.setSystemTime(START.getTime() + 1_200);

    const limited = await call('POST', '/v1/documents');
    expect(state(limited)).toEqual([429, '"default";r=0;t=9', '"default";q=3;w=10']);
    expect(limited.headers.get('retry-after')).toBe('9');
    expect(limited.headers.get('content-type')).toBe('application/problem+json');
    expect(await limited.json()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Rate limit exceeded for this API key: retry in 9 s',
      requestId: limited.headers.get('request-id'),
    });
    expect(sandbox.documents()).toHaveLength(3);

    vi.setSystemTime(START.getTime() + 9_999);
    expect((await call('GET', '/v1/documents')).headers.get('retry-after')).toBe('1');
    vi.setSystemTime(START.getTime() + 10_000);
    expect(state(await call('POST', '/v1/documents'))).toEqual([201, '"default";r=2;t=10', '"default";q=3;w=10']);
    expect(sandbox.documents()).toHaveLength(4);
  });

  it('keeps one window per API key, and counts requests without a valid key under the key they sent', async () => {
    for (let i = 0; i < 3; i++) await call('GET', '/v1/documents');
    expect((await call('GET', '/v1/documents')).status).toBe(429);
    expect(state(await call('GET', '/v1/documents', 'sk_test_another_app'))).toEqual([200, '"default";r=2;t=10', '"default";q=3;w=10']);
    expect(state(await call('GET', '/v1/documents', null))).toEqual([401, '"default";r=2;t=10', '"default";q=3;w=10']);
  });

  it('counts a faulted request too, and a fault states its own headers', async () => {
    sandbox.failNext({ status: 503 }, { status: 429, headers: { 'Retry-After': '30', RateLimit: '"default";r=0;t=30' } });
    expect(state(await call('GET', '/v1/documents'))).toEqual([503, '"default";r=2;t=10', '"default";q=3;w=10']);
    const faulted = await call('GET', '/v1/documents');
    expect(state(faulted)).toEqual([429, '"default";r=0;t=30', '"default";q=3;w=10']);
    expect(faulted.headers.get('retry-after')).toBe('30');
    expect(state(await call('GET', '/v1/documents'))).toEqual([200, '"default";r=0;t=10', '"default";q=3;w=10']);
  });

  it('answers CORS preflights without counting them or stating the budget', async () => {
    const preflight = await call('OPTIONS', '/v1/documents', null, { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('ratelimit')).toBeNull();
    expect(state(await call('GET', '/v1/documents', MOCK_API_KEY, { Origin: 'http://localhost:5173' }))).toEqual([200, '"default";r=2;t=10', '"default";q=3;w=10']);
  });

  it('reset() starts every window afresh', async () => {
    for (let i = 0; i < 3; i++) await call('GET', '/v1/documents');
    sandbox.reset();
    expect(state(await call('GET', '/v1/documents'))).toEqual([200, '"default";r=2;t=10', '"default";q=3;w=10']);
  });

  it('without rateLimit, answers carry no RateLimit headers and nothing is ever limited', async () => {
    const unlimited = createMockSandbox();
    server.use(...unlimited.handlers);
    for (let i = 0; i < 5; i++) expect(state(await call('GET', '/v1/documents'))).toEqual([200, null, null]);
  });

  it('refuses a quota or a window that is not a positive integer', () => {
    for (const rateLimit of [
      { requests: 0, windowSeconds: 1 },
      { requests: 10, windowSeconds: 0.5 },
      { requests: Number.NaN, windowSeconds: 1 },
    ]) {
      expect(() => createMockSandbox({ rateLimit }), JSON.stringify(rateLimit)).toThrow(RangeError);
    }
  });

  it('names the option and the value refused', () => {
    expect(() => createMockSandbox({ rateLimit: { requests: 10, windowSeconds: 0.5 } })).toThrow('rateLimit.windowSeconds must be a positive integer, got 0.5');
    expect(() => createMockSandbox({ rateLimit: { requests: -1, windowSeconds: 10 } })).toThrow('rateLimit.requests must be a positive integer, got -1');
  });

  it('a dropped answer stays a network error (fetch rejects), the request still counted', async () => {
    sandbox.failNext({ response: 'drop' });
    await expect(call('GET', '/v1/documents')).rejects.toThrow(TypeError);
    expect(state(await call('GET', '/v1/documents'))).toEqual([200, '"default";r=1;t=10', '"default";q=3;w=10']);
  });
});

describe('startMockServer({ rateLimit }) over real HTTP', () => {
  it('the SDK reads the budget with withResponse().rateLimit, and gets a RateLimitError past it', async () => {
    const mock = await startMockServer({ rateLimit: { requests: 2, windowSeconds: 60 } });
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    try {
      const client = new Client({ apiKey: 'sk_test_my_app', baseURL: mock.url, maxRetries: 0 });
      const first = await client.documents.create(validCreate()).withResponse();
      expect(first.rateLimit).toEqual({ remaining: 1, resetSeconds: 60, limit: 2, windowSeconds: 60 });
      vi.setSystemTime(START.getTime() + 15_000);
      expect((await client.documents.list().withResponse()).rateLimit).toEqual({ remaining: 0, resetSeconds: 45, limit: 2, windowSeconds: 60 });

      const error = await client.documents.create(validCreate()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, retryAfter: 45 });
      expect(mock.sandbox.documents()).toHaveLength(1);
    } finally {
      await mock.close();
    }
  });

  it('takes either a sandbox or sandbox options, not both', async () => {
    await expect(startMockServer({ sandbox: createMockSandbox(), rateLimit: { requests: 1, windowSeconds: 1 } })).rejects.toThrow(TypeError);
  });
});
