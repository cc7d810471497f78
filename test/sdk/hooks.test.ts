/**
 * The `hooks` option: what a user hooks for tracing and logging sees, in which order, with which
 * attempt number and delay; what a hook may change; and what a hook that throws does to the call.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionTimeoutError, APIError, InternalServerError, ValidationError, YupanaError, type Hooks } from '../../src/index.js';
import { API_KEY, documentFixture, json, makeClient, problem, respond, SANDBOX, settle, validCreate } from '../helpers.js';
import { server } from '../msw.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Hooks that record each call as `name attempt detail`. */
function recorder(): { events: string[]; hooks: Hooks } {
  const events: string[] = [];
  return {
    events,
    hooks: {
      beforeRequest: ({ method, url, attempt }) => void events.push(`beforeRequest ${attempt} ${method} ${new URL(url).pathname}`),
      afterResponse: ({ response, attempt, request }) => void events.push(`afterResponse ${attempt} ${response.status} ${request.method}`),
      beforeRetry: ({ error, attempt, request }) =>
        void events.push(`beforeRetry ${attempt} ${(error as APIError).status} ${request.attempt} retry-count ${request.headers.get('yupana-retry-count')}`),
    },
  };
}

describe('hooks around each attempt', () => {
  it('are called in order, with the attempt numbers 1, 2, 3 across the retries of one call', async () => {
    respond('post', '/v1/documents', problem(503, 'unavailable'), problem(502, 'bad_gateway'), json(documentFixture(), 201));
    const { events, hooks } = recorder();
    const { value } = await settle(makeClient({ hooks }).documents.create(validCreate()));
    expect(value?.id).toBe('doc_1');
    expect(events).toEqual([
      'beforeRequest 1 POST /v1/documents',
      'afterResponse 1 503 POST',
      'beforeRetry 2 503 2 retry-count 1',
      'beforeRequest 2 POST /v1/documents',
      'afterResponse 2 502 POST',
      'beforeRetry 3 502 3 retry-count 2',
      'beforeRequest 3 POST /v1/documents',
      'afterResponse 3 201 POST',
    ]);
  });

  it('beforeRequest may add and replace headers, and the server receives them on every attempt', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(503, 'unavailable'), json(documentFixture()));
    const client = makeClient({
      defaultHeaders: { 'x-tenant': 'default' },
      hooks: {
        beforeRequest: ({ headers, attempt }) => {
          headers.set('traceparent', `00-trace-${attempt}`);
          headers.set('x-tenant', 'from-hook');
        },
      },
    });
    await settle(client.documents.retrieve('doc_1'));
    expect(seen.map((s) => s.headers.get('traceparent'))).toEqual(['00-trace-1', '00-trace-2']);
    expect(seen.map((s) => s.headers.get('x-tenant'))).toEqual(['from-hook', 'from-hook']);
  });

  it('beforeRequest sees the request as it will be sent, your own Authorization included', async () => {
    respond('get', '/v1/documents', json({ object: 'list', data: [], hasMore: false, nextCursor: null }));
    const requests: { url: string; authorization: string | null }[] = [];
    const client = makeClient({ hooks: { beforeRequest: ({ url, headers }) => void requests.push({ url, authorization: headers.get('authorization') }) } });
    await settle(client.documents.list({ limit: 2 }));
    expect(requests).toEqual([{ url: `${SANDBOX}/v1/documents?limit=2`, authorization: `Bearer ${API_KEY}` }]);
  });

  it('afterResponse may read the body of its copy; the call still gets its result', async () => {
    respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const bodies: string[] = [];
    const client = makeClient({ hooks: { afterResponse: async ({ response }) => void bodies.push(await response.text()) } });
    const { value } = await settle(client.documents.retrieve('doc_1'));
    expect(value?.id).toBe('doc_1');
    expect(JSON.parse(bodies[0]!)).toMatchObject({ id: 'doc_1' });
  });

  it('beforeRetry sees the delay before each retry: the Retry-After when the server sends one', async () => {
    respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '3' }), json(documentFixture()));
    const delays: number[] = [];
    const client = makeClient({ hooks: { beforeRetry: ({ delay }) => void delays.push(delay) } });
    await settle(client.documents.retrieve('doc_1'));
    expect(delays).toEqual([3_000]);
  });
});

describe('the backoff schedule a user sees', () => {
  it('attempts at 0, then 0.5–1 s later, then 1–2 s, 2–4 s, 4–8 s, then every 8 s; beforeRetry announces each wait', async () => {
    const start = Date.now();
    const sent: number[] = [];
    server.use(
      http.get(`${SANDBOX}/v1/documents/doc_1`, () => {
        sent.push(Date.now() - start);
        return HttpResponse.json({ code: 'unavailable' }, { status: 503 });
      }),
    );
    const delays: number[] = [];
    const client = makeClient({ maxRetries: 6, logLevel: 'off', hooks: { beforeRetry: ({ delay }) => void delays.push(delay) } });
    const { error } = await settle(client.documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(InternalServerError);
    const waits = sent.slice(1).map((at, i) => at - sent[i]!);
    expect(sent[0]).toBe(0);
    expect(waits).toEqual(delays);
    const bounds = [
      [500, 1_000],
      [1_000, 2_000],
      [2_000, 4_000],
      [4_000, 8_000],
      [8_000, 8_000],
      [8_000, 8_000],
    ];
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(bounds[i]![0]!);
      expect(wait).toBeLessThanOrEqual(bounds[i]![1]!);
    });
  });
});

describe('Retry-After against the backoff', () => {
  it.each([
    ['0', 500],
    ['1', 1_000],
  ])('Retry-After: %s waits the longer of it and the backoff (0.5 s when the jitter draws its least): %i ms', async (retryAfter, expected) => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const start = Date.now();
    const sent: number[] = [];
    let calls = 0;
    server.use(
      http.get(`${SANDBOX}/v1/documents/doc_1`, () => {
        sent.push(Date.now() - start);
        return calls++ === 0 ? HttpResponse.json({ code: 'unavailable' }, { status: 503, headers: { 'retry-after': retryAfter } }) : HttpResponse.json(documentFixture());
      }),
    );
    const delays: number[] = [];
    const { value } = await settle(makeClient({ logLevel: 'off', hooks: { beforeRetry: ({ delay }) => void delays.push(delay) } }).documents.retrieve('doc_1'));
    expect(value?.id).toBe('doc_1');
    expect(sent).toEqual([0, expected]);
    expect(delays).toEqual([expected]);
  });
});

describe("an attempt's timeout covers its hooks", () => {
  it('a beforeRequest that never settles: the attempt times out after `timeout` ms, with nothing sent', async () => {
    const seen = respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const start = Date.now();
    const client = makeClient({ timeout: 1_000, maxRetries: 0, hooks: { beforeRequest: () => new Promise<void>(() => undefined) } });
    const { error } = await settle(client.documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - start).toBe(1_000);
    expect(seen).toHaveLength(0);
  });

  it('an afterResponse reading its copy of a body that never ends: a timeout, retried like any other', async () => {
    const stalled = () =>
      new HttpResponse(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"id":')) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const seen = respond('get', '/v1/documents/doc_1', stalled, json(documentFixture()));
    const read: string[] = [];
    const client = makeClient({ timeout: 1_000, hooks: { afterResponse: async ({ response }) => void read.push(await response.text()) } });
    const { value, error } = await settle(client.documents.retrieve('doc_1'));
    expect(error).toBeUndefined();
    expect(value?.id).toBe('doc_1');
    expect(seen).toHaveLength(2);
    expect(read).toEqual([JSON.stringify(documentFixture())]);
  });

  it('a custom fetch that ignores the signal: the attempt times out all the same, and the answer that comes later has its body cancelled', async () => {
    let cancelled = false;
    const late = () => new Response(new ReadableStream({ cancel: () => void (cancelled = true) }), { status: 200, headers: { 'content-type': 'application/json' } });
    const fetch = () => new Promise<Response>((resolve) => setTimeout(() => resolve(late()), 5_000));
    let error: unknown;
    makeClient({ fetch, timeout: 1_000, maxRetries: 0 })
      .documents.retrieve('doc_1')
      .catch((reason: unknown) => void (error = reason));
    await vi.advanceTimersByTimeAsync(999);
    expect(error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(cancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(cancelled).toBe(true);
  });
});

describe('a hook that throws ends the call with a YupanaError naming it', () => {
  it('beforeRequest: nothing is sent, nothing retried, and the cause is what it threw', async () => {
    const seen = respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const thrown = new Error('tracer is down');
    const call = makeClient({ hooks: { beforeRequest: () => Promise.reject(thrown) } }).documents.retrieve('doc_1');
    const { error } = await settle(call);
    expect(error).toBeInstanceOf(YupanaError);
    expect(error).not.toBeInstanceOf(APIError);
    expect((error as Error).message).toBe('The beforeRequest hook threw: tracer is down');
    expect((error as Error).cause).toBe(thrown);
    expect(seen).toHaveLength(0);
  });

  it('afterResponse: one request, not retried', async () => {
    const seen = respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const client = makeClient({
      hooks: {
        afterResponse: () => {
          throw new Error('metrics failed');
        },
      },
    });
    const { error } = await settle(client.documents.retrieve('doc_1'));
    expect((error as Error).message).toBe('The afterResponse hook threw: metrics failed');
    expect(seen).toHaveLength(1);
  });

  it('beforeRetry: the retry is not made', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(503, 'unavailable'), json(documentFixture()));
    const client = makeClient({
      hooks: {
        beforeRetry: () => {
          throw new Error('no retries today');
        },
      },
    });
    const { error } = await settle(client.documents.retrieve('doc_1'));
    expect((error as Error).message).toBe('The beforeRetry hook threw: no retries today');
    expect(seen).toHaveLength(1);
  });

  it('the error does not carry the API key, even when the hook put it in its message', async () => {
    respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const client = makeClient({
      hooks: {
        beforeRequest: ({ headers }) => {
          throw new Error(`refused ${headers.get('authorization')}`);
        },
      },
    });
    const { error } = await settle(client.documents.retrieve('doc_1'));
    expect((error as Error).message).toBe('The beforeRequest hook threw: refused Bearer [redacted]');
    expect(JSON.stringify({ m: (error as Error).message, c: String(((error as Error).cause as Error).message) })).not.toContain(API_KEY);
  });

  it('a hooks option that is not a function is refused by the constructor, naming it', () => {
    expect(() => makeClient({ hooks: { beforeRequest: 'log' as never } })).toThrow(ValidationError);
    expect(() => makeClient({ hooks: { beforeRequest: 'log' as never } })).toThrow(/hooks\.beforeRequest: must be a function/);
  });
});
