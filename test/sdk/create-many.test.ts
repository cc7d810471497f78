import { getEventListeners } from 'node:events';
import { delay, http, HttpResponse, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIUserAbortError,
  type CreateManyOptions,
  type CreateManyProgress,
  type CreateManyResult,
  type DocumentCreateParams,
  InternalServerError,
  RateLimitError,
  UnprocessableEntityError,
  ValidationError,
  YupanaError,
} from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockFault, type RecordedRequest, startMockServer } from '../../src/testing/index.js';
import { documentFixture, makeClient, problem, SANDBOX, settle } from '../helpers.js';
import { server } from '../msw.js';

/** A boleta for order `n`, with the order id in its metadata. */
const boleta = (n: number): DocumentCreateParams => ({
  type: '03',
  series: 'B001',
  customer: { documentType: '1', documentNumber: '45678912', name: `Cliente ${n}` },
  items: [{ description: 'Menú del día', quantity: 1, unitPrice: 15.25, igv: 2.75 }],
  metadata: { orderId: String(n) },
});

/** A caller key from the order id: stable across runs. */
const orderKey = (body: DocumentCreateParams) => `order-${body.metadata?.['orderId']}`;

/** `count` boletas from a generator that records how many were pulled and whether it was closed. */
function source(count: number) {
  const state = { pulled: 0, closed: false };
  function* generate() {
    try {
      for (let n = 0; n < count; n++) {
        state.pulled++;
        yield boleta(n);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, inputs: generate() };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Drives a whole run under fake timers and returns its results. */
async function run(iterable: AsyncIterable<CreateManyResult>): Promise<CreateManyResult[]> {
  const { value, error } = await settle(collect(iterable));
  if (error) throw error;
  return value!;
}

/**
 * `count` boletas from an async generator that takes `gapMs` (fake time) to produce each, and
 * `closeMs` to close what it holds when stopped early (its `finally`), recording its pulls and
 * when it finished closing.
 */
function asyncSource(count: number, { gapMs = 0, closeMs = 0 } = {}) {
  const state = { pulled: 0, closedAt: undefined as number | undefined };
  async function* generate() {
    try {
      for (let n = 0; n < count; n++) {
        if (gapMs) await delay(gapMs);
        state.pulled++;
        yield boleta(n);
      }
    } finally {
      if (closeMs) await delay(closeMs);
      state.closedAt = Date.now();
    }
  }
  return { state, inputs: generate() };
}

/** `count` boletas from a hand-written iterator (a database cursor, say) whose `next` throws at call `failAt`; records its calls. */
function cursor(count: number, failAt = Number.POSITIVE_INFINITY) {
  const calls = { next: 0, return: 0 };
  const iterator: IterableIterator<DocumentCreateParams> = {
    next() {
      calls.next++;
      if (calls.next === failAt) throw new Error('cursor lost');
      return calls.next <= count ? { done: false, value: boleta(calls.next - 1) } : { done: true, value: undefined };
    },
    return() {
      calls.return++;
      return { done: true, value: undefined };
    },
    [Symbol.iterator]() {
      return iterator;
    },
  };
  return { calls, inputs: iterator };
}

/** The rejection of the first `next()` of a run (`undefined` when it yields), driven under fake timers. */
const firstRejection = async (results: AsyncIterator<CreateManyResult>) => (await settle(results.next())).error;

/** The error of a failed result, `undefined` for a success. */
const errorOf = (result: CreateManyResult | undefined) => (result?.ok === false ? result.error : undefined);

const sandboxClient = () => makeClient({ apiKey: MOCK_API_KEY });
const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

/**
 * POST /v1/documents on the msw sandbox address answering 201 after `latencyMs`, recording each
 * arrival (fake time), its key and retry count, and the most requests handled at once.
 */
function slowServer(latencyMs: number, first?: (key: string, n: number) => Response | undefined) {
  const seen = { arrivals: [] as { at: number; key: string; retry: string | null }[], active: 0, maxActive: 0, aborted: 0 };
  server.use(
    http.post(`${SANDBOX}/v1/documents`, async ({ request }) => {
      const key = request.headers.get('idempotency-key')!;
      seen.arrivals.push({ at: Date.now(), key, retry: request.headers.get('yupana-retry-count') });
      const early = first?.(key, seen.arrivals.length);
      if (early) return early;
      seen.active++;
      seen.maxActive = Math.max(seen.maxActive, seen.active);
      if (request.signal.aborted)
        seen.aborted++; // aborted on its way in
      else request.signal.addEventListener('abort', () => seen.aborted++);
      try {
        await delay(latencyMs);
      } finally {
        seen.active--;
      }
      return HttpResponse.json(documentFixture({ id: `doc_${key}` }), { status: 201 });
    }),
  );
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('documents.createMany: one result per input', () => {
  it('issues every input exactly once through 5xx, dropped connections and lost answers; a persistent failure is a result', async () => {
    // Faults on first attempts, decided by key so that they hold under concurrency; order-13 always fails.
    const fault = (request: RecordedRequest): MockFault | undefined => {
      const key = request.headers['idempotency-key'] ?? '';
      const n = Number(key.slice('order-'.length));
      if (request.method !== 'POST') return undefined;
      if (n === 13) return { status: 503 };
      if (request.headers['yupana-retry-count'] !== undefined) return undefined;
      if (n % 3 === 0) return { status: 503 };
      if (n % 5 === 1) return { response: 'drop' }; // issued, answer lost: the retry gets the stored answer
      if (n % 7 === 2) return { network: 'error' };
      return undefined;
    };
    const sandbox = createMockSandbox({ fault });
    server.use(...sandbox.handlers);
    const { state, inputs } = source(30);

    const results = await run(sandboxClient().documents.createMany(inputs, { concurrency: 6, idempotencyKey: orderKey }));

    expect(results).toHaveLength(30);
    expect(results.map((r) => r.index).sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
    expect(state).toEqual({ pulled: 30, closed: true });
    const failed = results.filter((r) => !r.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ index: 13, idempotencyKey: 'order-13', ok: false });
    expect(errorOf(failed[0])).toBeInstanceOf(InternalServerError);
    // One document per succeeded input, none twice.
    const issued = sandbox.documents().map((d) => d.metadata?.['orderId']);
    expect(issued).toHaveLength(29);
    expect(new Set(issued).size).toBe(29);
    // An answer lost after issuing is replayed to the retry, not issued again.
    expect(results.find((r) => r.index === 1)).toMatchObject({ ok: true, replayed: true });
    // Retries carry the same key and count themselves; the persistent failure used 1 + maxRetries (2) attempts.
    const attemptsOf13 = posts(sandbox.requests).filter((r) => r.headers['idempotency-key'] === 'order-13');
    expect(attemptsOf13.map((r) => r.headers['yupana-retry-count'])).toEqual([undefined, '1', '2']);
  });

  it('a body that fails validation, or a key function that throws or gives a bad key, is a ValidationError result and is not sent', async () => {
    const sandbox = createMockSandbox();
    server.use(...sandbox.handlers);
    const inputs = [boleta(0), { ...boleta(1), series: 'B1' }, boleta(2), boleta(3), boleta(4)];
    const idempotencyKey = (body: DocumentCreateParams, index: number) => {
      if (index === 2) throw new Error('order without id');
      return index === 3 ? 'order 3' : orderKey(body);
    };

    const results = await run(sandboxClient().documents.createMany(inputs, { idempotencyKey }));

    const byIndex = results.sort((a, b) => a.index - b.index);
    expect(byIndex.map((r) => r.ok)).toEqual([true, false, false, false, true]);
    const errors = byIndex.map(errorOf);
    for (const error of errors.slice(1, 4)) expect(error).toBeInstanceOf(ValidationError);
    expect((errors[1] as ValidationError).issues.map((i) => i.path)).toEqual(['series']);
    expect(byIndex[1]!.idempotencyKey).toBe('order-1');
    expect(errors[2]!.message).toContain('order without id');
    expect(byIndex[2]!.idempotencyKey).toBeUndefined();
    expect((errors[3] as ValidationError).issues[0]!.path).toBe('idempotencyKey');
    expect(byIndex[3]!.idempotencyKey).toBeUndefined();
    expect(
      posts(sandbox.requests)
        .map((r) => r.headers['idempotency-key'])
        .sort(),
    ).toEqual(['order-0', 'order-4']);
  });

  it.each([0, 33, 2.5, Number.NaN])('concurrency %s rejects the first next() with a ValidationError; nothing is read or sent', async (concurrency) => {
    const seen = slowServer(0);
    const { state, inputs } = source(3);
    const results = makeClient().documents.createMany(inputs, { concurrency });
    await expect(results.next()).rejects.toBeInstanceOf(ValidationError);
    expect(state.pulled).toBe(0);
    expect(seen.arrivals).toHaveLength(0);
  });

  it.each([
    ['a plain object', {}],
    ['null', null],
    ['a string', 'B001'],
    ['the generator function itself, not called', function* () {}],
  ])('inputs that are %s reject the first next() with a ValidationError on `inputs`; nothing is sent', async (_, inputs) => {
    const seen = slowServer(0);
    const error = await firstRejection(makeClient().documents.createMany(inputs as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe('Invalid documents.createMany options: inputs: must be an Iterable or an AsyncIterable of document bodies');
    expect(seen.arrivals).toHaveLength(0);
  });

  it.each([
    [{ concurrency: 33 }, 'concurrency: must be a whole number from 1 to 32'],
    [{ idempotencyKey: 'order-1' }, 'idempotencyKey: must be a function (body, index) => string'],
    [{ onProgress: true }, 'onProgress: must be a function'],
    [{ maxRateLimitWait: 0 }, 'maxRateLimitWait: must be milliseconds from 1 to 2147483647'],
    [{ maxBudgetWait: Number.NaN }, 'maxBudgetWait: must be milliseconds from 1 to 2147483647'],
  ])('the option %o rejects the first next() with a ValidationError saying what it must be; nothing is read or sent', async (options, said) => {
    const seen = slowServer(0);
    const { state, inputs } = source(3);
    const error = await firstRejection(makeClient().documents.createMany(inputs, options as CreateManyOptions));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(`Invalid documents.createMany options: ${said}`);
    expect(state.pulled).toBe(0);
    expect(seen.arrivals).toHaveLength(0);
  });

  it('the ValidationError of a bad body or a bad key names the input it belongs to', async () => {
    const seen = slowServer(0);
    const inputs = [boleta(0), { ...boleta(1), series: 'B1' }, boleta(2)];
    const idempotencyKey = (body: DocumentCreateParams, index: number) => (index === 2 ? 'order 2' : orderKey(body));
    const results = await run(makeClient().documents.createMany(inputs, { idempotencyKey }));
    const errors = results.sort((a, b) => a.index - b.index).map(errorOf);
    expect(errors[1]!.message).toMatch(/^Invalid documents\.createMany input 1: series: /);
    expect(errors[2]!.message).toMatch(/^Invalid documents\.createMany input 2: idempotencyKey: /);
    expect(seen.arrivals.map((a) => a.key)).toEqual(['order-0']);
  });

  it('an input that cannot be sent as JSON (a BigInt among its fields) is a failed result naming the field; the others are issued', async () => {
    const seen = slowServer(0);
    const inputs = [boleta(0), { ...boleta(1), legacyId: 10n } as unknown as DocumentCreateParams, boleta(2)];
    const results = await run(makeClient().documents.createMany(inputs, { idempotencyKey: orderKey }));
    const error = errorOf(results.find((r) => r.index === 1));
    expect(error).toBeInstanceOf(YupanaError);
    expect(error!.message).toMatch(/^Invalid request body: legacyId: is a BigInt/);
    expect(seen.arrivals.map((a) => a.key).sort()).toEqual(['order-0', 'order-2']);
  });

  it('a failure the server answered (422) is not sent again, whatever maxRetries allows', async () => {
    const seen = slowServer(0, () => problem(422, 'validation_error')());
    const [result] = await run(makeClient().documents.createMany([boleta(0)], { maxRetries: 3 }));
    expect(errorOf(result)).toBeInstanceOf(UnprocessableEntityError);
    expect(seen.arrivals).toHaveLength(1);
  });

  it('onProgress reports in elapsedMs the time since the run started', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    await vi.advanceTimersByTimeAsync(5_000); // the clock does not start at 0
    slowServer(100);
    const elapsed: number[] = [];
    await run(makeClient().documents.createMany(source(3).inputs, { concurrency: 1, onProgress: (p) => elapsed.push(p.elapsedMs) }));
    expect(elapsed).toEqual([100, 200, 300]);
  });

  it('onProgress reports the counts as results arrive', async () => {
    slowServer(10, (key) => (key === 'order-2' ? problem(422, 'validation_error')() : undefined));
    const calls: CreateManyProgress[] = [];
    const options: CreateManyOptions = { concurrency: 2, idempotencyKey: orderKey, onProgress: (p) => calls.push(p) };
    await run(makeClient().documents.createMany(source(5).inputs, options));
    expect(calls).toHaveLength(5);
    expect(calls.map((c) => c.succeeded + c.failed)).toEqual([1, 2, 3, 4, 5]);
    expect(calls.every((c) => c.inFlight === c.started - c.succeeded - c.failed && c.started <= 5)).toBe(true);
    expect(calls.at(-1)).toMatchObject({ started: 5, succeeded: 4, failed: 1, inFlight: 0 });
  });

  it('an exception of the inputs iterator comes out of the loop after the results of the inputs already read', async () => {
    slowServer(10);
    function* failing() {
      yield boleta(0);
      yield boleta(1);
      throw new Error('disk read failed');
    }
    const results: CreateManyResult[] = [];
    const outcome = await settle(
      (async () => {
        for await (const result of makeClient().documents.createMany(failing())) results.push(result);
      })(),
    );
    expect((outcome.error as Error).message).toBe('disk read failed');
    expect(results.map((r) => r.ok)).toEqual([true, true]);
  });
});

describe('documents.createMany: concurrency, laziness, stopping', () => {
  it('never runs more than `concurrency` requests at once, 4 by default', async () => {
    const seen = slowServer(100);
    await run(makeClient().documents.createMany(source(12).inputs, { concurrency: 3 }));
    expect(seen.maxActive).toBe(3);
    expect(seen.arrivals).toHaveLength(12);

    const again = slowServer(100);
    await run(makeClient().documents.createMany(source(12).inputs));
    expect(again.maxActive).toBe(4);
  });

  it('concurrency 32, the most, runs 32 requests at once', async () => {
    const seen = slowServer(100);
    const results = await run(makeClient().documents.createMany(source(40).inputs, { concurrency: 32 }));
    expect(results.filter((r) => r.ok)).toHaveLength(40);
    expect(seen.maxActive).toBe(32);
  });

  it('reads inputs lazily: a long generator is pulled at most `concurrency` ahead of the results consumed', async () => {
    slowServer(50);
    const { state, inputs } = source(1_000);
    const ahead: number[] = [];
    const consume = async () => {
      let consumed = 0;
      for await (const result of makeClient().documents.createMany(inputs, { concurrency: 3 })) {
        expect(result.ok).toBe(true);
        consumed++;
        ahead.push(state.pulled - consumed);
        if (consumed === 20) break;
      }
    };
    expect((await settle(consume())).error).toBeUndefined();
    expect(Math.max(...ahead)).toBeLessThanOrEqual(3);
    expect(state.pulled).toBeLessThanOrEqual(23);
    expect(state.closed).toBe(true);
  });

  it('an early break starts no more requests and aborts those in flight', async () => {
    const seen = slowServer(1_000);
    const { state, inputs } = source(40);
    const consume = async () => {
      for await (const result of makeClient().documents.createMany(inputs, { concurrency: 4 })) {
        expect(result.ok).toBe(true);
        break;
      }
    };
    expect((await settle(consume())).error).toBeUndefined();
    const sentAtBreak = seen.arrivals.length;
    expect(sentAtBreak).toBeLessThanOrEqual(5);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.arrivals).toHaveLength(sentAtBreak);
    // Every request but the one whose result was consumed was cut off, not left to finish unobserved.
    expect(seen.aborted).toBe(sentAtBreak - 1);
    expect(state.closed).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(5);
  });

  it('signal: stops reading, aborts the requests in flight, still yields one result per input read, then ends without throwing', async () => {
    const seen = slowServer(1_000);
    const { state, inputs } = source(40);
    const controller = new AbortController();
    const results: CreateManyResult[] = [];
    const consume = async () => {
      for await (const result of makeClient().documents.createMany(inputs, { concurrency: 4, signal: controller.signal })) {
        results.push(result);
        if (results.length === 5) controller.abort();
      }
    };
    expect((await settle(consume())).error).toBeUndefined();
    const sentAtEnd = seen.arrivals.length;
    expect(results).toHaveLength(state.pulled);
    expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(5);
    const aborted = results.filter((r) => !r.ok);
    expect(aborted.length).toBeGreaterThan(0);
    for (const r of aborted) expect(errorOf(r)).toBeInstanceOf(APIUserAbortError);
    expect(new Set(results.map((r) => r.index)).size).toBe(results.length);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.arrivals).toHaveLength(sentAtEnd);
    expect(state.closed).toBe(true);
  });

  it('an already aborted signal reads and sends nothing', async () => {
    const seen = slowServer(0);
    const { state, inputs } = source(3);
    expect(await run(makeClient().documents.createMany(inputs, { signal: AbortSignal.abort() }))).toEqual([]);
    expect(state.pulled).toBe(0);
    expect(seen.arrivals).toHaveLength(0);
  });

  it('a break while the source is still producing the next input ends the loop at once; the input it produces after is not sent', async () => {
    const t0 = Date.now();
    const seen = slowServer(100);
    const { state, inputs } = asyncSource(5, { gapMs: 1_000 });
    let endedAt: number | undefined;
    const consume = async () => {
      for await (const result of makeClient().documents.createMany(inputs, { concurrency: 4 })) {
        expect(result.ok).toBe(true);
        break; // at 1 100: the source is producing input 1, due at 2 000
      }
      endedAt = Date.now();
    };
    expect((await settle(consume())).error).toBeUndefined();
    expect(endedAt! - t0).toBe(1_100);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.pulled).toBe(2);
    expect(seen.arrivals).toHaveLength(1);
    expect(state.closedAt).toBeDefined();
  });

  it('a break once the source has handed over its inputs ends the loop after the source has closed what it holds', async () => {
    const t0 = Date.now();
    slowServer(100);
    const { state, inputs } = asyncSource(10, { closeMs: 500 });
    let endedAt: number | undefined;
    let brokeAt: number | undefined;
    const consume = async () => {
      for await (const result of makeClient().documents.createMany(inputs, { concurrency: 2 })) {
        expect(result.ok).toBe(true);
        await new Promise((resolve) => setImmediate(resolve)); // the reader is waiting for a free slot, not for the source
        brokeAt = Date.now();
        break;
      }
      endedAt = Date.now();
    };
    expect((await settle(consume())).error).toBeUndefined();
    expect(brokeAt! - t0).toBeGreaterThanOrEqual(100);
    expect(state.closedAt! - brokeAt!).toBe(500);
    expect(endedAt).toBe(state.closedAt);
  });

  it("calls the source's return() only when the run stops before the source ends, as for...of does: not after its last input, nor after it threw", async () => {
    slowServer(0);
    const complete = cursor(3);
    expect(await run(makeClient().documents.createMany(complete.inputs))).toHaveLength(3);
    expect(complete.calls).toEqual({ next: 4, return: 0 });

    const failing = cursor(3, 3);
    const outcome = await settle(collect(makeClient().documents.createMany(failing.inputs)));
    expect((outcome.error as Error).message).toBe('cursor lost');
    expect(failing.calls).toEqual({ next: 3, return: 0 });

    const stopped = cursor(10);
    const consume = async () => {
      for await (const _ of makeClient().documents.createMany(stopped.inputs, { concurrency: 2 })) break;
    };
    expect((await settle(consume())).error).toBeUndefined();
    expect(stopped.calls.return).toBe(1);
  });

  it("leaves no listener on the caller's signal once a run ends, so that one signal can serve many runs", async () => {
    slowServer(10);
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) await run(makeClient().documents.createMany(source(3).inputs, { signal: controller.signal }));
    const consume = async () => {
      for await (const _ of makeClient().documents.createMany(source(3).inputs, { signal: controller.signal })) break;
    };
    expect((await settle(consume())).error).toBeUndefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('documents.createMany: one rate budget for all workers', () => {
  it('a 429 pauses every worker for its Retry-After; the input is retried with the same key, without using up maxRetries', async () => {
    const t0 = Date.now();
    const seen = slowServer(100, (_, n) => (n === 1 ? problem(429, 'rate_limited', {}, { 'retry-after': '5' })() : undefined));
    const results = await run(makeClient().documents.createMany(source(8).inputs, { concurrency: 4, maxRetries: 0 }));

    expect(results.every((r) => r.ok)).toBe(true);
    const [limited, ...rest] = seen.arrivals;
    // The first request goes alone (nothing is known of the budget yet); its 429 held every worker for 5 s, not only its own.
    expect(limited!.at).toBe(t0);
    expect(rest).toHaveLength(8);
    expect(rest.every((a) => a.at - t0 >= 5_000)).toBe(true);
    const retried = rest.filter((a) => a.key === limited!.key);
    expect(retried).toEqual([{ at: expect.any(Number), key: limited!.key, retry: '1' }]);
  });

  it('a 429 asking for more than 60 s is an ordinary failure: it uses up maxRetries and the result keeps retryAfter', async () => {
    slowServer(0, () => problem(429, 'rate_limited', {}, { 'retry-after': '3600' })());
    const warnings: string[] = [];
    const logger = { error: () => undefined, warn: (line: string) => warnings.push(line), info: () => undefined, debug: () => undefined };
    const [result] = await run(makeClient({ logger }).documents.createMany([boleta(0)], { maxRetries: 1 }));
    const error = errorOf(result);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    // The same rule as any call's: the warning says the Retry-After was not obeyed.
    expect(warnings).toEqual([expect.stringMatching(/asked to wait 3600 s \(Retry-After\)/)]);
  });

  it('a 429 asking for exactly 60 s pauses the run for it, and the input is retried without using up maxRetries', async () => {
    const t0 = Date.now();
    const seen = slowServer(0, (_, n) => (n === 1 ? problem(429, 'rate_limited', {}, { 'retry-after': '60' })() : undefined));
    const [result] = await run(makeClient().documents.createMany([boleta(0)], { maxRetries: 0 }));
    expect(result).toMatchObject({ ok: true });
    expect(seen.arrivals.map((a) => [a.at - t0, a.retry])).toEqual([
      [0, null],
      [60_000, '1'],
    ]);
  });

  it('a 429 stating no wait (no Retry-After, no RateLimit) is an ordinary failure: retried after a backoff, it uses up maxRetries', async () => {
    const rateLimited = (_: string, n: number) => (n === 1 ? problem(429, 'rate_limited')() : undefined);
    const once = slowServer(0, rateLimited);
    const [failed] = await run(makeClient().documents.createMany([boleta(0)], { maxRetries: 0 }));
    expect(errorOf(failed)).toBeInstanceOf(RateLimitError);
    expect(once.arrivals).toHaveLength(1);

    const twice = slowServer(0, rateLimited);
    const [result] = await run(makeClient().documents.createMany([boleta(0)], { maxRetries: 1 }));
    expect(result).toMatchObject({ ok: true });
    const [first, retry] = twice.arrivals;
    expect(retry!.retry).toBe('1');
    expect(retry!.at - first!.at).toBeGreaterThanOrEqual(375); // the first backoff: 500 ms less up to 25% of jitter
  });

  /**
   * An honest fixed-window limiter on POST /v1/documents: `quota` requests per `windowMs`. Each
   * request is counted and its `RateLimit`/`RateLimit-Policy` stated when it arrives; the answer
   * reaches the client `latencyMs` later, when other requests may have been counted meanwhile.
   * Past the quota, a 429 with `Retry-After` until the window resets.
   */
  function limitedServer(quota: number, windowMs: number, latencyMs: number) {
    const t0 = Date.now();
    const used = new Map<number, number>();
    const stats = { ok: 0, limited: 0 };
    const windowOf = (now: number) => Math.floor((now - t0) / windowMs);
    const headers = () => {
      const now = Date.now();
      const w = windowOf(now);
      const reset = Math.ceil((t0 + (w + 1) * windowMs - now) / 1000);
      return { ratelimit: `"default";r=${quota - (used.get(w) ?? 0)};t=${reset}`, 'ratelimit-policy': `"default";q=${quota};w=${windowMs / 1000}`, reset };
    };
    server.use(
      http.post(`${SANDBOX}/v1/documents`, async ({ request }) => {
        const w = windowOf(Date.now());
        if ((used.get(w) ?? 0) >= quota) {
          stats.limited++;
          const { reset, ...rateLimit } = headers();
          return problem(429, 'rate_limited', {}, { ...rateLimit, 'retry-after': String(reset) })();
        }
        used.set(w, (used.get(w) ?? 0) + 1);
        const { reset: _, ...rateLimit } = headers();
        await delay(latencyMs);
        stats.ok++;
        const key = request.headers.get('idempotency-key');
        return HttpResponse.json(documentFixture({ id: `doc_${key}` }), { status: 201, headers: rateLimit });
      }),
    );
    return stats;
  }

  it('counts requests in flight against the remaining budget: 120 documents at concurrency 16 provoke no 429 (a plain pool of creates does)', async () => {
    const stats = limitedServer(20, 2_000, 50);
    const results = await run(makeClient().documents.createMany(source(120).inputs, { concurrency: 16 }));
    expect(results.filter((r) => r.ok)).toHaveLength(120);
    expect(stats).toEqual({ ok: 120, limited: 0 });

    // The same load from 16 workers calling create() on their own, each obeying its own 429s.
    const naive = limitedServer(20, 2_000, 50);
    const client = makeClient({ maxRetries: 20 });
    const queue = [...Array(120).keys()];
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await client.documents.create(boleta(n));
    };
    await settle(Promise.all(Array.from({ length: 16 }, worker)));
    expect(naive.ok).toBe(120);
    expect(naive.limited).toBeGreaterThan(0);
  });

  it('waits for the window to reset when the answers say the budget is used up', async () => {
    const t0 = Date.now();
    const seen = slowServer(100, (_, n) => (n === 1 ? HttpResponse.json(documentFixture(), { status: 201, headers: { ratelimit: '"default";r=0;t=10' } }) : undefined));
    // The first answer (at once) says none left for 10 s: the second input waits for the reset, not tries its luck.
    // The second answer (100 ms later) states nothing, so the third goes then.
    const results = await run(makeClient().documents.createMany(source(3).inputs, { concurrency: 1 }));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(seen.arrivals.map((a) => a.at - t0)).toEqual([0, 10_000, 10_100]);
  });
});

describe('documents.createMany always ends', () => {
  /** A 429 asking to wait `retryAfter` seconds. */
  const tooMany = (retryAfter: string) => problem(429, 'rate_limited', {}, { 'retry-after': retryAfter })();

  it('a 429 with Retry-After: 0 pauses 1 s, not a tight loop: exactly one request a second', async () => {
    const t0 = Date.now();
    const seen = slowServer(0, (_, n) => (n <= 3 ? tooMany('0') : undefined));
    const [result] = await run(makeClient().documents.createMany([boleta(0)], { maxRetries: 0 }));
    expect(result).toMatchObject({ ok: true });
    expect(seen.arrivals.map((a) => [a.at - t0, a.retry])).toEqual([
      [0, null],
      [1_000, '1'],
      [2_000, '2'],
      [3_000, '3'],
    ]);
  });

  it('Retry-After: 0 counts toward maxRateLimitWait as the 1 s it waits: a server stuck at it fails the input after 3 s', async () => {
    const t0 = Date.now();
    // Stuck, then (so that a run with no bound still ends) it gives in after 100 requests.
    const seen = slowServer(0, (_, n) => (n <= 100 ? tooMany('0') : undefined));
    const [result] = await run(makeClient().documents.createMany([boleta(0)], { maxRateLimitWait: 3_000 }));
    expect(seen.arrivals.map((a) => a.at - t0)).toEqual([0, 1_000, 2_000, 3_000]);
    const error = errorOf(result);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error!.message).toBe(
      'Gave up after 4 answers of 429 (rate limited): another pause would take this input past 3000 ms of waiting in all ' +
        '(maxRateLimitWait; 3000 ms so far). Last answer: 429 rate_limited: rate_limited happened (request req_header)',
    );
  });

  it('a server stuck at 429 with Retry-After: 60 fails the input after 5 minutes of pauses by default, and its key is kept', async () => {
    const t0 = Date.now();
    const seen = slowServer(0, (_, n) => (n <= 100 ? tooMany('60') : undefined));
    const [result] = await run(makeClient().documents.createMany([boleta(0)], { idempotencyKey: orderKey }));
    expect(seen.arrivals.map((a) => a.at - t0)).toEqual([0, 60_000, 120_000, 180_000, 240_000, 300_000]);
    expect(result).toMatchObject({ ok: false, index: 0, idempotencyKey: 'order-0' });
    expect(errorOf(result)!.message).toMatch(/^Gave up after 6 answers of 429 \(rate limited\): .* past 300000 ms .*\(maxRateLimitWait; 300000 ms so far\)/);
  });

  it('a 429 whose pause would take an input past its bound fails it at once, and that pause still holds the other inputs', async () => {
    const t0 = Date.now();
    const seen = slowServer(0, (key, n) => (key === 'order-0' && n === 1 ? tooMany('3') : undefined));
    const options = { concurrency: 2, idempotencyKey: orderKey, maxRateLimitWait: 2_000 };
    const results = (await run(makeClient().documents.createMany(source(2).inputs, options))).sort((a, b) => a.index - b.index);
    expect(results.map((r) => r.ok)).toEqual([false, true]);
    expect(errorOf(results[0])!.message).toMatch(
      /^Gave up after 1 answer of 429 \(rate limited\): another pause would take this input past 2000 ms of waiting in all \(maxRateLimitWait; 0 ms so far\)/,
    );
    // The first request goes alone; its 429 asked for 3 s, which order-1 waits out.
    expect(seen.arrivals.map((a) => [a.at - t0, a.key])).toEqual([
      [0, 'order-0'],
      [3_000, 'order-1'],
    ]);
  });

  it('a budget wait read from RateLimit is cut to 60 s by default, and the client logs it as a warning', async () => {
    const t0 = Date.now();
    const seen = slowServer(0, (_, n) => (n === 1 ? HttpResponse.json(documentFixture(), { status: 201, headers: { ratelimit: '"default";r=0;t=86400' } }) : undefined));
    const lines: string[] = [];
    const logger = { error: () => undefined, warn: (line: string) => lines.push(line), info: () => undefined, debug: () => undefined };
    const results = await run(makeClient({ logger, logLevel: 'warn' }).documents.createMany(source(2).inputs, { concurrency: 1 }));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(seen.arrivals.map((a) => a.at - t0)).toEqual([0, 60_000]);
    expect(lines).toEqual([
      "[yupana] documents.createMany: the server's RateLimit says no request is left for 86400 s; waiting 60000 ms (maxBudgetWait), then asking the server again",
    ]);
  });

  it('maxBudgetWait sets that cap', async () => {
    const t0 = Date.now();
    const seen = slowServer(0, (_, n) => (n === 1 ? HttpResponse.json(documentFixture(), { status: 201, headers: { ratelimit: '"default";r=0;t=86400' } }) : undefined));
    await run(makeClient({ logLevel: 'off' }).documents.createMany(source(2).inputs, { concurrency: 1, maxBudgetWait: 5_000 }));
    expect(seen.arrivals.map((a) => a.at - t0)).toEqual([0, 5_000]);
  });

  it('an abort while an async source is still producing its next input ends the iteration at once', async () => {
    const t0 = Date.now();
    const seen = slowServer(100);
    const { state, inputs } = asyncSource(5, { gapMs: 60_000 });
    const controller = new AbortController();
    const results: CreateManyResult[] = [];
    let endedAt: number | undefined;
    const consume = async () => {
      for await (const result of makeClient().documents.createMany(inputs, { signal: controller.signal })) {
        results.push(result);
        controller.abort(); // at 60 100: the source is producing input 1, due at 120 000
      }
      endedAt = Date.now();
    };
    expect((await settle(consume())).error).toBeUndefined();
    expect(endedAt! - t0).toBe(60_100);
    expect(results.map((r) => [r.index, r.ok])).toEqual([[0, true]]);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(seen.arrivals).toHaveLength(1); // the input produced after the abort is not sent
    expect(state.closedAt).toBeDefined(); // the source was still told to close
  });

  it('a key given to two inputs of one run is refused for the second: a ValidationError naming the key, and nothing sent for it', async () => {
    const seen = slowServer(0);
    const withoutOrder = (n: number): DocumentCreateParams => ({ ...boleta(n), metadata: {} });
    const inputs = [withoutOrder(0), withoutOrder(1), boleta(2)];
    const results = await run(makeClient().documents.createMany(inputs, { concurrency: 1, idempotencyKey: orderKey }));
    const byIndex = results.sort((a, b) => a.index - b.index);
    expect(byIndex.map((r) => r.ok)).toEqual([true, false, true]);
    const error = errorOf(byIndex[1]);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error!.message).toBe(
      'Invalid documents.createMany input 1: idempotencyKey: "order-undefined" was already given to input 0 in this run: one key is one document',
    );
    expect(byIndex[1]!.idempotencyKey).toBeUndefined();
    expect(seen.arrivals.map((a) => a.key)).toEqual(['order-undefined', 'order-2']);
  });
});

describe('documents.createMany against the mock sandbox', () => {
  it("stays within the sandbox's own rate limit: 40 documents at concurrency 8 under 10 per second, no 429 and no retry", async () => {
    const sandbox = createMockSandbox({ rateLimit: { requests: 10, windowSeconds: 1 }, fault: () => ({ delayMs: 50 }) });
    server.use(...sandbox.handlers);
    const results = await run(sandboxClient().documents.createMany(source(40).inputs, { concurrency: 8, idempotencyKey: orderKey }));
    expect(results.filter((r) => r.ok)).toHaveLength(40);
    expect(sandbox.documents()).toHaveLength(40);
    // A 429 is answered before handling and its input sent again: one request per document means none happened.
    expect(posts(sandbox.requests)).toHaveLength(40);
  });

  it('a re-run with the caller keys issues nothing twice and reports replayed: true', async () => {
    const sandbox = createMockSandbox();
    server.use(...sandbox.handlers);
    const client = sandboxClient();
    const first = await run(client.documents.createMany(source(10).inputs, { idempotencyKey: orderKey }));
    const second = await run(client.documents.createMany(source(10).inputs, { idempotencyKey: orderKey }));

    const ids = (results: CreateManyResult[]) => results.sort((a, b) => a.index - b.index).map((r) => (r.ok ? r.document.id : r.error.message));
    expect(first.every((r) => r.ok && !r.replayed)).toBe(true);
    expect(second.every((r) => r.ok && r.replayed)).toBe(true);
    expect(ids(second)).toEqual(ids(first));
    expect(sandbox.documents()).toHaveLength(10);
  });
});

describe('documents.createMany over real HTTP', () => {
  it('issues through the mock server on loopback', async () => {
    vi.useRealTimers();
    const mock = await startMockServer();
    try {
      server.use(http.all(`${mock.url}/*`, () => passthrough()));
      const client = makeClient({ apiKey: MOCK_API_KEY, environment: undefined, baseURL: mock.url });
      const results = await collect(client.documents.createMany(source(12).inputs, { concurrency: 4, idempotencyKey: orderKey }));
      expect(results.filter((r) => r.ok)).toHaveLength(12);
      expect(
        mock.sandbox
          .documents()
          .map((d) => d.fullNumber)
          .sort(),
      ).toHaveLength(12);
    } finally {
      await mock.close();
    }
  });
});
