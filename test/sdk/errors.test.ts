import { createServer } from 'node:net';
import { http, HttpResponse, passthrough } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  Client,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  UnprocessableEntityError,
  YupanaError,
} from '../../src/index.js';
import { makeClient, problem, respond, validCreate } from '../helpers.js';
import { server } from '../msw.js';

/** Records the requests that reach `url`. */
function respondAt(url: string): string[] {
  const seen: string[] = [];
  server.use(
    http.all(url, ({ request }) => {
      seen.push(request.url);
      return HttpResponse.json({});
    }),
  );
  return seen;
}

const cases = [
  [400, 'bad_request', BadRequestError],
  [401, 'authentication_error', AuthenticationError],
  [403, 'permission_denied', PermissionDeniedError],
  [404, 'not_found', NotFoundError],
  [409, 'idempotency_key_in_use', ConflictError],
  [422, 'validation_error', UnprocessableEntityError],
  [429, 'rate_limited', RateLimitError],
  [500, 'internal_error', InternalServerError],
  [502, 'unavailable', InternalServerError],
  [503, 'unavailable', InternalServerError],
] as const;

describe('API errors', () => {
  it.each(cases)('%i %s becomes %o with status, code and request id', async (status, code, Class) => {
    respond('get', '/v1/documents/doc_1', problem(status, code));
    const error = await makeClient({ maxRetries: 0 })
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(YupanaError);
    const e = error as APIError;
    expect(e.name).toBe(Class.name);
    expect(e.status).toBe(status);
    expect(e.code).toBe(code);
    expect(e.requestId).toBe('req_header');
    expect(e.message).toContain(`${code} happened`);
    expect(e.headers.get('content-type')).toBe('application/problem+json');
  });

  it('keeps the field errors of a 422', async () => {
    respond('post', '/v1/documents', problem(422, 'validation_error', { errors: [{ path: 'items.0.igv', code: 'invalid_type', message: 'Expected number' }] }));
    const error = (await makeClient({ maxRetries: 0 })
      .request({ method: 'POST', path: '/v1/documents', body: {} })
      .catch((e: unknown) => e)) as UnprocessableEntityError;
    expect(error.errors).toEqual([{ path: 'items.0.igv', code: 'invalid_type', message: 'Expected number' }]);
  });

  it('names the missing permission of a 403', async () => {
    respond('post', '/v1/documents', problem(403, 'permission_denied', { requiredPermission: 'documents:write' }));
    const error = (await makeClient()
      .request({ method: 'POST', path: '/v1/documents', body: {} })
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(typeof error.body === 'object' && error.body.requiredPermission).toBe('documents:write');
  });

  it('an HTML page from a proxy still becomes the right class, keeping the raw text', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    respond('get', '/v1/documents/doc_1', () => new HttpResponse(html, { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = (await makeClient({ maxRetries: 0 })
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.body).toBe(html);
    expect(error.message).toContain('502 Bad Gateway');
  });

  it('an empty error body still becomes the right class', async () => {
    respond('get', '/v1/documents/doc_1', () => new HttpResponse(null, { status: 401, headers: { 'request-id': 'req_empty' } }));
    const error = (await makeClient()
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.body).toBe('');
    expect(error.requestId).toBe('req_empty');
  });

  it('RateLimitError carries retryAfter in seconds', async () => {
    respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '120' }));
    const error = (await makeClient({ maxRetries: 0 })
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(120);
  });

  it('a 2xx body that is not JSON is an APIError that keeps the text', async () => {
    respond('get', '/v1/documents/doc_1', () => new HttpResponse('<html>login</html>', { status: 200 }));
    const error = (await makeClient({ maxRetries: 0 })
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(error.status).toBe(200);
    expect(error.body).toBe('<html>login</html>');
  });

  it.each([
    [301, 'GET'],
    [302, 'POST'],
    [307, 'POST'],
    [308, 'GET'],
  ])('a %i redirect is never followed (%s): RedirectError names where it pointed, and the key goes nowhere else', async (status, method) => {
    const target = respondAt('https://attacker.example/v1/documents');
    const seen = respond(
      'all',
      '/v1/documents',
      () => new HttpResponse(null, { status, headers: { location: 'https://attacker.example/v1/documents', 'request-id': 'req_r' } }),
    );
    const client = makeClient();
    const call = method === 'GET' ? client.documents.list() : client.documents.create(validCreate());
    const error = (await Promise.resolve(call).catch((e: unknown) => e)) as RedirectError;
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toBeInstanceOf(APIError);
    expect(error.status).toBe(status);
    expect(error.location).toBe('https://attacker.example/v1/documents');
    expect(error.message).toBe(
      `${status} redirect to https://attacker.example/v1/documents not followed: yupana never follows redirects, so the API key is not sent elsewhere. Check baseURL and any proxy in between. (request req_r)`,
    );
    expect(seen).toHaveLength(1); // not retried
    expect(target).toHaveLength(0);
  });

  it('a browser hides a redirect (opaqueredirect, status 0): still a RedirectError, without a location', async () => {
    // What a browser's fetch gives for `redirect: 'manual'` (Node cannot build one): no status, no headers.
    const opaque = Object.defineProperties(new Response(null), { type: { value: 'opaqueredirect' }, status: { value: 0 }, ok: { value: false } });
    const error = (await makeClient({ fetch: async () => opaque })
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as RedirectError;
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.status).toBe(0);
    expect(error.location).toBeUndefined();
    expect(error.body).toBe('');
  });

  it('error classes are reachable as statics on Client', () => {
    expect(Client.RedirectError).toBe(RedirectError);
    expect(Client.RateLimitError).toBe(RateLimitError);
    expect(Client.YupanaError).toBe(YupanaError);
  });
});

/** A loopback address on which nothing listens: a port opened, then closed. */
async function closedPort(): Promise<string> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as { port: number };
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('connection errors say where', () => {
  it('a refused connection names the origin and the system code, never the path, its query nor the key', async () => {
    const origin = await closedPort();
    server.use(http.all(`${origin}/*`, () => passthrough()));
    const key = 'sk_test_where_1234567890';
    const client = new Client({ apiKey: key, baseURL: `${origin}/api`, maxRetries: 0, logLevel: 'off' });
    const error = (await client.documents.list({ customerDocumentNumber: '20131312955' }).catch((e: unknown) => e)) as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe(`Connection error: could not reach ${origin} (ECONNREFUSED).`);
    expect(String(error)).not.toContain(key);
    expect(String(error)).not.toContain('20131312955');
    expect(String(error)).not.toContain('/api');
  });

  it('a connection dropped without a system code still names the origin', async () => {
    respond('get', '/v1/documents/doc_1', () => HttpResponse.error());
    const error = (await makeClient({ maxRetries: 0 })
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe('Connection error: could not reach https://sandbox.yupana.pe.');
  });

  it('a body cut short after the headers says the answer was cut, with its code', async () => {
    const cut = Object.assign(new TypeError('terminated'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
        controller.error(cut);
      },
    });
    const error = (await makeClient({ maxRetries: 0, fetch: async () => new Response(body, { status: 200 }) })
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe('Connection error: the answer from https://sandbox.yupana.pe was cut short (UND_ERR_SOCKET).');
  });

  it("finds the system code in an AggregateError's errors (a host with several addresses), and only a code shaped as one", async () => {
    const failing = (cause: unknown) =>
      makeClient({ maxRetries: 0, fetch: async () => Promise.reject(new TypeError('fetch failed', { cause })) })
        .documents.retrieve('doc_1')
        .catch((e: unknown) => (e as APIConnectionError).message);
    const refused = (code: string) => Object.assign(new Error('connect failed'), { code });
    // Node's happy eyeballs: an AggregateError without a code of its own, one error per address tried.
    expect(await failing(new AggregateError([new Error('no code'), refused('ECONNREFUSED')]))).toBe(
      'Connection error: could not reach https://sandbox.yupana.pe (ECONNREFUSED).',
    );
    // Not a system code: lower case, a leading digit, words around it, or a cause that is text.
    for (const code of ['econnrefused', '1ECONNREFUSED', 'ECONNREFUSED at 10.0.0.1', 'connect ECONNREFUSED']) {
      expect(await failing(refused(code))).toBe('Connection error: could not reach https://sandbox.yupana.pe.');
    }
    expect(await failing('ECONNREFUSED')).toBe('Connection error: could not reach https://sandbox.yupana.pe.');
  });

  it('a key that somehow reaches the message is redacted: the code is read from the cause, never its text', async () => {
    const key = 'sk_test_in_the_cause_123456';
    const cause = Object.assign(new Error(`refused for ${key}`), { code: key });
    const error = (await makeClient({ apiKey: key, maxRetries: 0, fetch: async () => Promise.reject(new TypeError('fetch failed', { cause })) })
      .documents.retrieve('doc_1')
      .catch((e: unknown) => e)) as APIConnectionError;
    expect(error.message).toBe('Connection error: could not reach https://sandbox.yupana.pe.');
  });
});
