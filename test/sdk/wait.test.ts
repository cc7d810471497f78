import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIUserAbortError, type Document, NotFoundError, ValidationError, WaitTimeoutError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY } from '../../src/testing/index.js';
import { documentFixture, makeClient, problem, SANDBOX, settle, validCreate } from '../helpers.js';
import { server } from '../msw.js';

const T0 = new Date('2026-11-21T15:00:00Z');

/** A document SUNAT has not answered yet, optionally with the service's next attempt scheduled. */
const pending = (nextAttemptAt: string | null = null, status = 'pending') =>
  documentFixture({
    status,
    taxAuthority: { status: 'pending', code: null, description: null, notes: [], attempts: 1, nextAttemptAt, respondedAt: null },
  });
const accepted = () => documentFixture();

/**
 * GET /v1/documents/doc_1 answers `docs` in turn (the last one repeats); returns the milliseconds
 * since T0 at which each poll arrived, and the polls' headers.
 */
function polls(...docs: Record<string, unknown>[]) {
  const times: number[] = [];
  const headers: Headers[] = [];
  server.use(
    http.get(`${SANDBOX}/v1/documents/doc_1`, ({ request }) => {
      times.push(Date.now() - T0.getTime());
      headers.push(request.headers);
      return HttpResponse.json(docs[Math.min(times.length - 1, docs.length - 1)]);
    }),
  );
  return { times, headers };
}

/**
 * GET /v1/documents/doc_1 answers the first `answered` polls with a pending document, then hangs
 * until the request is aborted (calling `onAbort`); returns the ms since T0 of each poll.
 */
function hangingAfter(answered: number, onAbort: () => void) {
  const times: number[] = [];
  server.use(
    http.get(`${SANDBOX}/v1/documents/doc_1`, ({ request }) => {
      times.push(Date.now() - T0.getTime());
      if (times.length <= answered) return HttpResponse.json(pending());
      return new Promise<Response>((resolve) =>
        request.signal.addEventListener('abort', () => {
          onAbort();
          resolve(HttpResponse.error());
        }),
      );
    }),
  );
  return { times };
}

/** {@link settle}, and when (ms since T0, on the fake clock) the promise settled. */
async function settleAt<T>(promise: PromiseLike<T>): Promise<{ value?: T; error?: unknown; at: number }> {
  let at = Number.NaN;
  const outcome = await settle(
    Promise.resolve(promise).finally(() => {
      at = Date.now() - T0.getTime();
    }),
  );
  return { ...outcome, at };
}

// The waits load on first use: loaded here, with real timers, so that no test's fake clock runs
// its deadline while the module is still being read from disk.
beforeAll(async () => {
  server.use(http.get(`${SANDBOX}/v1/documents/doc_0`, () => HttpResponse.json(documentFixture({ id: 'doc_0' }))));
  await makeClient().documents.waitForOutcome('doc_0');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('documents.waitForOutcome', () => {
  it("polls at the document's nextAttemptAt when it names a future time", async () => {
    const { times } = polls(pending('2026-11-21T15:01:30Z'), accepted());
    const { value } = await settle(makeClient().documents.waitForOutcome('doc_1'));
    expect(value?.status).toBe('accepted');
    expect(times).toEqual([0, 90_000]);
  });

  it('without nextAttemptAt, backs off from 1 s, doubling, capped at 30 s', async () => {
    const { times } = polls(...Array.from({ length: 8 }, () => pending()), accepted());
    const { value } = await settle(makeClient().documents.waitForOutcome('doc_1'));
    expect(value?.status).toBe('accepted');
    expect(times).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000, 61_000, 91_000, 121_000]);
  });

  it('a nextAttemptAt already past falls back to the backoff', async () => {
    const { times } = polls(pending('2026-11-21T14:59:00Z'), pending('2026-11-21T14:59:00Z'), accepted());
    await settle(makeClient().documents.waitForOutcome('doc_1'));
    expect(times).toEqual([0, 1_000, 3_000]);
  });

  it('a nextAttemptAt of exactly now, or not a date, falls back to the backoff', async () => {
    const { times } = polls(pending('2026-11-21T15:00:00Z'), pending('not a date'), accepted());
    await settle(makeClient().documents.waitForOutcome('doc_1'));
    expect(times).toEqual([0, 1_000, 3_000]);
  });

  it("a bad timeout's error names the method and the bounds", async () => {
    polls(accepted());
    await expect(makeClient().documents.waitForOutcome('doc_1', { timeout: 0 })).rejects.toThrow(
      'Invalid documents.waitForOutcome options: timeout: must be milliseconds from 1 to 2147483647',
    );
    await expect(makeClient().documents.createAndWait(validCreate(), { timeout: 0 })).rejects.toThrow(
      'Invalid documents.createAndWait options: timeout: must be milliseconds from 1 to 2147483647',
    );
  });

  it('at the deadline it rejects, without another poll, with a WaitTimeoutError carrying the last document seen', async () => {
    const { times } = polls(pending(), pending(), pending(), pending('2026-11-21T15:05:00Z'));
    const { error, at } = await settleAt(makeClient().documents.waitForOutcome('doc_1', { timeout: 10_000 }));
    // 0, 1 s, 3 s, 7 s; the next poll would be at 15 s, past the deadline: the wait ends at 10 s.
    expect(times).toEqual([0, 1_000, 3_000, 7_000]);
    expect(at).toBe(10_000);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    const timeout = error as WaitTimeoutError;
    expect(timeout.name).toBe('WaitTimeoutError');
    expect(timeout.document?.id).toBe('doc_1');
    expect(timeout.document?.taxAuthority.nextAttemptAt).toBe('2026-11-21T15:05:00Z');
    expect(timeout.message).toContain('doc_1 is still pending');
  });

  it('never sleeps past the deadline, even for a nextAttemptAt beyond it; 10 minutes by default', async () => {
    const { times } = polls(pending('2026-11-21T16:00:00Z'));
    const { error, at } = await settleAt(makeClient().documents.waitForOutcome('doc_1'));
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(times).toEqual([0]);
    expect(at).toBe(600_000);
  });

  it('a poll that hangs is aborted at the deadline, its retries too: a WaitTimeoutError carrying the last document, at the deadline itself', async () => {
    let aborted = 0;
    const { times } = hangingAfter(1, () => aborted++);
    const { error, at } = await settleAt(makeClient().documents.waitForOutcome('doc_1', { timeout: 2_500 }));
    expect(at).toBe(2_500);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).document?.status).toBe('pending');
    // The first poll answered at 0; the second, at 1 s, hangs until the deadline aborts it.
    expect(times).toEqual([0, 1_000]);
    expect(aborted).toBe(1);
  });

  it('a first poll that hangs: a WaitTimeoutError at the deadline with no document seen, not the client timeout of 60 s times 3', async () => {
    let aborted = 0;
    const { times } = hangingAfter(0, () => aborted++);
    const { error, at } = await settleAt(makeClient().documents.waitForOutcome('doc_1', { timeout: 1_000 }));
    expect(at).toBe(1_000);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).document).toBeUndefined();
    expect((error as WaitTimeoutError).message).toContain('the document was not seen');
    expect(times).toEqual([0]);
    expect(aborted).toBe(1);
  });

  it("a poll that hangs past the client's own timeout is retried within the deadline, and the retry aborted at it", async () => {
    let aborted = 0;
    const { times } = hangingAfter(1, () => aborted++);
    const client = makeClient({ timeout: 2_000, maxRetries: 5 });
    const { error, at } = await settleAt(client.documents.waitForOutcome('doc_1', { timeout: 10_000 }));
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(at).toBe(10_000);
    expect(times[0]).toBe(0);
    expect(times.length).toBeGreaterThan(2);
    expect(times.every((t) => t < 10_000)).toBe(true);
  });

  it('an abort while a poll hangs ends the wait at once with APIUserAbortError', async () => {
    hangingAfter(1, () => undefined);
    const controller = new AbortController();
    const result = makeClient()
      .documents.waitForOutcome('doc_1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_500);
    controller.abort();
    expect(await result).toBeInstanceOf(APIUserAbortError);
  });

  it('waits while voiding; an unknown status is an outcome', async () => {
    const voiding = polls(pending(null, 'voiding'), documentFixture({ status: 'voided' }));
    expect((await settle(makeClient().documents.waitForOutcome('doc_1'))).value?.status).toBe('voided');
    expect(voiding.times).toHaveLength(2);

    const unknown = polls(documentFixture({ status: 'archived' }));
    expect((await settle(makeClient().documents.waitForOutcome('doc_1'))).value?.status).toBe('archived');
    expect(unknown.times).toHaveLength(1);
  });

  it('an abort ends the wait at once with APIUserAbortError, and polls no more', async () => {
    const { times } = polls(pending());
    const controller = new AbortController();
    const result = makeClient()
      .documents.waitForOutcome('doc_1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_500);
    controller.abort();
    expect(await result).toBeInstanceOf(APIUserAbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(times).toEqual([0, 1_000]);
  });

  it.each([0, -1, Number.NaN, Infinity, 2 ** 31])('timeout %s is a ValidationError rejection; nothing is sent', async (timeout) => {
    const { times } = polls(accepted());
    const promise = makeClient().documents.waitForOutcome('doc_1', { timeout });
    await expect(promise).rejects.toBeInstanceOf(ValidationError);
    expect(times).toHaveLength(0);
  });

  it.each([
    ['back', -3_600_000],
    ['forward', 3_600_000],
  ])('keeps its deadline on a monotonic clock: the system clock stepped %s an hour mid-wait neither stretches nor cuts a 3 s wait', async (_, step) => {
    const started = performance.now();
    const at: number[] = [];
    server.use(
      http.get(`${SANDBOX}/v1/documents/doc_1`, () => {
        at.push(performance.now() - started);
        return HttpResponse.json(pending());
      }),
    );
    const waiting = settle(makeClient().documents.waitForOutcome('doc_1', { timeout: 3_000 }));
    await vi.advanceTimersByTimeAsync(500);
    vi.setSystemTime(Date.now() + step); // a VM resumed, or NTP stepped the clock
    const { error } = await waiting;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(at).toEqual([0, 1_000]);
    expect(performance.now() - started).toBe(3_000);
  });

  it('polls at most once a second, even when nextAttemptAt is always a few ms ahead', async () => {
    const at: number[] = [];
    server.use(
      http.get(`${SANDBOX}/v1/documents/doc_1`, () => {
        at.push(Date.now() - T0.getTime());
        return HttpResponse.json(pending(new Date(Date.now() + 10).toISOString()));
      }),
    );
    const { error } = await settle(makeClient().documents.waitForOutcome('doc_1', { timeout: 5_000 }));
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(at).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
  });

  it('a nextAttemptAt further than 1 s ahead is obeyed exactly; a nearer one is lifted to 1 s after the last poll', async () => {
    const { times } = polls(pending('2026-11-21T15:00:01.500Z'), pending('2026-11-21T15:00:01.900Z'), accepted());
    await settle(makeClient().documents.waitForOutcome('doc_1'));
    expect(times).toEqual([0, 1_500, 2_500]);
  });

  it('a poll that fails after its retries rejects the wait with its error', async () => {
    let n = 0;
    server.use(http.get(`${SANDBOX}/v1/documents/doc_1`, () => (n++ === 0 ? HttpResponse.json(pending()) : problem(404, 'not_found')())));
    const { error } = await settle(makeClient().documents.waitForOutcome('doc_1'));
    expect(error).toBeInstanceOf(NotFoundError);
  });
});

describe('documents.createAndWait', () => {
  /** POST /v1/documents answering `status` with `doc`, recording the requests. */
  function creates(status: number, doc: Record<string, unknown>) {
    const seen: Headers[] = [];
    server.use(
      http.post(`${SANDBOX}/v1/documents`, ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json(doc, { status });
      }),
    );
    return seen;
  }

  it('a 201 with SUNAT accepted resolves at once, without polling', async () => {
    const seen = creates(201, accepted());
    const { times } = polls(accepted());
    const { value } = await settle(makeClient().documents.createAndWait(validCreate()));
    expect(value?.status).toBe('accepted');
    expect(seen).toHaveLength(1);
    expect(times).toHaveLength(0);
  });

  it('a 202 pending polls until SUNAT answers; the key goes to the create, headers to every request', async () => {
    const seen = creates(202, pending());
    const { times, headers } = polls(pending(), accepted());
    const { value } = await settle(makeClient().documents.createAndWait(validCreate(), { idempotencyKey: 'order-42', headers: { 'x-trace': 't1' } }));
    expect(value?.status).toBe('accepted');
    expect(seen[0]!.get('idempotency-key')).toBe('order-42');
    expect(times).toEqual([1_000, 3_000]);
    expect(headers.map((h) => h.get('x-trace'))).toEqual(['t1', 't1']);
  });

  it('timeout bounds the whole call: still pending at the deadline, a WaitTimeoutError carrying the created document', async () => {
    creates(202, pending());
    const { times } = polls(pending());
    const { error, at } = await settleAt(makeClient().documents.createAndWait(validCreate(), { timeout: 5_000 }));
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).document?.id).toBe('doc_1');
    expect(times).toEqual([1_000, 3_000]);
    expect(at).toBe(5_000);
  });

  it('a poll that hangs is aborted at the deadline: a WaitTimeoutError carrying the created document', async () => {
    creates(202, pending());
    let aborted = 0;
    hangingAfter(0, () => aborted++);
    const { error, at } = await settleAt(makeClient().documents.createAndWait(validCreate(), { timeout: 2_500 }));
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).document?.id).toBe('doc_1');
    expect(at).toBe(2_500);
    expect(aborted).toBe(1);
  });

  it("keeps the whole call's deadline on a monotonic clock: the system clock stepped back an hour after the create does not stretch it", async () => {
    creates(202, pending());
    const started = performance.now();
    const at: number[] = [];
    server.use(
      http.get(`${SANDBOX}/v1/documents/doc_1`, () => {
        at.push(performance.now() - started);
        return HttpResponse.json(pending());
      }),
    );
    const waiting = settle(makeClient().documents.createAndWait(validCreate(), { timeout: 5_000 }));
    await vi.advanceTimersByTimeAsync(500);
    vi.setSystemTime(Date.now() - 3_600_000);
    const { error } = await waiting;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(at).toEqual([1_000, 3_000]);
  });

  it('a bad timeout is a ValidationError rejection before anything is sent', async () => {
    const seen = creates(201, accepted());
    await expect(makeClient().documents.createAndWait(validCreate(), { timeout: -5 })).rejects.toBeInstanceOf(ValidationError);
    expect(seen).toHaveLength(0);
  });

  it("against the mock sandbox: a pending document is polled at its nextAttemptAt and resolves with SUNAT's later answer", async () => {
    const sandbox = createMockSandbox({ outcome: () => 'pending', settleAfterMs: 45_000, settleOutcome: 'rejected' });
    server.use(...sandbox.handlers);
    const { value } = await settle(makeClient({ apiKey: MOCK_API_KEY }).documents.createAndWait(validCreate()));
    const doc = value as Document;
    expect(doc.status).toBe('rejected');
    expect(doc.taxAuthority.code).toMatch(/^\d{4}$/);
    const gets = sandbox.requests.filter((r) => r.method === 'GET');
    expect(gets).toHaveLength(1);
  });
});
