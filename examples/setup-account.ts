/**
 * Setting up an account: series, a customer checked against SUNAT's registry, a product, a
 * webhook endpoint, a read-only API key, the day's exchange rate and the audit log.
 *
 *   YUPANA_API_KEY=sk_test_... npx tsx examples/setup-account.ts
 *
 * The tests run this file against the bundled mock sandbox on localhost.
 */
import { Client, PermissionDeniedError } from 'yupana';

const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });

// 1. Who issues: the account's RUC and name are printed on every document.
const account = await client.account.retrieve();
console.log(`Issuing as ${account.name} (RUC ${account.ruc}, ${account.environment})`);

// 2. One series per document type: F001 for facturas, B001 for boletas.
for (const [series, documentType] of [
  ['F001', '01'],
  ['B001', '03'],
] as const) {
  const created = await client.series.create({ series, documentType });
  console.log(`Series ${created.series} for type ${created.documentType}: next number ${created.nextNumber}`);
}

// 3. Check a new customer's RUC before invoicing it, then save the customer.
const ruc = await client.lookups.ruc('20100047218');
if (ruc.status !== 'ACTIVO' || ruc.condition !== 'HABIDO') throw new Error(`${ruc.ruc} is ${ruc.status} / ${ruc.condition}`);
const customer = await client.customers.create({ documentType: '6', documentNumber: ruc.ruc, name: ruc.name, address: ruc.address ?? undefined });
console.log(`Saved customer ${customer.id}: ${customer.name}`);

// 4. A product to reuse in document lines (unitCode, igvAffectation and currency get defaults).
const product = await client.products.create({ code: 'SRV-01', description: 'Consultoría', unitPrice: 100, unitCode: 'ZZ' });
console.log(`Saved product ${product.code}: ${product.currency} ${product.unitPrice} per ${product.unitCode}, IGV ${product.igvAffectation}`);

// 5. Where to hear about accepted and rejected documents; the secret is shown only now.
const endpoint = await client.webhookEndpoints.create({ url: 'https://acme.pe/webhooks/yupana', events: ['document.accepted', 'document.rejected'] });
console.log(`Webhook endpoint ${endpoint.id}: store its secret (${endpoint.secret.slice(0, 6)}...) now`);

// 6. A key for the reporting job: it may read documents, nothing else.
const reporting = await client.apiKeys.create({ name: 'Reportes', permissions: ['documents:read'] });
const reports = new Client({ apiKey: reporting.key, environment: 'sandbox' });
console.log(`Reporting key ...${reporting.lastFour} sees ${(await reports.documents.list()).data.length} documents`);
try {
  await reports.customers.list();
} catch (error) {
  if (error instanceof PermissionDeniedError) console.log(`PermissionDeniedError: needs ${typeof error.body === 'string' ? '?' : error.body.requiredPermission}`);
  else throw error;
}

// 7. SUNAT's exchange rate of today (in Lima), for documents in USD.
const rate = await client.exchangeRates.retrieve(new Date());
console.log(`USD on ${rate.date}: buy ${rate.buy.toFixed(3)}, sell ${rate.sell.toFixed(3)}`);

// 8. Everything above is in the audit log, newest first.
for await (const entry of client.auditLogs.list()) console.log(`  audit: ${entry.action} ${entry.resource.id}`);
