import { http, passthrough } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, Client, NotFoundError, PermissionDeniedError, UnprocessableEntityError } from '../../src/index.js';
import {
  Account,
  APIKey,
  APIKeyWithSecret,
  AuditLog,
  Customer,
  Event,
  ExchangeRate,
  Product,
  RucLookup,
  Series,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '../../src/schemas.js';
import { createMockSandbox, MOCK_API_KEY, startMockServer, type MockSandbox } from '../../src/testing/index.js';
import { validCreate } from '../helpers.js';
import { server } from '../msw.js';

const clientFor = (apiKey = MOCK_API_KEY) => new Client({ apiKey, environment: 'sandbox', maxRetries: 0 });

let sandbox: MockSandbox;
let client: Client;

beforeEach(() => {
  sandbox = createMockSandbox();
  server.use(...sandbox.handlers);
  client = clientFor();
});

/** The rejection of `promise`, asserting it rejects. */
async function failure(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('customers', () => {
  it('create, retrieve, update, list, delete; deleting twice is a 404', async () => {
    const created = Customer.parse(await client.customers.create({ documentType: '6', documentNumber: '20131312955', name: 'SUNAT', metadata: { erp: '1' } }));
    expect(created).toMatchObject({ object: 'customer', name: 'SUNAT', metadata: { erp: '1' } });
    expect(created.id).toMatch(/^cus_\w+$/);
    expect(await client.customers.retrieve(created.id)).toEqual(created);

    const updated = await client.customers.update(created.id, { email: 'pagos@sunat.gob.pe' });
    expect(updated).toMatchObject({ id: created.id, name: 'SUNAT', email: 'pagos@sunat.gob.pe', createdAt: created.createdAt });
    expect(await client.customers.retrieve(created.id)).toEqual(updated);

    const other = await client.customers.create({ documentType: '1', documentNumber: '46027896', name: 'Ana' });
    expect((await client.customers.list()).data.map((c) => c.id)).toEqual([other.id, created.id]);

    expect(await client.customers.delete(created.id)).toEqual({ id: created.id, object: 'customer', deleted: true });
    expect(await failure(client.customers.retrieve(created.id))).toBeInstanceOf(NotFoundError);
    expect(await failure(client.customers.delete(created.id))).toBeInstanceOf(NotFoundError);
    expect((await client.customers.list()).data.map((c) => c.id)).toEqual([other.id]);
  });

  it('validates with the SDK’s schemas, also the customer an update would leave', async () => {
    const bad = await failure(client.request({ method: 'POST', path: '/v1/customers', body: { documentType: '6', name: 'X' } }));
    expect(bad).toBeInstanceOf(UnprocessableEntityError);
    expect((bad as UnprocessableEntityError).errors).toEqual([expect.objectContaining({ path: 'documentNumber' })]);

    const ana = await client.customers.create({ documentType: '1', documentNumber: '46027896', name: 'Ana' });
    const mismatch = await failure(client.customers.update(ana.id, { documentType: '6' })); // a DNI number is no RUC
    expect((mismatch as UnprocessableEntityError).errors).toEqual([
      expect.objectContaining({ path: 'documentNumber', message: 'a RUC (documentType 6) must be 11 digits' }),
    ]);
    expect((await client.customers.retrieve(ana.id)).documentType).toBe('1');
  });

  it('ignores read-only fields in a PATCH', async () => {
    const ana = await client.customers.create({ documentType: '1', documentNumber: '46027896', name: 'Ana' });
    const updated = await client.customers.update(ana.id, { id: 'cus_hijack', object: 'x', createdAt: '2000-01-01T00:00:00Z', name: 'Ana María' } as never);
    expect(updated).toMatchObject({ id: ana.id, object: 'customer', createdAt: ana.createdAt, name: 'Ana María' });
  });
});

describe('products', () => {
  it('fill their defaults, update partially and delete once', async () => {
    const product = Product.parse(await client.products.create({ description: 'Consultoría', unitPrice: 100 }));
    expect(product).toMatchObject({ unitCode: 'NIU', igvAffectation: '10', currency: 'PEN' });
    expect(product.id).toMatch(/^prod_\w+$/);
    expect(await client.products.update(product.id, { unitPrice: 120, unitCode: 'ZZ' })).toMatchObject({ unitPrice: 120, unitCode: 'ZZ', description: 'Consultoría' });
    await client.products.delete(product.id);
    expect(await failure(client.products.delete(product.id))).toBeInstanceOf(NotFoundError);
  });

  it('a clean-up loop that deletes each item as it walks the list pages on to the end', async () => {
    for (let i = 1; i <= 5; i++) await client.products.create({ description: `Producto ${i}`, unitPrice: i });
    const deleted: string[] = [];
    for await (const product of client.products.list({ limit: 2 })) {
      await client.products.delete(product.id);
      deleted.push(product.description);
    }
    // The cursor of the second page names a product deleted meanwhile: still a cursor of the list.
    expect(deleted).toEqual(['Producto 5', 'Producto 4', 'Producto 3', 'Producto 2', 'Producto 1']);
    expect((await client.products.list()).data).toEqual([]);
  });
});

describe('series', () => {
  it('answer the next number the documents of the series will get', async () => {
    const series = Series.parse(await client.series.create({ series: 'F001', documentType: '01' }));
    expect(series).toMatchObject({ series: 'F001', documentType: '01', active: true, nextNumber: 1 });
    await client.documents.create(validCreate());
    await client.documents.create(validCreate());
    expect((await client.series.retrieve(series.id)).nextNumber).toBe(3);
    expect((await client.series.list()).data[0]!.nextNumber).toBe(3);
    const retired = await client.series.update(series.id, { active: false, nextNumber: 99 } as never);
    expect(retired).toMatchObject({ active: false, nextNumber: 3 });
  });

  it('refuse registering the same series twice for a type', async () => {
    await client.series.create({ series: 'F001', documentType: '01' });
    const twice = await failure(client.series.create({ series: 'F001', documentType: '01' }));
    expect(twice).toBeInstanceOf(UnprocessableEntityError);
    expect((twice as UnprocessableEntityError).errors).toEqual([{ path: 'series', code: 'custom', message: 'is already registered for this document type' }]);
    expect((twice as UnprocessableEntityError).message).toContain('series: F001 is already registered for type 01');
    expect(await client.series.create({ series: 'F001', documentType: '07' })).toMatchObject({ documentType: '07' });
  });

  it('a retired series (active: false) takes no new document until it is active again', async () => {
    const series = await client.series.create({ series: 'F004', documentType: '01', active: false });
    const refused = await failure(client.documents.create({ ...validCreate(), series: 'F004' }));
    expect(refused).toBeInstanceOf(UnprocessableEntityError);
    expect((refused as UnprocessableEntityError).errors).toEqual([
      { path: 'series', code: 'invalid_status', message: 'F004 is not active for type 01: reactivate it (series.update) or use another' },
    ]);
    // Only that series of that type: F004 retired for notas de crédito, or F005 retired, do not stop it.
    await client.series.create({ series: 'F004', documentType: '07', active: false });
    await client.series.create({ series: 'F005', documentType: '01', active: false });
    await client.series.update(series.id, { active: true });
    expect(await client.documents.create({ ...validCreate(), series: 'F004' })).toMatchObject({ fullNumber: 'F004-1' });
  });

  it('refuse an update that would register a series twice for a type, but not an update of the series itself', async () => {
    await client.series.create({ series: 'F003', documentType: '01' });
    const other = await client.series.create({ series: 'F009', documentType: '01' });
    const renamed = await failure(client.series.update(other.id, { series: 'F003' }));
    expect(renamed).toBeInstanceOf(UnprocessableEntityError);
    expect((renamed as UnprocessableEntityError).errors[0]!.path).toBe('series');
    const notes = await client.series.create({ series: 'F003', documentType: '07' });
    expect(await failure(client.series.update(notes.id, { documentType: '01' }))).toBeInstanceOf(UnprocessableEntityError);
    expect(await client.series.update(other.id, { series: 'F009', active: false })).toMatchObject({ series: 'F009', active: false });
    expect((await client.series.list()).data.map((s) => `${s.series}/${s.documentType}`).sort()).toEqual(['F003/01', 'F003/07', 'F009/01']);
  });
});

describe('webhook endpoints', () => {
  it('show the secret only on create and rotateSecret, and rotate it', async () => {
    const created = WebhookEndpointWithSecret.parse(await client.webhookEndpoints.create({ url: 'https://acme.pe/hooks' }));
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created).toMatchObject({
      enabled: true,
      // Every type, by default: a voiding's, a summary's, a retention's, a perception's and a despatch's too.
      events: [
        'document.created',
        'document.accepted',
        'document.rejected',
        'document.retry_scheduled',
        'document.failed',
        'document.voided',
        'voiding.accepted',
        'voiding.rejected',
        'summary.accepted',
        'summary.rejected',
        'retention.accepted',
        'retention.rejected',
        'retention.voided',
        'perception.accepted',
        'perception.rejected',
        'perception.voided',
        'despatch.accepted',
        'despatch.rejected',
      ],
    });

    const retrieved = WebhookEndpoint.parse(await client.webhookEndpoints.retrieve(created.id));
    expect(retrieved).not.toHaveProperty('secret');
    expect((await client.webhookEndpoints.list()).data[0]).not.toHaveProperty('secret');
    expect(await client.webhookEndpoints.update(created.id, { enabled: false })).not.toHaveProperty('secret');

    const rotated = await client.webhookEndpoints.rotateSecret(created.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated).toMatchObject({ id: created.id, enabled: false });

    await client.webhookEndpoints.delete(created.id);
    expect(await failure(client.webhookEndpoints.rotateSecret(created.id))).toBeInstanceOf(NotFoundError);
  });
});

describe('API keys and permissions', () => {
  it('a key created with documents:read reads documents and gets 403 naming the permission when it writes', async () => {
    const created = APIKeyWithSecret.parse(await client.apiKeys.create({ name: 'Reportes', permissions: ['documents:read'] }));
    expect(created).toMatchObject({ object: 'api_key', name: 'Reportes', permissions: ['documents:read'], environment: 'sandbox' });
    expect(created.key).toMatch(/^sk_test_\w+$/);
    expect(created.lastFour).toBe(created.key.slice(-4));
    const stored = APIKey.parse(await client.apiKeys.retrieve(created.id));
    expect(stored).not.toHaveProperty('key');

    const reports = clientFor(created.key);
    await client.documents.create(validCreate());
    expect((await reports.documents.list()).data).toHaveLength(1);

    const denied = await failure(reports.documents.create(validCreate()));
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied).toMatchObject({ status: 403, code: 'permission_denied', body: { requiredPermission: 'documents:write' } });
    expect(sandbox.documents()).toHaveLength(1);

    expect(await failure(reports.customers.list())).toMatchObject({ body: { requiredPermission: 'customers:read' } });
    // A key cannot give itself more: creating keys needs api-keys:write.
    expect(await failure(reports.apiKeys.create({ name: 'more' }))).toMatchObject({ body: { requiredPermission: 'api-keys:write' } });
  });

  it('a key created without permissions may do everything; a revoked key is refused', async () => {
    const { id, key } = await client.apiKeys.create({ name: 'POS' });
    expect((await client.apiKeys.retrieve(id)).permissions).toEqual(expect.arrayContaining(['documents:write', 'customers:read', 'webhook-endpoints:write']));
    const pos = clientFor(key);
    await pos.customers.create({ documentType: '1', documentNumber: '46027896', name: 'Ana' });

    expect(await client.apiKeys.revoke(id)).toEqual({ id, object: 'api_key', deleted: true });
    expect(await failure(pos.customers.list())).toBeInstanceOf(AuthenticationError);
    expect(await failure(client.apiKeys.revoke(id))).toBeInstanceOf(NotFoundError);
    expect((await client.apiKeys.list()).data).toEqual([]);
  });
});

describe('events', () => {
  it('record what happens to documents, filterable by type and document', async () => {
    const first = await client.documents.create(validCreate());
    const second = await client.documents.create(validCreate());
    const all = await client.events.list();
    expect(all.data.map((e) => `${e.type} ${e.data.object.id}`)).toEqual([
      `document.accepted ${second.id}`,
      `document.created ${second.id}`,
      `document.accepted ${first.id}`,
      `document.created ${first.id}`,
    ]);
    const created = Event.parse(all.data[3]);
    expect(created.id).toMatch(/^evt_\w+$/);
    expect(created.data.object).toMatchObject({ id: first.id, status: 'pending' });
    expect(await client.events.retrieve(created.id)).toEqual(created);

    expect((await client.events.list({ documentId: first.id })).data.map((e) => e.type)).toEqual(['document.accepted', 'document.created']);
    expect((await client.events.list({ type: 'document.created' })).data.map((e) => e.data.object.id)).toEqual([second.id, first.id]);
    expect((await client.events.list({ type: ['document.created', 'document.accepted'], limit: 3 })).hasMore).toBe(true);
  });
});

describe('audit logs', () => {
  it('record each successful write: who, what, which object, which request', async () => {
    const { key, id: keyId } = await client.apiKeys.create({ name: 'POS', permissions: ['customers:write', 'customers:read'] });
    const { data: customer, requestId } = await clientFor(key).customers.create({ documentType: '1', documentNumber: '46027896', name: 'Ana' }).withResponse();
    await failure(clientFor(key).customers.delete('cus_missing'));

    const page = await client.auditLogs.list({ actor: keyId });
    expect(page.data).toHaveLength(1);
    const entry = AuditLog.parse(page.data[0]);
    expect(entry).toMatchObject({ actor: { type: 'api_key', id: keyId }, action: 'customers.create', resource: { type: 'customer', id: customer.id }, requestId });
    expect(await client.auditLogs.retrieve(entry.id)).toEqual(entry);

    expect((await client.auditLogs.list({ action: 'apiKeys.create' })).data.map((e) => e.resource.id)).toEqual([keyId]);
    expect((await client.auditLogs.list({ from: new Date(), to: new Date() })).data).toHaveLength(2);
    expect((await client.auditLogs.list({ to: '2000-01-01' })).data).toEqual([]);
  });

  it('record an email of a document against the document, though its answer is only { sent: true }', async () => {
    const doc = await client.documents.create(validCreate());
    const { requestId } = await client.documents.email(doc.id, { to: ['pagos@acme.pe'] }).withResponse();
    const entries = (await client.auditLogs.list({ action: 'documents.email' })).data;
    expect(entries).toEqual([expect.objectContaining({ action: 'documents.email', resource: { type: 'document', id: doc.id }, requestId })]);
    await failure(client.documents.email('doc_missing', { to: ['pagos@acme.pe'] }));
    expect((await client.auditLogs.list({ action: 'documents.email' })).data).toHaveLength(1);
  });
});

describe('lookups', () => {
  it('answer RUCs with a valid check digit, deterministically; others are unknown', async () => {
    expect(RucLookup.parse(await client.lookups.ruc('20131312955')).name).toContain('SUNAT');
    const company = await client.lookups.ruc('20100047218');
    expect(company).toMatchObject({ ruc: '20100047218', status: 'ACTIVO', condition: 'HABIDO' });
    expect(await client.lookups.ruc('20100047218')).toEqual(company);
    expect(await failure(client.lookups.ruc('20123456789'))).toBeInstanceOf(NotFoundError); // wrong check digit
    expect(await failure(client.lookups.ruc('30000000001'))).toBeInstanceOf(NotFoundError); // no such prefix
  });

  it('name a person’s RUC (10 + DNI + check digit) like the DNI', async () => {
    const person = await client.lookups.ruc('10054148289');
    expect(person.name).toBe((await client.lookups.dni('05414828')).name);
    expect(person.tradeName).toBeNull();
    expect(await failure(client.lookups.dni('00000000'))).toBeInstanceOf(NotFoundError);
  });

  it('answer 422 for a number of the wrong shape', async () => {
    const short = await failure(client.request({ method: 'GET', path: '/v1/lookups/ruc/2013' }));
    expect(short).toMatchObject({ status: 422, code: 'validation_error', errors: [{ path: 'number', code: 'invalid_format', message: 'a RUC must be 11 digits' }] });
    expect(await failure(client.request({ method: 'GET', path: '/v1/lookups/dni/123456789' }))).toMatchObject({ status: 422 });
  });
});

describe('account', () => {
  it('retrieves and updates the issuer; the RUC and environment never change', async () => {
    const account = Account.parse(await client.account.retrieve());
    expect(account).toMatchObject({ ruc: '20000000001', environment: 'sandbox' });
    const updated = await client.account.update({ tradeName: 'ACME Store', ruc: '20131312955', environment: 'production' } as never);
    expect(updated).toMatchObject({ tradeName: 'ACME Store', ruc: '20000000001', environment: 'sandbox', name: account.name });
    expect(await client.account.retrieve()).toEqual(updated);
    sandbox.reset();
    expect((await client.account.retrieve()).tradeName).toBe(account.tradeName);
  });
});

describe('exchange rates', () => {
  it('are the same for the same day, sell above buy, 3 decimals', async () => {
    const rate = ExchangeRate.parse(await client.exchangeRates.retrieve('2026-01-15'));
    expect(rate).toMatchObject({ date: '2026-01-15', currency: 'USD' });
    expect(rate.sell).toBeGreaterThan(rate.buy);
    for (const value of [rate.buy, rate.sell]) expect(value.toFixed(3)).toBe(String(value).padEnd(5, '0'));
    expect(await client.exchangeRates.retrieve(new Date('2026-01-15T12:00:00Z'))).toEqual(rate);
    const days = await Promise.all(['2026-01-16', '2026-01-17', '2026-01-18'].map((d) => client.exchangeRates.retrieve(d)));
    expect(new Set([rate, ...days].map((r) => r.buy)).size).toBeGreaterThan(1);
  });

  it('a day not published yet is a 404; a day that does not exist is a 422', async () => {
    expect(await failure(client.exchangeRates.retrieve('2999-01-01'))).toBeInstanceOf(NotFoundError);
    expect(await failure(client.exchangeRates.retrieve('2026-02-30'))).toBeInstanceOf(UnprocessableEntityError);
  });
});

describe('reset and the HTTP server', () => {
  it('reset forgets every object and created key', async () => {
    const { key } = await client.apiKeys.create({ name: 'x' });
    await client.customers.create({ documentType: '1', documentNumber: '46027896', name: 'Ana' });
    sandbox.reset();
    expect((await client.customers.list()).data).toEqual([]);
    expect((await client.auditLogs.list()).data).toEqual([]);
    expect(await failure(clientFor(key).customers.list())).toBeInstanceOf(AuthenticationError);
  });

  it('serves PATCH and DELETE over real HTTP', async () => {
    const mock = await startMockServer();
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    try {
      const overHttp = new Client({ apiKey: MOCK_API_KEY, baseURL: mock.url, maxRetries: 0 });
      const product = await overHttp.products.create({ description: 'Pan', unitPrice: 0.5 });
      expect(await overHttp.products.update(product.id, { unitPrice: 0.6 })).toMatchObject({ unitPrice: 0.6 });
      expect(await overHttp.products.delete(product.id)).toMatchObject({ deleted: true });
      expect(mock.sandbox.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'DELETE']);
    } finally {
      await mock.close();
    }
  });
});

describe('examples/setup-account.ts', () => {
  it('runs against the mock server over real HTTP', async () => {
    const mock = await startMockServer();
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    vi.stubEnv('YUPANA_API_KEY', MOCK_API_KEY);
    vi.stubEnv('YUPANA_BASE_URL', mock.url);
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      await import('../../examples/setup-account.js');
    } finally {
      log.mockRestore();
      await mock.close();
    }
    expect(lines).toEqual([
      'Issuing as EMPRESA DE PRUEBAS S.A.C. (RUC 20000000001, sandbox)',
      'Series F001 for type 01: next number 1',
      'Series B001 for type 03: next number 1',
      expect.stringMatching(/^Saved customer cus_\w+: \w+ \w+ S\.A\.C\.$/),
      'Saved product SRV-01: PEN 100 per ZZ, IGV 10',
      expect.stringMatching(/^Webhook endpoint we_\w+: store its secret \(whsec_\.\.\.\) now$/),
      expect.stringMatching(/^Reporting key \.\.\.\w{4} sees 0 documents$/),
      'PermissionDeniedError: needs customers:read',
      expect.stringMatching(/^USD on \d{4}-\d{2}-\d{2}: buy 3\.\d{3}, sell 3\.\d{3}$/),
      ...['apiKeys.create', 'webhookEndpoints.create', 'products.create', 'customers.create', 'series.create', 'series.create'].map((action) =>
        expect.stringMatching(new RegExp(`^  audit: ${action.replace('.', '\\.')} \\w+$`)),
      ),
    ]);
  });
});
