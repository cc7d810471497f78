/**
 * `npx tsx bench/prepare.ts`: how long the SUNAT engine takes on a document, in µs of CPU per
 * document (median of 7 rounds): a 10-line factura that uses every concept the engine knows
 * (line discounts and charges, exonerated, unaffected, free and ICBPER lines, ISC of systems 01 and
 * 02, global discounts and charges, a retención, cuotas, legends, rounding, a USD exchange rate, a
 * GTIN and an item attribute, a delivery address, a medio de pago, an establishment), a 10-line
 * IVAP factura (milled rice at 4%, a global discount 02) and a 1000-line factura of the first's
 * lines. Rows: what a sandbox create runs (prepareDocument: fill, compute, summarise,
 * check, observe, once), what strictSunatChecks runs (checkDocument), computeDocument, and the
 * create with its UBL XML. CPU time (`process.cpuUsage`), not wall time: the machine is shared.
 * Issue 31's targets: 10 lines ≤ 50 µs, 1000 lines ≤ 20 ms, growing linearly. Runs from src.
 */
import type { DocumentCreateParams as Body, Item } from '../src/models/document.js';
import { checkDocument, computeDocument } from '../src/sunat/document/index.js';
import { prepareDocument } from '../src/sunat/document/prepare.js';
import { renderUbl } from '../src/sunat/ubl/index.js';

const ROUNDS = 7;
const igvRate = 0.18;
const today = '2026-05-04';

const line = (description: string, quantity: number, unitPrice: number, igv: number, extra: Partial<Item> = {}): Item => ({
  description,
  quantity,
  unitPrice,
  igv,
  code: `P-${description.length}`,
  sunatProductCode: '10191509',
  unitCode: 'NIU',
  ...extra,
});
const TEN: Item[] = [
  line('Servicio de consultoría', 2, 50, 16.29, {
    unitCode: 'ZZ',
    discounts: [
      { code: '00', amount: 10 },
      { code: '01', amount: 3 },
    ],
    charges: [
      { code: '47', amount: 0.5 },
      { code: '48', amount: 2 },
    ],
  }),
  line('Whisky 750 ml', 8, 150, 270, { igvAffectation: '10', isc: { system: '01', rate: 0.25 } }),
  line('Papel bond A4', 700, 1.102, 138.85),
  line('Libro', 3, 33.33, 0, { igvAffectation: '20' }),
  line('Medicina', 1, 21.186440678, 0, { igvAffectation: '30' }),
  line('Muestra gratis', 1, 0, 0.9, { igvAffectation: '15', referenceValue: 5 }),
  line('Bolsa plástica', 2, 0.1, 0.04, { icbper: 1 }),
  line('Soporte técnico', 10, 25.5, 45.9, { unitCode: 'HUR' }),
  line('Capacitación', 1, 300, 48.6, { discounts: [{ code: '00', amount: 30, base: 300 }] }),
  line('Cerveza (litro)', 10, 4, 11.25, {
    unitCode: 'LTR',
    isc: { system: '02', amountPerUnit: 2.25 },
    gtin: '7751271011126',
    attributes: [{ code: '7000', name: 'Número de placa', value: 'ABC-123' }],
  }),
];
const factura: Body = {
  type: '01',
  series: 'F001',
  issueDate: today,
  dueDate: '2026-06-04',
  currency: 'USD',
  exchangeRate: 3.751,
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', address: 'Av. Arequipa 123, Lima' },
  items: TEN,
  paymentTerms: {
    type: 'credit',
    installments: [
      { amount: 1000, dueDate: '2026-06-04' },
      { amount: 1500, dueDate: '2026-07-04' },
    ],
  },
  retention: {},
  discounts: [
    { code: '02', amount: 5 },
    { code: '03', amount: 10 },
  ],
  charges: [
    { code: '49', amount: 2 },
    { code: '50', amount: 3 },
    { code: '46', amount: 10 },
  ],
  despatches: [{ type: '09', fullNumber: 'T001-123' }],
  relatedDocuments: [{ type: '99', number: 'CONTRATO-45' }],
  purchaseOrder: 'OC-2026-001',
  delivery: { address: 'Av. Ejército 710, Yanahuara', ubigeo: '040129' },
  paymentMethods: [{ code: '003', account: '191-2345678-0-55' }],
  establishmentCode: '0000',
  legends: [{ code: '2001', text: 'BIENES TRANSFERIDOS EN LA AMAZONÍA REGIÓN SELVA PARA SER CONSUMIDOS EN LA MISMA' }],
  rounding: 0.01,
};
const rice: Body = {
  type: '01',
  series: 'F001',
  issueDate: today,
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
  // n sacks × 150.00 each, IVAP 4% = n × 6.00.
  items: Array.from({ length: 10 }, (_, i) => line(`Arroz pilado (saco ${i + 1})`, i + 1, 150, 6 * (i + 1), { igvAffectation: '17' })),
  discounts: [{ code: '02', amount: 50 }],
};
const thousand: Body = {
  type: '01',
  series: 'F001',
  issueDate: today,
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: Array.from({ length: 1000 }, (_, i) => ({ ...TEN[i % 10]!, description: `Línea ${i + 1}` })),
  paymentTerms: { type: 'cash' },
};

for (const [name, body] of [
  ['10-line factura', factura],
  ['10-line IVAP factura', rice],
  ['1000-line factura', thousand],
] as const) {
  const issues = checkDocument(body, { igvRate, today });
  if (issues.length > 0) throw new Error(`${name} breaks rules: ${JSON.stringify(issues.slice(0, 3))}`);
}

/** µs of CPU per run of `run`, the median of {@link ROUNDS} rounds of `n` runs, after a warm-up. */
const time = (n: number, run: () => unknown) => {
  for (let i = 0; i < Math.max(3, n / 10); i++) run();
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) run();
    const { user, system } = process.cpuUsage(start);
    rounds.push((user + system) / n);
  }
  return rounds.sort((a, b) => a - b)[ROUNDS >> 1]!;
};

const issuer = { ruc: '20000000001', name: 'EMPRESA DE PRUEBAS S.A.C.' };

const rows: [string, (body: Body) => unknown][] = [
  ["a sandbox create's engine: prepareDocument (fill, compute, summarise, check, observe)", (body) => prepareDocument(body, { igvRate, today })],
  ['checkDocument (strictSunatChecks)', (body) => checkDocument(body, { igvRate, today })],
  ['computeDocument', (body) => computeDocument(body, { igvRate })],
  ['prepareDocument + its UBL XML (renderUbl)', (body) => renderUbl(prepareDocument(body, { igvRate, today }), { issuer, fullNumber: 'F001-1' })],
];
console.log(`Node ${process.version}, CPU µs per document (median of ${ROUNDS} rounds)\n`);
console.log(`| step | 10-line factura (µs) | 10-line IVAP factura (µs) | 1000-line factura (µs) |\n|---|---:|---:|---:|`);
for (const [name, run] of rows) {
  console.log(`| ${name} | ${time(2000, () => run(factura)).toFixed(1)} | ${time(2000, () => run(rice)).toFixed(1)} | ${time(20, () => run(thousand)).toFixed(0)} |`);
}
