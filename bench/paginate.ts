/**
 * Child of bench.ts (run with --expose-gc): walks every document of the loopback server with
 * `for await` and prints the heap growth after GC as JSON.
 */
import { fileURLToPath } from 'node:url';

// The built package, as users load it (`npm run bench` builds it first); the types come from src.
const { Client } = (await import(fileURLToPath(new URL('../dist/index.js', import.meta.url)))) as typeof import('yupana');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const client = new Client({ apiKey: 'sk_test_bench', baseURL: process.argv[2], logLevel: 'off' });

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return process.memoryUsage().heapUsed;
};
// Warm up with a first full pass, so that compiled code, caches and connection pools that any
// long loop builds once do not count as growth; then measure a second pass.
for await (const doc of client.documents.list({ limit: 100 })) void doc;
const before = await settle();
const start = performance.now();
let documents = 0;
let checksum = 0;
for await (const doc of client.documents.list({ limit: 100 })) {
  documents++;
  checksum += doc.number;
}
const seconds = (performance.now() - start) / 1000;
const heapGrowthBytes = (await settle()) - before;
process.stdout.write(JSON.stringify({ documents, pages: Math.ceil(documents / 100), heapGrowthBytes, seconds, checksum }));
