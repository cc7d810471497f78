// ESM: a user's test of their own billing code, with yupana's mock in their own msw server.
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { Client, InternalServerError, unwrapWebhook } from 'yupana';
import { createMockSandbox, defaultSandbox, handlers, MOCK_API_KEY, startMockServer, webhooks } from 'yupana/testing';

const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: 'error' });
const client = new Client({ apiKey: MOCK_API_KEY, environment: 'production', maxRetries: 0 });
const factura = {
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: [{ description: 'Servicio', quantity: 1, unitPrice: 100, igv: 18 }],
};

// The default sandbox answers on the real API's address: the app's code runs unchanged.
const doc = await client.documents.create(factura);
assert.equal(doc.fullNumber, 'F001-1');
assert.deepEqual(
  defaultSandbox.documents().map((d) => d.id),
  [doc.id],
);

// A sandbox with options: SUNAT rejects, and the next request fails with a 500.
const rejecting = createMockSandbox({ outcome: () => 'rejected' });
server.use(...rejecting.handlers);
rejecting.failNext({ status: 500 });
await assert.rejects(client.documents.list(), InternalServerError);
const rejected = await client.documents.create(factura);
assert.equal(rejected.status, 'rejected');
server.close();

// The same mock over real HTTP on loopback.
const mock = await startMockServer({ port: 0 });
const response = await fetch(`${mock.url}/v1/documents`, { headers: { Authorization: `Bearer ${MOCK_API_KEY}` } });
assert.equal(response.status, 200);
assert.deepEqual((await response.json()).data, []);
await mock.close();

// A signed test event for the user's own webhook endpoint.
const secret = `whsec_${Buffer.from('a test secret of 24 bytes').toString('base64')}`;
const event = JSON.stringify({ id: 'evt_test', object: 'event', type: 'document.accepted', createdAt: '2026-11-21T15:00:00Z', data: { object: doc } });
const headers = await webhooks.sign(event, { secret });
assert.equal((await unwrapWebhook(event, headers, { secret })).data.object.id, doc.id);
console.log(`msw handlers, createMockSandbox (outcome, failNext), startMockServer (${mock.url}) and webhooks.sign from import`);
