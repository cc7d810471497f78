/**
 * A webhook receiver on plain node:http: reads the raw body, verifies and parses the event,
 * ignores redeliveries, and answers at once.
 *
 *   YUPANA_WEBHOOK_SECRET=whsec_... PORT=3000 npx tsx examples/webhooks-node.ts
 *
 * Register `https://<your host>/webhooks` as a webhook endpoint; YUPANA_WEBHOOK_SECRET is the
 * endpoint's secret. It listens on 127.0.0.1 (behind a reverse proxy); set HOST=0.0.0.0 to
 * accept connections from other machines.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebhookEvent, WebhookVerificationError, unwrapWebhook } from 'yupana';

const MAX_BODY_BYTES = 1_000_000;

// Deliveries are at least once: remember the event ids you handled (in your database, not in memory).
const handled = new Set<string>();

function handle(event: WebhookEvent): void {
  // Narrow on `type` first: `data.object` is then that type's object (a Document, a Voiding, a Summary).
  switch (event.type) {
    case 'document.accepted': {
      const doc = event.data.object;
      console.log(`Accepted ${doc.fullNumber} (${doc.id}), SUNAT code ${doc.taxAuthority.code}`);
      break;
    }
    case 'document.rejected': {
      const doc = event.data.object;
      console.log(`Rejected ${doc.fullNumber}: ${doc.taxAuthority.code} ${doc.taxAuthority.description}`);
      break;
    }
    case 'voiding.rejected': {
      const voiding = event.data.object;
      console.log(`SUNAT refused the baja ${voiding.identifier}: ${voiding.taxAuthority.code} ${voiding.taxAuthority.description}`);
      break;
    }
    default:
      console.log(`${event.type} for ${event.data.object.id}`);
  }
}

const server = createServer(async (req, res) => {
  if (req.method !== 'POST' || req.url !== '/webhooks') {
    res.writeHead(404).end();
    return;
  }
  // Collect the raw bytes exactly as sent: the signature covers them, so parse only after verifying.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      res.writeHead(413).end();
      return;
    }
    chunks.push(chunk);
  }
  try {
    // The secret comes from YUPANA_WEBHOOK_SECRET; req.headers is accepted as it is.
    const event = await unwrapWebhook(Buffer.concat(chunks), req.headers);
    if (handled.has(event.id)) {
      console.log(`Ignored a redelivery of ${event.id}`);
    } else {
      handled.add(event.id);
      handle(event);
    }
    res.writeHead(204).end();
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      console.log(`Refused a delivery (${error.code}): ${error.message}`);
      res.writeHead(400).end();
    } else {
      console.error(error);
      res.writeHead(500).end();
    }
  }
});

server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`Listening on http://${address}:${port}/webhooks`);
});
