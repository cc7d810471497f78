/**
 * A factura done the SUNAT way: amounts computed exactly with `line()`, SUNAT's own rules
 * checked before sending (`strictSunatChecks`), and SUNAT's answer read with `isAccepted` and
 * `describeAuthorityCode`, never by remembering code ranges.
 *
 *   YUPANA_API_KEY=sk_test_... npx tsx examples/sunat-invoice.ts
 */
import { Client, ValidationError, type DocumentCreateParams } from 'yupana';
import { IGV_RATE, UNITS_OF_MEASURE, describeAuthorityCode, hasObservations, isAccepted, limaDate, line, totals, type UnitCode } from 'yupana/sunat';

const client = new Client({ environment: 'sandbox', strictSunatChecks: true });

// 1. The order, with unit values (valor unitario, before IGV) kept to the decimals you sell at.
const order: { description: string; quantity: number; unitValue: number; unitCode: UnitCode }[] = [
  { description: 'Tornillo autorroscante 1/2"', quantity: 700, unitValue: 1.102, unitCode: 'NIU' },
  { description: 'Instalación', quantity: 3, unitValue: 33.33, unitCode: 'ZZ' },
];
const lines = order.map((o) => ({ ...o, ...line({ quantity: o.quantity, unitValue: o.unitValue, igvRate: IGV_RATE }) }));
for (const l of lines) console.log(`  ${l.quantity} ${UNITS_OF_MEASURE[l.unitCode]} × ${l.unitValue}: base ${l.base} + IGV ${l.igv} = ${l.total}`);
const expected = totals(lines);
console.log(`Totals: taxable ${expected.taxable} + IGV ${expected.igv} = ${expected.total}`);

const factura: DocumentCreateParams = {
  type: '01',
  series: 'F001',
  issueDate: limaDate(), // the calendar day in Lima, not in UTC
  customer: { documentType: '6', documentNumber: '20131312955', name: 'SUNAT' },
  items: lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitValue, unitCode: l.unitCode, igv: Number(l.igv) })),
};

// 2. A mistyped RUC is refused here, before SUNAT would reject it and use up the number.
try {
  await client.documents.create({ ...factura, customer: { ...factura.customer, documentNumber: '20131312956' } });
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  console.log(`Refused before sending: ${error.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
}

// 3. Issue it, and read SUNAT's answer.
const doc = await client.documents.create(factura);
const { code } = doc.taxAuthority;
if (isAccepted(doc.taxAuthority)) {
  console.log(`${doc.fullNumber} accepted by SUNAT (code ${code}); totals ${doc.totals.total.toFixed(2)} as computed: ${doc.totals.total.toFixed(2) === expected.total}`);
  if (hasObservations(doc.taxAuthority)) console.log(`  fix in future documents: ${doc.taxAuthority.notes.map((n) => n.description).join('; ')}`);
} else if (code === null) {
  console.log(`${doc.fullNumber} is ${doc.status}: SUNAT has not answered yet; a webhook will say when it does`);
} else {
  const answer = describeAuthorityCode(code);
  console.log(`${doc.fullNumber}: SUNAT says ${answer.outcome} (code ${code}: ${doc.taxAuthority.description})`);
  if (answer.numberUsedUp) console.log('  the number is used up: fix the data and issue a new document');
  else if (answer.retryable) console.log('  a transient failure at SUNAT: the service resends it by itself');
  else console.log('  not registered: fix the cause, then documents.resend');
}
