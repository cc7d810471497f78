/**
 * Runs SUNAT's validation stylesheets for summaries on the XML the sandbox writes when documents
 * are voided: a comunicación de baja (RA, `ValidaExprRegSummaryVoided`) for each factura and
 * F-series nota, a resumen diario (RC, `ValidaExprRegSummary`) for each boleta and B-series nota,
 * a resumen de reversiones (RR, `ValidaExprRegOtrosVoided`) for a retention and a perception; and
 * the resúmenes diarios that report boletas and B-series notas with condition 1 (an account's
 * `boletaReporting` `'summary'`), a nota by `documentId` among them:
 * `npx tsx scripts/validate-summaries-ubl.ts`.
 *
 * The documents are the scenarios of test/ubl-scenarios.ts, issued today in a sandbox (through
 * the SDK, over the sandbox's handlers) and voided at once; a scenario the sandbox refuses today
 * (a rate or a deadline of its own date) is listed as not issued. Each RA and RC is judged by
 * `validate.sh --all` of an oracle that holds these stylesheets, named by $SUNAT_OSE_XSL_DIR (an
 * OSE's copy of SUNAT's files, which carry no licence: they are not copied into this repository
 * and CI does not have them). Prints one row per file; exits 1 when a file has an error or an
 * observation (but the 4027 SUNAT's formula gives every IVAP boleta: it sums a line's IGV, not its
 * IVAP), 2 when one cannot be judged, 0 with a line saying so when there is no oracle.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getResponse } from 'msw';
import { Client, type Document } from '../src/index.js';
import { createMockSandbox, MOCK_API_KEY, type MockSandboxOptions } from '../src/testing/index.js';
import { UBL_SCENARIOS } from '../test/ubl-scenarios.js';

const oracle = process.env['SUNAT_OSE_XSL_DIR'];
const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (oracle === undefined || !existsSync(join(oracle, 'validate.sh')) || java.error || java.status !== 0) {
  console.log(`skipped: ${oracle === undefined ? 'SUNAT_OSE_XSL_DIR is not set' : 'no validate.sh there, or no java on PATH'}; no RA or RC was judged`);
  process.exit(0);
}

/** A client of a new sandbox with `options`. */
const clientOf = (options: MockSandboxOptions = {}) => {
  const sandbox = createMockSandbox(options);
  return new Client({
    apiKey: MOCK_API_KEY,
    environment: 'sandbox',
    maxRetries: 0,
    fetch: async (input, init) => (await getResponse(sandbox.handlers, new Request(input, init))) ?? Response.error(),
  });
};
const client = clientOf();
/** Reports its boletas and B-series notas in the resumen diario (condition 1). */
const reporting = clientOf({ boletaReporting: 'summary' });
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });

type Row = { scenario: string; file: string; errors: string; observations: string; status: number };
const rows: Row[] = [];
const notIssued: string[] = [];
const folder = mkdtempSync(join(tmpdir(), 'yupana-summaries-'));
/** Judges the RA, RR or RC `voidedBy` names, voiding `title`. */
async function judge(title: string, voidedBy: { object: string; id: string }, expected: string, by = client): Promise<void> {
  const isVoiding = voidedBy.object === 'voiding';
  const summary = isVoiding ? await by.voidings.retrieve(voidedBy.id) : await by.summaries.retrieve(voidedBy.id);
  const xml = isVoiding ? await by.voidings.xml(summary.id) : await by.summaries.xml(summary.id);
  const file = `20000000001-${summary.identifier}.xml`;
  writeFileSync(join(folder, file), xml);
  const run = spawnSync('bash', [join(oracle!, 'validate.sh'), '--all', '--name', file, '--now', today, join(folder, file)], { encoding: 'utf8' });
  const line = `${run.stdout}`.trim().split('\n').at(-1) ?? '';
  const match = /errors:\s*([^;]*);\s*observations:\s*(.*)$/.exec(line);
  const errors = match ? match[1]!.trim() || '-' : `cannot judge: ${`${run.stderr}`.trim() || line}`;
  const observations = match ? match[2]!.trim() || '-' : '-';
  rows.push({ scenario: title, file, errors, observations, status: match ? (observations === expected ? (run.status ?? 2) : 1) : 2 });
}

try {
  for (const scenario of UBL_SCENARIOS) {
    // A nota by documentId would need its document here: the scenarios' notas name theirs by number.
    const body = { ...scenario.body, issueDate: today };
    const doc = await client.documents.create(body).catch(() => undefined);
    if (doc === undefined) {
      notIssued.push(scenario.name);
      continue;
    }
    const { voidedBy } = await client.documents.void(doc.id, { reason: 'Anulación de prueba' });
    // SUNAT's 4027 sums a line's IGV (1000) but not its IVAP (1016): an IVAP boleta's line is always observed, by SUNAT's own formula.
    await judge(`${scenario.name} (${doc.fullNumber})`, voidedBy!, voidedBy!.object === 'summary' && doc.totals.ivap > 0 ? '4027' : '-');
  }
  const party = { documentType: '6' as const, documentNumber: '20100070970', name: 'PROVEEDOR S.A.' };
  const related = [{ type: '01' as const, number: 'F001-100', issueDate: today, total: 1000, payment: { date: today, amount: 1000 } }];
  const retention = await client.retentions.create({ series: 'R001', supplier: party, regime: '01', documents: related });
  await judge(`comprobante de retención (${retention.fullNumber})`, (await client.retentions.void(retention.id, { reason: 'Pago anulado' })).voidedBy!, '-');
  const perception = await client.perceptions.create({ series: 'P001', customer: party, regime: '01', documents: related });
  await judge(`comprobante de percepción (${perception.fullNumber})`, (await client.perceptions.void(perception.id, { reason: 'Cobro anulado' })).voidedBy!, '-');
  // Condition 1: each B-series scenario in the RC of today, with a nota de crédito by documentId of the first boleta.
  const reported: Document[] = [];
  for (const scenario of UBL_SCENARIOS.filter(({ body }) => body.series.startsWith('B'))) {
    const doc = await reporting.documents.create({ ...scenario.body, issueDate: today }).catch(() => undefined);
    if (doc === undefined) notIssued.push(`${scenario.name} (reported)`);
    else reported.push(doc);
  }
  const boleta = reported.find((doc) => doc.type === '03' && doc.totals.ivap === 0);
  if (boleta !== undefined) {
    const reference = { documentId: boleta.id, reason: '07', description: 'Devolución' } as const;
    reported.push(
      await reporting.documents.create({ type: '07', series: boleta.series, customer: boleta.customer, items: [boleta.items[0]!], reference, issueDate: today }),
    );
  }
  for (const summaryId of new Set(reported.map((doc) => doc.summaryId!))) {
    const docs = reported.filter((doc) => doc.summaryId === summaryId);
    const title = `condition 1 (${docs.map((doc) => doc.fullNumber).join(', ')})`;
    // An IVAP boleta's line is observed 4027 by SUNAT's own formula, as above.
    await judge(title, { object: 'summary', id: summaryId }, docs.some((doc) => doc.totals.ivap > 0) ? '4027' : '-', reporting);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const columns: (keyof Row)[] = ['scenario', 'file', 'errors', 'observations'];
const width = (key: keyof Row) => Math.max(key.length, ...rows.map((row) => String(row[key]).length));
const format = (cells: Record<string, string>) => columns.map((key) => cells[key]!.padEnd(width(key))).join(' | ');
console.log(format({ scenario: 'scenario (document voided)', file: 'file', errors: 'errors', observations: 'observations' }));
console.log(columns.map((key) => '-'.repeat(width(key))).join('-|-'));
for (const row of rows) console.log(format({ ...row, status: String(row.status) }));
const failed = rows.filter((row) => row.status !== 0);
const kinds = (prefix: string) => rows.filter((row) => row.file.includes(`-${prefix}-`)).length;
console.log(
  `\n${rows.length} files (${kinds('RA')} RA, ${kinds('RR')} RR, ${kinds('RC')} RC) judged by SUNAT's stylesheets: ${rows.length - failed.length} without error or an observation other than expected, ${failed.length} not`,
);
if (notIssued.length > 0) console.log(`not issued today (their own dates, rates or references): ${notIssued.length}: ${notIssued.join('; ')}`);
process.exit(failed.some((row) => row.status === 2) ? 2 : failed.length > 0 ? 1 : 0);
