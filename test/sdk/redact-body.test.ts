/**
 * The two internal pieces every answer goes through, checked where they decide something a user
 * sees. redact.ts: an error body, and the cause of a connection error, lose the API key and
 * nothing else (members of a problem body keep their values; a cause without the key stays the
 * very error fetch threw, its class and `code` intact; a scrubbed cause keeps its name and
 * stack; string causes and stack-only echoes are scrubbed too; a cause without a stack still
 * gives an APIConnectionError). body.ts: a body over the cap is cut and its stream cancelled, an
 * abort (even one that lands before the read starts) rejects and cancels the stream, an empty
 * body reads as empty bytes, and a finished read leaves no listener on the signal it was given.
 * And the key is found wherever it hides: causes that cycle, a request or `Headers` on a cause,
 * an AggregateError's errors, a `"__proto__"` member, a body nested too deep to walk.
 */
import { getEventListeners } from 'node:events';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { APIConnectionError, AuthenticationError, Client } from '../../src/index.js';
import { readBody } from '../../src/internal/body.js';
import { SANDBOX } from '../helpers.js';
import { secretIn } from '../leaks.js';
import { server } from '../msw.js';

const KEY = 'sk_live_5d4c3b2a1f0e9d8c7b6a5f4e';

/** A client with the key, no retries, no log; `fetch` when given. */
function client(fetch?: typeof globalThis.fetch) {
  return new Client({ apiKey: KEY, environment: 'sandbox', maxRetries: 0, logLevel: 'off', fetch });
}

/** A client whose fetch rejects with `thrown`, as a fetch with a proxy agent may. */
function failingWith(thrown: unknown) {
  return client(() => Promise.reject(thrown));
}

async function connectionError(thrown: unknown): Promise<APIConnectionError> {
  const error = await failingWith(thrown)
    .documents.retrieve('doc_1')
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(APIConnectionError);
  return error as APIConnectionError;
}

describe('redaction keeps the key out and everything else in', () => {
  it('a problem body echoing the key keeps its numbers, booleans, nulls and nested members as sent', async () => {
    const sent = {
      status: 401,
      code: 'authentication_error',
      detail: `Invalid API key ${KEY}`,
      retryable: false,
      instance: null,
      errors: [{ field: 'authorization', value: `Bearer ${KEY}`, position: 0, hint: null }],
      limits: { perMinute: 60, burst: true },
    };
    server.use(http.get(`${SANDBOX}/v1/documents/doc_1`, () => HttpResponse.json(sent, { status: 401, headers: { 'content-type': 'application/problem+json' } })));
    const error = await client()
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).body).toEqual({
      ...sent,
      detail: 'Invalid API key [redacted]',
      errors: [{ field: 'authorization', value: 'Bearer [redacted]', position: 0, hint: null }],
    });
    expect(secretIn(error, KEY)).toEqual([]);
  });

  it('a connection error whose cause does not mention the key keeps that very cause: its class, message and code', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
    const thrown = new TypeError('fetch failed', { cause: refused });
    const error = await connectionError(thrown);
    expect(error.cause).toBe(thrown);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect((error.cause as Error).cause).toBe(refused);
    expect(((error.cause as Error).cause as { code: string }).code).toBe('ECONNREFUSED');
  });

  it('a cause that carries the key only in its stack is scrubbed too', async () => {
    const thrown = new TypeError('fetch failed');
    thrown.stack = `TypeError: fetch failed\n    at proxyAgent (https://proxy.example/?key=${KEY})\n    at fetch (node:internal/deps/undici)`;
    const error = await connectionError(thrown);
    expect(secretIn(error, KEY)).toEqual([]);
    expect((error.cause as Error).stack).toContain('proxyAgent (https://proxy.example/?key=[redacted])');
  });

  it('a scrubbed cause keeps its name and its stack (with the key replaced) and gains no cause of its own; the thrown error is left as it was', async () => {
    const thrown = new Error(`proxy refused Bearer ${KEY}`);
    thrown.name = 'ProxyError';
    const stack = thrown.stack!;
    const error = await connectionError(thrown);
    const cause = error.cause as Error;
    expect(cause).not.toBe(thrown);
    expect(cause.name).toBe('ProxyError');
    expect(cause.message).toBe('proxy refused Bearer [redacted]');
    expect(cause.stack).toBe(stack.replaceAll(KEY, '[redacted]'));
    expect(cause.stack).toContain('redact-body.test.ts'); // where it was thrown, still there to debug
    expect(Object.hasOwn(cause, 'cause')).toBe(false); // no "[cause]: undefined" in a logged error
    expect(secretIn(error, KEY)).toEqual([]);
    expect(thrown.message).toBe(`proxy refused Bearer ${KEY}`);
    expect(thrown.stack).toBe(stack);
  });

  it('a fetch that rejects with a string, or an error caused by one, has the key scrubbed from that string', async () => {
    const direct = await connectionError(`request failed: Authorization: Bearer ${KEY}`);
    expect(direct.cause).toBe('request failed: Authorization: Bearer [redacted]');
    const nested = await connectionError(new Error('fetch failed', { cause: `upstream said Bearer ${KEY}` }));
    expect((nested.cause as Error).cause).toBe('upstream said Bearer [redacted]');
    expect(secretIn(direct, KEY)).toEqual([]);
    expect(secretIn(nested, KEY)).toEqual([]);
  });

  it('a cause without a stack still gives an APIConnectionError, kept as is without the key and scrubbed with it', async () => {
    const plain = new Error('socket hang up');
    delete (plain as { stack?: string }).stack;
    expect((await connectionError(plain)).cause).toBe(plain);
    const echoing = new Error(`socket hang up after Bearer ${KEY}`);
    delete (echoing as { stack?: string }).stack;
    const error = await connectionError(echoing);
    expect((error.cause as Error).message).toBe('socket hang up after Bearer [redacted]');
    expect((error.cause as Error).stack).toBeUndefined();
    expect(secretIn(error, KEY)).toEqual([]);
  });
});

/** A body stream under the test's control: it sends `chunks`, then stays open (or closes with `close`), and records its cancellation. */
function controlled(chunks: Uint8Array[], { close = false } = {}) {
  const seen = { cancelled: false, pulls: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulls++;
      if (sent < chunks.length) controller.enqueue(chunks[sent++]!);
      else if (close) controller.close();
      else return new Promise<void>(() => undefined); // stalls: a body that never ends
      return undefined;
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { response: new Response(stream), seen };
}

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('readBody', () => {
  it('cuts a body over the cap at the cap, says so, and cancels the stream', async () => {
    const { response, seen } = controlled([bytesOf('0123456789'), bytesOf('abcdefghij'), bytesOf('KLMNOPQRST')]);
    const read = await readBody(response, new AbortController().signal, 15);
    expect(new TextDecoder().decode(read.bytes)).toBe('0123456789abcde');
    expect(read.cut).toBe(true);
    expect(seen.cancelled).toBe(true);
  });

  it('rejects with the reason of an abort during the read, and cancels the stalled stream', async () => {
    const { response, seen } = controlled([bytesOf('partial')]);
    const controller = new AbortController();
    const reading = readBody(response, controller.signal);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.pulls).toBeGreaterThan(1); // the first chunk was read; the stream now stalls
    const reason = new Error('attempt timed out');
    controller.abort(reason);
    await expect(reading).rejects.toBe(reason);
    expect(seen.cancelled).toBe(true);
  });

  it('rejects with the reason of a signal aborted before the read starts, and cancels the stream without reading it', async () => {
    const { response, seen } = controlled([bytesOf('{"id":"doc_1"}')], { close: true });
    const reason = new Error('aborted by the caller');
    await expect(readBody(response, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(seen.cancelled).toBe(true);
  });

  it('reads an answer without a body as empty bytes, not cut; documents.pdf of such an answer is an empty Uint8Array', async () => {
    expect(await readBody(new Response(null), new AbortController().signal)).toEqual({ bytes: new Uint8Array(0), cut: false });
    server.use(http.get(`${SANDBOX}/v1/documents/doc_1/pdf`, () => new HttpResponse(null, { status: 200, headers: { 'content-type': 'application/pdf' } })));
    const pdf = await client().documents.pdf('doc_1');
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(pdf.byteLength).toBe(0);
  });

  it('leaves no abort listener on the signal once the body is read or cut (Node keeps a composite signal with one alive, and the body with it)', async () => {
    const longLived = new AbortController(); // e.g. a shutdown signal passed to every call
    const whole = AbortSignal.any([longLived.signal]);
    const read = await readBody(controlled([bytesOf('{"id":"doc_1"}')], { close: true }).response, whole);
    expect(new TextDecoder().decode(read.bytes)).toBe('{"id":"doc_1"}');
    expect(read.cut).toBe(false);
    expect(getEventListeners(whole, 'abort')).toHaveLength(0);
    const cut = AbortSignal.any([longLived.signal]);
    expect((await readBody(controlled([bytesOf('x'.repeat(64))]).response, cut, 8)).cut).toBe(true);
    expect(getEventListeners(cut, 'abort')).toHaveLength(0);
  });
});

describe('redaction reaches wherever the key hides, and survives what it finds', () => {
  it('causes that cycle (a.cause = b, b.cause = a) are scrubbed and stay a cycle, without overflowing the stack', async () => {
    const a = new TypeError('fetch failed');
    const b = new Error(`proxy refused Bearer ${KEY}`, { cause: a });
    Object.defineProperty(a, 'cause', { value: b, configurable: true });
    const error = await connectionError(a);
    expect(secretIn(error, KEY)).toEqual([]);
    const copy = error.cause as Error;
    expect(copy.name).toBe('TypeError');
    expect((copy.cause as Error).message).toBe('proxy refused Bearer [redacted]');
    expect((copy.cause as Error).cause).toBe(copy);
  });

  it('a cause carrying the request it failed on (headers with the key, as a record or as Headers) is scrubbed, its other members kept', async () => {
    const asRecord = Object.assign(new TypeError('fetch failed'), { code: 'UND_ERR_SOCKET', request: { method: 'GET', headers: { authorization: `Bearer ${KEY}` } } });
    const error = await connectionError(asRecord);
    expect(secretIn(error, KEY)).toEqual([]);
    const copy = error.cause as Error & { code: string; request: { method: string; headers: Record<string, string> } };
    expect(copy.code).toBe('UND_ERR_SOCKET');
    expect(copy.request).toEqual({ method: 'GET', headers: { authorization: 'Bearer [redacted]' } });
    expect(asRecord.request.headers.authorization).toBe(`Bearer ${KEY}`); // the thrown error is left as it was

    const asHeaders = Object.assign(new TypeError('fetch failed'), { headers: new Headers({ authorization: `Bearer ${KEY}`, 'x-trace': 't1' }) });
    const scrubbed = (await connectionError(asHeaders)).cause as Error & { headers: Headers };
    expect(scrubbed.headers.get('authorization')).toBe('Bearer [redacted]');
    expect(scrubbed.headers.get('x-trace')).toBe('t1');
  });

  it('an AggregateError whose errors mention the key (a fetch that tried several addresses) is scrubbed, errors included', async () => {
    const thrown = new TypeError('fetch failed', { cause: new AggregateError([new Error(`401 for ${KEY}`), new Error('ECONNREFUSED')], 'all attempts failed') });
    const error = await connectionError(thrown);
    expect(secretIn(error, KEY)).toEqual([]);
    const aggregate = (error.cause as Error).cause as AggregateError;
    expect(aggregate.name).toBe('AggregateError');
    expect(aggregate.errors.map((e: Error) => e.message)).toEqual(['401 for [redacted]', 'ECONNREFUSED']);
  });

  it('an error body with a "__proto__" member keeps it as a member: it never becomes the copy’s prototype', async () => {
    const text = `{"detail":"bad key ${KEY}","__proto__":{"code":"forged"}}`;
    server.use(http.get(`${SANDBOX}/v1/documents/doc_1`, () => new HttpResponse(text, { status: 401, headers: { 'content-type': 'application/problem+json' } })));
    const error = (await client()
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as AuthenticationError;
    expect(error.code).toBeUndefined();
    const body = error.body as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(body['detail']).toBe('bad key [redacted]');
  });

  it('an error body nested too deep to walk is kept as its raw text, without the key', async () => {
    const depth = 200_000;
    const text = `${'['.repeat(depth)}"${KEY}"${']'.repeat(depth)}`;
    server.use(http.get(`${SANDBOX}/v1/documents/doc_1`, () => new HttpResponse(`{"deep":${text}}`, { status: 400, headers: { 'content-type': 'application/json' } })));
    const error = (await client()
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as AuthenticationError;
    expect(error.status).toBe(400);
    expect(typeof error.body).toBe('string');
    expect((error.body as string).includes(KEY)).toBe(false);
    expect((error.body as string).includes('[redacted]')).toBe(true);
  });
});
