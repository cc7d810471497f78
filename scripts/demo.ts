/**
 * `npm run demo`: starts the mock sandbox on localhost, runs examples/quickstart.ts against it
 * with the real SDK over real HTTP, and shows the webhooks the sandbox delivered meanwhile,
 * verified with the endpoint's secret.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, unwrapWebhook } from 'yupana';
import { MOCK_API_KEY, startMockServer } from 'yupana/testing';

const server = await startMockServer();
process.env.YUPANA_API_KEY = MOCK_API_KEY;
process.env.YUPANA_BASE_URL = server.url;
console.log(`Mock sandbox listening on ${server.url}`);

// A webhook receiver on loopback, registered as an endpoint of the sandbox.
const received: Promise<string>[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push(
      unwrapWebhook(Buffer.concat(chunks), req.headers, { secret: endpoint.secret }).then(
        (e) => `${e.type} ${'fullNumber' in e.data.object ? e.data.object.fullNumber : e.data.object.id} (${e.id})`,
        (error: Error) => `refused a delivery: ${error.message}`,
      ),
    );
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const endpoint = await new Client().webhookEndpoints.create({
  url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`,
  events: ['document.accepted', 'document.rejected'],
});
console.log(`Webhook endpoint ${endpoint.id} registered\n`);

try {
  await import('../examples/quickstart.js');
  await server.sandbox.flushWebhooks();
  console.log(`\nVerified webhooks received:\n${(await Promise.all(received)).map((line) => `  ${line}`).join('\n')}`);
  console.log(`\nThe mock received ${server.sandbox.requests.length} requests and holds ${server.sandbox.documents().length} documents.`);
} finally {
  receiver.close();
  await server.close();
}
