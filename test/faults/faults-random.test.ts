/**
 * The randomized run: many `documents.create` calls, each under its own random sequence of
 * faults (one drawn per attempt from a seeded PRNG), against the idempotent mock sandbox. Then
 * the documents are counted: every call that resolved must have exactly one document (its
 * own), every call that rejected at most one, which a retry with the same Idempotency-Key
 * returns. 1 000 calls run in process on msw handlers, 100 more over real sockets. Reproduce a run with `YUPANA_FAULT_SEED=<seed> npm run test:faults`.
 */
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Client, type Document } from '../../src/index.js';
import { MOCK_API_KEY, createMockSandbox, startMockServer, type MockFault, type MockSandbox, type RecordedRequest } from '../../src/testing/index.js';
import { validCreate } from '../helpers.js';
import { captureLogger } from '../leaks.js';
import { handlersFetch } from '../handlers-fetch.js';
import { server } from '../msw.js';

const SEED = Number(process.env['YUPANA_FAULT_SEED'] ?? Math.floor(Math.random() * 2 ** 32));
const REPORT = process.env['npm_lifecycle_event'] === 'test:faults';
/** Client timeout: meant to be reached by the hang and stall faults only (others are faster by far). */
const TIMEOUT = { msw: 100, http: 300 };

/** mulberry32: a small seeded PRNG, so that a seed replays the same fault plans. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The faults an attempt may meet, by name; `afterBytes` is drawn per use. */
const FAULTS: Record<string, (random: () => number) => MockFault> = {
  'connection reset, not handled': () => ({ network: 'error' }),
  'no response ever': () => ({ network: 'hang' }),
  'handled, response lost': () => ({ response: 'drop' }),
  'handled, reset mid-body': (r) => ({ response: 'reset', afterBytes: 1 + Math.floor(r() * 300) }),
  'handled, body stalls': (r) => ({ response: 'stall', afterBytes: Math.floor(r() * 300) }),
  'handled, body truncated': (r) => ({ response: 'truncate', afterBytes: Math.floor(r() * 300) }),
  '500': () => ({ status: 500 }),
  '502': () => ({ status: 502 }),
  '503': () => ({ status: 503 }),
  '504': () => ({ status: 504 }),
  '429 with Retry-After': () => ({ status: 429, headers: { 'Retry-After': '2' } }),
  '429 without Retry-After': () => ({ status: 429 }),
  '409 conflict': () => ({ status: 409 }),
  'HTML 502 page': () => ({ status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
  'empty 200': () => ({ status: 200, body: '' }),
  'redirect to another host': () => ({ status: 302, body: '', headers: { Location: 'https://attacker.example/v1/documents' } }),
  '401': () => ({ status: 401 }),
};
const FAULT_NAMES = Object.keys(FAULTS);

interface Plan {
  maxRetries: number;
  /** Per attempt: the fault's name and the fault, or none. */
  attempts: ({ name: string; fault: MockFault } | undefined)[];
  /** The caller's own Idempotency-Key, or none (the SDK makes one). */
  idempotencyKey: string | undefined;
}

function plans(count: number, random: () => number, prefix: string): Plan[] {
  return Array.from({ length: count }, (_, i) => {
    const maxRetries = Math.floor(random() * 4);
    const attempts = Array.from({ length: maxRetries + 1 }, () => {
      if (random() < 0.45) return undefined;
      const name = FAULT_NAMES[Math.floor(random() * FAULT_NAMES.length)]!;
      return { name, fault: FAULTS[name]!(random) };
    });
    return { maxRetries, attempts, idempotencyKey: i % 2 === 0 ? `${prefix}-${i}` : undefined };
  });
}

/** Runs `task` over `items`, `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const callOf = (request: RecordedRequest) => (request.body as { metadata?: { call?: string } } | undefined)?.metadata?.call;

interface Result {
  calls: number;
  attempts: number;
  resolved: number;
  rejected: Record<string, number>;
  faults: Record<string, number>;
  recovered: number;
  documents: number;
  duplicates: number;
  lost: number;
  leakedLogLines: number;
  ms: number;
}

/**
 * Runs one `documents.create` per plan, `lanes` at a time, then counts and recovers. Faults are
 * looked up per request from its body's `metadata.call` and its `Yupana-Retry-Count`, so the
 * plan holds whatever the order of arrival.
 */
async function randomRun(options: {
  sandbox: MockSandbox;
  baseURL: string;
  fetch?: typeof fetch;
  timeout: number;
  plans: Plan[];
  lanes: number;
  prefix: string;
}): Promise<Result> {
  const { sandbox, baseURL, lanes, prefix } = options;
  const byCall = new Map(options.plans.map((plan, i) => [`${prefix}-${i}`, plan]));
  const faults: Record<string, number> = {};
  const { lines, logger } = captureLogger();
  const client = new Client({ apiKey: MOCK_API_KEY, baseURL, fetch: options.fetch, timeout: options.timeout, logLevel: 'debug', logger });
  // The callers' own retries meet no fault: no need for a short timeout there.
  const retrying = new Client({ apiKey: MOCK_API_KEY, baseURL, fetch: options.fetch, logLevel: 'debug', logger });
  const outcomes = new Map<string, { doc?: Document; error?: Error }>();
  const started = performance.now();

  sandbox.reset();
  let injecting = true;
  const decide = (request: RecordedRequest): MockFault | undefined => {
    const plan = injecting ? byCall.get(callOf(request) ?? '') : undefined;
    const step = plan?.attempts[Number(request.headers['yupana-retry-count'] ?? 0)];
    if (step) faults[step.name] = (faults[step.name] ?? 0) + 1;
    return step?.fault;
  };
  faultPolicy = decide;

  const ids = [...byCall.keys()];
  await inLanes(ids, lanes, async (id) => {
    const plan = byCall.get(id)!;
    try {
      const doc = await client.documents.create({ ...validCreate(), metadata: { call: id } }, { maxRetries: plan.maxRetries, idempotencyKey: plan.idempotencyKey });
      outcomes.set(id, { doc });
    } catch (error) {
      outcomes.set(id, { error: error as Error });
    }
  });
  const attempts = sandbox.requests.length;

  // Count: every call's documents, found by the metadata it sent.
  const count = () => {
    const docs = new Map<string, Document[]>();
    for (const doc of sandbox.documents()) {
      const id = doc.metadata?.['call'] ?? '';
      docs.set(id, [...(docs.get(id) ?? []), doc]);
    }
    return docs;
  };
  const before = count();
  const lost = new Set<string>();
  let recovered = 0;
  const rejected: Record<string, number> = {};
  injecting = false;
  const firstKey = new Map<string, string | undefined>();
  for (const r of sandbox.requests) if (!firstKey.has(callOf(r) ?? '')) firstKey.set(callOf(r) ?? '', r.headers['idempotency-key']);
  await inLanes(ids, lanes, async (id) => {
    const outcome = outcomes.get(id)!;
    const held = before.get(id) ?? [];
    if (outcome.doc) {
      if (held.length === 0 || held[0]!.id !== outcome.doc.id) lost.add(id);
      return;
    }
    rejected[outcome.error!.name] = (rejected[outcome.error!.name] ?? 0) + 1;
    // A rejected call is retried by its caller with the same Idempotency-Key: the one it passed,
    // or the one the SDK generated (as the server saw it; none when no attempt reached it).
    const retry = await retrying.documents
      .create({ ...validCreate(), metadata: { call: id } }, { idempotencyKey: firstKey.get(id), maxRetries: 10 })
      .catch((error: unknown) => error as Error);
    if (retry instanceof Error || (held.length === 1 && held[0]!.id !== retry.id)) lost.add(id);
    else recovered++;
  });
  const after = count();
  const duplicates = [...after.values()].reduce((n, docs) => n + Math.max(0, docs.length - 1), 0);
  for (const id of ids) if ((after.get(id) ?? []).length === 0) lost.add(id);

  return {
    calls: ids.length,
    attempts,
    resolved: [...outcomes.values()].filter((o) => o.doc).length,
    rejected,
    faults,
    recovered,
    documents: sandbox.documents().length,
    duplicates,
    lost: lost.size,
    leakedLogLines: lines.filter((l) => l.message.includes(MOCK_API_KEY)).length,
    ms: Math.round(performance.now() - started),
  };
}

let faultPolicy: (request: RecordedRequest) => MockFault | undefined = () => undefined;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeAll(() => void process.on('unhandledRejection', onUnhandled));
afterAll(() => void process.off('unhandledRejection', onUnhandled));

function report(transport: string, result: Result): void {
  const summary =
    `randomized run (${transport}, seed ${SEED}): ${result.calls} documents.create calls, ${result.attempts} attempts, ` +
    `${result.resolved} resolved, ${result.calls - result.resolved} rejected, ${result.recovered} recovered by a retry with the same key; ` +
    `${result.documents} documents: ${result.duplicates} duplicates, ${result.lost} lost (${result.ms} ms)`;
  const details = REPORT ? `\n  rejected by class: ${JSON.stringify(result.rejected)}\n  faults injected: ${JSON.stringify(result.faults)}` : '';
  console.log(summary + details);
}

describe('randomized fault run', () => {
  it('1 000 creates under random faults, in process (msw handlers): 0 duplicates, 0 lost', async () => {
    const sandbox = createMockSandbox({ fault: (request) => faultPolicy(request) });
    const result = await randomRun({
      sandbox,
      baseURL: 'https://sandbox.yupana.pe',
      fetch: handlersFetch(sandbox.handlers),
      timeout: TIMEOUT.msw,
      plans: plans(1_000, prng(SEED), 'msw'),
      lanes: 25,
      prefix: 'msw',
    });
    report('msw in process', result);
    expect(result.calls).toBe(1_000);
    expect(Object.keys(result.faults).sort()).toEqual([...FAULT_NAMES].sort());
    expect(result.calls - result.resolved).toBeGreaterThan(0);
    expect(result.duplicates).toBe(0);
    expect(result.lost).toBe(0);
    expect(result.documents).toBe(1_000);
    expect(result.leakedLogLines).toBe(0);
    expect(unhandled).toEqual([]);
  });

  it('100 creates under random faults over HTTP on 127.0.0.1 (real sockets): 0 duplicates, 0 lost', async () => {
    const sandbox = createMockSandbox({ fault: (request) => faultPolicy(request) });
    const mock = await startMockServer({ sandbox });
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    try {
      const result = await randomRun({ sandbox, baseURL: mock.url, timeout: TIMEOUT.http, plans: plans(100, prng(SEED + 1), 'http'), lanes: 10, prefix: 'http' });
      report('HTTP on 127.0.0.1', result);
      expect(result.calls).toBe(100);
      expect(result.duplicates).toBe(0);
      expect(result.lost).toBe(0);
      expect(result.documents).toBe(100);
      expect(result.leakedLogLines).toBe(0);
      expect(unhandled).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});
