/**
 * Runs SUNAT's own validation stylesheets on the sandbox's UBL XML of every scenario of
 * test/ubl-scenarios.ts: `npx tsx scripts/validate-ubl.ts`.
 *
 * Each scenario is rendered to a temporary folder as SUNAT names files (RUC-TT-SERIES-NUMBER.xml)
 * and judged by `validate.sh --all` of the SUNAT XSL oracle (`shared/tools/sunat-xsl`, found
 * beside the checkout or one level up, or at $SUNAT_XSL_DIR; it needs Java and Saxon-HE). Prints
 * one row per scenario with SUNAT's error and observation codes, beside the observations
 * `documentObservations` finds (each scenario at its issuer's IGV rate, `--igv`; the port's 4439 at
 * 0.105, a rate it predates, is left out); exits 1 when any file has an error or SUNAT observes other codes
 * than `documentObservations`, 2 when a file cannot be judged. Without the oracle or Java it says
 * so and exits 0 (1 when CI is set).
 *
 * With $UBL_XSD_DIR (the `xsd` folder of OASIS's UBL 2.1 release) and `xmllint` on PATH, each
 * file is also validated against the UBL 2.1 schema of its root (element order, types): a file
 * the schema refuses counts as an error too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentObservations } from '../src/sunat/document/index.js';
import { ISSUER, scenarioRate, scenarioXml, UBL_SCENARIOS } from '../test/ubl-scenarios.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const candidates = [process.env['SUNAT_XSL_DIR'], join(root, '..', 'shared/tools/sunat-xsl'), join(root, '..', '..', 'shared/tools/sunat-xsl')];
const oracle = candidates.find((dir): dir is string => dir !== undefined && existsSync(join(dir, 'validate.sh')));
const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
const xsdDir = process.env['UBL_XSD_DIR'];
const xmllint = xsdDir !== undefined && spawnSync('xmllint', ['--version']).status === 0;

/** The UBL 2.1 schema check of one file: `valid`, the schema's complaint, or `-` when not run. */
function schemaCheck(file: string, root: string): { text: string; ok: boolean } {
  if (!xmllint || xsdDir === undefined) return { text: '-', ok: true };
  const run = spawnSync('xmllint', ['--noout', '--schema', join(xsdDir, 'maindoc', `UBL-${root}-2.1.xsd`), file], { encoding: 'utf8' });
  return run.status === 0 ? { text: 'valid', ok: true } : { text: `${run.stderr}`.trim().split('\n')[0] ?? 'invalid', ok: false };
}

if (!oracle || java.error || java.status !== 0) {
  console.log(`skipped: ${oracle ? 'no java on PATH' : 'SUNAT XSL oracle not found (set SUNAT_XSL_DIR)'}; nothing was judged`);
  // On CI (which installs Java and Saxon, with shared/ beside the checkout) a skip is a failure.
  process.exit(process.env['CI'] ? 1 : 0);
}

const folder = mkdtempSync(join(tmpdir(), 'yupana-ubl-'));
type Row = { scenario: string; file: string; errors: string; observations: string; ours: string; xsd: string; status: number };
/** Observation codes as a sorted list: `4237 4318 4320`, or `-` for none. */
const codes = (list: string[]) => [...list].sort().join(' ') || '-';
const ROOTS: Record<string, string> = { '01': 'Invoice', '03': 'Invoice', '07': 'CreditNote', '08': 'DebitNote' };
const rows: Row[] = [];
try {
  for (const scenario of UBL_SCENARIOS) {
    const { body } = scenario;
    const igvRate = scenarioRate(scenario);
    const file = `${ISSUER.ruc}-${body.type}-${body.series}-${scenario.number}.xml`;
    writeFileSync(join(folder, file), scenarioXml(scenario));
    const run = spawnSync('bash', [join(oracle, 'validate.sh'), '--all', '--name', file, '--now', body.issueDate, '--igv', String(igvRate), join(folder, file)], {
      encoding: 'utf8',
    });
    const line = `${run.stdout}`.trim().split('\n').at(-1) ?? '';
    const match = /errors:\s*([^;]*);\s*observations:\s*(.*)$/.exec(line);
    const schema = schemaCheck(join(folder, file), ROOTS[body.type] ?? 'Invoice');
    const status = match ? (run.status ?? 2) : 2;
    const observations = match
      ? codes(
          match[2]!
            .trim()
            .split(/[\s,]+/)
            // The port (mid-2024) knows the rates 0.10 and 0.18 only: at 0.105 it observes 4439 on every line, as SUNAT no longer does.
            .filter((code) => code !== '' && !(code === '4439' && igvRate === 0.105)),
        )
      : '-';
    const ours = codes(documentObservations(scenario.body, { igvRate }).map((observation) => observation.code));
    rows.push({
      scenario: scenario.name,
      file,
      errors: match ? match[1]!.trim() || '-' : `cannot judge: ${`${run.stderr}`.trim() || line}`,
      observations,
      ours,
      xsd: schema.text,
      status: status === 0 && (!schema.ok || observations !== ours) ? 1 : status,
    });
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const width = (key: keyof Row) => Math.max(key.length, ...rows.map((row) => String(row[key]).length));
const columns: (keyof Row)[] = ['scenario', 'file', 'errors', 'observations', 'ours', 'xsd'];
const format = (cells: Record<string, string>) => columns.map((key) => cells[key]!.padEnd(width(key))).join(' | ');
console.log(format({ scenario: 'scenario', file: 'file', errors: 'errors', observations: 'observations', ours: 'documentObservations', xsd: 'xsd' }));
console.log(columns.map((key) => '-'.repeat(width(key))).join('-|-'));
for (const row of rows) console.log(format({ ...row, status: String(row.status) }));
const failed = rows.filter((row) => row.status !== 0);
console.log(
  `\n${rows.length} files judged by SUNAT's stylesheets${xmllint ? ' and the UBL 2.1 schemas' : ''}: ${rows.length - failed.length} without error and observed as documentObservations says, ${failed.length} not`,
);
process.exit(failed.some((row) => row.status === 2) ? 2 : failed.length > 0 ? 1 : 0);
