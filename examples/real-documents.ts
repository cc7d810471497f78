/**
 * Real documents: one of each case a Peruvian shop meets in its first month, as the API fills
 * and computes them (totals, forma de pago, detracción, legends), printed with a few totals.
 *
 *   YUPANA_API_KEY=sk_test_... npx tsx examples/real-documents.ts
 *
 * Every amount a line carries is the caller's (its `igv`, its `icbper`); the API computes the
 * rest by SUNAT's formulas and refuses a body that breaks one of SUNAT's rules before it
 * numbers it. `yupana/sunat`'s `computeDocument` computes the same values locally.
 */
import { Client, type Document, type DocumentCreateParams } from 'yupana';

const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });

const customer = { documentType: '6', documentNumber: '20100047218', name: 'COMERCIAL ANDINA S.A.C.' } as const;
/** A date `days` from now, `YYYY-MM-DD`: the due date of a cuota. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const money = (doc: Document, amount: number) => `${doc.currency} ${amount.toFixed(2)}`;

/** Issues `body` and prints its number, status and totals, with what `more` says about it. */
async function issue(title: string, body: DocumentCreateParams, more: (doc: Document) => string = () => ''): Promise<Document> {
  const doc = await client.documents.create(body);
  const { totals } = doc;
  console.log(`${title}: ${doc.fullNumber} ${doc.status}, total ${money(doc, totals.total)} (IGV ${totals.igv.toFixed(2)})${more(doc)}`);
  return doc;
}

// 1. Cash: a factura without paymentTerms is Contado; legend 1000 says the total in words.
await issue(
  'Cash factura',
  { type: '01', series: 'F001', customer, items: [{ description: 'Cemento Portland tipo I', quantity: 2, unitPrice: 100, igv: 36 }] },
  (doc) => `, ${doc.paymentTerms?.type}, "${doc.legends[0]?.text}"`,
);

// 2. On credit: the cuotas add up to the pending amount (here the whole total).
const onCredit = await issue(
  'Credit factura',
  {
    type: '01',
    series: 'F001',
    customer,
    items: [{ description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36, unitCode: 'ZZ' }],
    paymentTerms: {
      type: 'credit',
      installments: [
        { amount: 100.13, dueDate: inDays(30) },
        { amount: 135.87, dueDate: inDays(60) },
      ],
    },
  },
  (doc) => `, ${doc.paymentTerms?.type === 'credit' ? doc.paymentTerms.installments.length : 0} cuotas`,
);

// 3. Detracción (SPOT): the amount (total × rate, in PEN) and operation type 1001 are filled.
await issue(
  'Detracción',
  {
    type: '01',
    series: 'F001',
    customer,
    items: [{ description: 'Carne de res en canal', quantity: 1, unitPrice: 800, igv: 144, unitCode: 'KGM' }],
    detraction: { code: '014', rate: 0.04, account: '00-741-123456' },
  },
  (doc) => `, operation ${doc.operationType}, detracción ${doc.detraction?.amount.toFixed(2)}`,
);

// 4. A boleta to varios with two plastic bags: ICBPER S/ 0.50 per bag (2023 on).
await issue(
  'Boleta with bags',
  {
    type: '03',
    series: 'B001',
    customer: { documentType: '-', documentNumber: '-', name: 'CLIENTES VARIOS' },
    items: [
      { description: 'Gaseosa 500 ml', quantity: 2, unitPrice: 4.2372881356, igv: 1.53 },
      { description: 'Bolsa plástica', quantity: 2, unitPrice: 0.0847457627, igv: 0.03, icbper: 1 },
    ],
  },
  (doc) => `, ICBPER ${doc.totals.icbper.toFixed(2)}`,
);

// 5. A free line (bonificación, 11): valued at its referenceValue, paid by nobody.
await issue(
  'Free line',
  {
    type: '01',
    series: 'F001',
    customer,
    items: [
      { description: 'Panetón', quantity: 10, unitPrice: 20, igv: 36 },
      { description: 'Bonificación: panetón', quantity: 2, unitPrice: 0, igv: 7.2, igvAffectation: '11', referenceValue: 20 },
    ],
  },
  (doc) => `, gratuitas ${doc.totals.free.toFixed(2)}, legends ${doc.legends.map((l) => l.code).join(' ')}`,
);

// 6. A global discount 02: it lowers the taxed base, so the IGV too.
await issue(
  'Global discount',
  {
    type: '01',
    series: 'F001',
    customer,
    items: [{ description: 'Licencia anual', quantity: 1, unitPrice: 100, igv: 18, unitCode: 'ZZ' }],
    discounts: [{ code: '02', amount: 50 }],
  },
  (doc) => `, taxable ${doc.totals.taxable.toFixed(2)}`,
);

// 7. An export in USD: every line 40, operation 0200, a customer abroad.
await issue(
  'Export',
  {
    type: '01',
    series: 'F001',
    currency: 'USD',
    customer: { documentType: '0', documentNumber: '-', name: 'ACME TRADING LLC', address: '100 MAIN ST, MIAMI FL, USA' },
    items: [{ description: 'Café verde en grano', quantity: 100, unitPrice: 5.5, igv: 0, igvAffectation: '40', unitCode: 'KGM' }],
  },
  (doc) => `, operation ${doc.operationType}, export ${doc.totals.export.toFixed(2)}`,
);

// 8. A nota de crédito for a factura issued before migrating: named by type, number and date.
await issue(
  'Nota for a factura issued elsewhere',
  {
    type: '07',
    series: 'F001',
    customer,
    items: [{ description: 'Devolución de mercadería', quantity: 1, unitPrice: 50, igv: 9 }],
    reference: { type: '01', fullNumber: 'FF14-2', issueDate: '2026-04-20', reason: '07', description: 'Devolución por ítem' },
  },
  (doc) => `, modifies ${doc.reference && 'fullNumber' in doc.reference ? doc.reference.fullNumber : ''}`,
);

// 9. A nota de crédito of reason 13: new cuotas for the credit factura, total 0.00.
await issue(
  'Nota reason 13',
  {
    type: '07',
    series: 'F001',
    customer,
    items: [{ description: 'Ajuste de las fechas de pago', quantity: 1, unitPrice: 0, igv: 0 }],
    reference: { documentId: onCredit.id, reason: '13', description: 'Nuevo cronograma de pagos' },
    paymentTerms: {
      type: 'credit',
      installments: [
        { amount: 118, dueDate: inDays(45) },
        { amount: 118, dueDate: inDays(75) },
      ],
    },
  },
  (doc) =>
    `, modifies ${onCredit.fullNumber}, new cuotas ${doc.paymentTerms?.type === 'credit' ? doc.paymentTerms.installments.map((i) => i.amount.toFixed(2)).join(' + ') : ''}`,
);

// 10. ISC, the excise on liquor and beer: al valor (01, a rate of the value) or específico (02, an
// amount per litre). It goes under the IGV: the line's IGV is (its value + its ISC) × 18%.
await issue(
  'ISC',
  {
    type: '01',
    series: 'F001',
    customer,
    items: [
      // 10 × 50.00 = 500.00; ISC 25% = 125.00; IGV (500.00 + 125.00) × 18% = 112.50.
      { description: 'Whisky 750 ml', quantity: 10, unitPrice: 50, igv: 112.5, isc: { system: '01', rate: 0.25 } },
      // 10 litres × 4.00 = 40.00; ISC 10 × 2.25 = 22.50; IGV (40.00 + 22.50) × 18% = 11.25.
      { description: 'Cerveza (litro)', quantity: 10, unitPrice: 4, igv: 11.25, unitCode: 'LTR', isc: { system: '02', amountPerUnit: 2.25 } },
    ],
  },
  (doc) => `, ISC ${doc.totals.isc.toFixed(2)} on ${doc.totals.iscBase.toFixed(2)}`,
);

// 11. IVAP, milled rice: affectation 17 at 4% instead of the IGV; legend 2007 is added.
await issue(
  'IVAP',
  {
    type: '01',
    series: 'F001',
    customer,
    // 20 sacks × 150.00 = 3000.00; IVAP 4% = 120.00 (the line's igv).
    items: [{ description: 'Arroz pilado superior (saco 50 kg)', quantity: 20, unitPrice: 150, igv: 120, igvAffectation: '17' }],
  },
  (doc) => `, IVAP ${doc.totals.ivap.toFixed(2)}, legends ${doc.legends.map((l) => l.code).join(' ')}`,
);

// 10. A restaurant in SUNAT's padrón (Ley 31556) issues at the reduced IGV rate of the day: 10.5%
// from 2026-02-13. Production reads the padrón (account.igvReducedRate); the sandbox is told so.
await client.account.update({ igvReducedRate: true });
await issue(
  'Restaurant boleta at 10.5%',
  {
    type: '03',
    series: 'B001',
    customer: { documentType: '-', documentNumber: '-', name: 'CLIENTES VARIOS' },
    items: [
      { description: 'Menú ejecutivo', quantity: 2, unitPrice: 25, igv: 5.25 },
      { description: 'Chicha morada 1 l', quantity: 1, unitPrice: 5, igv: 0.53 },
    ],
  },
  (doc) => `, taxable ${doc.totals.taxable.toFixed(2)}`,
);
await client.account.update({ igvReducedRate: false });

// 11. An advance (anticipo): the customer pays 40% of an order up front, billed by its own factura.
const advance = await issue('Advance factura', {
  type: '01',
  series: 'F001',
  customer,
  items: [{ description: 'Anticipo del 40% del pedido OC4480: 10 laptops', quantity: 1, unitPrice: 4000, igv: 720, unitCode: 'ZZ' }],
});

// 12. The final factura deducts it: its value (4 000.00) off the taxed base and the IGV, its total
// (4 720.00) off what the customer pays; the valor and precio de venta keep the whole sale.
await issue(
  'Final factura deducting the advance',
  {
    type: '01',
    series: 'F001',
    customer,
    items: [{ description: 'Laptop 14"', quantity: 10, unitPrice: 1000, igv: 1800 }],
    advances: [{ type: '02', fullNumber: advance.fullNumber, amount: advance.totals.total }],
  },
  (doc) => `, taxable ${doc.totals.taxable.toFixed(2)}, prepaid ${doc.totals.prepaid?.toFixed(2)}`,
);

// 13. A bookshop's books are exonerated (20): their advance is too, billed without IGV, and the
// final factura takes it off the exonerated total (allowance 05); the IGV of a taxed line stays.
const booksAdvance = await issue('Exonerated advance', {
  type: '01',
  series: 'F001',
  customer,
  items: [{ description: 'Anticipo: 10 libros "Historia del Perú"', quantity: 1, unitPrice: 200, igv: 0, igvAffectation: '20', unitCode: 'ZZ' }],
});
await issue(
  'Final factura deducting the exonerated advance',
  {
    type: '01',
    series: 'F001',
    customer,
    items: [
      { description: 'Libro "Historia del Perú"', quantity: 10, unitPrice: 50, igv: 0, igvAffectation: '20' },
      { description: 'Separador de libros (pack)', quantity: 1, unitPrice: 100, igv: 18 },
    ],
    advances: [{ type: '02', fullNumber: booksAdvance.fullNumber, amount: booksAdvance.totals.total, igvAffectation: '20' }],
  },
  (doc) => `, exempt ${doc.totals.exempt.toFixed(2)}, prepaid ${doc.totals.prepaid?.toFixed(2)}`,
);
