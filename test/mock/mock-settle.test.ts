/**
 * SUNAT's answer later: with `outcome` `'pending'` and `settleAfterMs`, a document settles after
 * the delay (a `setTimeout` per document, moved here with fake timers), emitting its event and
 * webhook delivery.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, type Event } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockSandbox, type MockSandboxOptions } from '../../src/testing/index.js';
import { validCreate } from '../helpers.js';
import { server } from '../msw.js';

const START = new Date('2026-11-21T15:00:00.000Z');
const HOOKS = 'https://shop.example.pe/hooks';

let sandbox: MockSandbox;
let client: Client;
let received: Event[];

/** A sandbox with `options`, a client on it, and a webhook endpoint that records what arrives. */
async function setUp(options: MockSandboxOptions) {
  sandbox = createMockSandbox(options);
  server.use(
    ...sandbox.handlers,
    http.post(HOOKS, async ({ request }) => {
      received.push((await request.json()) as Event);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  client = new Client({ apiKey: MOCK_API_KEY, environment: 'sandbox', maxRetries: 0 });
  await client.webhookEndpoints.create({ url: HOOKS });
}

beforeEach(() => {
  received = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createMockSandbox({ settleAfterMs })', () => {
  it('a pending document gets SUNAT’s answer after the delay, with its event and webhook', async () => {
    await setUp({ outcome: () => 'pending', settleAfterMs: 2_000 });
    const doc = await client.documents.create(validCreate());
    expect(doc).toMatchObject({ status: 'pending', taxAuthority: { status: 'pending', code: null, attempts: 1, nextAttemptAt: '2026-11-21T15:00:02Z' } });

    await vi.advanceTimersByTimeAsync(1_999);
    expect(await client.documents.retrieve(doc.id)).toMatchObject({ status: 'pending', taxAuthority: { nextAttemptAt: '2026-11-21T15:00:02Z' } });

    await vi.advanceTimersByTimeAsync(1);
    const settled = await client.documents.retrieve(doc.id);
    expect(settled).toMatchObject({
      status: 'accepted',
      updatedAt: '2026-11-21T15:00:02Z',
      taxAuthority: { status: 'accepted', code: '0', attempts: 2, nextAttemptAt: null, respondedAt: '2026-11-21T15:00:02Z' },
    });

    const deliveries = await sandbox.flushWebhooks();
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([
      ['document.created', 204],
      ['document.retry_scheduled', 204],
      ['document.accepted', 204],
    ]);
    expect(received[2]).toMatchObject({ type: 'document.accepted', data: { object: { id: doc.id, status: 'accepted' } } });
    expect((await client.events.list({ documentId: doc.id })).data.map((e) => e.type)).toEqual(['document.accepted', 'document.retry_scheduled', 'document.created']);
  });

  it.each([
    ['rejected', 'rejected', '2800', 'document.rejected'],
    ['observed', 'accepted', '4252', 'document.accepted'],
  ] as const)('settleOutcome %s: the document becomes %s (code %s) and %s is delivered', async (settleOutcome, status, code, event) => {
    await setUp({ outcome: () => 'pending', settleAfterMs: 500, settleOutcome });
    const doc = await client.documents.create(validCreate());
    await vi.advanceTimersByTimeAsync(500);
    expect(await client.documents.retrieve(doc.id)).toMatchObject({ status, taxAuthority: { code, attempts: 2, nextAttemptAt: null } });
    expect((await sandbox.flushWebhooks()).map((d) => d.type)).toEqual(['document.created', 'document.retry_scheduled', event]);
  });

  it('a resend while pending starts the wait again; nextAttemptAt is rounded up to the second', async () => {
    await setUp({ outcome: () => 'pending', settleAfterMs: 2_000 });
    const doc = await client.documents.create(validCreate());
    await vi.advanceTimersByTimeAsync(1_500);
    const resent = await client.documents.resend(doc.id);
    expect(resent.taxAuthority).toMatchObject({ attempts: 2, nextAttemptAt: '2026-11-21T15:00:04Z' }); // due at 15:00:03.5

    await vi.advanceTimersByTimeAsync(600); // past the first submission's answer time: cancelled
    expect((await client.documents.retrieve(doc.id)).status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_400);
    expect(await client.documents.retrieve(doc.id)).toMatchObject({ status: 'accepted', taxAuthority: { attempts: 3 } });
  });

  it('reset() cancels the answers still to come', async () => {
    await setUp({ outcome: () => 'pending', settleAfterMs: 1_000 });
    await client.documents.create(validCreate());
    sandbox.reset();
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await client.events.list()).data).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without settleAfterMs a pending document stays pending, as before', async () => {
    await setUp({ outcome: () => 'pending' });
    const doc = await client.documents.create(validCreate());
    expect(doc.taxAuthority.nextAttemptAt).toBe('2026-11-21T15:05:00Z');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(await client.documents.retrieve(doc.id)).toMatchObject({ status: 'pending', taxAuthority: { attempts: 1 } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a delay that is negative or not a number', () => {
    for (const settleAfterMs of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createMockSandbox({ settleAfterMs }), String(settleAfterMs)).toThrow(RangeError);
    }
  });

  it('refuses a delay longer than a timer takes (2^31 - 1 ms), which would fire at once', () => {
    expect(() => createMockSandbox({ settleAfterMs: 2 ** 31 })).toThrow(/from 0 to 2147483647/);
    expect(() => createMockSandbox({ settleAfterMs: 2 ** 31 - 1 })).not.toThrow();
  });
});
