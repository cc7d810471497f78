import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { APIUserAbortError, Client, ENVIRONMENTS, ValidationError, VERSION, YupanaError } from '../../src/index.js';
import pkg from '../../package.json' with { type: 'json' };
import { API_KEY, documentFixture, json, makeClient, respond, SANDBOX } from '../helpers.js';
import { server } from '../msw.js';
import { trailingSlashes } from '../../src/internal/url.js';

function hit(origin: string) {
  const seen: string[] = [];
  server.use(
    http.get(`${origin}/v1/documents/doc_1`, ({ request }) => {
      seen.push(request.url);
      return HttpResponse.json(documentFixture());
    }),
  );
  return seen;
}

describe('Client configuration', () => {
  it('sandbox and production call their own base URLs; production is the default', async () => {
    const sandbox = hit(ENVIRONMENTS.sandbox);
    const production = hit(ENVIRONMENTS.production);
    await new Client({ apiKey: API_KEY, environment: 'sandbox' }).documents.retrieve('doc_1');
    await new Client({ apiKey: API_KEY, environment: 'production' }).documents.retrieve('doc_1');
    await new Client({ apiKey: API_KEY }).documents.retrieve('doc_1');
    expect(sandbox).toEqual(['https://sandbox.yupana.pe/v1/documents/doc_1']);
    expect(production).toHaveLength(2);
  });

  it('baseURL overrides the environment, keeping its path prefix and dropping a trailing slash', async () => {
    const seen = hit('https://proxy.example.pe/yupana');
    const client = new Client({ apiKey: API_KEY, baseURL: 'https://proxy.example.pe/yupana/' });
    expect(client.baseURL).toBe('https://proxy.example.pe/yupana');
    await client.documents.retrieve('doc_1');
    expect(seen).toEqual(['https://proxy.example.pe/yupana/v1/documents/doc_1']);
  });

  it('drops every trailing slash of baseURL, not only the last', () => {
    expect(new Client({ apiKey: API_KEY, baseURL: 'https://proxy.example.pe/yupana///' }).baseURL).toBe('https://proxy.example.pe/yupana');
  });

  it('drops 40 000 trailing slashes of baseURL, and keeps a slash inside its path', () => {
    expect(new Client({ apiKey: API_KEY, baseURL: `https://proxy.example.pe/yu//pana${'/'.repeat(40_000)}` }).baseURL).toBe('https://proxy.example.pe/yu//pana');
    expect(new Client({ apiKey: API_KEY, baseURL: `https://proxy.example.pe${'/'.repeat(40_000)}` }).baseURL).toBe('https://proxy.example.pe');
  });

  it('counts trailing slashes in linear work: n slashes take n + 1 reads of a character (the regex it replaced retried the run from each one)', () => {
    /** A text of `slashes` slashes after `head`, read only through what it counts. */
    const counted = (head: string, slashes: number) => {
      const text = head + '/'.repeat(slashes);
      const reads = { count: 0 };
      return { reads, text: { length: text.length, charCodeAt: (i: number) => (reads.count++, text.charCodeAt(i)) } };
    };
    for (const [head, slashes] of [
      ['https://proxy.example.pe/yupana', 40_000],
      ['https://proxy.example.pe/yupana', 0],
      ['', 5],
    ] as const) {
      const { reads, text } = counted(head, slashes);
      expect(trailingSlashes(text)).toBe(slashes);
      expect(reads.count).toBe(head === '' ? slashes : slashes + 1);
    }
  });

  it('sends to the address it checked: a space or line break copied with YUPANA_BASE_URL is dropped, as the URL parser drops it', async () => {
    vi.stubEnv('YUPANA_BASE_URL', ' https://Proxy.Example.pe/yupana/ \n');
    const seen = hit('https://proxy.example.pe/yupana');
    const client = new Client({ apiKey: API_KEY });
    expect(client.baseURL).toBe('https://proxy.example.pe/yupana');
    await client.documents.retrieve('doc_1');
    expect(seen).toEqual(['https://proxy.example.pe/yupana/v1/documents/doc_1']);
  });

  it('refuses an API key that is not a string, even one that prints as ASCII', () => {
    expect(() => new Client({ apiKey: 12345 as unknown as string, environment: 'sandbox' })).toThrow(/printable ASCII/);
  });

  it('names the option in what it refuses: defaultHeaders as client options, a browser without the opt-in, a bad URL', () => {
    expect(() => new Client({ apiKey: API_KEY, environment: 'sandbox', defaultHeaders: { 'x-tenant': 'a\nb' } })).toThrow(
      /^Invalid client options: defaultHeaders\.x-tenant/,
    );
    expect(() => new Client({ apiKey: API_KEY, baseURL: 'not a url' })).toThrow('baseURL "not a url" is not a valid URL.');
  });

  it('reads YUPANA_API_KEY and YUPANA_BASE_URL from the environment', async () => {
    vi.stubEnv('YUPANA_API_KEY', 'sk_test_from_env');
    vi.stubEnv('YUPANA_BASE_URL', 'http://127.0.0.1:4010');
    const seen: (string | null)[] = [];
    server.use(
      http.get('http://127.0.0.1:4010/v1/documents/doc_1', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json(documentFixture());
      }),
    );
    await new Client().documents.retrieve('doc_1');
    expect(seen).toEqual(['Bearer sk_test_from_env']);
  });

  it('YUPANA_BASE_URL redirects an explicit environment (to a local mock, say); an explicit baseURL wins over it', () => {
    vi.stubEnv('YUPANA_BASE_URL', 'http://localhost:4010');
    expect(new Client({ apiKey: API_KEY, environment: 'sandbox' }).baseURL).toBe('http://localhost:4010');
    expect(new Client({ apiKey: API_KEY, baseURL: 'https://proxy.example.pe' }).baseURL).toBe('https://proxy.example.pe');
  });

  it('without any API key the constructor fails clearly', () => {
    vi.stubEnv('YUPANA_API_KEY', '');
    expect(() => new Client()).toThrow(YupanaError);
    expect(() => new Client()).toThrow(/Missing API key.*YUPANA_API_KEY/);
  });

  it('environment together with baseURL is ambiguous', () => {
    expect(() => new Client({ apiKey: API_KEY, environment: 'sandbox', baseURL: 'https://x.pe' })).toThrow(/either `environment` or `baseURL`/);
  });

  it('an unknown environment lists the allowed ones', () => {
    expect(() => new Client({ apiKey: API_KEY, environment: 'staging' as 'sandbox' })).toThrow('Unknown environment "staging"; use one of: production, sandbox.');
  });

  it.each([
    'http://api.example.pe',
    'http://10.0.0.5:8080',
    'ftp://localhost',
    'http://localhost.attacker.pe',
    'http://127.0.0.1.attacker.pe',
    'http://0.0.0.0:4010',
    'http://[::ffff:127.0.0.1]:4010',
  ])('refuses the insecure base URL %s', (baseURL) => {
    expect(() => new Client({ apiKey: API_KEY, baseURL })).toThrow(/https:\/\//);
  });

  it.each(['http://localhost:4010', 'http://127.0.0.1:4010', 'http://[::1]:4010', 'https://api.example.pe'])('accepts %s', (baseURL) => {
    expect(new Client({ apiKey: API_KEY, baseURL }).baseURL).toBe(baseURL);
  });

  it('refuses a base URL that is not a URL', () => {
    expect(() => new Client({ apiKey: API_KEY, baseURL: 'sandbox.yupana.pe' })).toThrow(/not a valid URL/);
  });

  it('sends defaultHeaders and per-call headers, never letting them replace the API key', async () => {
    const seen = respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const client = new Client({ apiKey: API_KEY, environment: 'sandbox', defaultHeaders: { 'X-Tenant': 'a', 'X-Trace': 'default' } });
    await client.documents.retrieve('doc_1', { headers: { 'x-trace': 'call', Authorization: 'Bearer other' } });
    expect(seen[0]!.headers.get('x-tenant')).toBe('a');
    expect(seen[0]!.headers.get('x-trace')).toBe('call');
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('looks fetch up on every request, so a fetch patched after construction is used', async () => {
    const client = new Client({ apiKey: API_KEY, environment: 'sandbox' });
    const patched = vi.fn(async () => Response.json(documentFixture()));
    vi.stubGlobal('fetch', patched);
    try {
      await client.documents.retrieve('doc_1');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(patched).toHaveBeenCalledOnce();
  });

  it('uses a custom fetch when given one', async () => {
    const custom = vi.fn(async (input: RequestInfo | URL) => {
      expect(new Request(input).url).toBe('https://sandbox.yupana.pe/v1/documents/doc_1');
      return Response.json(documentFixture());
    });
    const doc = await new Client({ apiKey: API_KEY, environment: 'sandbox', fetch: custom as typeof fetch }).documents.retrieve('doc_1');
    expect(doc.id).toBe('doc_1');
    expect(custom).toHaveBeenCalledOnce();
  });

  it('hands a custom fetch the Request ky built: method, URL, headers, the JSON text, redirects not followed, the attempt signal', async () => {
    const calls: [unknown, string][] = [];
    const custom = async (input: RequestInfo | URL) => {
      // Read as fetch reads it: ky cancels what is left of the body once the call is over.
      calls.push([input, await (input as Request).text()]);
      return Response.json(documentFixture(), { status: 201 });
    };
    const body = {
      type: '03' as const,
      series: 'B001',
      customer: { documentType: '1' as const, documentNumber: '12345678', name: 'Ana' },
      items: [{ description: 'Pan', quantity: 1, unitPrice: 1, igv: 0.18 }],
    };
    const hooks = { beforeRequest: ({ headers }: { headers: Headers }) => headers.set('traceparent', '00-abc-01') };
    await new Client({ apiKey: API_KEY, environment: 'sandbox', fetch: custom as typeof fetch, hooks }).documents.create(body, { idempotencyKey: 'order-1' });
    expect(calls).toHaveLength(1);
    const [input, text] = calls[0]!;
    expect(input).toBeInstanceOf(Request);
    const request = input as Request;
    expect([request.method, request.url, request.redirect]).toEqual(['POST', 'https://sandbox.yupana.pe/v1/documents', 'manual']);
    expect(text).toBe(JSON.stringify(body));
    expect(request.signal.aborted).toBe(false);
    expect(request.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('idempotency-key')).toBe('order-1');
    // What the beforeRequest hook set is on the Request sent: the hook saw ky's own Request.
    expect(request.headers.get('traceparent')).toBe('00-abc-01');
  });

  it('aborts the Request a custom fetch was handed when the call is aborted', async () => {
    const controller = new AbortController();
    let sent: Request | undefined;
    const custom = (input: RequestInfo | URL) => {
      sent = input as Request;
      controller.abort();
      return new Promise<Response>((_, reject) => sent!.signal.addEventListener('abort', () => reject(sent!.signal.reason)));
    };
    const call = new Client({ apiKey: API_KEY, environment: 'sandbox', fetch: custom as typeof fetch }).documents.retrieve('doc_1', { signal: controller.signal });
    await expect(call).rejects.toBeInstanceOf(APIUserAbortError);
    expect(sent?.signal.aborted).toBe(true);
  });

  it('VERSION matches package.json', () => {
    expect(VERSION).toBe(pkg.version);
  });
});

describe('client.request (the escape hatch)', () => {
  it('reaches an unmodelled endpoint with auth, query, body, idempotency and typed errors', async () => {
    const seen = respond('post', '/v1/reports', json({ id: 'rep_1' }, 201));
    const client = new Client({ apiKey: API_KEY, environment: 'sandbox' });
    const result = await client.request<{ id: string }>(
      { method: 'POST', path: '/v1/reports', query: { month: '2026-11', tags: ['a', 'b'], skip: undefined, none: null }, body: { kind: 'ventas' } },
      { idempotencyKey: 'rep-2026-11' },
    );
    expect(result.id).toBe('rep_1');
    expect(seen[0]!.url.search).toBe('?month=2026-11&tags=a&tags=b');
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(seen[0]!.headers.get('idempotency-key')).toBe('rep-2026-11');
    expect(JSON.parse(seen[0]!.body)).toEqual({ kind: 'ventas' });
  });

  it('refuses a nested object in the query instead of sending [object Object]', async () => {
    const client = new Client({ apiKey: API_KEY, environment: 'sandbox' });
    await expect(client.request({ method: 'GET', path: '/v1/x', query: { filter: { a: 1 } } })).rejects.toThrow(
      'Invalid query: filter: must be a string, number, boolean, Date or an array of them',
    );
  });
});

describe('limits and odd answers', () => {
  it.each([
    [{ timeout: 0 }, 'timeout'],
    [{ timeout: Number.NaN }, 'timeout'],
    [{ timeout: Infinity }, 'timeout'],
    [{ timeout: 2 ** 31 }, 'timeout'],
    [{ maxRetries: -1 }, 'maxRetries'],
    [{ maxRetries: 1.5 }, 'maxRetries'],
  ])('refuses %o at construction and per call, naming %s', async (limits, field) => {
    expect(() => new Client({ apiKey: API_KEY, environment: 'sandbox', ...limits })).toThrow(new RegExp(`Invalid client options: ${field}: must be`));
    const client = new Client({ apiKey: API_KEY, environment: 'sandbox' });
    await expect(client.documents.retrieve('doc_1', limits)).rejects.toThrow(new RegExp(`Invalid request options: ${field}`));
    await expect(client.documents.list({}, limits)).rejects.toThrow(new RegExp(`Invalid request options: ${field}`));
  });

  it('accepts the limits at their bounds (timeout 1 and 2^31 - 1 ms, maxRetries 0), and says what the bounds are', () => {
    for (const limits of [{ timeout: 1 }, { timeout: 2 ** 31 - 1 }, { maxRetries: 0 }]) {
      expect(new Client({ apiKey: API_KEY, environment: 'sandbox', ...limits })).toBeInstanceOf(Client);
    }
    const issues = (options: object) => {
      try {
        new Client({ apiKey: API_KEY, environment: 'sandbox', ...options });
      } catch (error) {
        return (error as ValidationError).issues;
      }
      return [];
    };
    expect(issues({ timeout: 0.5 - 1, maxRetries: -1 })).toEqual([
      { path: 'timeout', message: 'must be milliseconds from 1 to 2147483647' },
      { path: 'maxRetries', message: 'must be a whole number ≥ 0' },
    ]);
    expect(issues({ timeout: '5000' })).toEqual([{ path: 'timeout', message: 'must be milliseconds from 1 to 2147483647' }]);
  });

  it.each([204, 205])('a %i answers undefined, at once, without retries', async (status) => {
    const seen = respond('all', '/v1/things/thing_1', () => new Response(null, { status }));
    const client = new Client({ apiKey: API_KEY, environment: 'sandbox' });
    expect(await client.request({ method: 'DELETE', path: '/v1/things/thing_1' })).toBeUndefined();
    expect(seen).toHaveLength(1);
  });

  it('an Idempotency-Key given in headers is kept, and the idempotencyKey option wins over it', async () => {
    const seen = respond('post', '/v1/documents/doc_1/resend', json(documentFixture()));
    const client = new Client({ apiKey: API_KEY, environment: 'sandbox' });
    await client.documents.resend('doc_1', { headers: { 'Idempotency-Key': 'from-header' } });
    await client.documents.resend('doc_1', { headers: { 'Idempotency-Key': 'from-header' }, idempotencyKey: 'from-option' });
    expect(seen.map((s) => s.headers.get('idempotency-key'))).toEqual(['from-header', 'from-option']);
  });
});

describe('withOptions', () => {
  it('makes a new client with the named options over this one’s, sharing the key and the address', async () => {
    const seen = respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const base = makeClient({ timeout: 5_000, defaultHeaders: { 'x-tenant': 'acme' } });
    const patient = base.withOptions({ timeout: 120_000, maxRetries: 5 });
    expect(patient).not.toBe(base);
    expect([patient.baseURL, patient.timeout, patient.maxRetries]).toEqual([SANDBOX, 120_000, 5]);
    expect([base.timeout, base.maxRetries]).toEqual([5_000, 2]);
    await patient.documents.retrieve('doc_1');
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(seen[0]!.headers.get('x-tenant')).toBe('acme');
  });

  it('naming baseURL replaces the environment, and bad options throw as the constructor does', () => {
    const base = makeClient();
    expect(base.withOptions({ baseURL: 'http://127.0.0.1:4010' }).baseURL).toBe('http://127.0.0.1:4010');
    expect(base.withOptions({ environment: 'production' }).baseURL).toBe('https://api.yupana.pe');
    expect(() => base.withOptions({ timeout: 0 })).toThrow(ValidationError);
  });

  it('takes the key the first client read from YUPANA_API_KEY', () => {
    vi.stubEnv('YUPANA_API_KEY', 'sk_test_from_env');
    const base = new Client({ environment: 'sandbox' });
    vi.stubEnv('YUPANA_API_KEY', '');
    expect(() => new Client({ environment: 'sandbox' })).toThrow(/Missing API key/);
    expect(base.withOptions({ maxRetries: 0 }).maxRetries).toBe(0);
  });
});
