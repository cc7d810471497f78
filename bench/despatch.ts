/**
 * `npx tsx bench/despatch.ts`: how long the SUNAT engine takes on a guía de remisión of 100 lines
 * (a 09 private move with a principal and two secondary vehicles and drivers, every line with its
 * SUNAT product code), in ms of CPU per guía (median of 7 rounds): the schema's check of the body
 * (`DespatchCreateParams`, what the SDK runs before sending), SUNAT's rules (`checkDespatch`), both,
 * and the rules with the DespatchAdvice XML, as a sandbox create runs them. CPU time
 * (`process.cpuUsage`), not wall time: the machine is shared. The target: preparing and checking a
 * 100-line guía ≤ 1 ms. Runs from src.
 */
import type { DespatchCreateParams } from '../src/models/despatch.js';
import { DespatchCreateParams as schema } from '../src/models/despatch.js';
import { checkDespatch } from '../src/sunat/despatch/index.js';
import { renderDespatch } from '../src/sunat/ubl/despatch.js';

const ROUNDS = 7;
const today = '2026-11-21';
const driver = { documentType: '1', documentNumber: '45678912', firstName: 'JUAN CARLOS', lastName: 'PEREZ QUISPE', licence: 'Q45678912' };
const despatch: DespatchCreateParams = {
  type: '09',
  series: 'T001',
  issueDate: today,
  reason: '01',
  recipient: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' },
  transport: {
    mode: '02',
    startDate: today,
    vehicles: [{ plate: 'ABC123' }, { plate: 'XYZ789' }, { plate: 'B1C2D3E4' }],
    drivers: [driver, { ...driver, licence: 'Q45678913' }, { ...driver, licence: 'Q45678914' }],
  },
  departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
  arrival: { ubigeo: '040129', address: 'AV. EJERCITO 710, YANAHUARA' },
  grossWeight: 12_345.678,
  packages: 100,
  items: Array.from({ length: 100 }, (_, i) => ({ description: `PRODUCTO ${i + 1}`, quantity: 1 + i / 8, code: `P-${i + 1}`, sunatProductCode: '43211507' })),
  relatedDocuments: [{ type: '01', number: 'F001-128', issuerRuc: '20000000001' }],
};
const options = { issuerRuc: '20000000001', today };
if (!schema.safeParse(despatch).success || checkDespatch(despatch, options).length > 0) throw new Error('the bench’s guía breaks its schema or SUNAT’s rules');

/** ms of CPU per run of `run`, the median of {@link ROUNDS} rounds of `n` runs, after a warm-up. */
const time = (n: number, run: () => unknown) => {
  for (let i = 0; i < n; i++) run();
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) run();
    const { user, system } = process.cpuUsage(start);
    rounds.push((user + system) / n / 1000);
  }
  return rounds.sort((a, b) => a - b)[ROUNDS >> 1]!;
};

const context = { issuer: { ruc: '20000000001', name: 'EMPRESA DE PRUEBAS S.A.C.' }, fullNumber: 'T001-1', issueDate: today, issueTime: '12:00:00', related: [] };
const rows: [string, () => unknown][] = [
  ['the schema (DespatchCreateParams.safeParse)', () => schema.safeParse(despatch)],
  ["SUNAT's rules (checkDespatch)", () => checkDespatch(despatch, options)],
  ['preparing and checking: the schema and the rules', () => schema.safeParse(despatch).success && checkDespatch(despatch, options)],
  ["a sandbox create's engine: the rules and the DespatchAdvice XML", () => (checkDespatch(despatch, options), renderDespatch(despatch, context))],
];
console.log(`Node ${process.version}, CPU ms per guía de remisión of 100 lines (median of ${ROUNDS} rounds); target: preparing and checking ≤ 1 ms\n`);
console.log('| step | ms |\n|---|---:|');
for (const [name, run] of rows) console.log(`| ${name} | ${time(200, run).toFixed(3)} |`);
