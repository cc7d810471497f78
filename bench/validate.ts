/**
 * `npx tsx bench/validate.ts [N]`: how long validating one create body takes. The body is a
 * 10-line factura on credit that uses every field the schema and SUNAT's rules check (line
 * discounts and charges, exonerated, unaffected, free and ICBPER lines, global discounts and
 * charges, a retención, despatches, related documents, legends, rounding, a USD exchange
 * rate). Each step runs N times (default 20 000) after a warm-up, in 5 rounds; the table gives
 * the median round in µs per body. Runs from src, as the strict checks load in an app.
 */
import { performance } from 'node:perf_hooks';
import type { DocumentCreateParams as Body } from '../src/models/document.js';
import { DocumentCreateParams } from '../src/models/document.js';
import { strictDocumentCreateParams } from '../src/lib/strict/schema.js';
import { computeDocument } from '../src/sunat/document/index.js';
import { checkDocument } from '../src/sunat/document/rules.js';

const N = Number(process.argv[2] ?? 20_000);
const ROUNDS = 5;
const igvRate = 0.18;

const item = (description: string, quantity: number, unitPrice: number, igv: number, extra: Partial<Body['items'][number]> = {}) => ({
  description,
  quantity,
  unitPrice,
  igv,
  code: `P-${description.length}`,
  sunatProductCode: '10191509',
  unitCode: 'NIU',
  ...extra,
});

const body: Body = {
  type: '01',
  series: 'F001',
  issueDate: '2026-05-04',
  dueDate: '2026-06-04',
  currency: 'USD',
  exchangeRate: 3.751,
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', address: 'Av. Arequipa 123, Lima', email: 'facturas@acme.pe' },
  items: [
    item('Servicio de consultoría', 2, 50, 16.29, {
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
    item('Licencia anual', 1, 1200, 216, { igvAffectation: '10' }),
    item('Papel bond A4', 700, 1.102, 138.85),
    item('Libro', 3, 33.33, 0, { igvAffectation: '20' }),
    item('Medicina', 1, 21.186440678, 0, { igvAffectation: '30' }),
    item('Muestra gratis', 1, 0, 0.9, { igvAffectation: '15', referenceValue: 5 }),
    item('Bolsa plástica', 2, 0.1, 0.04, { icbper: 1 }),
    item('Soporte técnico', 10, 25.5, 45.9, { unitCode: 'HUR' }),
    item('Capacitación', 1, 300, 48.6, { discounts: [{ code: '00', amount: 30, base: 300 }] }),
    item('Instalación', 1, 150, 27),
  ],
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
  legends: [{ code: '2001', text: 'BIENES TRANSFERIDOS EN LA AMAZONÍA REGIÓN SELVA PARA SER CONSUMIDOS EN LA MISMA' }],
  rounding: 0.01,
  metadata: { order: 'A-1' },
};

const strict = strictDocumentCreateParams(igvRate);
const steps: [string, () => unknown][] = [
  ['schema (DocumentCreateParams, what a create runs)', () => DocumentCreateParams.safeParse(body, { reportInput: true })],
  ["SUNAT's rules (checkDocument)", () => checkDocument(body, { igvRate })],
  ['schema + rules (strictSunatChecks)', () => strict.safeParse(body)],
  ['computeDocument (yupana/sunat)', () => computeDocument(body, { igvRate })],
];

// The body must be valid, or the numbers measure early exits.
const issues = [...(DocumentCreateParams.safeParse(body).error?.issues ?? []), ...checkDocument(body, { igvRate }), ...(strict.safeParse(body).error?.issues ?? [])];
if (issues.length > 0) throw new Error(`the benchmark body is not valid: ${JSON.stringify(issues)}`);

const rows = steps.map(([name, run]) => {
  for (let i = 0; i < Math.min(N, 2_000); i++) run();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    for (let i = 0; i < N; i++) run();
    rounds.push(((performance.now() - start) * 1000) / N);
  }
  rounds.sort((a, b) => a - b);
  return { name, median: rounds[ROUNDS >> 1]!, best: rounds[0]! };
});

process.stdout.write(`Validating a 10-line factura using every field, ${N} times × ${ROUNDS} rounds (Node ${process.version})\n\n`);
process.stdout.write('| step | µs per body (median round) | best round |\n|---|---:|---:|\n');
for (const { name, median, best } of rows) process.stdout.write(`| ${name} | ${median.toFixed(1)} | ${best.toFixed(1)} |\n`);
