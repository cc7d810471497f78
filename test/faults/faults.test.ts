/**
 * The fault matrix: the real SDK against the mock sandbox served over real HTTP on 127.0.0.1,
 * with one fault injected into every attempt of a call, or into its first attempt only. Each
 * case must end in success or in its documented error class, within its time budget, after the
 * documented number of attempts (as counted by the client and by the server), issuing at most
 * one document, with no unhandled rejection and no API key in the error or in the logs.
 * `npm run test:faults` prints the table.
 */
import { createServer } from 'node:net';
import { http, HttpResponse, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  Client,
  InternalServerError,
  RateLimitError,
  RedirectError,
  UnprocessableEntityError,
  type Document,
} from '../../src/index.js';
import { MOCK_API_KEY, createMockSandbox, startMockServer, type MockFault, type MockServer, type RecordedRequest } from '../../src/testing/index.js';
import { validCreate } from '../helpers.js';
import { captureLogger, secretIn } from '../leaks.js';
import { server } from '../msw.js';

const MAX_RETRIES = 2;
/**
 * The longest the client waits before its two retries: 1 s, then 2 s (backoff with its jitter).
 * The waits are real: test/setup.ts loads the SDK before a test file's vi.mock could replace them.
 */
const LONGEST_BACKOFF = 3_000;
/**
 * The client timeout of the cases only a timeout can end (a response that never comes, a stalled
 * body). Their healthy retry must also end within it: 2 s leaves a loopback answer headroom on a
 * machine at a load of 20 (300 ms did not).
 */
const SHORT_TIMEOUT = 2_000;
/** The client timeout of every other case: long enough never to fire on loopback. */
const LONG_TIMEOUT = 10_000;
const ATTACKER = 'https://attacker.example';
const REPORT = process.env['npm_lifecycle_event'] === 'test:faults';

type Operation = 'documents.create' | 'documents.retrieve' | 'documents.list';
const OPERATIONS: Operation[] = ['documents.create', 'documents.retrieve', 'documents.list'];
type ErrorClass = new (...args: never[]) => Error;

/** What a fault does to a call when it meets every attempt. */
interface Expected {
  /** The documented error class, or `'ok'`. */
  outcome: ErrorClass | 'ok';
  /** Whether the SDK tries again after it (then a fault on the first attempt only ends in success). */
  retried: boolean;
}

interface FaultCase extends Expected {
  name: string;
  fault: MockFault | 'closed port';
  /** Only the client's timeout ends an attempt. */
  slow?: boolean;
  /** The server answers 2xx without doing the work: nothing to count in the documents. */
  untruthful?: boolean;
  /** Operations whose outcome differs. */
  byOperation?: Partial<Record<Operation, Expected>>;
}

const problemJson = (status: number, code: string, detail: string) => ({ type: `https://docs.yupana.pe/errors/${code}`, title: code, status, detail, code });

const CASES: FaultCase[] = [
  { name: 'connection refused (closed port)', fault: 'closed port', outcome: APIConnectionError, retried: true },
  { name: 'reset before the response, request not handled', fault: { network: 'error' }, outcome: APIConnectionError, retried: true },
  { name: 'reset before the response, request handled', fault: { response: 'drop' }, outcome: APIConnectionError, retried: true },
  { name: 'reset in the middle of the body', fault: { response: 'reset', afterBytes: 24 }, outcome: APIConnectionError, retried: true },
  { name: 'response never comes', fault: { network: 'hang' }, outcome: APIConnectionTimeoutError, retried: true, slow: true },
  { name: 'body stalls after the headers', fault: { response: 'stall', afterBytes: 0 }, outcome: APIConnectionTimeoutError, retried: true, slow: true },
  { name: 'body stalls in the middle', fault: { response: 'stall', afterBytes: 24 }, outcome: APIConnectionTimeoutError, retried: true, slow: true },
  { name: '500', fault: { status: 500 }, outcome: InternalServerError, retried: true },
  { name: '502', fault: { status: 502 }, outcome: InternalServerError, retried: true },
  { name: '503', fault: { status: 503 }, outcome: InternalServerError, retried: true },
  { name: '504', fault: { status: 504 }, outcome: InternalServerError, retried: true },
  { name: '429 with Retry-After: 1', fault: { status: 429, headers: { 'Retry-After': '1' } }, outcome: RateLimitError, retried: true },
  { name: '429 without Retry-After', fault: { status: 429 }, outcome: RateLimitError, retried: true },
  { name: '429 with a malformed Retry-After (-5)', fault: { status: 429, headers: { 'Retry-After': '-5' } }, outcome: RateLimitError, retried: true },
  { name: '429 with Retry-After: 3600 (too long)', fault: { status: 429, headers: { 'Retry-After': '3600' } }, outcome: RateLimitError, retried: true },
  {
    name: 'HTML 502 page echoing the Authorization header',
    fault: { status: 502, body: `<html><body><h1>502 Bad Gateway</h1><pre>Authorization: Bearer ${MOCK_API_KEY}</pre></body></html>` },
    outcome: InternalServerError,
    retried: true,
  },
  { name: 'truncated JSON (well framed)', fault: { response: 'truncate', afterBytes: 24 }, outcome: APIError, retried: true },
  { name: 'empty 200 body', fault: { status: 200, body: '' }, outcome: APIError, retried: true },
  {
    name: '200 with a body of another shape',
    fault: { status: 200, body: { unexpected: true } },
    outcome: APIError,
    retried: false,
    untruthful: true,
  },
  { name: 'redirect to another host', fault: { status: 302, body: '', headers: { Location: `${ATTACKER}/v1/documents` } }, outcome: RedirectError, retried: false },
  { name: 'redirect on the same host', fault: { status: 307, body: '', headers: { Location: '/v2/documents' } }, outcome: RedirectError, retried: false },
  {
    name: '401 whose body echoes the key',
    fault: { status: 401, body: problemJson(401, 'authentication_error', `Invalid API key ${MOCK_API_KEY}`) },
    outcome: AuthenticationError,
    retried: false,
  },
  {
    name: '401 whose body echoes the key JSON-escaped',
    // A string body goes out as is: the key's first letter escaped, as a JSON encoder may write it.
    fault: { status: 401, body: `{"code":"authentication_error","detail":"Invalid API key \\u0073${MOCK_API_KEY.slice(1)}"}` },
    outcome: AuthenticationError,
    retried: false,
  },
  { name: '422', fault: { status: 422 }, outcome: UnprocessableEntityError, retried: false },
];

type Mode = 'every attempt' | 'first attempt only';

interface Row {
  fault: FaultCase;
  operation: Operation;
  mode: Mode;
  expected: { outcome: string; attempts: number };
  outcome: string;
  error?: unknown;
  value?: unknown;
  hung: boolean;
  /** Attempts the client made (fetch calls). */
  attempts: number;
  /** Requests the mock received. */
  received: RecordedRequest[];
  /** Documents issued by this call (create only). */
  documents: Document[];
  logs: { level: string; message: string }[];
  ms: number;
}

let mock: MockServer;
let closedPortURL: string;
let seeded: Document;
const plans = new Map<string, (request: RecordedRequest) => MockFault | undefined>();
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
let attackerHits = 0;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  mock = await startMockServer({
    sandbox: createMockSandbox({ fault: (request) => plans.get(request.headers['x-fault-case'] ?? '')?.(request) }),
  });
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as { port: number };
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  closedPortURL = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await mock.close();
});

/** Settles `promise`, or reports it hung once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'hung'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  try {
    return await Promise.race([promise, budget]);
  } finally {
    clearTimeout(timer);
  }
}

function expectedOf(fault: FaultCase, operation: Operation, mode: Mode): { outcome: string; attempts: number } {
  const { outcome, retried } = fault.byOperation?.[operation] ?? fault;
  const name = outcome === 'ok' ? 'ok' : outcome.name;
  if (mode === 'every attempt') return { outcome: name, attempts: retried ? MAX_RETRIES + 1 : 1 };
  return retried ? { outcome: 'ok', attempts: 2 } : { outcome: name, attempts: 1 };
}

let nextCase = 0;

async function runCase(fault: FaultCase, operation: Operation, mode: Mode): Promise<Row> {
  const id = `case-${++nextCase}`;
  const injected = fault.fault;
  if (injected !== 'closed port') {
    plans.set(id, (request) => (mode === 'every attempt' || request.headers['yupana-retry-count'] === undefined ? injected : undefined));
  }
  const { lines, logger } = captureLogger();
  let attempts = 0;
  const timeout = fault.slow ? SHORT_TIMEOUT : LONG_TIMEOUT;
  const client = new Client({
    apiKey: MOCK_API_KEY,
    baseURL: injected === 'closed port' ? closedPortURL : mock.url,
    timeout,
    maxRetries: MAX_RETRIES,
    logLevel: 'debug',
    logger,
    defaultHeaders: { 'x-fault-case': id },
    fetch: (input, init) => {
      attempts++;
      return fetch(input, init);
    },
  });
  const call: PromiseLike<unknown> =
    operation === 'documents.create'
      ? client.documents.create({ ...validCreate(), metadata: { case: id } })
      : operation === 'documents.retrieve'
        ? client.documents.retrieve(seeded.id)
        : client.documents.list({ limit: 2 });
  const started = performance.now();
  const settled = await within(
    Promise.resolve(call).then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    ),
    (MAX_RETRIES + 1) * timeout + LONGEST_BACKOFF + 2_000,
  );
  const ms = Math.round(performance.now() - started);
  const hung = settled === 'hung';
  const error = hung ? undefined : settled.error;
  return {
    fault,
    operation,
    mode,
    expected: expectedOf(fault, operation, mode),
    outcome: hung ? 'HUNG' : error === undefined ? 'ok' : (error as Error).name,
    error,
    value: hung ? undefined : settled.value,
    hung,
    attempts,
    received: mock.sandbox.requests.filter((r) => r.headers['x-fault-case'] === id),
    documents: mock.sandbox.documents().filter((d) => d.metadata?.['case'] === id),
    logs: lines,
    ms,
  };
}

/** Everything wrong with one row; empty when the case behaved as documented. */
function problemsOf(row: Row): string[] {
  const problems: string[] = [];
  const where = `${row.fault.name} / ${row.operation} / ${row.mode}`;
  if (row.hung) problems.push(`${where}: still pending after its budget`);
  if (row.outcome !== row.expected.outcome) problems.push(`${where}: ${row.outcome} instead of ${row.expected.outcome}`);
  if (row.attempts !== row.expected.attempts) problems.push(`${where}: ${row.attempts} attempts instead of ${row.expected.attempts}`);
  const reached = row.fault.fault === 'closed port' ? 0 : row.attempts;
  if (row.received.length !== reached) problems.push(`${where}: the server received ${row.received.length} requests for ${row.attempts} attempts`);
  if (row.operation === 'documents.create') {
    const keys = new Set(row.received.map((r) => r.headers['idempotency-key']));
    if (keys.size > 1) problems.push(`${where}: ${keys.size} different Idempotency-Keys across the retries of one call`);
    if (row.documents.length > 1) problems.push(`${where}: ${row.documents.length} documents for one call (duplicate)`);
    if (row.outcome === 'ok' && !row.fault.untruthful) {
      const doc = row.value as Document;
      if (row.documents.length !== 1 || row.documents[0]!.id !== doc.id)
        problems.push(`${where}: resolved with ${doc.id} but the server holds ${row.documents.map((d) => d.id).join(', ') || 'nothing'} (lost)`);
    }
  }
  if (row.error !== undefined && !(row.error instanceof APIError || row.error instanceof APIConnectionError)) {
    problems.push(`${where}: threw ${String(row.error)}, not a documented YupanaError`);
  }
  const leaks = row.error === undefined ? [] : secretIn(row.error, MOCK_API_KEY);
  if (leaks.length > 0) problems.push(`${where}: the API key shows in the error (${leaks.join(', ')})`);
  if (row.logs.some((l) => l.message.includes(MOCK_API_KEY))) problems.push(`${where}: the API key shows in a log line`);
  const warned = row.logs.some((l) => l.level === 'warn');
  const tooLongRetryAfter = row.fault.name.includes('3600');
  if (warned !== tooLongRetryAfter) problems.push(`${where}: ${warned ? 'unexpected' : 'missing'} warning`);
  const debugLines = row.logs.filter((l) => l.level === 'debug' && l.message.endsWith(' sent')).length;
  if (debugLines !== row.attempts) problems.push(`${where}: ${debugLines} request log lines for ${row.attempts} attempts`);
  return problems;
}

function cell(outcome: string, attempts: number): string {
  return `${outcome}, ${attempts} attempt${attempts === 1 ? '' : 's'}`;
}

function table(rows: Row[]): string {
  const byKey = new Map(rows.map((r) => [`${r.fault.name}|${r.operation}|${r.mode}`, r]));
  const header = ['fault', 'operation', 'every attempt → outcome, attempts', 'first attempt only → outcome, attempts', 'documents'];
  const lines = [header];
  for (const fault of CASES) {
    for (const operation of OPERATIONS) {
      const every = byKey.get(`${fault.name}|${operation}|every attempt`)!;
      const first = byKey.get(`${fault.name}|${operation}|first attempt only`);
      const docs = operation === 'documents.create' ? `${every.documents.length} / ${first ? first.documents.length : '-'}` : '';
      lines.push([fault.name, operation, cell(every.outcome, every.attempts), first ? cell(first.outcome, first.attempts) : 'n/a', docs]);
    }
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines
    .map((l) =>
      l
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

describe('fault matrix', () => {
  it('every fault ends in success or its documented error, without hanging, duplicating, leaking or retrying what is not retryable', async () => {
    server.use(
      http.all(`${mock.url}/*`, () => passthrough()),
      http.all(`${closedPortURL}/*`, () => passthrough()),
      http.all(`${ATTACKER}/*`, () => {
        attackerHits++;
        return HttpResponse.text('stolen');
      }),
    );
    seeded = await new Client({ apiKey: MOCK_API_KEY, baseURL: mock.url, logLevel: 'off' }).documents.create(validCreate());

    const modes: Mode[] = ['every attempt', 'first attempt only'];
    const jobs = CASES.flatMap((fault) =>
      OPERATIONS.flatMap((operation) => modes.filter((mode) => fault.fault !== 'closed port' || mode === 'every attempt').map((mode) => ({ fault, operation, mode }))),
    );
    const started = performance.now();
    // Cases run concurrently, each told apart by its own header; the slow ones after the others,
    // so that a busy event loop never makes their short timeout fire on a healthy attempt.
    const rows = [
      ...(await Promise.all(jobs.filter((j) => !j.fault.slow).map((j) => runCase(j.fault, j.operation, j.mode)))),
      ...(await Promise.all(jobs.filter((j) => j.fault.slow).map((j) => runCase(j.fault, j.operation, j.mode)))),
    ];
    const ms = Math.round(performance.now() - started);
    await new Promise((resolve) => setImmediate(resolve));

    const creates = rows.filter((r) => r.operation === 'documents.create' && !r.fault.untruthful);
    const duplicates = creates.reduce((n, r) => n + Math.max(0, r.documents.length - 1), 0);
    const lost = creates.filter((r) => r.outcome === 'ok' && r.documents.length === 0).length;
    const summary =
      `fault matrix: ${CASES.length} faults × ${OPERATIONS.length} operations, ${rows.length} calls over HTTP on 127.0.0.1 in ${ms} ms; ` +
      `${rows.reduce((n, r) => n + r.attempts, 0)} attempts; ${duplicates} duplicates, ${lost} lost, ${unhandled.length} unhandled rejections, ` +
      `${rows.filter((r) => r.hung).length} hung; slowest call ${Math.max(...rows.map((r) => r.ms))} ms`;
    console.log(REPORT ? `${table(rows)}\n\n${summary}` : summary);

    expect(rows.flatMap(problemsOf)).toEqual([]);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    expect(attackerHits).toBe(0);
    expect(unhandled).toEqual([]);
  });
});

describe('mock fault injection', () => {
  const post = (idempotencyKey: string) =>
    fetch('https://sandbox.yupana.pe/v1/documents', {
      method: 'POST',
      headers: { authorization: `Bearer ${MOCK_API_KEY}`, 'idempotency-key': idempotencyKey, 'content-type': 'application/json' },
      body: JSON.stringify(validCreate()),
    });

  it('{ response } faults damage the answer of a request that was handled; its replay is whole', async () => {
    const sandbox = createMockSandbox();
    server.use(...sandbox.handlers);
    sandbox.failNext({ response: 'truncate', afterBytes: 5 }, { response: 'drop' });
    const cut = await post('k1');
    expect(cut.status).toBe(201);
    const cutText = await cut.text();
    await expect(post('k2')).rejects.toThrow(TypeError);
    expect(sandbox.documents()).toHaveLength(2);
    const replay = await post('k1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const whole = await replay.text();
    expect(cutText).toBe(whole.slice(0, 5));
    expect((JSON.parse(whole) as Document).id).toBe(sandbox.documents()[0]!.id);
  });

  it('{ network } faults fail before any handling; the fault option decides when nothing is queued', async () => {
    const decided: string[] = [];
    const sandbox = createMockSandbox({
      fault: (request) => {
        decided.push(request.headers['idempotency-key'] ?? '');
        return { network: 'error' };
      },
    });
    server.use(...sandbox.handlers);
    sandbox.failNext({ status: 503 });
    expect((await post('a')).status).toBe(503);
    await expect(post('b')).rejects.toThrow(TypeError);
    expect(decided).toEqual(['b']);
    expect(sandbox.documents()).toHaveLength(0);
    expect(sandbox.requests).toHaveLength(2);
  });
});
