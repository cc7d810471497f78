import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/index.js';
import { API_KEY, documentFixture, json, makeClient, respond, validCreate } from '../helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function expectCommonHeaders(headers: Headers, accept = 'application/json, application/problem+json') {
  expect(headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  expect(headers.get('accept')).toBe(accept);
  expect(headers.get('yupana-client')).toMatch(new RegExp(`^yupana-js/${VERSION.replace(/\./g, '\\.')} node/\\d+\\.\\d+\\.\\d+$`));
  expect(headers.get('yupana-retry-count')).toBeNull();
}

describe('documents', () => {
  it('create POSTs the body exactly as given, with an idempotency key, and returns the document', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    const body = { ...validCreate(), futureField: { kept: true } };
    const doc = await makeClient().documents.create(body);

    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.url.href).toBe('https://sandbox.yupana.pe/v1/documents');
    expectCommonHeaders(req!.headers);
    expect(req!.headers.get('content-type')).toBe('application/json');
    expect(req!.headers.get('idempotency-key')).toMatch(UUID);
    expect(JSON.parse(req!.body)).toEqual(body); // no defaults added, unknown fields pass through
    expect(doc.id).toBe('doc_1');
    expect(doc.status).toBe('accepted');
    expect(doc.taxAuthority.code).toBe('0');
  });

  it('create uses the caller’s idempotency key', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    await makeClient().documents.create(validCreate(), { idempotencyKey: 'order-42' });
    expect(seen[0]!.headers.get('idempotency-key')).toBe('order-42');
  });

  it('each create call gets its own idempotency key', async () => {
    const seen = respond('post', '/v1/documents', json(documentFixture(), 201));
    const client = makeClient();
    await client.documents.create(validCreate());
    await client.documents.create(validCreate());
    expect(seen[0]!.headers.get('idempotency-key')).not.toBe(seen[1]!.headers.get('idempotency-key'));
  });

  it('retrieve GETs the document without body, content type or idempotency key', async () => {
    const seen = respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const doc = await makeClient().documents.retrieve('doc_1');
    expect(seen[0]!.method).toBe('GET');
    expectCommonHeaders(seen[0]!.headers);
    expect(seen[0]!.headers.get('content-type')).toBeNull();
    expect(seen[0]!.headers.get('idempotency-key')).toBeNull();
    expect(seen[0]!.body).toBe('');
    expect(doc.fullNumber).toBe('F001-1');
  });

  it('retrieve encodes the id so it cannot change the path', async () => {
    const seen = respond('get', '/v1/documents/:id', json(documentFixture()));
    await makeClient().documents.retrieve('../x?y#z');
    expect(seen[0]!.url.pathname).toBe('/v1/documents/..%2Fx%3Fy%23z');
    expect(seen[0]!.url.search).toBe('');
    await expect(makeClient().documents.retrieve('..')).rejects.toThrow(/not a valid identifier/);
  });

  it('list sends the filters as a query and returns the first page', async () => {
    const seen = respond('get', '/v1/documents', json({ object: 'list', data: [documentFixture()], hasMore: false, nextCursor: null }));
    const page = await makeClient().documents.list({
      status: 'accepted',
      type: '01',
      series: 'F001',
      customerDocumentNumber: '20131312955',
      issuedFrom: new Date('2026-11-01T03:00:00Z'), // still Oct 31 in Lima
      issuedTo: '2026-11-30',
      limit: 50,
    });
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({
      status: 'accepted',
      type: '01',
      series: 'F001',
      customerDocumentNumber: '20131312955',
      issuedFrom: '2026-10-31',
      issuedTo: '2026-11-30',
      limit: '50',
    });
    expect(page.data.map((d) => d.id)).toEqual(['doc_1']);
    expect(page.hasNextPage()).toBe(false);
  });

  it('xml and cdr return text and ask for XML', async () => {
    const xml = respond('get', '/v1/documents/doc_1/xml', () => HttpResponse.xml('<Invoice>firmado</Invoice>'));
    const cdr = respond('get', '/v1/documents/doc_1/cdr', () => HttpResponse.xml('<ApplicationResponse><cbc:ResponseCode>0</cbc:ResponseCode></ApplicationResponse>'));
    const client = makeClient();
    expect(await client.documents.xml('doc_1')).toBe('<Invoice>firmado</Invoice>');
    expect(await client.documents.cdr('doc_1')).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    expectCommonHeaders(xml[0]!.headers, 'application/xml, application/problem+json');
    expectCommonHeaders(cdr[0]!.headers, 'application/xml, application/problem+json');
  });

  it('pdf returns bytes and sends the format', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 ticket');
    const seen = respond('get', '/v1/documents/doc_1/pdf', () => new HttpResponse(bytes, { headers: { 'content-type': 'application/pdf' } }));
    const pdf = await makeClient().documents.pdf('doc_1', { format: 'ticket' });
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(pdf)).toBe('%PDF-1.4 ticket');
    expect(seen[0]!.url.search).toBe('?format=ticket');
    expectCommonHeaders(seen[0]!.headers, 'application/pdf, application/problem+json');
  });

  it('void, resend and email POST their bodies', async () => {
    const voided = respond('post', '/v1/documents/doc_1/void', json(documentFixture({ status: 'voiding' })));
    const resent = respond('post', '/v1/documents/doc_1/resend', json(documentFixture({ status: 'pending' })));
    const emailed = respond('post', '/v1/documents/doc_1/email', json({ sent: true }));
    const client = makeClient();

    expect((await client.documents.void('doc_1', { reason: 'Error en el precio' })).status).toBe('voiding');
    expect(JSON.parse(voided[0]!.body)).toEqual({ reason: 'Error en el precio' });
    expect(voided[0]!.headers.get('idempotency-key')).toMatch(UUID);

    expect((await client.documents.resend('doc_1')).status).toBe('pending');
    expect(resent[0]!.body).toBe('');
    expect(resent[0]!.headers.get('content-type')).toBeNull();
    expect(resent[0]!.headers.get('idempotency-key')).toMatch(UUID);

    expect(await client.documents.email('doc_1', { to: ['pagos@acme.pe'] })).toEqual({ sent: true });
    expect(JSON.parse(emailed[0]!.body)).toEqual({ to: ['pagos@acme.pe'] });
  });

  it('withResponse gives the raw response and the request id', async () => {
    respond('get', '/v1/documents/doc_1', json(documentFixture(), 200, { 'request-id': 'req_abc' }));
    const { data, response, requestId } = await makeClient().documents.retrieve('doc_1').withResponse();
    expect(data.id).toBe('doc_1');
    expect(response.status).toBe(200);
    expect(requestId).toBe('req_abc');
  });

  it('withResponse reads Idempotent-Replayed and the RateLimit headers', async () => {
    respond(
      'post',
      '/v1/documents',
      json(documentFixture(), 201, {
        'idempotent-replayed': 'true',
        ratelimit: '"default";r=42;t=30',
        'ratelimit-policy': '"default";q=100;w=60',
      }),
    );
    const { replayed, rateLimit } = await makeClient().documents.create(validCreate()).withResponse();
    expect(replayed).toBe(true);
    expect(rateLimit).toEqual({ remaining: 42, resetSeconds: 30, limit: 100, windowSeconds: 60 });

    respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const plain = await makeClient().documents.retrieve('doc_1').withResponse();
    expect(plain.replayed).toBe(false);
    expect(plain.rateLimit).toBeUndefined();
  });

  it('keeps unknown response fields and unknown status values', async () => {
    respond('get', '/v1/documents/doc_1', json(documentFixture({ status: 'archived', newField: 7 })));
    const doc = await makeClient().documents.retrieve('doc_1');
    expect(doc.status).toBe('archived');
    expect((doc as Record<string, unknown>).newField).toBe(7);
  });
});
