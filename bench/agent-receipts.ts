/**
 * `npx tsx bench/agent-receipts.ts`: how long the SUNAT engine takes on a comprobante de retención
 * and one of percepción over 500 related documents (half in soles, half in dollars at an exchange
 * rate), in ms of CPU per receipt (median of 7 rounds): SUNAT's rules (`checkRetention`), the
 * amounts (`computeRetention`), and both with the UBL XML, as a sandbox create runs them. CPU time
 * (`process.cpuUsage`), not wall time: the machine is shared. Issue 32's target: a retention over
 * 500 related documents ≤ 5 ms. Runs from src.
 */
import type { PerceptionCreateParams } from '../src/models/perception.js';
import type { RetentionCreateParams } from '../src/models/retention.js';
import { agentCents } from '../src/sunat/retention/compute.js';
import { PERCEPTION, RETENTION } from '../src/sunat/retention/families.js';
import { checkPerception, checkRetention, computePerception, computeRetention } from '../src/sunat/retention/index.js';
import { renderPerception, renderRetention } from '../src/sunat/ubl/retention.js';

const ROUNDS = 7;
const today = '2026-11-21';
const documents = Array.from({ length: 500 }, (_, i) => ({
  type: '01' as const,
  number: `F001-${i + 1}`,
  issueDate: '2026-11-10',
  total: 1000 + i,
  ...(i % 2 === 0 ? {} : { currency: 'USD' as const, exchangeRate: { rate: 3.751, date: '2026-11-20' } }),
  payment: { date: '2026-11-20', amount: 1000 + i },
}));
const retention: RetentionCreateParams = {
  series: 'R001',
  issueDate: today,
  supplier: { documentType: '6', documentNumber: '20100070970', name: 'PROVEEDOR S.A.' },
  regime: '01',
  documents,
};
// The same related documents, collected by an agente de percepción from its customer.
const { supplier, ...shared } = retention;
const perception: PerceptionCreateParams = { ...shared, series: 'P001', customer: { ...supplier, name: 'CLIENTE S.A.' } };
for (const issues of [checkRetention(retention, { today }), checkPerception(perception, { today })]) {
  if (issues.length > 0) throw new Error(`the bench's receipt breaks rules: ${JSON.stringify(issues.slice(0, 3))}`);
}

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

const context = { issuer: { ruc: '20000000001', name: 'EMPRESA DE PRUEBAS S.A.C.' }, fullNumber: 'R001-1', issueDate: today };
const rows: [string, () => unknown, () => unknown][] = [
  ["SUNAT's rules (checkRetention / checkPerception)", () => checkRetention(retention, { today }), () => checkPerception(perception, { today })],
  ['the amounts (computeRetention / computePerception)', () => computeRetention(retention), () => computePerception(perception)],
  [
    "a sandbox create's engine: the rules, the amounts and the UBL XML",
    () => renderRetention(retention, (checkRetention(retention, { today }), agentCents(RETENTION, retention)), context),
    () => renderPerception(perception, (checkPerception(perception, { today }), agentCents(PERCEPTION, perception)), { ...context, fullNumber: 'P001-1' }),
  ],
];
console.log(`Node ${process.version}, CPU ms per receipt of 500 related documents (median of ${ROUNDS} rounds); issue 32's target: ≤ 5 ms\n`);
console.log('| step | retention (ms) | perception (ms) |\n|---|---:|---:|');
for (const [name, onRetention, onPerception] of rows) {
  console.log(`| ${name} | ${time(20, onRetention).toFixed(2)} | ${time(20, onPerception).toFixed(2)} |`);
}
