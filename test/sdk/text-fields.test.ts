/**
 * Text SUNAT's way (issue 33, item 6): a text field holding a character SUNAT's XML cannot carry
 * (a C0 control but tab, U+FFFE, U+FFFF, an unpaired surrogate) is refused by the SDK naming the
 * field, before anything is sent, and by the sandbox with a 422 naming it, before anything is
 * issued; so are texts past their documented lengths.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Client, ValidationError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY } from '../../src/testing/index.js';
import { handlersFetch } from '../handlers-fetch.js';
import { documentFixture, makeClient, respond, SANDBOX, validCreate } from '../helpers.js';
import { server } from '../msw.js';

const ONE_LINE = 'must not contain control characters (line breaks included; tab is allowed), U+FFFE, U+FFFF or unpaired surrogates';
const MULTI_LINE = 'must not contain control characters other than tab and line breaks, U+FFFE, U+FFFF or unpaired surrogates';

const named = (name: string) => ({ ...validCreate(), customer: { ...validCreate().customer, name } });

describe('the SDK refuses text SUNAT cannot carry, naming the field, and sends nothing', () => {
  it('a customer name with NUL is a ValidationError rejection naming customer.name; nothing is sent', async () => {
    const seen = respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 }));
    const promise = makeClient().documents.create(named('ACME\u0000 S.A.C.'));
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: 'customer.name', code: 'invalid_format', message: ONE_LINE }]);
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['NUL', '\u0000'],
    ['a control character', '\u0007'],
    ['an escape', '\u001b'],
    ['U+FFFE', '\ufffe'],
    ['U+FFFF', '\uffff'],
    ['a lone high surrogate', '\ud83d'],
    ['a lone low surrogate', '\ude00'],
  ])('%s in a line description is refused naming items.0.description', async (_, c) => {
    const seen = respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 }));
    const body = { ...validCreate(), items: [{ ...validCreate().items[0]!, description: `Servicio${c}técnico` }] };
    const error = await makeClient()
      .documents.create(body)
      .catch((e: unknown) => e);
    expect((error as ValidationError).issues).toContainEqual({ path: 'items.0.description', code: 'invalid_format', message: MULTI_LINE });
    expect(seen).toHaveLength(0);
  });

  it('a line description may break lines (SUNAT takes any character there, rule 2027): they reach the wire as given', async () => {
    const seen = respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 }));
    const body = { ...validCreate(), items: [{ ...validCreate().items[0]!, description: 'Laptop 14"\r\nSerie: ABC123\nGarantía 1 año' }] };
    await makeClient().documents.create(body);
    expect(JSON.parse(seen[0]!.body).items[0].description).toBe('Laptop 14"\r\nSerie: ABC123\nGarantía 1 año');
  });

  it('a tab, a surrogate pair and accents pass, and reach the wire as given', async () => {
    const seen = respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 }));
    await makeClient().documents.create(named('ÑANDÚ\tS.A.C. 😀'));
    expect(JSON.parse(seen[0]!.body).customer.name).toBe('ÑANDÚ\tS.A.C. 😀');
  });

  it.each([
    ['an address of 501 characters', { customer: { ...validCreate().customer, address: 'A'.repeat(501) } }, 'customer.address: must be at most 500 characters'],
    ['an email of 255 characters', { customer: { ...validCreate().customer, email: `${'a'.repeat(245)}@acme.pe.x` } }, 'customer.email: must be at most 254 characters'],
    ['a metadata value of 501 characters', { metadata: { order: 'x'.repeat(501) } }, 'metadata.order: must be at most 500 characters'],
    ['a metadata key of 41 characters', { metadata: { ['k'.repeat(41)]: 'x' } }, 'metadata: must have keys of 1 to 40 characters'],
    ['a metadata key with NUL', { metadata: { 'a\u0000b': 'x' } }, 'metadata: must have keys of 1 to 40 characters'],
    ['a metadata value with NUL', { metadata: { order: 'a\u0000b' } }, 'metadata.order: must not contain control characters other than tab and line breaks'],
    [
      'a million digits as the customer document number',
      { customer: { documentType: '4', documentNumber: '9'.repeat(1_000_000), name: 'ACME' } },
      'customer.documentNumber: must be at most 20 characters',
    ],
  ])('%s is refused naming the field; nothing is sent', async (_, change, expected) => {
    const seen = respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 }));
    const error = await makeClient()
      .documents.create({ ...validCreate(), ...change } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain(expected);
    expect(seen).toHaveLength(0);
  });

  it('metadata values may break lines; a customer phone and a webhook endpoint description are bounded', async () => {
    const seen = respond('post', '/v1/documents', () => HttpResponse.json(documentFixture(), { status: 201 }));
    await makeClient().documents.create({ ...validCreate(), metadata: { note: 'first line\r\nsecond line' } });
    expect(JSON.parse(seen[0]!.body).metadata).toEqual({ note: 'first line\r\nsecond line' });
    server.use(http.post(`${SANDBOX}/v1/customers`, () => HttpResponse.json({}, { status: 500 })));
    await expect(makeClient().customers.create({ documentType: '1', documentNumber: '12345678', name: 'Ana', phone: '9'.repeat(31) })).rejects.toThrow(
      'phone: must be at most 30 characters',
    );
    await expect(makeClient().webhookEndpoints.create({ url: 'https://hooks.example.pe/y', description: 'x'.repeat(501) })).rejects.toThrow(
      'description: must be at most 500 characters',
    );
  });
});

describe('the sandbox refuses the same text with a 422 naming the field, and issues nothing', () => {
  /** A create sent past the SDK's checks, as another language's client would send it. */
  async function rawCreate(body: unknown) {
    const sandbox = createMockSandbox();
    const fetch = handlersFetch(sandbox.handlers);
    const response = await fetch(`${SANDBOX}/v1/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${MOCK_API_KEY}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' },
      body: JSON.stringify(body),
    });
    return { status: response.status, problem: (await response.json()) as { code: string; errors: { path: string; message: string }[] }, sandbox };
  }

  it('a name with NUL: 422 validation_error on customer.name, no document', async () => {
    const { status, problem, sandbox } = await rawCreate(named('ACME\u0000 S.A.C.'));
    expect(status).toBe(422);
    expect(problem.code).toBe('validation_error');
    expect(problem.errors).toContainEqual({ path: 'customer.name', code: 'invalid_format', message: ONE_LINE });
    expect(sandbox.documents()).toHaveLength(0);
  });

  it('an address of 900 KB: 422 on customer.address, no document', async () => {
    const { status, problem, sandbox } = await rawCreate({ ...validCreate(), customer: { ...validCreate().customer, address: 'A'.repeat(900_000) } });
    expect(status).toBe(422);
    expect(problem.errors).toContainEqual({ path: 'customer.address', code: 'too_big', message: 'must be at most 500 characters' });
    expect(sandbox.documents()).toHaveLength(0);
  });

  it('the SDK and the sandbox agree: a tab is taken by both', async () => {
    const sandbox = createMockSandbox();
    const client = new Client({ apiKey: MOCK_API_KEY, environment: 'sandbox', fetch: handlersFetch(sandbox.handlers) });
    const doc = await client.documents.create(named('ACME\tS.A.C.'));
    expect(doc.customer.name).toBe('ACME\tS.A.C.');
  });
});
