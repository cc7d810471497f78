/**
 * Month end: issue a month of boletas at volume, then one factura, waiting for SUNAT's answer.
 *
 *   YUPANA_API_KEY=sk_test_... npx tsx examples/month-end.ts
 *
 * Safe to run twice: each boleta's Idempotency-Key comes from its order, so a second run within
 * the server's 24-hour replay window issues nothing again and reports every boleta as replayed.
 */
import { Client, type CreateManyResult, type DocumentCreateParams, WaitTimeoutError } from 'yupana';

const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });

/**
 * The month's sales, one at a time: `createMany` pulls the next one only when a worker is free,
 * so a database cursor or a CSV stream of any size fits here without being loaded whole.
 */
function* boletas(): Generator<DocumentCreateParams> {
  for (let n = 1; n <= 50; n++) {
    yield {
      type: '03',
      series: 'B001',
      customer: { documentType: '1', documentNumber: String(45_000_000 + n), name: `Cliente ${n}` },
      items: [{ description: 'Menú del día', quantity: 1, unitPrice: 15.25, igv: 2.75 }],
      metadata: { orderId: `2026-11-${String(n).padStart(4, '0')}` },
    };
  }
}

// 1. Issue them 8 at a time. One rate budget is shared by the 8 workers, so a big run does not
//    trip the API's rate limit; every failure is a result, never an exception.
let issued = 0;
let replayed = 0;
let total = 0;
const failures: Extract<CreateManyResult, { ok: false }>[] = [];
for await (const result of client.documents.createMany(boletas(), {
  concurrency: 8,
  idempotencyKey: (body) => `boleta-${body.metadata?.['orderId']}`,
  onProgress: ({ succeeded, failed }) => {
    if ((succeeded + failed) % 25 === 0) console.log(`  ${succeeded + failed} boletas done`);
  },
})) {
  if (!result.ok) {
    failures.push(result);
    continue;
  }
  if (result.replayed) replayed++;
  else issued++;
  total += result.document.totals.total;
}
console.log(`Boletas: ${issued} issued now, ${replayed} issued by an earlier run, ${failures.length} failed; total PEN ${total.toFixed(2)}`);
for (const { index, idempotencyKey, error } of failures) console.log(`  input ${index} (${idempotencyKey ?? 'no key'}): ${error.name}: ${error.message}`);

// 2. One factura whose SUNAT answer we need now: create it, and poll while it is pending.
try {
  const factura = await client.documents.createAndWait(
    {
      type: '01',
      series: 'F001',
      customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
      items: [{ description: 'Servicio de catering, noviembre', quantity: 1, unitPrice: 1_000, igv: 180 }],
    },
    { timeout: 60_000, idempotencyKey: 'factura-catering-2026-11' },
  );
  console.log(`Factura ${factura.fullNumber}: ${factura.status} (SUNAT code ${factura.taxAuthority.code})`);
} catch (error) {
  if (!(error instanceof WaitTimeoutError)) throw error;
  console.log(`Factura ${error.document?.fullNumber} still pending after a minute: its outcome will come by webhook`);
}
