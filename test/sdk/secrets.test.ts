/**
 * The API key never leaks: not through the client, nor through any error (message, toString,
 * JSON, util.inspect, stack, and every object reachable from it, `cause` and `headers`
 * included), nor through a log line, even when a server or proxy echoes the key back.
 */
import { inspect } from 'node:util';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  Client,
  InternalServerError,
  RedirectError,
  ValidationError,
  type DocumentCreateParams,
} from '../../src/index.js';
import { SANDBOX, settle, validCreate } from '../helpers.js';
import { captureLogger, leaksOf, secretIn } from '../leaks.js';
import { server } from '../msw.js';

const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4';

function client(extra: Partial<ConstructorParameters<typeof Client>[0]> = {}) {
  const { lines, logger } = captureLogger();
  return { lines, client: new Client({ apiKey: KEY, environment: 'sandbox', maxRetries: 0, logLevel: 'debug', logger, ...extra }) };
}

/** Answers every request to a document with `response`. */
function answer(response: () => Response | Promise<Response>) {
  server.use(http.all(`${SANDBOX}/v1/documents*`, response));
}

const failures: [string, () => void, (c: Client) => Promise<unknown>, new (...args: never[]) => Error][] = [
  [
    'a 401 whose problem body and headers echo the key',
    () =>
      answer(() =>
        HttpResponse.json(
          { status: 401, code: 'authentication_error', detail: `Invalid API key ${KEY}`, received: { authorization: `Bearer ${KEY}` } },
          { status: 401, headers: { 'content-type': 'application/problem+json', 'x-echo-authorization': `Bearer ${KEY}` } },
        ),
      ),
    (c) => c.documents.retrieve('doc_1'),
    AuthenticationError,
  ],
  [
    'a proxy HTML 502 page that prints the request headers',
    () => answer(() => new HttpResponse(`<html><pre>Authorization: Bearer ${KEY}</pre></html>`, { status: 502, headers: { 'content-type': 'text/html' } })),
    (c) => c.documents.create(validCreate()),
    InternalServerError,
  ],
  [
    'a 200 that is not JSON and echoes the key',
    () => answer(() => new HttpResponse(`debug: token=${KEY}`, { status: 200 })),
    (c) => c.documents.retrieve('doc_1'),
    APIError,
  ],
  ['a dropped connection', () => answer(() => HttpResponse.error()), (c) => c.documents.create(validCreate()), APIConnectionError],
  [
    'a timeout',
    () =>
      answer(async () => {
        await delay('infinite');
        return new HttpResponse(null);
      }),
    (c) => c.documents.retrieve('doc_1', { timeout: 20 }),
    APIConnectionTimeoutError,
  ],
  [
    'an abort',
    () =>
      answer(async () => {
        await delay('infinite');
        return new HttpResponse(null);
      }),
    (c) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      return c.documents.retrieve('doc_1', { signal: controller.signal });
    },
    APIUserAbortError,
  ],
  [
    'a redirect to another host',
    () => answer(() => new HttpResponse(null, { status: 302, headers: { location: 'https://attacker.example/collect' } })),
    (c) => c.documents.retrieve('doc_1'),
    RedirectError,
  ],
];

describe('the API key never leaks', () => {
  it('not through the client: util.inspect, JSON.stringify, String, its resources', () => {
    const { client: c } = client();
    for (const rendering of [
      inspect(c, { showHidden: true, depth: Infinity, getters: true }),
      JSON.stringify(c),
      String(c),
      inspect(c.documents, { showHidden: true, depth: Infinity, getters: true }),
    ]) {
      expect(rendering).not.toContain(KEY);
    }
    expect(leaksOf(c, KEY)).toEqual([]);
    expect(leaksOf(c.documents, KEY)).toEqual([]);
  });

  it('not through a client configured from YUPANA_API_KEY', () => {
    vi.stubEnv('YUPANA_API_KEY', KEY);
    const c = new Client({ environment: 'sandbox' });
    expect(inspect(c, { showHidden: true, depth: Infinity, getters: true })).not.toContain(KEY);
  });

  it.each(failures)('not through the error of %s, nor through the log', async (_, arrange, act, Class) => {
    arrange();
    const { client: c, lines } = client();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { error } = await settle(act(c)).finally(() => vi.useRealTimers());
    expect(error).toBeInstanceOf(Class);
    expect(secretIn(error, KEY)).toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.message.includes(KEY))).toEqual([]);
  });

  it('an echoed key is replaced by [redacted] where it was, so the rest stays useful', async () => {
    failures[0]![1]();
    const error = (await client()
      .client.documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as AuthenticationError;
    expect(error.message).toContain('Invalid API key [redacted]');
    expect(error.headers.get('x-echo-authorization')).toBe('Bearer [redacted]');
    expect(error.body).toMatchObject({ received: { authorization: 'Bearer [redacted]' } });
  });

  it('errors keep response headers only: no Authorization, no request header at all', async () => {
    answer(() => HttpResponse.json({ code: 'unavailable' }, { status: 503, headers: { 'request-id': 'req_1' } }));
    const error = (await client()
      .client.documents.create(validCreate())
      .catch((e: unknown) => e)) as APIError;
    expect(error.headers.get('request-id')).toBe('req_1');
    expect(error.headers.has('authorization')).toBe(false);
    expect(leaksOf(error, 'Bearer')).toEqual([]);
    expect(leaksOf(error, 'yupana-js/')).toEqual([]); // the Yupana-Client request header's value
  });

  it('not through a ValidationError, even when the key was put in a field by mistake', async () => {
    const { client: c, lines } = client();
    const bodies = [
      { ...validCreate(), series: KEY },
      { ...validCreate(), type: KEY },
      { ...validCreate(), customer: { documentType: '6', documentNumber: KEY, name: KEY.repeat(30) } },
      { ...validCreate(), items: [{ description: KEY, quantity: KEY, unitPrice: 1, igv: 0 }] },
    ];
    for (const body of bodies) {
      let error: unknown;
      try {
        await c.documents.create(body as unknown as DocumentCreateParams);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect(secretIn(error, KEY)).toEqual([]);
    }
    expect(lines).toEqual([]);
  });

  it('not through the errors of bad options', () => {
    const attempts = [
      () => new Client({ apiKey: KEY, baseURL: 'http://api.example.pe' }),
      () => new Client({ apiKey: KEY, baseURL: 'not a url' }),
      () => new Client({ apiKey: KEY, environment: 'staging' as 'sandbox' }),
      () => new Client({ apiKey: KEY, logLevel: 'verbose' as 'debug' }),
      () => new Client({ apiKey: KEY, logger: {} as Console }),
    ];
    for (const attempt of attempts) {
      let error: unknown;
      try {
        attempt();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(Error);
      expect(secretIn(error, KEY)).toEqual([]);
    }
  });
});
