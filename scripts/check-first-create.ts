/**
 * The first create in a browser, on the built package (`npm run test:package`, after the build):
 * an app that builds a `Client` and calls `documents.create`, bundled from dist/ by esbuild with
 * code splitting as an app's bundler does, sends its request after at most
 * FIRST_CREATE_ROUNDS_BUDGET rounds of module loads and FIRST_CREATE_GZIP_BUDGET bytes gzipped
 * chunk by chunk; and the strict SUNAT checks ship as a file that imports nothing (see
 * scripts/strict-checks-apart.ts). test/sdk/bundle-size.test.ts checks the same budgets on src/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIRST_CREATE_GZIP_BUDGET, FIRST_CREATE_ROUNDS_BUDGET, measureFirstRequest, splitApp, YUPANA_APP } from '../bench/bundle.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const failures: string[] = [];

const first = measureFirstRequest(await splitApp(YUPANA_APP, root, 'dist'), root);
for (const { round, file, gzip } of first.gzipByChunk) console.log(`round ${round}: ${file} ${gzip} B gzip`);
console.log(`first create from dist/: ${first.rounds} rounds, ${first.gzipByChunk.length} chunks, ${first.gzip} B gzipped chunk by chunk`);
if (first.request !== 'POST https://sandbox.yupana.pe/v1/documents') failures.push(`the first request is ${first.request}`);
if (first.rounds > FIRST_CREATE_ROUNDS_BUDGET) failures.push(`${first.rounds} rounds before the request, more than ${FIRST_CREATE_ROUNDS_BUDGET}`);
if (first.gzip > FIRST_CREATE_GZIP_BUDGET) failures.push(`${first.gzip} B gzip before the request, more than ${FIRST_CREATE_GZIP_BUDGET}`);

for (const file of ['dist/document-strict.js', 'dist/document-strict.cjs']) {
  const path = new URL(`../${file}`, import.meta.url);
  if (!existsSync(path)) {
    failures.push(`${file} is missing: the strict checks must ship as a file of their own`);
    continue;
  }
  const code = readFileSync(path, 'utf8');
  if (/^\s*import\s|\bimport\(|\brequire\(/m.test(code)) failures.push(`${file} imports another file: the strict checks must ship whole`);
}

if (failures.length) {
  console.error(failures.map((failure) => `check-first-create: ${failure}`).join('\n'));
  process.exit(1);
}
