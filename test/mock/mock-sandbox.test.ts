import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Document, DocumentList } from '../../src/models/document.js';
import { createMockSandbox, MOCK_API_KEY, startMockServer, type MockOutcome, type MockSandbox } from '../../src/testing/index.js';
import { server } from '../msw.js';
import { readXml } from './read-xml.js';
import { limaDate } from '../../src/sunat/dates.js';

const BASE = 'https://sandbox.yupana.pe';

const factura = (overrides: Record<string, unknown> = {}) => ({
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20131312955', name: 'SUNAT' },
  items: [{ description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36 }],
  ...overrides,
});

interface CallOptions {
  body?: unknown;
  key?: string | null;
  idempotencyKey?: string | null;
  headers?: Record<string, string>;
}

let keyCounter = 0;

/** A plain fetch against the mock; POSTs get a fresh Idempotency-Key unless one is given. */
function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const key = options.key === undefined ? MOCK_API_KEY : options.key;
  if (key !== null) headers['Authorization'] = `Bearer ${key}`;
  if (method === 'POST') {
    const idempotencyKey = options.idempotencyKey === undefined ? `idem-${++keyCounter}` : options.idempotencyKey;
    if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey;
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  return fetch(`${BASE}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

async function createDoc(overrides: Record<string, unknown> = {}): Promise<Document> {
  const response = await call('POST', '/v1/documents', { body: factura(overrides) });
  expect(response.status).toBe(201);
  return Document.parse(await response.json());
}

let sandbox: MockSandbox;
let outcome: MockOutcome;

beforeEach(() => {
  outcome = 'accepted';
  sandbox = createMockSandbox({ outcome: () => outcome });
  server.use(...sandbox.handlers);
});

describe('auth and errors', () => {
  it('answers 401 problem+json without a key or with a key that is not a test key', async () => {
    for (const key of [null, 'sk_live_wrong']) {
      const response = await call('GET', '/v1/documents', { key });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const requestId = response.headers.get('request-id');
      expect(requestId).toMatch(/^req_\w+$/);
      expect(await json(response)).toMatchObject({
        type: 'https://docs.yupana.pe/errors/authentication_error',
        title: expect.any(String),
        status: 401,
        detail: expect.any(String),
        code: 'authentication_error',
        requestId,
      });
    }
    expect(sandbox.documents()).toEqual([]);
  });

  it('accepts any key that starts with sk_test_ by default, so an app runs with its own test key', async () => {
    expect((await call('GET', '/v1/documents', { key: 'sk_test_my_own_app' })).status).toBe(200);
    const live = await call('GET', '/v1/documents', { key: 'sk_live_my_own_app' });
    expect(live.status).toBe(401);
    expect(await json(live)).toMatchObject({ detail: 'Invalid API key: the mock accepts keys that start with sk_test_' });
  });

  it('accepts only the keys given in options', async () => {
    const custom = createMockSandbox({ apiKeys: ['sk_test_a'] });
    server.use(...custom.handlers);
    expect((await call('GET', '/v1/documents', { key: 'sk_test_a' })).status).toBe(200);
    expect((await call('GET', '/v1/documents')).status).toBe(401);
    expect((await call('GET', '/v1/documents', { key: 'sk_test_b' })).status).toBe(401);
  });

  it('answers 400 bad_request for malformed JSON and for a POST without Idempotency-Key', async () => {
    const malformed = await call('POST', '/v1/documents', { body: '{"type":' });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ code: 'bad_request' });
    const noKey = await call('POST', '/v1/documents', { body: factura(), idempotencyKey: null });
    expect(noKey.status).toBe(400);
    expect(await json(noKey)).toMatchObject({ code: 'bad_request' });
    expect(sandbox.documents()).toHaveLength(0);
  });

  it('answers 422 validation_error naming each failing path', async () => {
    const body = factura({
      items: [{ description: 'x', quantity: 1, unitPrice: 10, igv: '1.80' }],
      customer: { documentType: '6', documentNumber: '123', name: 'ACME' },
    });
    const response = await call('POST', '/v1/documents', { body });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await json(response);
    expect(problem).toMatchObject({ code: 'validation_error', status: 422, type: 'https://docs.yupana.pe/errors/validation_error' });
    expect(problem['errors']).toEqual(
      expect.arrayContaining([{ path: 'items.0.igv', code: 'invalid_type', message: expect.any(String) }, expect.objectContaining({ path: 'customer.documentNumber' })]),
    );
  });

  it('answers 404 not_found for an unknown document', async () => {
    const response = await call('GET', '/v1/documents/doc_missing');
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ code: 'not_found', requestId: response.headers.get('request-id') });
  });
});

describe('create', () => {
  it('issues documents with correlative numbers per series and computed totals', async () => {
    const response = await call('POST', '/v1/documents', {
      body: factura({
        items: [
          { description: 'a', quantity: 2, unitPrice: 100, igv: 36 },
          { description: 'b', quantity: 700, unitPrice: 1.102, igv: 138.85 },
          { description: 'c', quantity: 3, unitPrice: 33.33, igv: 18 },
          { description: 'd', quantity: 1, unitPrice: 1.005, igv: 0.18 },
        ],
      }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    const first = Document.parse(await response.json());
    expect(first).toMatchObject({
      object: 'document',
      status: 'accepted',
      number: 1,
      fullNumber: 'F001-1',
      currency: 'PEN',
      totals: { taxable: 1072.4, igv: 193.03, total: 1265.43 },
      taxAuthority: {
        status: 'accepted',
        code: '0',
        description: 'La Factura numero F001-1, ha sido aceptada',
        notes: [],
        attempts: 1,
        nextAttemptAt: null,
      },
    });
    expect(first.id).toMatch(/^doc_\w+$/);
    expect(first.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.items[0]).toMatchObject({ unitCode: 'NIU', igvAffectation: '10' });
    expect(first.signedXml).toContain('<cbc:ID>F001-1</cbc:ID>');
    expect(first.signedXml).toContain('<cbc:UBLVersionID>2.1</cbc:UBLVersionID>');
    expect(first.pdfUrl).toBe(`${BASE}/v1/documents/${first.id}/pdf`);
    expect(first.taxAuthority.respondedAt).toMatch(/Z$/);
    expect(first.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // Dated yesterday in Lima: within the 3 days SUNAT takes a factura in (2108).
    const yesterday = limaDate(new Date(Date.now() - 86_400_000));
    const second = await createDoc({ currency: 'USD', issueDate: yesterday, metadata: { order: '42' } });
    expect(second).toMatchObject({ fullNumber: 'F001-2', number: 2, currency: 'USD', issueDate: yesterday, metadata: { order: '42' } });
    const boleta = await createDoc({
      type: '03',
      series: 'B001',
      customer: { documentType: '1', documentNumber: '12345678', name: 'Ana' },
    });
    expect(boleta.fullNumber).toBe('B001-1');
    expect(boleta.taxAuthority.description).toBe('La Boleta numero B001-1, ha sido aceptada');
    expect(sandbox.documents().map((d) => d.fullNumber)).toEqual(['F001-1', 'F001-2', 'B001-1']);
  });

  it('issues a boleta to the anonymous customer (catálogo 06 varios, -) and renders it in the XML', async () => {
    const boleta = await createDoc({ type: '03', series: 'B001', customer: { documentType: '-', documentNumber: '-', name: 'Clientes varios' } });
    expect(boleta).toMatchObject({ fullNumber: 'B001-1', customer: { documentType: '-', documentNumber: '-' } });
    const xml = readXml(boleta.signedXml);
    expect(xml.one('//cac:AccountingCustomerParty//cbc:ID/@schemeID')).toBe('-');
    expect(xml.one('//cac:AccountingCustomerParty//cbc:ID')).toBe('-');
    expect(xml.one('//cac:AccountingCustomerParty//cbc:RegistrationName')).toBe('Clientes varios');
  });

  it('simulates observed, rejected and pending answers (pending is a 202)', async () => {
    outcome = 'observed';
    const observed = await createDoc();
    expect(observed.status).toBe('accepted');
    expect(observed.taxAuthority.code).toMatch(/^4\d{3}$/);
    expect(observed.taxAuthority.notes).toHaveLength(1);

    outcome = 'rejected';
    const rejected = await createDoc();
    expect(rejected).toMatchObject({ status: 'rejected', taxAuthority: { status: 'rejected', code: '2800' } });

    outcome = 'pending';
    const response = await call('POST', '/v1/documents', { body: factura() });
    expect(response.status).toBe(202);
    const pending = Document.parse(await response.json());
    expect(pending).toMatchObject({ status: 'pending', taxAuthority: { status: 'pending', code: null, respondedAt: null } });
    expect(pending.fullNumber).toBe('F001-3');
  });

  it('starts from seed documents and continues their numbering', async () => {
    const first = await createDoc();
    const seeded = createMockSandbox({ documents: [first] });
    server.use(...seeded.handlers);
    const next = await createDoc();
    expect(next.fullNumber).toBe('F001-2');
    expect(seeded.documents().map((d) => d.id)).toEqual([first.id, next.id]);
    seeded.reset();
    expect(seeded.documents().map((d) => d.id)).toEqual([first.id]);
    expect(seeded.requests).toEqual([]);
  });
});

describe('numbering', () => {
  it('an outcome that throws takes no number: the retry gets the one it would have had', async () => {
    let calls = 0;
    const flaky = createMockSandbox({
      outcome: () => {
        if (++calls === 1) throw new Error('the outcome function failed');
        return 'accepted';
      },
    });
    server.use(...flaky.handlers);
    expect((await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'n-1' })).status).toBe(500);
    const retried = await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'n-1' });
    expect(await json(retried)).toMatchObject({ fullNumber: 'F001-1' });
  });

  it('a series that used every number up to 99999999 refuses the next document, naming the series', async () => {
    const seeded = Document.parse(await (await call('POST', '/v1/documents', { body: factura() })).json());
    const full = createMockSandbox({ documents: [{ ...seeded, number: 99_999_998, fullNumber: 'F001-99999998' }] });
    server.use(...full.handlers);
    expect(await json(await call('POST', '/v1/documents', { body: factura() }))).toMatchObject({ fullNumber: 'F001-99999999' });
    const refused = await call('POST', '/v1/documents', { body: factura() });
    expect(refused.status).toBe(422);
    expect((await json(refused))['errors']).toEqual([{ path: 'series', code: 'too_big', message: 'F001 has used every number up to 99999999: register a new series' }]);
    expect(full.documents()).toHaveLength(2);
  });
});

describe('idempotency', () => {
  it('replays the stored answer for the same key and body, creating nothing new', async () => {
    const body = factura();
    const first = await call('POST', '/v1/documents', { body, idempotencyKey: 'k-1' });
    const firstBody = await json(first);
    // Same body with another key order: still the same request.
    const reordered = { items: body.items, customer: body.customer, series: body.series, type: body.type };
    const replay = await call('POST', '/v1/documents', { body: reordered, idempotencyKey: 'k-1' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.headers.get('request-id')).toBe(first.headers.get('request-id'));
    expect(await json(replay)).toEqual(firstBody);
    expect(sandbox.documents()).toHaveLength(1);
  });

  it('scopes keys per API key and path', async () => {
    const both = createMockSandbox({ apiKeys: ['sk_test_a', 'sk_test_b'] });
    server.use(...both.handlers);
    await call('POST', '/v1/documents', { body: factura(), key: 'sk_test_a', idempotencyKey: 'shared' });
    const other = await call('POST', '/v1/documents', { body: factura(), key: 'sk_test_b', idempotencyKey: 'shared' });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(both.documents()).toHaveLength(2);
  });

  it('a key is scoped by the path as the route reads it: a trailing slash or an encoded id replays, never issues twice', async () => {
    const first = await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-path' });
    const slashed = await call('POST', '/v1/documents/', { body: factura(), idempotencyKey: 'k-path' });
    expect(slashed.status).toBe(201);
    expect(slashed.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.documents()).toHaveLength(1);
    const { id } = await json(first);
    const voided = await call('POST', `/v1/documents/${id}/void`, { body: { reason: 'Error en el RUC' }, idempotencyKey: 'k-void' });
    expect(voided.status).toBe(200);
    const encoded = await call('POST', `/v1/documents/${String(id).replace('_', '%5F')}/void`, { body: { reason: 'Error en el RUC' }, idempotencyKey: 'k-void' });
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get('idempotent-replayed')).toBe('true');
    // Another document's void with the same key is another path: not a replay.
    const other = await createDoc();
    const second = await call('POST', `/v1/documents/${other.id}/void`, { body: { reason: 'Error en el RUC' }, idempotencyKey: 'k-void' });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 422 idempotency_key_reused for the same key with another body', async () => {
    await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-2' });
    const reused = await call('POST', '/v1/documents', { body: factura({ series: 'F002' }), idempotencyKey: 'k-2' });
    expect(reused.status).toBe(422);
    expect(await json(reused)).toMatchObject({ code: 'idempotency_key_reused', detail: 'This Idempotency-Key was already used with a different request body' });
    expect(sandbox.documents()).toHaveLength(1);
  });

  it('keeps a key exactly 24 hours after its first request: a millisecond before, another body is refused; at 24 hours it is a new request', async () => {
    const start = new Date('2026-11-21T15:00:00.000Z').getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(start);
      expect((await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-day' })).status).toBe(201);
      vi.setSystemTime(start + 24 * 60 * 60 * 1000 - 1);
      expect((await call('POST', '/v1/documents', { body: factura({ series: 'F002' }), idempotencyKey: 'k-day' })).status).toBe(422);
      vi.setSystemTime(start + 24 * 60 * 60 * 1000);
      const fresh = await call('POST', '/v1/documents', { body: factura({ series: 'F002' }), idempotencyKey: 'k-day' });
      expect(fresh.status).toBe(201);
      expect(fresh.headers.get('idempotent-replayed')).toBeNull();
      expect(sandbox.documents()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reset() forgets every key, one whose create is running across it included: that create still answers 201, and its key is then new', async () => {
    await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-reset' });
    sandbox.reset();
    const again = await call('POST', '/v1/documents', { body: factura({ series: 'F002' }), idempotencyKey: 'k-reset' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      sandbox.failNext({ delayMs: 1_000 });
      const slow = call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-running' });
      await vi.advanceTimersByTimeAsync(10); // the create claims the key, then waits
      sandbox.reset();
      await vi.advanceTimersByTimeAsync(1_000);
      expect((await slow).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
    const after = await call('POST', '/v1/documents', { body: factura({ series: 'F003' }), idempotencyKey: 'k-running' });
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 409 idempotency_key_in_use while the first request is running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      sandbox.failNext({ delayMs: 1_000 });
      const slow = call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-3' });
      await vi.advanceTimersByTimeAsync(10); // the first request claims the key, then waits
      const concurrent = await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-3' });
      expect(concurrent.status).toBe(409);
      expect(await json(concurrent)).toMatchObject({ code: 'idempotency_key_in_use' });
      await vi.advanceTimersByTimeAsync(1_000);
      expect((await slow).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
    const after = await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-3' });
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.documents()).toHaveLength(1);
  });

  it('does not store a faulted attempt: the retry with the same key creates the document once', async () => {
    sandbox.failNext({ status: 503 });
    const failed = await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-4' });
    expect(failed.status).toBe(503);
    const retried = await call('POST', '/v1/documents', { body: factura(), idempotencyKey: 'k-4' });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(sandbox.documents()).toHaveLength(1);
    expect(sandbox.requests.map((r) => r.headers['idempotency-key'])).toEqual(['k-4', 'k-4']);
  });
});

describe('list', () => {
  it('pages newest first with an opaque cursor and null at the end', async () => {
    const created: Document[] = [];
    for (let i = 0; i < 5; i++) created.push(await createDoc());
    const newestFirst = created.map((d) => d.id).reverse();

    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const query: string = `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await call('GET', `/v1/documents?${query}`);
      expect(response.status).toBe(200);
      const page = DocumentList.parse(await response.json());
      pages.push(page.data.length);
      seen.push(...page.data.map((d) => d.id));
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(newestFirst);

    const all = await json(await call('GET', '/v1/documents'));
    expect(all).toMatchObject({ object: 'list', hasMore: false, nextCursor: null });
    expect(all['data']).toHaveLength(5);
  });

  it('filters by type, series, status, customer and issue dates', async () => {
    // Each document is issued on its issue date (at noon in Lima), within SUNAT's deadlines.
    vi.useFakeTimers({ toFake: ['Date'] });
    const issuedOn = (issueDate: string, overrides: Record<string, unknown> = {}) => {
      vi.setSystemTime(new Date(`${issueDate}T17:00:00Z`));
      return createDoc({ issueDate, ...overrides });
    };
    try {
      await issuedOn('2026-01-10');
      await issuedOn('2026-02-10', { customer: { documentType: '6', documentNumber: '20100047218', name: 'BETA S.A.C.' } });
      await issuedOn('2026-03-10', { type: '03', series: 'B001', customer: { documentType: '1', documentNumber: '12345678', name: 'Carla' } });
      outcome = 'rejected';
      await issuedOn('2026-03-11');
    } finally {
      vi.useRealTimers();
    }
    const numbers = async (query: string) => DocumentList.parse(await (await call('GET', `/v1/documents?${query}`)).json()).data.map((d) => d.fullNumber);
    expect(await numbers('type=03')).toEqual(['B001-1']);
    expect(await numbers('series=F001')).toEqual(['F001-3', 'F001-2', 'F001-1']);
    expect(await numbers('status=rejected')).toEqual(['F001-3']);
    expect(await numbers('customerDocumentNumber=20100047218')).toEqual(['F001-2']);
    expect(await numbers('issuedFrom=2026-02-01&issuedTo=2026-03-10')).toEqual(['B001-1', 'F001-2']);
  });

  it('answers 422 for a limit out of 1..100 or a bad cursor', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=cur_nope']) {
      const response = await call('GET', `/v1/documents?${query}`);
      expect(response.status, query).toBe(422);
      expect(await json(response)).toMatchObject({ code: 'validation_error' });
    }
  });
});

describe('files', () => {
  it('serves the XML, the CDR and the PDF', async () => {
    const doc = await createDoc();
    const xml = await call('GET', `/v1/documents/${doc.id}/xml`);
    expect(xml.headers.get('content-type')).toBe('application/xml');
    expect(await xml.text()).toBe(doc.signedXml);

    const cdr = await call('GET', `/v1/documents/${doc.id}/cdr`);
    expect(cdr.headers.get('content-type')).toBe('application/xml');
    const cdrText = await cdr.text();
    expect(cdrText).toContain('ApplicationResponse');
    expect(cdrText).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');

    for (const format of ['a4', 'ticket']) {
      const pdf = await call('GET', `/v1/documents/${doc.id}/pdf?format=${format}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = new TextDecoder().decode(await pdf.arrayBuffer());
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text).toContain(`F001-1 PEN 236.00 \\(${format}\\)`);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    }
    expect((await call('GET', `/v1/documents/${doc.id}/pdf?format=a5`)).status).toBe(422);
  });

  it('has no CDR before SUNAT answers', async () => {
    outcome = 'pending';
    const pending = await call('POST', '/v1/documents', { body: factura() });
    const { id } = Document.parse(await pending.json());
    const cdr = await call('GET', `/v1/documents/${id}/cdr`);
    expect(cdr.status).toBe(404);
    expect(await json(cdr)).toMatchObject({ code: 'not_found' });
  });
});

describe('void, resend, email', () => {
  it('voids accepted documents only', async () => {
    const doc = await createDoc();
    const voided = await call('POST', `/v1/documents/${doc.id}/void`, { body: { reason: 'Error en el precio' } });
    expect(voided.status).toBe(200);
    expect(Document.parse(await voided.json()).status).toBe('voiding');

    const again = await call('POST', `/v1/documents/${doc.id}/void`, { body: { reason: 'Otra vez' } });
    expect(again.status).toBe(422);
    // One issue on the whole body, as every validation_error has: code reading err.errors[0] works.
    expect(await json(again)).toMatchObject({
      code: 'validation_error',
      errors: [
        {
          path: '',
          code: 'sunat_2323',
          message: 'F001-1 is already voiding: a document is voided once',
          sunatDescription: 'Existe documento ya informado anteriormente en una comunicacion de baja',
        },
      ],
    });

    const other = await createDoc();
    const noReason = await call('POST', `/v1/documents/${other.id}/void`, { body: {} });
    expect(noReason.status).toBe(422);
    expect((await json(noReason))['errors']).toEqual([expect.objectContaining({ path: 'reason' })]);
    expect((await call('POST', '/v1/documents/doc_missing/void', { body: { reason: 'x' } })).status).toBe(404);
  });

  it('resends pending documents, counting attempts, and refuses accepted ones', async () => {
    outcome = 'pending';
    const created = await call('POST', '/v1/documents', { body: factura() });
    const { id } = Document.parse(await created.json());
    const stillPending = Document.parse(await (await call('POST', `/v1/documents/${id}/resend`)).json());
    expect(stillPending.taxAuthority).toMatchObject({ status: 'pending', attempts: 2 });

    outcome = 'accepted';
    const resent = await call('POST', `/v1/documents/${id}/resend`);
    expect(resent.status).toBe(200);
    expect(Document.parse(await resent.json())).toMatchObject({ status: 'accepted', taxAuthority: { code: '0', attempts: 3 } });
    const refused = await call('POST', `/v1/documents/${id}/resend`);
    expect(refused.status).toBe(422);
    expect((await json(refused))['errors']).toEqual([
      { path: '', code: 'invalid_status', message: 'Only pending or failed documents can be resent; F001-1 is accepted' },
    ]);
  });

  it('emails a document to 1..10 addresses', async () => {
    const doc = await createDoc();
    const sent = await call('POST', `/v1/documents/${doc.id}/email`, { body: { to: ['ana@example.pe'] } });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: true });
    const invalid = await call('POST', `/v1/documents/${doc.id}/email`, { body: { to: ['not-an-email'] } });
    expect(invalid.status).toBe(422);
    expect((await json(invalid))['errors']).toEqual([expect.objectContaining({ path: 'to.0' })]);
  });
});

describe('faults', () => {
  it('applies queued faults in order, one per request, and records every request', async () => {
    sandbox.failNext(
      { status: 429, headers: { 'Retry-After': '0' } },
      { status: 502, body: '<html><body>Bad gateway</body></html>' },
      { status: 409, body: { code: 'conflict', title: 'Conflict' } },
      { network: 'error' },
    );
    const limited = await call('GET', '/v1/documents');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('0');
    expect(limited.headers.get('content-type')).toBe('application/problem+json');
    expect(await json(limited)).toMatchObject({ code: 'rate_limited', status: 429, requestId: limited.headers.get('request-id') });

    const html = await call('POST', '/v1/documents', { body: factura() });
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toBe('<html><body>Bad gateway</body></html>');

    const custom = await call('GET', '/v1/documents');
    expect(custom.status).toBe(409);
    expect(await custom.json()).toEqual({ code: 'conflict', title: 'Conflict' });

    await expect(call('GET', '/v1/documents')).rejects.toThrow(TypeError);
    expect((await call('GET', '/v1/documents')).status).toBe(200);

    expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/documents',
      'POST /v1/documents',
      'GET /v1/documents',
      'GET /v1/documents',
      'GET /v1/documents',
    ]);
    expect(sandbox.requests[1]).toMatchObject({
      headers: { authorization: `Bearer ${MOCK_API_KEY}`, 'content-type': 'application/json' },
      body: factura(),
    });
    expect(sandbox.documents()).toHaveLength(0);
  });

  it('answers internal_error and unavailable problems for bare 5xx faults', async () => {
    sandbox.failNext({ status: 500 }, { status: 504 });
    expect(await json(await call('GET', '/v1/documents'))).toMatchObject({ code: 'internal_error', status: 500 });
    expect(await json(await call('GET', '/v1/documents'))).toMatchObject({ code: 'unavailable', status: 504 });
  });
});

describe('startMockServer', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('serves the sandbox over real HTTP on loopback', async () => {
    const mock = await startMockServer();
    close = mock.close;
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    server.use(http.all(`${mock.url}/*`, () => passthrough()));

    const headers = { Authorization: `Bearer ${MOCK_API_KEY}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${mock.url}/v1/documents`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': 'srv-1' },
      body: JSON.stringify(factura()),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('request-id')).toMatch(/^req_/);
    const doc = Document.parse(await created.json());
    expect(doc.pdfUrl).toBe(`${mock.url}/v1/documents/${doc.id}/pdf`);

    const list = await fetch(`${mock.url}/v1/documents`, { headers });
    expect(DocumentList.parse(await list.json()).data.map((d) => d.id)).toEqual([doc.id]);

    const pdf = await fetch(doc.pdfUrl, { headers });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 8))).toBe('%PDF-1.4');

    const unknown = await fetch(`${mock.url}/v1/nothing-here`, { headers });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });

    mock.sandbox.failNext({ network: 'error' });
    await expect(fetch(`${mock.url}/v1/documents`, { headers })).rejects.toThrow(TypeError);
    expect(mock.sandbox.requests).toHaveLength(4);
    expect(mock.sandbox.documents()).toHaveLength(1);
  });

  it('serves a given sandbox and closes keep-alive connections', async () => {
    const given = createMockSandbox({ apiKeys: ['sk_test_srv'] });
    const mock = await startMockServer({ sandbox: given, port: 0 });
    close = mock.close;
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    expect(mock.sandbox).toBe(given);
    const response = await fetch(`${mock.url}/v1/documents`, { headers: { Authorization: 'Bearer sk_test_srv' } });
    expect(response.status).toBe(200);
    await response.text();
    close = undefined;
    await mock.close(); // with a keep-alive connection open: close() must end it, not wait for it

    await expect(fetch(`${mock.url}/v1/documents`)).rejects.toThrow(TypeError);
  });
});
