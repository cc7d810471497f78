/**
 * Quickstart: issue a factura, read it back, list documents, and handle a typed error.
 *
 *   YUPANA_API_KEY=sk_test_... npx tsx examples/quickstart.ts
 *
 * `npm run demo` runs this file against the bundled mock sandbox on localhost.
 */
import { Client, NotFoundError, ValidationError } from 'yupana';

const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });

// 1. Issue a factura (type 01) to a company identified by its RUC (documentType 6).
const doc = await client.documents.create({
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: [
    { description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36 },
    { description: 'Licencia anual', quantity: 1, unitPrice: 21.186440678, igv: 3.81 },
  ],
});
console.log(`Issued ${doc.fullNumber} (${doc.id}): status ${doc.status}, SUNAT code ${doc.taxAuthority.code}`);
console.log(`  totals: taxable ${doc.totals.taxable.toFixed(2)} + IGV ${doc.totals.igv.toFixed(2)} = ${doc.currency} ${doc.totals.total.toFixed(2)}`);

// 2. Read it back, with the request id for support tickets.
const { data: again, requestId } = await client.documents.retrieve(doc.id).withResponse();
console.log(`Retrieved ${again.fullNumber} (request ${requestId})`);

// 3. Issue two boletas, then walk every accepted document; pages are fetched as needed.
for (const name of ['Ana Quispe', 'Luis Mamani']) {
  await client.documents.create({
    type: '03',
    series: 'B001',
    customer: { documentType: '1', documentNumber: '45678912', name },
    items: [{ description: 'Menú del día', quantity: 1, unitPrice: 15.25, igv: 2.75 }],
  });
}
let count = 0;
for await (const d of client.documents.list({ status: 'accepted', limit: 2 })) {
  console.log(`  listed ${d.fullNumber} ${d.customer.name} ${d.totals.total.toFixed(2)}`);
  count++;
}
console.log(`Listed ${count} accepted documents`);

// 4. Errors are typed: branch on the class (or error.code), never on the message.
try {
  await client.documents.retrieve('doc_does_not_exist');
} catch (error) {
  if (error instanceof NotFoundError) console.log(`NotFoundError: status ${error.status}, code ${error.code}, request ${error.requestId}`);
  else throw error;
}

// 5. Bad input is refused before anything is sent, naming the field.
try {
  await client.documents.create({ type: '01', series: 'F1', customer: doc.customer, items: [] });
} catch (error) {
  if (error instanceof ValidationError) console.log(`ValidationError: ${error.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
  else throw error;
}
