/**
 * A webhook receiver as a fetch-style `Request → Response` handler, written as a Next.js App
 * Router route (`app/api/webhooks/route.ts`). The same function serves Hono
 * (`app.post('/webhooks', (c) => POST(c.req.raw))`), Remix, SvelteKit, `Deno.serve`,
 * `Bun.serve` and edge runtimes.
 *
 * The secret comes from the YUPANA_WEBHOOK_SECRET environment variable. Where there is no
 * `process.env` (Cloudflare Workers), pass it: `unwrapWebhook(body, headers, { secret: env.YUPANA_WEBHOOK_SECRET })`.
 */
import { WebhookVerificationError, unwrapWebhook } from 'yupana';

export async function POST(request: Request): Promise<Response> {
  // The raw body as text. Not `request.json()`: the signature covers the exact bytes.
  const rawBody = await request.text();
  try {
    const event = await unwrapWebhook(rawBody, request.headers);
    // Deliveries are at least once: skip event ids you already handled (keep them in your database).
    if (event.type === 'document.accepted') {
      const doc = event.data.object;
      console.log(`Accepted ${doc.fullNumber} (${doc.id}), total ${doc.currency} ${doc.totals.total.toFixed(2)}`);
    } else if (event.type === 'document.rejected' || event.type === 'document.failed') {
      console.log(`${event.type}: ${event.data.object.fullNumber}, SUNAT code ${event.data.object.taxAuthority.code}`);
    }
    return new Response(null, { status: 204 });
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      console.log(`Refused a delivery (${error.code}): ${error.message}`);
      return Response.json({ error: error.code }, { status: 400 });
    }
    throw error;
  }
}
