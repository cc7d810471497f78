/**
 * Runs SUNAT's own validation stylesheets of comprobantes de retención (ValidaExprRegRetencion)
 * and de percepción (ValidaExprRegPercepcion) on the sandbox's UBL 2.0 XML of several cases:
 * `npx tsx scripts/validate-agent-ubl.ts` (part of `npm run test:sunat-xsl`).
 *
 * Each case is issued by the sandbox's store (SUNAT's rules, the amounts, the XML, as a create
 * does), dated today in Lima (its payments too, its documents earlier in the month or the month
 * before), written as SUNAT names files (RUC-20-R001-1.xml) and judged by `validate.sh --all` of an
 * oracle that knows these families: the folder named by $SUNAT_OSE_XSL_DIR, holding `validate.sh`
 * (its options `--all`, `--name`, `--now`, `--xsd`) and the OSE's stylesheets; it needs Java and
 * Saxon-HE. The stylesheets are third-party files without a licence: they are never copied into
 * this repository. Prints one row per case with SUNAT's error and observation codes; exits 1 when
 * any file has an error, 2 when one cannot be judged. Without the oracle or Java it says it skipped
 * these families and exits 0, on CI too: CI's oracle (shared/tools/sunat-xsl, which
 * scripts/validate-ubl.ts requires there) holds the invoices' stylesheets only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PerceptionCreateParams } from '../src/models/perception.js';
import type { RetentionCreateParams } from '../src/models/retention.js';
import { limaDate } from '../src/sunat/lima-date.js';
import { SANDBOX_ISSUER } from '../src/testing/store/account.js';
import { perceptionStore, retentionStore } from '../src/testing/store/agent-receipts.js';

const oracle = process.env['SUNAT_OSE_XSL_DIR'];
const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (oracle === undefined || !existsSync(join(oracle, 'validate.sh')) || java.error || java.status !== 0) {
  const why = oracle === undefined ? 'SUNAT_OSE_XSL_DIR is not set' : !existsSync(join(oracle, 'validate.sh')) ? `no validate.sh in ${oracle}` : 'no java on PATH';
  console.log(`skipped the retention (20) and perception (40) stylesheets: ${why}; nothing was judged`);
  process.exit(0);
}

const today = limaDate();
const month = today.slice(0, 8);
/** The first day of this month, and a day of the month before. */
const first = `${month}01`;
const lastMonth = (() => {
  const [year, mm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return mm === 1 ? `${year - 1}-12-15` : `${year}-${String(mm - 1).padStart(2, '0')}-15`;
})();
const supplier = { documentType: '6', documentNumber: '20100070970', name: 'SUPERMERCADOS PERUANOS S.A.' } as const;
const paid = (amount: number, number?: number) => ({ date: today, amount, ...(number !== undefined && { number }) });

const RETENTIONS: [string, RetentionCreateParams][] = [
  [
    'one factura in soles, a note and the supplier’s address',
    {
      series: 'R001',
      supplier: { ...supplier, address: 'Calle Morelli 181, San Borja' },
      regime: '01',
      note: 'Retención & pago del mes',
      documents: [{ type: '01', number: 'F001-4512', issueDate: first, total: 1000, payment: paid(1000) }],
    },
  ],
  [
    'dollars half up (75.00 × 3.7 × 3 % = 8.325 → 8.33), the rate sent, two payments of one factura',
    {
      series: 'R001',
      supplier,
      regime: '01',
      rate: 0.03,
      documents: [
        { type: '01', number: 'F001-4530', issueDate: lastMonth, total: 150, currency: 'USD', payment: paid(75), exchangeRate: { rate: 3.7, date: today } },
        { type: '01', number: 'F001-4530', issueDate: lastMonth, total: 150, currency: 'USD', payment: paid(75, 2), exchangeRate: { rate: 3.7, date: today } },
      ],
    },
  ],
  [
    'every related type: 01, a ticket 12, a nota de crédito 07 and de débito 08, a retention 20 (07 and 20 out of the totals)',
    {
      series: 'R002',
      supplier,
      regime: '01',
      documents: [
        { type: '01', number: 'E001-77', issueDate: first, total: 2500.5, payment: paid(2500.5) },
        { type: '12', number: '-MAQ001-4512', issueDate: first, total: 800, payment: paid(800) },
        { type: '07', number: 'F001-12', issueDate: first, total: 100, payment: paid(100) },
        { type: '08', number: '0001-9', issueDate: lastMonth, total: 33.33, payment: paid(33.33) },
        { type: '20', number: 'R001-3', issueDate: lastMonth, total: 200, payment: paid(200) },
      ],
    },
  ],
];

const PERCEPTIONS: [string, PerceptionCreateParams][] = [
  [
    'regime 01 (2 %), one factura in soles',
    { series: 'P001', customer: supplier, regime: '01', documents: [{ type: '01', number: 'F001-128', issueDate: first, total: 1180, payment: paid(1180) }] },
  ],
  [
    'regime 02 (1 %), a boleta 03 in dollars at 3.755',
    {
      series: 'P001',
      customer: { ...supplier, address: 'Calle Morelli 181, San Borja' },
      regime: '02',
      note: 'Percepción de combustible',
      documents: [
        { type: '03', number: 'B001-9', issueDate: lastMonth, total: 100, currency: 'USD', payment: paid(100), exchangeRate: { rate: 3.755, date: today } },
        { type: '01', number: 'F001-130', issueDate: first, total: 333.33, payment: paid(333.33) },
      ],
    },
  ],
  [
    'regime 03 (0.5 %), 333.33 → 1.67, a nota de crédito 07 and a perception 40 out of the totals',
    {
      series: 'P002',
      customer: supplier,
      regime: '03',
      documents: [
        { type: '01', number: 'F001-131', issueDate: first, total: 333.33, payment: paid(333.33) },
        { type: '07', number: 'F001-14', issueDate: first, total: 50, payment: paid(50) },
        { type: '40', number: 'P001-1', issueDate: lastMonth, total: 80, payment: paid(80) },
      ],
    },
  ],
];

type Row = { case: string; file: string; errors: string; observations: string; status: number };
const folder = mkdtempSync(join(tmpdir(), 'yupana-agent-ubl-'));
const rows: Row[] = [];
try {
  const retentions = retentionStore();
  const perceptions = perceptionStore();
  const issued = [
    ...RETENTIONS.map(([name, body]) => [name, '20', retentions.create(body, 'https://sandbox.yupana.test')] as const),
    ...PERCEPTIONS.map(([name, body]) => [name, '40', perceptions.create(body, 'https://sandbox.yupana.test')] as const),
  ];
  for (const [name, type, receipt] of issued) {
    const file = `${SANDBOX_ISSUER.ruc}-${type}-${receipt.fullNumber}.xml`;
    writeFileSync(join(folder, file), receipt.signedXml);
    const run = spawnSync('bash', [join(oracle, 'validate.sh'), '--all', '--name', file, '--now', receipt.issueDate, join(folder, file)], { encoding: 'utf8' });
    const line = `${run.stdout}`.trim().split('\n').at(-1) ?? '';
    const match = /errors:\s*([^;]*);\s*observations:\s*([^;]*)/.exec(line);
    rows.push({
      case: name,
      file,
      errors: match ? match[1]!.trim() || '-' : `cannot judge: ${`${run.stderr}`.trim() || line}`,
      observations: match ? match[2]!.trim() || '-' : '-',
      status: match ? (run.status ?? 2) : 2,
    });
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const columns: (keyof Row)[] = ['case', 'file', 'errors', 'observations'];
const width = (key: keyof Row) => Math.max(key.length, ...rows.map((row) => String(row[key]).length));
const format = (cells: Record<string, string>) => columns.map((key) => cells[key]!.padEnd(width(key))).join(' | ');
console.log(format({ case: 'case', file: 'file', errors: 'errors', observations: 'observations' }));
console.log(columns.map((key) => '-'.repeat(width(key))).join('-|-'));
for (const row of rows) console.log(format({ ...row, status: String(row.status) }));
const failed = rows.filter((row) => row.status !== 0);
console.log(`\n${rows.length} retentions and perceptions judged by SUNAT's stylesheets: ${rows.length - failed.length} without error, ${failed.length} with`);
process.exit(failed.some((row) => row.status === 2) ? 2 : failed.length > 0 ? 1 : 0);
