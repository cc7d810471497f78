/**
 * An agente de retención and de percepción at month end: a comprobante de retención for the
 * payments of a supplier's facturas (one in dollars), a comprobante de percepción for a customer's
 * collections, the amounts the service computes (to the cent, in soles) checked beforehand with
 * `yupana/sunat`, and a payment of another month refused with SUNAT's code before any number is used.
 *
 *   YUPANA_API_KEY=sk_test_... npx tsx examples/retentions.ts
 *
 * The tests run this file against the bundled mock sandbox on localhost.
 */
import { Client, type RetentionCreateParams, UnprocessableEntityError } from 'yupana';
import { computeRetention, limaDate } from 'yupana/sunat';

const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });

// Payments are dated in the month of the comprobante, not after its issue date (today in Lima).
const today = limaDate();
const firstOfMonth = `${today.slice(0, 8)}01`;
const supplier = { documentType: '6', documentNumber: '20100070970', name: 'SUPERMERCADOS PERUANOS S.A.' } as const;

// 1. A retention at 3 % (regime 01): 1,000.00 PEN and 500.00 USD at 3.75 paid today.
const body: RetentionCreateParams = {
  series: 'R001',
  supplier,
  regime: '01',
  documents: [
    { type: '01', number: 'F001-4512', issueDate: firstOfMonth, total: 1000, payment: { date: today, amount: 1000 } },
    {
      type: '01',
      number: 'F001-4530',
      issueDate: firstOfMonth,
      total: 500,
      currency: 'USD',
      payment: { date: today, amount: 500 },
      exchangeRate: { rate: 3.75, date: today },
    },
  ],
};
// What the service will compute, before sending: the same formulas, locally.
const expected = computeRetention(body);
console.log(`Expected: withheld PEN ${expected.totals.retained}, paid PEN ${expected.totals.paid}`);

const retention = await client.retentions.create(body);
console.log(`Retention ${retention.fullNumber} ${retention.status}: withheld PEN ${retention.totals.retained.toFixed(2)}, paid PEN ${retention.totals.paid.toFixed(2)}`);
for (const document of retention.documents) {
  console.log(
    `  ${document.number}: ${document.currency} ${document.payment.amount.toFixed(2)} → withheld ${document.retainedAmount.toFixed(2)}, net ${document.netPaid.toFixed(2)}`,
  );
}

// 2. A perception at 2 % (regime 01) on a customer's collection.
const perception = await client.perceptions.create({
  series: 'P001',
  customer: supplier,
  regime: '01',
  documents: [{ type: '01', number: 'F001-128', issueDate: firstOfMonth, total: 1180, payment: { date: today, amount: 1180 } }],
});
console.log(
  `Perception ${perception.fullNumber} ${perception.status}: perceived PEN ${perception.totals.perceived.toFixed(2)}, cashed PEN ${perception.totals.cashed.toFixed(2)}`,
);

// 3. A payment of last month belongs on last month's comprobante: SUNAT's 2661, nothing numbered.
try {
  await client.retentions.create({ ...body, documents: [{ ...body.documents[0]!, issueDate: '2020-01-02', payment: { date: '2020-01-31', amount: 1000 } }] });
} catch (error) {
  if (!(error instanceof UnprocessableEntityError)) throw error;
  for (const issue of error.errors) console.log(`Refused: ${issue.code} at ${issue.path}`);
}
const listed = await client.retentions.list({ documentNumber: supplier.documentNumber });
console.log(`Retentions to ${supplier.name}: ${listed.data.map((r) => r.fullNumber).join(', ')}`);
