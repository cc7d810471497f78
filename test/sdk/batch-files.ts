/**
 * Files of `yupana issue` for the tests and the memory bench (bench/batch-memory.ts) alike, with no
 * test framework in them: the boletas of a batch, the results file a finished run leaves, and a
 * probe of a process's peak memory.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultOutPath } from '../../src/cli/issue/args.js';

/** A boleta for customer `n` (its document number is `40000000 + n`). */
export const boleta = (n: number) => ({
  type: '03',
  series: 'B001',
  customer: { documentType: '1', documentNumber: String(40_000_000 + n), name: `Cliente ${n}` },
  items: [{ description: 'Pan', quantity: 1, unitPrice: 1, igv: 0.18 }],
});

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Writes `folder/ventas.jsonl`, `count` boletas, and the results file a finished run of it left on
 * `api` with `apiKey`: its batch record, then each line's record before sending and its result
 * (`B001-<line>`, accepted). Answers the input's path.
 */
export async function writeFinishedBatch(folder: string, count: number, api: string, apiKey: string): Promise<string> {
  const file = join(folder, 'ventas.jsonl');
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify(boleta(1_000_000 + i)));
  const content = `${lines.join('\n')}\n`;
  await writeFile(file, content);
  const prefix = `batch-${sha(content).slice(0, 16)}`;
  const at = new Date().toISOString();
  const batch = { format: 3, keyPrefix: prefix, api, input: file, sha256: sha(content), lines: count, startedAt: at, apiKey: `sha256:${sha(apiKey).slice(0, 16)}` };
  const records = [JSON.stringify({ batch })];
  lines.forEach((text, i) => {
    const key = `${prefix}-${sha(text).slice(0, 32)}`;
    records.push(JSON.stringify({ line: i + 1, key, sha256: sha(text), at, sending: true }));
    records.push(
      JSON.stringify({
        line: i + 1,
        key,
        sha256: sha(text),
        at,
        ok: true,
        id: `doc_${i.toString(36)}abcdefghij`,
        fullNumber: `B001-${i + 1}`,
        status: 'accepted',
        replayed: false,
      }),
    );
  });
  await writeFile(defaultOutPath(file), `${records.join('\n')}\n`);
  return file;
}

/**
 * A module for `node --import` (in `NODE_OPTIONS`) that writes, at the process's exit, its peak
 * resident memory as the kernel counts it (`VmHWM`, Linux only), and how to read it back in bytes.
 * Not `process.resourceUsage().maxRSS`: a spawned child inherits that from its parent's size at the fork.
 */
export async function peakMemoryProbe(folder: string): Promise<{ nodeOptions: string; read: () => Promise<number> }> {
  const probe = join(folder, 'peak.mjs');
  const result = join(folder, 'peak.txt');
  await writeFile(
    probe,
    "import { readFileSync, writeFileSync } from 'node:fs';\n" +
      `process.on('exit', () => writeFileSync(${JSON.stringify(result)}, /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]));\n`,
  );
  return { nodeOptions: `--import ${pathToFileURL(probe).href}`, read: async () => Number(await readFile(result, 'utf8')) * 1024 };
}
