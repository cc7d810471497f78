import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, unwrapWebhook, WebhookVerificationError } from '../../src/index.js';
import { MOCK_API_KEY, startMockServer, type MockServer } from '../../src/testing/index.js';
import { server as msw } from '../msw.js';
import { validCreate } from '../helpers.js';
import { DELIVERY_TIMEOUT_MS } from '../../src/testing/store/webhook-deliveries.js';
import { ROTATION_OVERLAP_MS } from '../../src/testing/store/webhook-endpoints.js';

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

  it('a receiver that never answers is recorded with status 0 after the delivery timeout, and the deliveries after it go on', async () => {
    let asked: () => void = () => {};
    const reached = new Promise<void>((resolve) => (asked = resolve));
    const silent = createServer(() => asked()); // never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentURL = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    msw.use(http.all(`${silentURL}/*`, () => passthrough()));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stuck = await client.webhookEndpoints.create({ url: `${silentURL}/hooks`, events: ['document.accepted'] });
      const healthy = await client.webhookEndpoints.create({ url: `${receiver.url}/hooks`, events: ['document.accepted'] });
      await client.documents.create(validCreate());
      const flushed = mock.sandbox.flushWebhooks();
      await reached;
      await vi.advanceTimersByTimeAsync(DELIVERY_TIMEOUT_MS);
      expect((await flushed).map((d) => [d.endpointId, d.status])).toEqual([
        [stuck.id, 0],
        [healthy.id, 204],
      ]);
    } finally {
      vi.useRealTimers();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
