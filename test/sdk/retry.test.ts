import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, InternalServerError, RateLimitError } from '../../src/index.js';
import { documentFixture, json, makeClient, problem, respond, settle, validCreate } from '../helpers.js';
import { server } from '../msw.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it('503, 503, 200 → three attempts with the same Idempotency-Key and a retry count', async () => {
    const seen = respond('post', '/v1/documents', problem(503, 'unavailable'), problem(503, 'unavailable'), () => HttpResponse.json(documentFixture(), { status: 201 }));
    const { value } = await settle(makeClient().documents.create(validCreate()));
    expect(value?.id).toBe('doc_1');
    expect(seen).toHaveLength(3);
    const keys = seen.map((s) => s.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeTruthy();
    expect(seen.map((s) => s.headers.get('yupana-retry-count'))).toEqual([null, '1', '2']);
    expect(seen.map((s) => s.body)).toEqual([seen[0]!.body, seen[0]!.body, seen[0]!.body]);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(500, 'internal_error'));
    const { error } = await settle(makeClient().documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(3); // 1 + maxRetries (2)
  });

  it('maxRetries: 0 makes one attempt', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(503, 'unavailable'));
    await settle(makeClient({ maxRetries: 0 }).documents.retrieve('doc_1'));
    expect(seen).toHaveLength(1);
  });

  it('a per-call maxRetries overrides the client', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(503, 'unavailable'));
    await settle(makeClient({ maxRetries: 0 }).documents.retrieve('doc_1', { maxRetries: 4 }));
    expect(seen).toHaveLength(5);
  });

  it.each([300, 302, 400, 401, 403, 404, 422])('%i is not retried', async (status) => {
    const seen = respond('post', '/v1/documents', problem(status, 'x'));
    const { error } = await settle(makeClient().documents.create(validCreate()));
    expect((error as { status: number }).status).toBe(status);
    expect(seen).toHaveLength(1);
  });

  it.each([408, 409, 429, 500, 502, 504])('%i is retried', async (status) => {
    const seen = respond('get', '/v1/documents/doc_1', problem(status, 'x'), json(documentFixture()));
    const { value } = await settle(makeClient().documents.retrieve('doc_1'));
    expect(value?.id).toBe('doc_1');
    expect(seen).toHaveLength(2);
  });

  it('Yupana-Should-Retry overrides the status rule both ways', async () => {
    const forced = respond('get', '/v1/documents/doc_1', problem(400, 'bad_request', {}, { 'yupana-should-retry': 'true' }), json(documentFixture()));
    expect((await settle(makeClient().documents.retrieve('doc_1'))).value?.id).toBe('doc_1');
    expect(forced).toHaveLength(2);

    const vetoed = respond('get', '/v1/documents/doc_2', problem(503, 'unavailable', {}, { 'yupana-should-retry': 'false' }));
    expect((await settle(makeClient().documents.retrieve('doc_2'))).error).toBeInstanceOf(InternalServerError);
    expect(vetoed).toHaveLength(1);
  });

  it('429 with Retry-After: 2 waits about 2 s before the next attempt', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '2' }), json(documentFixture()));
    const result = makeClient()
      .documents.retrieve('doc_1')
      .then((d) => d.id);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(seen).toHaveLength(2);
    expect(await result).toBe('doc_1');
  });

  it('Retry-After as an HTTP date is honoured', async () => {
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const seen = respond('get', '/v1/documents/doc_1', problem(503, 'unavailable', {}, { 'retry-after': 'Sat, 21 Nov 2026 12:00:05 GMT' }), json(documentFixture()));
    const result = makeClient().documents.retrieve('doc_1');
    await vi.advanceTimersByTimeAsync(4_900);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(seen).toHaveLength(2);
    await result;
  });

  it('a Retry-After over 60 s is not obeyed inside the call: backoff applies and retryAfter reaches the caller', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '3600' }));
    const result = settle(makeClient({ maxRetries: 1, logLevel: 'off' }).documents.retrieve('doc_1'));
    await vi.advanceTimersByTimeAsync(1_000); // backoff for the first retry is at most 1 s
    expect(seen).toHaveLength(2);
    const { error } = await result;
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
  });

  it.each([
    ['empty', ''],
    ['cut short', '{"id":"doc_1","obj'],
    ['an HTML page', '<html>ok</html>'],
  ])('a 2xx whose body is %s is retried (the retry gets the stored answer) and ends in an APIError when it persists', async (_, text) => {
    const seen = respond('post', '/v1/documents', () => new HttpResponse(text, { status: 201 }), json(documentFixture(), 201));
    expect((await settle(makeClient().documents.create(validCreate()))).value?.id).toBe('doc_1');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers.get('idempotency-key')).toBe(seen[1]!.headers.get('idempotency-key'));

    const persistent = respond('get', '/v1/documents/doc_2', () => new HttpResponse(text, { status: 200 }));
    const { error } = await settle(makeClient().documents.retrieve('doc_2'));
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(200);
    expect((error as APIError).body).toBe(text);
    expect(persistent).toHaveLength(3);
  });

  it('a dropped connection is retried, and ends in APIConnectionError when it persists', async () => {
    const seen = respond('get', '/v1/documents/doc_1', () => HttpResponse.error());
    const { error } = await settle(makeClient().documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect(seen).toHaveLength(3);
  });

  it('a dropped connection then success resolves', async () => {
    const seen = respond('post', '/v1/documents', () => HttpResponse.error(), json(documentFixture(), 201));
    expect((await settle(makeClient().documents.create(validCreate()))).value?.id).toBe('doc_1');
    expect(seen[0]!.headers.get('idempotency-key')).toBe(seen[1]!.headers.get('idempotency-key'));
  });

  it('a response that never comes times out per attempt, is retried, and ends in APIConnectionTimeoutError', async () => {
    let attempts = 0;
    server.use(
      http.get('https://sandbox.yupana.pe/v1/documents/doc_1', async () => {
        attempts++;
        await delay('infinite');
        return new HttpResponse(null);
      }),
    );
    const { error } = await settle(makeClient({ timeout: 1_000 }).documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('1000 ms');
    expect(attempts).toBe(3);
  });

  it('the timeout covers a body that stalls after the headers', async () => {
    server.use(
      http.get('https://sandbox.yupana.pe/v1/documents/doc_1', () => {
        const stream = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":'));
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'application/json' } });
      }),
    );
    const { error } = await settle(makeClient({ timeout: 500, maxRetries: 0 }).documents.retrieve('doc_1'));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('an already aborted signal ends at once with APIUserAbortError and sends nothing', async () => {
    const seen = respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const { error } = await settle(makeClient().documents.retrieve('doc_1', { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(0);
  });

  it('aborting during the wait between retries ends at once with APIUserAbortError', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(503, 'unavailable', {}, { 'retry-after': '30' }));
    const controller = new AbortController();
    const result = makeClient()
      .documents.retrieve('doc_1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    const reason = new Error('the user left');
    controller.abort(reason);
    const error = await result;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).cause).toBe(reason);
    expect(seen).toHaveLength(1);
  });

  it('a Retry-After of exactly 60 s is obeyed, without a warning', async () => {
    const seen = respond('get', '/v1/documents/doc_1', problem(503, 'unavailable', {}, { 'retry-after': '60' }), json(documentFixture()));
    const warnings: string[] = [];
    const logger = { error: () => undefined, warn: (line: string) => warnings.push(line), info: () => undefined, debug: () => undefined };
    const result = makeClient({ logger }).documents.retrieve('doc_1');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(seen).toHaveLength(2);
    await result;
    expect(warnings).toEqual([]);
  });
});

describe('the backoff schedule', () => {
  /** The times (ms from the call) at which each attempt of a call that always fails with 503 is sent, with Math.random() at `random`. */
  async function attemptTimes(random: number, maxRetries: number): Promise<number[]> {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const start = Date.now();
    const times: number[] = [];
    server.use(
      http.get('https://sandbox.yupana.pe/v1/documents/doc_1', () => {
        times.push(Date.now() - start);
        return problem(503, 'unavailable')();
      }),
    );
    await settle(makeClient({ maxRetries, logLevel: 'off' }).documents.retrieve('doc_1'));
    vi.restoreAllMocks();
    return times;
  }

  it('doubles from 0.5 s and is capped at 8 s', async () => {
    expect(await attemptTimes(0, 6)).toEqual([0, 500, 1_500, 3_500, 7_500, 15_500, 23_500]);
  });

  it('jitter lengthens each wait by less than its own length, never past the 8 s cap', async () => {
    const times = await attemptTimes(0.999, 6);
    const waits = times.slice(1).map((t, i) => t - times[i]!);
    expect(waits).toEqual([999, 1_998, 3_996, 7_992, 8_000, 8_000]);
  });
});
