import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { EVENT_EXAMPLES, PROBLEM_EXAMPLES, SCHEMA_EXAMPLES } from '../../scripts/openapi/examples.js';
import { buildOpenAPI } from '../../scripts/openapi/generate.js';
import { OPERATIONS as SPEC_OPERATIONS } from '../../scripts/openapi/operations.js';
import { type APIError, ENVIRONMENTS } from '../../src/index.js';
import { DocumentCreateParams, EVENT_TYPES, Event, Problem, strictDocumentCreateParams } from '../../src/schemas.js';
import { IGV_RATE } from '../../src/sunat/index.js';
import { createMockSandbox, MOCK_API_KEY } from '../../src/testing/index.js';
import { makeClient, SANDBOX } from '../helpers.js';
import { server } from '../msw.js';
import { OPERATIONS, sdkMethods } from '../operations.js';

interface OperationObject {
  operationId: string;
  parameters: { name?: string; in?: string; $ref?: string }[];
  requestBody?: unknown;
}
type Document = { paths: Record<string, Record<string, OperationObject>>; servers: { url: string }[]; components: Record<string, Record<string, unknown>> };

const committed = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
const spec = JSON.parse(committed) as Document;

/** Every operation of the document: `METHOD /path/{template}` → its operation object. */
const specOperations = new Map<string, OperationObject>(
  Object.entries(spec.paths).flatMap(([template, item]) => Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${template}`, op] as const)),
);

/** The template of the document that a concrete path matches (parameters never contain `/`). */
function templateOf(pathname: string): string | undefined {
  return Object.keys(spec.paths).find((template) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname));
}

describe('openapi.json', () => {
  it('is up to date with the zod schemas (run `npm run openapi` after changing a model)', () => {
    expect(committed, 'openapi.json is stale: run `npm run openapi`').toBe(`${JSON.stringify(buildOpenAPI(), null, 2)}\n`);
  });

  it('is a valid OpenAPI 3.1 document for an independent validator', async () => {
    const api = (await SwaggerParser.validate(structuredClone(spec) as never)) as { openapi?: string };
    expect(api.openapi).toBe('3.1.0');
  });

  it('lists the production and sandbox servers of the SDK, and the bearer scheme on every operation', () => {
    expect(spec.servers.map((s) => s.url)).toEqual([ENVIRONMENTS.production, ENVIRONMENTS.sandbox]);
    expect(spec.components['securitySchemes']).toEqual({ bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(JSON.parse(committed).security).toEqual([{ bearerAuth: [] }]);
  });

  it('answers every failure with problem+json', () => {
    for (const [key, op] of specOperations) {
      const responses = (op as unknown as { responses: Record<string, { $ref?: string }> }).responses;
      for (const status of ['401', '403', '429', '503', '5XX']) expect(responses[status]?.$ref, `${key} ${status}`).toMatch(/^#\/components\/responses\//);
    }
    for (const [name, response] of Object.entries(spec.components['responses'] as Record<string, { content: Record<string, Record<string, unknown>> }>)) {
      expect(Object.keys(response.content), name).toEqual(['application/problem+json']);
      expect(response.content['application/problem+json']!.schema, name).toEqual({ $ref: '#/components/schemas/Problem' });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// What third-party tools need: examples, webhooks, headers, bounds.

type JsonObject = Record<string, unknown>;
const isNode = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const pointer = (path: string[]) => `#/${path.map((key) => key.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/** Every object of the document with its path, depth first. */
function* walk(node: unknown, path: string[] = []): Generator<[JsonObject, string[]]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, [...path, String(i)]);
  } else if (isNode(node)) {
    yield [node, path];
    for (const [key, value] of Object.entries(node)) yield* walk(value, [...path, key]);
  }
}

/** A JSON Schema 2020-12 validator (OpenAPI 3.1's dialect) that resolves the document's `#/components/...` references. */
function validatorFor(document: unknown) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  // Only the component schemas, under `$defs`: OpenAPI's own keywords are not JSON Schema.
  const rebase = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"https://yupana.test/schemas#/$defs/'));
  ajv.addSchema({ $id: 'https://yupana.test/schemas', $defs: rebase((document as { components: JsonObject }).components['schemas']) });
  /** The errors of `value` against `schema` (its references to components resolved), or `null`. */
  return (schema: unknown, value: unknown) => {
    const validate = ajv.compile(rebase(schema));
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}

/** Every example of the document with the schema it must satisfy: schemas' `examples`, and `example`/`examples` beside a `schema`. */
function examplesOf(document: unknown): { where: string; schema: unknown; value: unknown }[] {
  const found: { where: string; schema: unknown; value: unknown }[] = [];
  const deref = (node: unknown): unknown => {
    const target = isNode(node) && typeof node['$ref'] === 'string' ? node['$ref'] : undefined;
    return target
      ? deref(
          target
            .slice(2)
            .split('/')
            .reduce<unknown>((at, key) => (at as JsonObject)[key], document),
        )
      : node;
  };
  for (const [node, path] of walk(document)) {
    const inSchema = path.includes('schemas') || path.includes('schema');
    if (inSchema && Array.isArray(node['examples'])) {
      node['examples'].forEach((value, i) => found.push({ where: `${pointer(path)}/examples/${i}`, schema: node, value }));
    }
    if (!inSchema && isNode(node['schema'])) {
      if ('example' in node) found.push({ where: `${pointer(path)}/example`, schema: deref(node['schema']), value: node['example'] });
      for (const [name, example] of Object.entries(isNode(node['examples']) ? node['examples'] : {})) {
        found.push({ where: `${pointer(path)}/examples/${name}`, schema: deref(node['schema']), value: (example as JsonObject)['value'] });
      }
    }
  }
  return found;
}

describe('examples', () => {
  const validate = validatorFor(spec);
  const examples = examplesOf(spec);

  it('every example of the document is valid against its own schema (JSON Schema 2020-12, formats and patterns)', () => {
    expect(examples.length).toBeGreaterThan(140);
    const invalid = examples.map(({ where, schema, value }) => [where, validate(schema, value)]).filter(([, errors]) => errors !== null);
    expect(invalid).toEqual([]);
  });

  it('the validator catches an example that breaks its schema', () => {
    const broken = structuredClone(spec) as unknown as { components: { schemas: Record<string, { examples: JsonObject[] }> } };
    const document = broken.components.schemas['Document']!.examples[0]!;
    Object.assign(document, { number: 0, fullNumber: 1, issueDate: '21/11/2026' });
    (broken.components.schemas['DocumentEmailResult']!.examples[0] as JsonObject)['sent'] = false;
    const failures = examplesOf(broken)
      .filter(({ schema, value }) => validate(schema, value) !== null)
      .map(({ where }) => where);
    expect(failures).toEqual(['#/components/schemas/Document/examples/0', '#/components/schemas/DocumentEmailResult/examples/0']);
    expect(validate(broken.components.schemas['Document'], document)).toMatch(/number must be >= 1.*fullNumber must be string.*issueDate must match/s);
  });

  it('every example parses with the zod schema it is declared on, and is what the document carries', () => {
    const names = new Map<unknown, string>();
    for (const [name, schema] of Object.entries(spec.components['schemas'] as Record<string, JsonObject>)) names.set(schema['examples'], name);
    for (const [schema, values] of SCHEMA_EXAMPLES) {
      for (const value of values) expect(z.safeParse(schema, value).error, JSON.stringify(value).slice(0, 80)).toBeUndefined();
    }
    for (const [type, event] of Object.entries(EVENT_EXAMPLES)) {
      expect(Event.parse(event).type).toBe(type);
      expect((spec as unknown as { webhooks: Record<string, { post: JsonObject }> }).webhooks[type]!.post['requestBody']).toMatchObject({
        content: { 'application/json': { example: event } },
      });
    }
    for (const problem of Object.values(PROBLEM_EXAMPLES)) expect(Problem.parse(problem)).toEqual(problem);
    // Realistic, not only well-formed: the documents pass the SUNAT rules of `strictSunatChecks` (RUC check digit, series, IGV at 18%).
    // Each checked on its issue date (at noon in Lima): SUNAT takes a factura within 3 days of it (2108).
    const strict = strictDocumentCreateParams(IGV_RATE);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const body of SCHEMA_EXAMPLES.get(DocumentCreateParams)! as { issueDate?: string }[]) {
        if (body.issueDate !== undefined) vi.setSystemTime(new Date(`${body.issueDate}T17:00:00Z`));
        expect(strict.safeParse(body).error).toBeUndefined();
      }
    } finally {
      vi.useRealTimers();
    }
    // Each lands in the document: on its schema's component, or, for a query schema, on the operation's parameters.
    const queries = new Map(SPEC_OPERATIONS.filter((op) => op.query).map((op) => [op.query!, op]));
    const carried = JSON.stringify(spec);
    for (const [schema, values] of SCHEMA_EXAMPLES) {
      const query = queries.get(schema);
      if (!query) {
        for (const value of values) expect(carried.includes(JSON.stringify(value)), JSON.stringify(value).slice(0, 80)).toBe(true);
        continue;
      }
      const parameters = specOperations.get(`GET ${query.path}`)!.parameters as { name: string; in: string; example?: unknown }[];
      expect(Object.fromEntries(parameters.filter((p) => p.in === 'query' && 'example' in p).map((p) => [p.name, p.example])), query.sdk).toEqual(values[0]);
    }
  });

  it('every schema, operation parameter, header and answer has an example (what Prism answers with)', () => {
    const schemas = spec.components['schemas'] as Record<string, JsonObject>;
    expect(
      Object.entries(schemas)
        .filter(([, schema]) => !Array.isArray(schema['examples']) || schema['examples'].length === 0)
        .map(([name]) => name),
    ).toEqual([]);
    const bare: string[] = [];
    const hasExample = (node: JsonObject) => {
      const schema =
        isNode(node['schema']) && typeof node['schema']['$ref'] === 'string'
          ? schemas[node['schema']['$ref'].split('/').pop()!]
          : (node['schema'] as JsonObject | undefined);
      return 'example' in node || isNode(node['examples']) || Array.isArray(schema?.['examples']);
    };
    for (const [node, path] of walk({ paths: spec.paths, webhooks: (spec as unknown as JsonObject)['webhooks'], components: spec.components })) {
      const media = path.at(-2) === 'content';
      const parameterOrHeader = (path.at(-2) === 'parameters' || path.at(-2) === 'headers') && !('$ref' in node);
      if ((media || parameterOrHeader) && !hasExample(node)) bare.push(pointer(path));
    }
    expect(bare).toEqual([]);
  });
});

describe('webhooks', () => {
  const webhooks = (spec as unknown as { webhooks: Record<string, { post: JsonObject & { parameters: { $ref: string }[] } }> }).webhooks;

  it('declares one POST per event type the SDK knows, with the Standard Webhooks headers and no bearer key', () => {
    expect(Object.keys(webhooks)).toEqual([...EVENT_TYPES]);
    const parameters = spec.components['parameters'] as Record<string, { name: string; in: string; required: boolean }>;
    for (const [type, { post }] of Object.entries(webhooks)) {
      expect(post['security'], type).toEqual([]);
      expect(post.parameters.map((p) => parameters[p.$ref.split('/').pop()!]).map((p) => [p?.name, p?.in, p?.required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      expect(post['requestBody']).toMatchObject({
        required: true,
        content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Event' }, { properties: { type: { const: type } } }] } } },
      });
      expect(Object.keys(post['responses'] as JsonObject)).toEqual(['2XX']);
      expect(post['summary'], type).toMatch(new RegExp(`^${type.replace('.', '\\.')}: \\w`));
    }
  });
});

describe('response headers', () => {
  const headers = spec.components['headers'] as Record<string, { required?: boolean; schema: JsonObject }>;
  const responsesOf = (op: OperationObject) => (op as unknown as { responses: Record<string, JsonObject> }).responses;
  const resolve = (response: JsonObject) =>
    typeof response['$ref'] === 'string' ? (spec.components['responses'] as Record<string, JsonObject>)[response['$ref'].split('/').pop()!]! : response;
  const headerRefs = (response: JsonObject) =>
    Object.fromEntries(Object.entries((resolve(response)['headers'] ?? {}) as Record<string, { $ref: string }>).map(([name, h]) => [name, h.$ref]));

  it('declares each header once, under components.headers', () => {
    expect(Object.keys(headers).sort()).toEqual(['IdempotentReplayed', 'RateLimit', 'RateLimitPolicy', 'RequestId', 'RetryAfter']);
    expect(['RequestId', 'RateLimit', 'RateLimitPolicy'].map((name) => headers[name]!.required)).toEqual([true, true, true]);
    const uses = [...walk({ paths: spec.paths, components: spec.components['responses'] })].flatMap(([node]) =>
      Object.values((node['headers'] ?? {}) as Record<string, JsonObject>),
    );
    expect(uses.length).toBeGreaterThan(150);
    for (const use of uses)
      expect(use).toEqual({ $ref: expect.stringMatching(/^#\/components\/headers\/(RequestId|RateLimit|RateLimitPolicy|RetryAfter|IdempotentReplayed)$/) });
  });

  it('Request-Id and the rate limit on every answer, Retry-After on 429 and 503, Idempotent-Replayed on every POST answer', () => {
    let answers = 0;
    for (const [key, op] of specOperations) {
      for (const [status, response] of Object.entries(responsesOf(op))) {
        const refs = headerRefs(response);
        expect(refs, `${key} ${status}`).toMatchObject({
          'Request-Id': '#/components/headers/RequestId',
          RateLimit: '#/components/headers/RateLimit',
          'RateLimit-Policy': '#/components/headers/RateLimitPolicy',
        });
        expect('Retry-After' in refs, `${key} ${status} Retry-After`).toBe(status === '429' || status === '503');
        if (status === '429' || status === '503') expect(refs['Retry-After']).toBe('#/components/headers/RetryAfter');
        expect('Idempotent-Replayed' in refs, `${key} ${status} Idempotent-Replayed`).toBe(key.startsWith('POST') && status.startsWith('2'));
        answers += 1;
      }
    }
    expect(answers).toBeGreaterThan(300);
  });

  it('their examples are what the SDK parses: the rate limit and Retry-After of the contract', () => {
    const example = (name: string) => (headers[name]!.schema['examples'] as string[])[0]!;
    expect(example('RateLimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(example('RateLimitPolicy')).toMatch(/^"default";q=\d+;w=\d+$/);
    expect(example('RetryAfter')).toMatch(/^\d+$/);
    expect(example('IdempotentReplayed')).toBe('true');
  });
});

describe('the documents models', () => {
  const schemas = spec.components['schemas'] as Record<string, { description?: string; properties?: Record<string, { description?: string }>; oneOf?: unknown[] }>;
  const parts = [
    'DocumentCreateParams',
    'Item',
    'LineDiscount',
    'LineCharge',
    'GlobalDiscount',
    'GlobalCharge',
    'Installment',
    'CashPaymentTerms',
    'CreditPaymentTerms',
    'Detraction',
    'Perception',
    'Retention',
    'DespatchReference',
    'RelatedDocument',
    'Legend',
    'DocumentIdReference',
    'ExternalDocumentReference',
    'Document',
    'DocumentTotals',
    'DocumentDetraction',
    'DocumentPerception',
    'DocumentRetention',
  ];

  it('describe every part and every field, in the words of their types', () => {
    const bare = parts.flatMap((name) => [
      ...(schemas[name]?.description ? [] : [name]),
      ...Object.entries(schemas[name]?.properties ?? {})
        .filter(([key, p]) => !p.description && key !== 'object')
        .map(([key]) => `${name}.${key}`),
    ]);
    expect(bare).toEqual([]);
    expect(schemas['Item']!.properties!['unitPrice']!.description).toMatch(/before tax/);
    expect(schemas['DocumentTotals']!.properties!['free']!.description).toMatch(/gratuitas/);
  });

  it('carry every total of the contract, and the forma de pago as one of its two forms', () => {
    expect(Object.keys(schemas['DocumentTotals']!.properties!).sort()).toEqual(
      [
        'taxable',
        'exempt',
        'unaffected',
        'export',
        'free',
        'freeIgv',
        'igv',
        'iscBase',
        'isc',
        'ivapBase',
        'ivap',
        'icbper',
        'lineExtension',
        'taxInclusive',
        'prepaid',
        'discounts',
        'charges',
        'rounding',
        'total',
      ].sort(),
    );
    expect(schemas['PaymentTerms']!.oneOf).toEqual([{ $ref: '#/components/schemas/CashPaymentTerms' }, { $ref: '#/components/schemas/CreditPaymentTerms' }]);
    expect(schemas['ExternalDocumentReference']!.properties!['type']).toMatchObject({ type: 'string', enum: ['01', '03'] });
  });
});

describe('bounds', () => {
  const schemas = spec.components['schemas'] as Record<string, { properties: Record<string, JsonObject> }>;

  it('every integer has a minimum, and the ones the contract names have the right one', () => {
    const unbounded = [...walk({ schemas, paths: spec.paths })]
      .filter(([node]) => node['type'] === 'integer' && typeof node['minimum'] !== 'number')
      .map(([, path]) => pointer(path));
    expect(unbounded).toEqual([]);
    expect(schemas['Document']!.properties['number']).toMatchObject({ type: 'integer', minimum: 1, maximum: 99_999_999 });
    expect(schemas['Series']!.properties['nextNumber']).toMatchObject({ type: 'integer', minimum: 1 });
    expect(schemas['TaxAuthorityStatus']!.properties['attempts']).toMatchObject({ type: 'integer', minimum: 0 });
    expect(schemas['Problem']!.properties['status']).toMatchObject({ type: 'integer', minimum: 400, maximum: 599 });
    const limits = SPEC_OPERATIONS.filter((op) => op.list).map((op) => specOperations.get(`GET ${op.path}`)!.parameters.find((p) => p.name === 'limit'));
    for (const limit of limits) expect(limit).toMatchObject({ schema: { type: 'integer', minimum: 1, maximum: 100 } });
  });

  it('amounts are never negative, exchange rates positive, and documents.email answers sent: true', () => {
    expect(schemas['Amount']).toMatchObject({ type: 'number', minimum: 0 });
    expect(schemas['ExchangeRate']!.properties['buy']).toMatchObject({ type: 'number', exclusiveMinimum: 0 });
    expect(schemas['DocumentEmailResult']!.properties['sent']).toMatchObject({ type: 'boolean', const: true });
  });
});

describe('no drift between the SDK and openapi.json', () => {
  it('every SDK method calls an operation of the document, with its id, parameters and body; every operation is called', async () => {
    const client = makeClient();
    const called = new Map<string, string>();
    for (const sdk of sdkMethods(client)) {
      const row = OPERATIONS.find((op) => op.sdk === sdk);
      expect(row, `${sdk} has no row in test/operations.ts`).toBeDefined();
      const seen: { method: string; url: URL; headers: Headers; body: string }[] = [];
      server.use(
        http.all(`${SANDBOX}/*`, async ({ request }) => {
          seen.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
          return HttpResponse.json({ object: 'list', data: [], hasMore: false, nextCursor: null });
        }),
      );
      await Promise.resolve(row!.call(client, 'obj_1')).catch(() => undefined); // only the request matters here
      expect(seen, sdk).toHaveLength(1);
      const [request] = seen as [(typeof seen)[0]];
      const template = templateOf(request.url.pathname);
      const key = `${request.method} ${template}`;
      const op = specOperations.get(key);
      expect(op, `${sdk} calls ${key}, which openapi.json lacks`).toBeDefined();
      expect(op!.operationId, key).toBe(sdk.replace('.', '_'));

      const declared = new Set(op!.parameters.filter((p) => p.in === 'query').map((p) => p.name));
      for (const name of request.url.searchParams.keys()) expect(declared.has(name), `${sdk} sends ?${name}`).toBe(true);
      expect(request.body !== '', `${sdk} body`).toBe(op!.requestBody !== undefined);
      const idempotency = op!.parameters.some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
      expect(request.headers.has('idempotency-key'), `${sdk} Idempotency-Key`).toBe(idempotency);
      called.set(key, sdk);
    }
    expect(
      [...specOperations.keys()].filter((key) => !called.has(key)),
      'operations no SDK method calls',
    ).toEqual([]);
  });
});

describe('the Problem schema', () => {
  it('is what the mock sends and what the SDK reads', async () => {
    expectTypeOf<Problem>().toExtend<APIError['body']>();
    const sandbox = createMockSandbox();
    server.use(...sandbox.handlers);
    const created = await fetch(`${SANDBOX}/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MOCK_API_KEY}`, 'idempotency-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'r', permissions: ['documents:read'] }),
    });
    const { key } = (await created.json()) as { key: string };
    const failures = [
      await fetch(`${SANDBOX}/v1/customers/cus_missing`, { headers: { authorization: `Bearer ${MOCK_API_KEY}` } }),
      await fetch(`${SANDBOX}/v1/customers`, { method: 'POST', headers: { authorization: `Bearer ${MOCK_API_KEY}`, 'idempotency-key': 'x' }, body: '{}' }),
      await fetch(`${SANDBOX}/v1/customers`, { headers: { authorization: `Bearer ${key}` } }),
      await fetch(`${SANDBOX}/v1/customers`),
    ];
    expect(failures.map((r) => r.status)).toEqual([404, 422, 403, 401]);
    for (const response of failures) {
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(Problem.safeParse(await response.json()).success).toBe(true);
    }
  });
});
