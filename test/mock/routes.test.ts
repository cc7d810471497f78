/**
 * Every operation declared in src/operations/ has a route in the sandbox: sent its method and
 * path (parameters filled with a plausible value), the sandbox answers it, over msw and over the
 * loopback server alike, instead of its "no such route" answer.
 */
import { readdirSync } from 'node:fs';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/core/operation.js';
import { accountOperations } from '../../src/operations/account.js';
import { apiKeysOperations } from '../../src/operations/api-keys.js';
import { auditLogsOperations } from '../../src/operations/audit-logs.js';
import { customersOperations } from '../../src/operations/customers.js';
import { documentsOperations } from '../../src/operations/documents.js';
import * as everyOperation from '../../src/operations/index.js';
import { despatchesOperations } from '../../src/operations/despatches.js';
import { eventsOperations } from '../../src/operations/events.js';
import { exchangeRatesOperations } from '../../src/operations/exchange-rates.js';
import { lookupsOperations } from '../../src/operations/lookups.js';
import { perceptionsOperations } from '../../src/operations/perceptions.js';
import { productsOperations } from '../../src/operations/products.js';
import { retentionsOperations } from '../../src/operations/retentions.js';
import { seriesOperations } from '../../src/operations/series.js';
import { summariesOperations } from '../../src/operations/summaries.js';
import { voidingsOperations } from '../../src/operations/voidings.js';
import { webhookEndpointsOperations } from '../../src/operations/webhook-endpoints.js';
import { createMockSandbox, MOCK_API_KEY, type MockServer, startMockServer } from '../../src/testing/index.js';
import { eventDeliveriesOperation } from '../../src/testing/routes/events.js';
import { sandboxRoutes } from '../../src/testing/routes/index.js';
import { SandboxState } from '../../src/testing/store/sandbox-state.js';
import { server } from '../msw.js';

/** The declarations of each file of src/operations/, by file name. */
const DECLARED: Record<string, Record<string, Operation>> = {
  account: accountOperations,
  'api-keys': apiKeysOperations,
  'audit-logs': auditLogsOperations,
  customers: customersOperations,
  despatches: despatchesOperations,
  documents: documentsOperations,
  events: eventsOperations,
  'exchange-rates': exchangeRatesOperations,
  lookups: lookupsOperations,
  perceptions: perceptionsOperations,
  products: productsOperations,
  retentions: retentionsOperations,
  series: seriesOperations,
  summaries: summariesOperations,
  voidings: voidingsOperations,
  'webhook-endpoints': webhookEndpointsOperations,
};

const OPERATIONS = Object.values(DECLARED).flatMap((operations) => Object.values(operations));

/** A plausible value for each path parameter: an id nobody has, a RUC, a past day. */
const PARAMETERS: Record<string, string> = { id: 'xyz_0000000000000000', number: '20131312955', date: '2026-01-02' };

const pathOf = (operation: Operation) =>
  operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = PARAMETERS[name];
    if (value === undefined) throw new Error(`${operation.name}: no plausible value for the path parameter {${name}}`);
    return encodeURIComponent(value);
  });

/** What the sandbox answered: a status and problem `detail`, or nothing at all (msw found no handler and failed the request). */
type Answer = { status: number; detail: unknown } | 'unhandled';

async function send(base: string, method: string, path: string): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${MOCK_API_KEY}` };
  const withBody = method === 'POST' || method === 'PATCH';
  if (withBody) Object.assign(headers, { 'Content-Type': 'application/json', 'Idempotency-Key': `route-${method}-${path}` });
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { method, headers, body: withBody ? '{}' : undefined });
  } catch {
    return 'unhandled';
  }
  const text = await response.text();
  const detail = (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as { detail?: unknown }).detail : undefined;
  return { status: response.status, detail };
}

/** The sandbox's "no such route": msw leaves the request unhandled; the loopback server answers 404 `No route for <method> <path>`. */
const isNoRoute = (answer: Answer) => answer === 'unhandled' || (answer.status === 404 && typeof answer.detail === 'string' && answer.detail.startsWith('No route for'));

const sandbox = createMockSandbox();
let loopback: MockServer;
beforeAll(async () => {
  loopback = await startMockServer({ sandbox });
});
afterAll(() => loopback.close());

/** Lets requests to the loopback server through msw, to the real server. */
const toLoopback = () => {
  server.use(http.all(`${loopback.url}/*`, () => passthrough()));
  return loopback.url;
};

describe('the table covers src/operations/', () => {
  it('has the declarations of every file there, each also in the index the compiled checks are written from', () => {
    const files = readdirSync(new URL('../../src/operations/', import.meta.url))
      .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.startsWith('compiled'))
      .map((file) => file.slice(0, -3));
    expect(Object.keys(DECLARED).sort()).toEqual(files.sort());
    expect(new Set(Object.values(everyOperation))).toEqual(new Set(Object.values(DECLARED)));
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(50);
  });

  it("serves each declared operation by exactly one route built from that declaration, and nothing else but the sandbox's own delivery log", () => {
    const state = new SandboxState({ seed: [], outcome: () => 'accepted', settle: undefined, baseURL: undefined, rootKeys: undefined });
    const served = sandboxRoutes(state).map((route) => route.operation);
    expect(served).toHaveLength(OPERATIONS.length + 1);
    expect(new Set(served)).toEqual(new Set([...OPERATIONS, eventDeliveriesOperation]));
  });

  // Over msw, an undeclared path finds no handler and the request fails (test/setup.ts: onUnhandledRequest 'error').
  it('tells the no-route answer apart: the loopback server answers an undeclared path with it', async () => {
    expect(await send(toLoopback(), 'GET', '/v1/undeclared')).toEqual({ status: 404, detail: 'No route for GET /v1/undeclared' });
    expect(await send(toLoopback(), 'DELETE', '/v1/account')).toMatchObject({ status: 404, detail: 'No route for DELETE /v1/account' });
  });
});

describe.each([
  [
    'msw',
    () => {
      server.use(...sandbox.handlers);
      return 'https://sandbox.yupana.test';
    },
  ],
  ['the loopback server', toLoopback],
])('over %s, the sandbox answers', (_, baseOf) => {
  it.each(OPERATIONS.map((operation) => [operation.name, operation] as const))('%s', async (name, operation) => {
    const path = pathOf(operation);
    const base = baseOf();
    const before = sandbox.requests.length;
    const answer = await send(base, operation.method, path);
    expect(isNoRoute(answer), `${name}: ${operation.method} ${path} answered ${JSON.stringify(answer)}`).toBe(false);
    // A route ran the sandbox's pipeline, which records the request; an unrouted one is not recorded.
    expect(sandbox.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([`${operation.method} ${path}`]);
  });
});
