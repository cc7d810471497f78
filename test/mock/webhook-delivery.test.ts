import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, unwrapWebhook, WebhookVerificationError } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, startMockServer, type MockServer, type WebhookDelivery } from '../../src/testing/index.js';
import type { Event } from '../../src/models/event.js';
import { server as msw } from '../msw.js';
import { validCreate } from '../helpers.js';
import { DELIVERY_TIMEOUT_MS, WebhookDeliveries } from '../../src/testing/store/webhook-deliveries.js';
import { ROTATION_OVERLAP_MS } from '../../src/testing/store/webhook-endpoints.js';
import { limaDate } from '../../src/sunat/index.js';

/** A webhook receiver on loopback that keeps every raw delivery. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let mock: MockServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let client: Client;

beforeEach(async () => {
  mock = await startMockServer();
  receiver = await startReceiver();
  msw.use(
    http.all(`${mock.url}/*`, () => passthrough()),
    http.all(`${receiver.url}/*`, () => passthrough()),
  );
  client = new Client({ apiKey: MOCK_API_KEY, baseURL: mock.url });
});
afterEach(async () => {
  await mock.close();
  await receiver.close();
});

describe('the mock sandbox delivers signed webhooks', () => {
  it('POSTs each subscribed event to the endpoint, signed with its secret, in order', async () => {
    const endpoint = await client.webhookEndpoints.create({ url: `${receiver.url}/hooks` });
    const doc = await client.documents.create(validCreate());

    const deliveries = await mock.sandbox.flushWebhooks();
    expect(deliveries.map((d) => [d.type, d.status, d.endpointId])).toEqual([
      ['document.created', 204, endpoint.id],
      ['document.accepted', 204, endpoint.id],
    ]);
    const events = await Promise.all(receiver.received.map((r) => unwrapWebhook(r.body, r.headers, { secret: endpoint.secret })));
    expect(events.map((e) => e.type)).toEqual(['document.created', 'document.accepted']);
    const accepted = events[1]!;
    if (accepted.type !== 'document.accepted') throw new Error('narrowing');
    expect(accepted.data.object.id).toBe(doc.id);
    expect(accepted.data.object.taxAuthority.code).toBe('0');
    expect(receiver.received[1]!.headers['webhook-id']).toBe(accepted.id);
    expect((await client.events.retrieve(accepted.id)).type).toBe('document.accepted');
  });

  it('delivers retention.accepted to an endpoint subscribed to it, signed, carrying the retention', async () => {
    const endpoint = await client.webhookEndpoints.create({ url: `${receiver.url}/retentions`, events: ['retention.accepted'] });
    await client.documents.create(validCreate());
    const today = limaDate();
    const ret = await client.retentions.create({
      series: 'R001',
      issueDate: today,
      supplier: { documentType: '6', documentNumber: '20100070970', name: 'PROVEEDOR S.A.' },
      regime: '01',
      documents: [{ type: '01', number: 'F001-1', issueDate: today, total: 1000, payment: { date: today, amount: 1000 } }],
    });
    const deliveries = await mock.sandbox.flushWebhooks();
    expect(deliveries.map((d) => [d.endpointId, d.type])).toEqual([[endpoint.id, 'retention.accepted']]);
    const event = await unwrapWebhook(receiver.received[0]!.body, receiver.received[0]!.headers, { secret: endpoint.secret });
    if (event.type !== 'retention.accepted') throw new Error(`a retention.accepted event, not ${event.type}`);
    // Narrowed on its type, the event's object has a retention's fields.
    const object = event.data.object;
    expect([object.id, object.fullNumber, object.totals.retained, object.totals.paid]).toEqual([ret.id, 'R001-1', 30, 970]);
  });

  it('delivers despatch.accepted once SUNAT answered the guía’s ticket, signed, carrying the despatch', async () => {
    const endpoint = await client.webhookEndpoints.create({ url: `${receiver.url}/despatches`, events: ['despatch.accepted'] });
    const today = limaDate();
    const sent = await client.despatches.create({
      type: '09',
      series: 'T001',
      reason: '01',
      recipient: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' },
      transport: { mode: '02', startDate: today, m1l: true },
      departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
      arrival: { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' },
      grossWeight: 12.5,
      items: [{ description: 'COMPUTADORA', quantity: 1 }],
    });
    expect(sent.status).toBe('pending');
    // Without settleAfterMs, SUNAT answers the ticket on the next timer turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const deliveries = await mock.sandbox.flushWebhooks();
    expect(deliveries.map((d) => [d.endpointId, d.type])).toEqual([[endpoint.id, 'despatch.accepted']]);
    const event = await unwrapWebhook(receiver.received[0]!.body, receiver.received[0]!.headers, { secret: endpoint.secret });
    if (event.type !== 'despatch.accepted') throw new Error(`a despatch.accepted event, not ${event.type}`);
    // Narrowed on its type, the event's object has a despatch's fields.
    const object = event.data.object;
    expect([object.id, object.fullNumber, object.status, object.ticket, object.taxAuthority.code]).toEqual([sent.id, 'T001-1', 'accepted', sent.ticket, '0']);
  });

  it('honours subscriptions, disabled endpoints and secret rotation', async () => {
    const onlyAccepted = await client.webhookEndpoints.create({ url: `${receiver.url}/accepted`, events: ['document.accepted'] });
    const disabled = await client.webhookEndpoints.create({ url: `${receiver.url}/off`, enabled: false });
    const rotated = await client.webhookEndpoints.rotateSecret(onlyAccepted.id);
    await client.documents.create(validCreate());

    const deliveries = await mock.sandbox.flushWebhooks();
    expect(deliveries.map((d) => [d.endpointId, d.type])).toEqual([[onlyAccepted.id, 'document.accepted']]);
    expect(deliveries.some((d) => d.endpointId === disabled.id)).toBe(false);
    const [delivery] = receiver.received;
    // Both secrets sign for a while, so that receivers switch without a gap (docs/contract.md §6).
    expect(String(delivery!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect((await unwrapWebhook(delivery!.body, delivery!.headers, { secret: onlyAccepted.secret })).type).toBe('document.accepted');
    expect((await unwrapWebhook(delivery!.body, delivery!.headers, { secret: rotated.secret })).type).toBe('document.accepted');
  });

  it('a replaced secret stops signing a day after the rotation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const endpoint = await client.webhookEndpoints.create({ url: `${receiver.url}/hooks`, events: ['document.accepted'] });
      const rotated = await client.webhookEndpoints.rotateSecret(endpoint.id);
      vi.setSystemTime(Date.now() + ROTATION_OVERLAP_MS - 1000);
      await client.documents.create(validCreate());
      vi.setSystemTime(Date.now() + 2000);
      await client.documents.create(validCreate());
      await mock.sandbox.flushWebhooks();
      const [before, after] = receiver.received;
      expect(String(before!.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
      await expect(unwrapWebhook(after!.body, after!.headers, { secret: endpoint.secret })).rejects.toThrow(WebhookVerificationError);
      expect((await unwrapWebhook(after!.body, after!.headers, { secret: rotated.secret })).type).toBe('document.accepted');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a hanging receiver delays no other endpoint: the healthy one gets its events at once, the hanging one is logged at its timeout', async () => {
    let asked: () => void = () => {};
    const reached = new Promise<void>((resolve) => (asked = resolve));
    const silent = createServer(() => asked()); // never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentURL = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    msw.use(http.all(`${silentURL}/*`, () => passthrough()));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stuck = await client.webhookEndpoints.create({ url: `${silentURL}/hooks`, events: ['document.created'] });
      const healthy = await client.webhookEndpoints.create({ url: `${receiver.url}/hooks` });
      const doc = await client.documents.create(validCreate());
      await reached;
      // No fake time has passed: the hanging delivery is still in flight, and the healthy endpoint has both events.
      while (receiver.received.length < 2) await new Promise((resolve) => setImmediate(resolve));
      expect(receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['document.created', 'document.accepted']);
      const [created] = (await client.events.list({ documentId: doc.id, type: 'document.created' })).data;
      const before = await client.request<{ data: WebhookDelivery[] }>({ method: 'GET', path: `/v1/events/${created!.id}/deliveries` });
      expect(before.data.map((d) => [d.endpointId, d.status])).toEqual([[healthy.id, 204]]);

      await vi.advanceTimersByTimeAsync(DELIVERY_TIMEOUT_MS);
      const after = await client.request<{ data: WebhookDelivery[] }>({ method: 'GET', path: `/v1/events/${created!.id}/deliveries` });
      expect(after.data.map((d) => [d.endpointId, d.attempt, d.status, d.error])).toEqual([
        [stuck.id, 1, 0, 'timeout'],
        [healthy.id, 1, 204, null],
      ]);
      expect(Date.parse(after.data[0]!.nextAttemptAt!) - Date.parse(after.data[0]!.attemptedAt)).toBeGreaterThanOrEqual(0);
    } finally {
      vi.useRealTimers();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('the mock sandbox redelivers a webhook that failed, at least once', () => {
  /** A receiver on loopback answering `statuses` in turn (the last repeats), keeping each delivery. */
  async function flaky(...statuses: number[]) {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
        res.writeHead(status, status === 302 ? { Location: `${receiver.url}/elsewhere` } : {}).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    msw.use(http.all(`${url}/*`, () => passthrough()));
    return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('a receiver answering 500, then 200: redelivered once, after the first wait (1 s), same webhook-id and body; the log shows both', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const target = await flaky(500, 200);
    try {
      const endpoint = await client.webhookEndpoints.create({ url: `${target.url}/hooks`, events: ['document.accepted'] });
      await client.documents.create(validCreate());
      const first = await mock.sandbox.flushWebhooks();
      expect(first.map((d) => [d.attempt, d.status, d.error])).toEqual([[1, 500, 'http_status']]);
      expect(Date.parse(first[0]!.nextAttemptAt!) - Date.parse(first[0]!.attemptedAt)).toBeGreaterThanOrEqual(0);
      expect(target.received).toHaveLength(1);

      await vi.advanceTimersByTimeAsync(999);
      expect(await mock.sandbox.flushWebhooks()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      const both = await mock.sandbox.flushWebhooks();
      expect(both.map((d) => [d.endpointId, d.attempt, d.status, d.error, d.nextAttemptAt])).toEqual([
        [endpoint.id, 1, 500, 'http_status', first[0]!.nextAttemptAt],
        [endpoint.id, 2, 200, null, null],
      ]);
      const [one, two] = target.received;
      expect(two!.headers['webhook-id']).toBe(one!.headers['webhook-id']);
      expect(two!.body).toBe(one!.body);
      const event = await unwrapWebhook(two!.body, two!.headers, { secret: endpoint.secret });
      expect(event.id).toBe(one!.headers['webhook-id']);

      // Delivered: nothing more, however long one waits.
      await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
      expect(await mock.sandbox.flushWebhooks()).toHaveLength(2);
      expect(target.received).toHaveLength(2);
      const log = await client.request<{ object: string; data: WebhookDelivery[] }>({ method: 'GET', path: `/v1/events/${event.id}/deliveries` });
      expect(log.object).toBe('list');
      expect(log.data.map((d) => [d.object, d.attempt, d.status])).toEqual([
        ['webhook_delivery', 2, 200],
        ['webhook_delivery', 1, 500],
      ]);
    } finally {
      await target.close();
    }
  });

  it('gives up after the last wait of the schedule (webhookRetryDelaysMs): 1 + 2 attempts, the last with no next attempt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const target = await flaky(503);
    const own = await startMockServer({ webhookRetryDelaysMs: [0, 50] });
    msw.use(http.all(`${own.url}/*`, () => passthrough()));
    try {
      const ownClient = new Client({ apiKey: MOCK_API_KEY, baseURL: own.url });
      await ownClient.webhookEndpoints.create({ url: `${target.url}/hooks`, events: ['document.accepted'] });
      await ownClient.documents.create(validCreate());
      await own.sandbox.flushWebhooks();
      await vi.advanceTimersByTimeAsync(0);
      await own.sandbox.flushWebhooks();
      await vi.advanceTimersByTimeAsync(50);
      const log = await own.sandbox.flushWebhooks();
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(await own.sandbox.flushWebhooks()).toEqual(log);
      expect(log.map((d) => [d.attempt, d.status, d.nextAttemptAt === null])).toEqual([
        [1, 503, false],
        [2, 503, false],
        [3, 503, true],
      ]);
      expect(target.received).toHaveLength(3);
    } finally {
      await own.close();
      await target.close();
    }
  });

  it('never follows a redirect: a 302 is a failed delivery (redirect_not_followed), and its Location gets nothing', async () => {
    const target = await flaky(302);
    const own = await startMockServer({ webhookRetryDelaysMs: [] });
    msw.use(http.all(`${own.url}/*`, () => passthrough()));
    try {
      const ownClient = new Client({ apiKey: MOCK_API_KEY, baseURL: own.url });
      await ownClient.webhookEndpoints.create({ url: `${target.url}/hooks`, events: ['document.accepted'] });
      await ownClient.documents.create(validCreate());
      expect((await own.sandbox.flushWebhooks()).map((d) => [d.status, d.error, d.nextAttemptAt])).toEqual([[302, 'redirect_not_followed', null]]);
      expect(target.received).toHaveLength(1);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await own.close();
      await target.close();
    }
  });

  it('stops retrying for an endpoint deleted or disabled meanwhile; reset() cancels the retries scheduled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const target = await flaky(500);
    try {
      const endpoint = await client.webhookEndpoints.create({ url: `${target.url}/hooks`, events: ['document.accepted'] });
      await client.documents.create(validCreate());
      await mock.sandbox.flushWebhooks();
      await client.webhookEndpoints.update(endpoint.id, { enabled: false });
      await vi.advanceTimersByTimeAsync(1000);
      expect(await mock.sandbox.flushWebhooks()).toHaveLength(1);
      expect(target.received).toHaveLength(1);

      await client.webhookEndpoints.update(endpoint.id, { enabled: true });
      await client.documents.create(validCreate());
      await mock.sandbox.flushWebhooks();
      expect(target.received).toHaveLength(2);
      mock.sandbox.reset();
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(await mock.sandbox.flushWebhooks()).toEqual([]);
      expect(target.received).toHaveLength(2);
    } finally {
      await target.close();
    }
  });

  it.each([[[-1]], [[1.5]], [Array(21).fill(0)], [[2 ** 31]]])('webhookRetryDelaysMs %j is a RangeError', (delays) => {
    expect(() => createMockSandbox({ webhookRetryDelaysMs: delays })).toThrow(RangeError);
  });
});

describe('a receiver down for days holds a bounded sandbox', () => {
  it('at most 1 000 deliveries wait per endpoint; the next is logged queue_full, not queued', async () => {
    let posts = 0;
    msw.use(http.post('http://127.0.0.1:9/down', () => (posts++, new Promise<Response>(() => {})))); // never answers
    const endpoint = {
      id: 'we_down',
      object: 'webhook_endpoint',
      url: 'http://127.0.0.1:9/down',
      events: ['document.created'],
      enabled: true,
      createdAt: '',
      updatedAt: '',
    } as const;
    const deliveries = new WebhookDeliveries({ find: () => ({ ...endpoint, events: [...endpoint.events] }), secretsOf: () => ['whsec_c2VjcmV0c2VjcmV0c2VjcmV0'] });
    const event = (i: number) => ({ id: `evt_${i}`, object: 'event', type: 'document.created', createdAt: '', data: { object: {} } }) as unknown as Event;
    for (let i = 0; i < 1002; i++) deliveries.send(event(i), [{ ...endpoint, events: [...endpoint.events] }]);
    expect(deliveries.attemptsOf('evt_999')).toEqual([]);
    expect(deliveries.attemptsOf('evt_1000').map((d) => [d.attempt, d.status, d.error, d.nextAttemptAt])).toEqual([[1, 0, 'queue_full', null]]);
    expect(deliveries.attemptsOf('evt_1001').map((d) => d.error)).toEqual(['queue_full']);
    deliveries.reset();
    expect(posts).toBeLessThanOrEqual(1);
  });
});
