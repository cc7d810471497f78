/**
 * `yupana issue` re-running a finished batch, measured (issue 33): `npx tsx bench/batch-memory.ts
 * [--lines 100,20000,200000]`. For each size it writes a JSON Lines file of boletas and the results
 * file a finished run leaves (test/sdk/batch-files.ts, as the memory test does), then runs the
 * built CLI (`dist/yupana.js issue <file>`; `npm run build` first) against the built sandbox in this
 * process, and prints the CLI's peak resident memory (Linux only: read from /proc) and, at its
 * exit, its heap and its typed arrays. Each size runs with default flags and with the old space
 * capped at 64 MB (`--max-old-space-size=64`); `FLAGS="<flags>,<flags>"` runs other sets of Node
 * flags instead.
 *
 * Prints a Markdown table. Nothing is asserted here; the test `re-runs a batch of 200 000 lines
 * under 150 MB` (test/process/cli-bin.test.ts) holds the budget.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { peakMemoryProbe, writeFinishedBatch } from '../test/sdk/batch-files.js';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '100,20000,200000' } } });
const here = resolve(import.meta.dirname, '..');
const { MOCK_API_KEY, startMockServer } = (await import(join(here, 'dist/testing.js'))) as typeof import('yupana/testing');

/** Runs the CLI on `file` with the Node flags `flags`; its peak, heap and typed arrays in bytes. */
async function run(file: string, api: string, flags: string) {
  const folder = join(file, '..');
  const peak = await peakMemoryProbe(folder);
  const heap = join(folder, 'heap.json');
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, [join(here, 'dist/yupana.js'), 'issue', file], {
      env: {
        ...process.env,
        YUPANA_API_KEY: MOCK_API_KEY,
        YUPANA_BASE_URL: api,
        // The heap at exit, written by a second module: the probe keeps to the peak.
        NODE_OPTIONS: `${flags} ${peak.nodeOptions} --import data:text/javascript,${encodeURIComponent(
          `import{writeFileSync}from'node:fs';process.on('exit',()=>writeFileSync(${JSON.stringify(heap)},JSON.stringify(process.memoryUsage())))`,
        )}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => done({ code, stderr }));
  });
  if (code !== 0) throw new Error(`the run ended with ${code}:\n${stderr.slice(-2000)}`);
  const memory = JSON.parse(await readFile(heap, 'utf8')) as NodeJS.MemoryUsage;
  return { peak: await peak.read(), ...memory };
}

const mock = await startMockServer();
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
console.log('| Lines | Node flags | Peak RSS | Heap used | Heap total | Typed arrays |');
console.log('|---|---|---|---|---|---|');
for (const count of values.lines.split(',').map(Number)) {
  for (const flags of (process.env.FLAGS ?? ',--max-old-space-size=64').split(',')) {
    const folder = await mkdtemp(join(tmpdir(), 'yupana-batch-memory-'));
    const file = await writeFinishedBatch(folder, count, mock.url, MOCK_API_KEY);
    const m = await run(file, mock.url, flags);
    console.log(`| ${count.toLocaleString('en')} | ${flags || 'none'} | ${mb(m.peak)} | ${mb(m.heapUsed)} | ${mb(m.heapTotal)} | ${mb(m.arrayBuffers)} |`);
    await rm(folder, { recursive: true, force: true });
  }
}
await mock.close();
