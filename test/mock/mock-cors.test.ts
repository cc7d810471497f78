import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockSandbox, MOCK_API_KEY, startMockServer, type MockSandbox } from '../../src/testing/index.js';
import { server } from '../msw.js';
import { validCreate } from '../helpers.js';

const BASE = 'https://sandbox.yupana.pe';
const PAGE = 'http://localhost:5173';

/** What Chromium sends before a cross-origin create with the SDK's headers and one of the app's. */
function preflight(base: string) {
  return fetch(`${base}/v1/documents`, {
    method: 'OPTIONS',
    headers: {
      Origin: PAGE,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key,x-shop-id,yupana-client',
    },
  });
}

const allowed = (response: Response) => (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
const exposed = (response: Response) => (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);

let sandbox: MockSandbox;
beforeEach(() => {
  sandbox = createMockSandbox();
  server.use(...sandbox.handlers);
});

describe('CORS in the msw handlers', () => {
  it('answers a preflight allowing the origin, the method and every header asked for', async () => {
    const response = await preflight(BASE);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    expect(allowed(response)).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'yupana-client', 'yupana-retry-count', 'x-shop-id']));
  });

  it('a preflight is recorded but neither needs a key nor uses up a queued fault', async () => {
    sandbox.failNext({ status: 503 });
    expect((await preflight(BASE)).status).toBe(204);
    const create = await fetch(`${BASE}/v1/documents`, { method: 'POST', headers: { Origin: PAGE } });
    expect(create.status).toBe(503);
    expect(sandbox.requests.map((r) => r.method)).toEqual(['OPTIONS', 'POST']);
    expect(sandbox.requests[0]!.headers['access-control-request-method']).toBe('POST');
  });

  it('lets a page read successes and errors, and the headers the SDK reads (in process, any origin: no page can reach msw handlers)', async () => {
    const headers = { Origin: PAGE, Authorization: `Bearer ${MOCK_API_KEY}`, 'Content-Type': 'application/json' };
    const body = JSON.stringify(validCreate());
    const created = await fetch(`${BASE}/v1/documents`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': 'k1' }, body });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(exposed(created)).toEqual(
      expect.arrayContaining(['request-id', 'retry-after', 'idempotent-replayed', 'ratelimit', 'ratelimit-policy', 'yupana-should-retry']),
    );
    const replayed = await fetch(`${BASE}/v1/documents`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': 'k1' }, body });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.headers.get('access-control-allow-origin')).toBe(PAGE);

    const denied = await fetch(`${BASE}/v1/documents`, { headers: { Origin: PAGE } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe(PAGE);
  });

  it('leaves requests without an Origin (servers) alone', async () => {
    const response = await fetch(`${BASE}/v1/documents`, { headers: { Authorization: `Bearer ${MOCK_API_KEY}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS in the mock server: only the origins allowed', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function serve(options: { corsOrigins?: string[] } = {}) {
    const mock = await startMockServer({ sandbox, ...options });
    close = mock.close;
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    return mock;
  }

  it('by default refuses a page of another origin (403 forbidden_origin, no CORS headers), preflight or call, and handles nothing', async () => {
    const mock = await serve();
    const response = await preflight(mock.url);
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toMatchObject({ status: 403, code: 'forbidden_origin' });

    const call = await fetch(`${mock.url}/v1/documents`, {
      method: 'POST',
      headers: { Origin: PAGE, Authorization: `Bearer ${MOCK_API_KEY}`, 'Content-Type': 'text/plain', 'Idempotency-Key': 'page-1' },
      body: JSON.stringify(validCreate()),
    });
    expect(call.status).toBe(403);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
    expect(sandbox.requests).toEqual([]);
    expect(sandbox.documents()).toEqual([]);
  });

  it('by default answers a page of its own origin, and requests without Origin (servers, curl)', async () => {
    const mock = await serve();
    const own = await fetch(`${mock.url}/v1/account`, { headers: { Origin: mock.url, Authorization: `Bearer ${MOCK_API_KEY}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(mock.url);
    const plain = await fetch(`${mock.url}/v1/account`, { headers: { Authorization: `Bearer ${MOCK_API_KEY}` } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('with corsOrigins, answers preflights of those origins over HTTP, unknown routes stay readable errors, other origins stay refused', async () => {
    const mock = await serve({ corsOrigins: [PAGE] });
    const response = await preflight(mock.url);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(allowed(response)).toContain('x-shop-id');

    const missing = await fetch(`${mock.url}/nowhere`, { headers: { Origin: PAGE } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(PAGE);

    const other = await fetch(`${mock.url}/v1/account`, { headers: { Origin: 'http://localhost:5174', Authorization: `Bearer ${MOCK_API_KEY}` } });
    expect(other.status).toBe(403);
  });

  it('answers a Private Network Access preflight of an origin allowed (a public page calling the sandbox on this machine)', async () => {
    const mock = await serve({ corsOrigins: ['https://app.example.pe'] });
    const response = await fetch(`${mock.url}/v1/documents`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example.pe', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-private-network')).toBe('true');
    const notAsked = await fetch(`${mock.url}/v1/documents`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example.pe', 'Access-Control-Request-Method': 'POST' },
    });
    expect(notAsked.status).toBe(204);
    expect(notAsked.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it("corsOrigins ['*'] lets any page call it", async () => {
    const mock = await serve({ corsOrigins: ['*'] });
    const response = await fetch(`${mock.url}/v1/account`, { headers: { Origin: 'https://anywhere.example', Authorization: `Bearer ${MOCK_API_KEY}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
  });

  it.each(['localhost:5173', 'http://localhost:5173/app', 'ftp://localhost', ''])('refuses corsOrigins [%j] with a TypeError naming it', async (origin) => {
    await expect(startMockServer({ corsOrigins: [origin] })).rejects.toThrow(
      new TypeError(`corsOrigins: each must be * or an origin such as http://localhost:5173 (scheme, host and port only), got ${JSON.stringify(origin)}`),
    );
  });

  it('takes an origin written with a trailing slash or in upper case, as the origin a browser sends', async () => {
    const mock = await serve({ corsOrigins: ['HTTP://LOCALHOST:5173/'] });
    const response = await preflight(mock.url);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
  });
});

describe('CORS headers, exactly', () => {
  it('a preflight without Access-Control-Request-Headers allows the SDK headers, is cached 10 minutes and varies on Origin and the headers asked', async () => {
    const response = await fetch(`${BASE}/v1/documents`, { method: 'OPTIONS', headers: { Origin: PAGE, 'Access-Control-Request-Method': 'GET' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key, Yupana-Client, Yupana-Retry-Count');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
  });

  it('an OPTIONS without Origin (no browser sent it) allows any origin', async () => {
    const response = await fetch(`${BASE}/v1/documents`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a cross-origin answer varies on Origin (a cache must not hand it to another page)', async () => {
    const response = await fetch(`${BASE}/v1/documents`, { headers: { Origin: PAGE, Authorization: `Bearer ${MOCK_API_KEY}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
  });

  it('a simulated network error stays a network error for a page (fetch rejects), not an answer', async () => {
    sandbox.failNext({ network: 'error' });
    await expect(fetch(`${BASE}/v1/documents`, { headers: { Origin: PAGE, Authorization: `Bearer ${MOCK_API_KEY}` } })).rejects.toThrow(TypeError);
    sandbox.failNext({ response: 'drop' });
    await expect(fetch(`${BASE}/v1/documents`, { headers: { Origin: PAGE, Authorization: `Bearer ${MOCK_API_KEY}` } })).rejects.toThrow(TypeError);
  });
});
