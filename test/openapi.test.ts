import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { buildOpenAPI } from '../scripts/openapi/generate.js';
import { ENVIRONMENTS, type ProblemBody } from '../src/index.js';
import { Problem } from '../src/models/problem.js';
import { createMockSandbox, MOCK_API_KEY } from '../src/testing/index.js';
import { makeClient, SANDBOX } from './helpers.js';
import { server } from './msw.js';
import { OPERATIONS, sdkMethods } from './operations.js';

interface OperationObject {
  operationId: string;
  parameters: { name?: string; in?: string; $ref?: string }[];
  requestBody?: unknown;
}
type Document = { paths: Record<string, Record<string, OperationObject>>; servers: { url: string }[]; components: Record<string, Record<string, unknown>> };

const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
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
      for (const status of ['401', '403', '429', '5XX']) expect(responses[status]?.$ref, `${key} ${status}`).toMatch(/^#\/components\/responses\//);
    }
    for (const response of Object.values(spec.components['responses'] as Record<string, { content: Record<string, unknown> }>)) {
      expect(response.content).toEqual({ 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } });
    }
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
    expect([...specOperations.keys()].filter((key) => !called.has(key)), 'operations no SDK method calls').toEqual([]);
  });
});

describe('the Problem schema', () => {
  it('is what the mock sends and what the SDK reads', async () => {
    expectTypeOf<Problem>().toExtend<ProblemBody>();
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
