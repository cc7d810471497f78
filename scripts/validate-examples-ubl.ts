/**
 * Runs SUNAT's own validation stylesheets on the `signedXml` the sandbox answers for every
 * document `examples/real-documents.ts` creates: `npx tsx scripts/validate-examples-ubl.ts`.
 *
 * The example runs against the mock sandbox (`startMockServer`, over loopback), each document's
 * XML is written to a temporary folder as SUNAT names files (RUC-TT-SERIES-NUMBER.xml) and judged
 * by `validate.sh --all` of the SUNAT XSL oracle (`shared/tools/sunat-xsl`, found beside the
 * checkout or one level up, or at $SUNAT_XSL_DIR; it needs Java and Saxon-HE). Prints one row per
 * document with SUNAT's error and observation codes; exits 1 when any file has an error, 2 when a
 * file cannot be judged. Without the oracle or Java it says so and exits 0 (1 when CI is set).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { igvRateOn } from '../src/sunat/rates.js';
import { createMockSandbox, MOCK_API_KEY, startMockServer } from '../src/testing/index.js';
import { SANDBOX_ISSUER } from '../src/testing/store/account.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const candidates = [process.env['SUNAT_XSL_DIR'], join(root, '..', 'shared/tools/sunat-xsl'), join(root, '..', '..', 'shared/tools/sunat-xsl')];
const oracle = candidates.find((dir): dir is string => dir !== undefined && existsSync(join(dir, 'validate.sh')));
const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (!oracle || java.error || java.status !== 0) {
  console.log(`skipped: ${oracle ? 'no java on PATH' : 'SUNAT XSL oracle not found (set SUNAT_XSL_DIR)'}; nothing was judged`);
  // On CI (which installs Java and Saxon, with shared/ beside the checkout) a skip is a failure.
  process.exit(process.env['CI'] ? 1 : 0);
}

const sandbox = createMockSandbox();
const server = await startMockServer({ sandbox });
try {
  const env = { ...process.env, YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: server.url };
  await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'examples/real-documents.ts')], { env, timeout: 60_000 });
} finally {
  await server.close();
}

const folder = mkdtempSync(join(tmpdir(), 'yupana-examples-ubl-'));
let exit = 0;
const rows = ['| document | errors | observations |', '|---|---|---|'];
try {
  for (const doc of sandbox.documents()) {
    const file = `${SANDBOX_ISSUER.ruc}-${doc.type}-${doc.fullNumber}.xml`;
    writeFileSync(join(folder, file), doc.signedXml);
    // The issuer's rate it was issued at: the reduced one of SUNAT's padrón when its lines carry it (the restaurant's).
    const reduced = doc.signedXml.includes(`<cbc:Percent>${(igvRateOn(doc.issueDate, { reduced: true }) * 100).toFixed(2)}</cbc:Percent>`);
    const args = [
      join(oracle, 'validate.sh'),
      '--all',
      '--name',
      file,
      '--now',
      doc.issueDate,
      '--igv',
      String(igvRateOn(doc.issueDate, { reduced })),
      join(folder, file),
    ];
    const run = spawnSync('bash', args, { encoding: 'utf8' });
    const match = /errors:\s*([^;]*);\s*observations:\s*(.*)$/.exec(`${run.stdout}`.trim().split('\n').at(-1) ?? '');
    if (!match || run.status === 2) exit = 2;
    else if (run.status !== 0 && exit === 0) exit = 1;
    rows.push(`| ${doc.type} ${doc.fullNumber} | ${match?.[1]?.trim() || (match ? 'none' : `cannot judge: ${run.stderr.trim()}`)} | ${match?.[2]?.trim() || 'none'} |`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(rows.join('\n'));
process.exit(exit);
