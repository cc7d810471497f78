/**
 * One of the processes of the volume section's shared-key scenario (bench/volume.ts): issues its
 * own range of boletas with `documents.createMany` (the package as built in dist/), against the
 * server and API key its parent gives, at the same moment as its siblings.
 *
 * Reads `VOLUME_URL`, `VOLUME_KEY`, `VOLUME_FROM` (its first `metadata.ref`), `VOLUME_COUNT` and
 * `VOLUME_CONCURRENCY`. Sends `'ready'` once loaded and warmed, starts on the IPC message `'go'`, and
 * answers with its report: every result, every request with its time and status, and the
 * milliseconds from `'go'` to its last result.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boleta, type Outcome, recordingFetch, type Sent } from './volume.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { Client } = (await import(join(root, 'dist/index.js'))) as typeof import('yupana');

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const from = Number(env('VOLUME_FROM'));
const count = Number(env('VOLUME_COUNT'));
const concurrency = Number(env('VOLUME_CONCURRENCY'));

const sent: Sent[] = [];
let t0 = 0;
const countingFetch = recordingFetch(sent, () => t0);
const client = new Client({ apiKey: env('VOLUME_KEY'), baseURL: env('VOLUME_URL'), logLevel: 'off', fetch: countingFetch });

// Loaded and warmed before the common start (ky loads on a client's first request), with a key
// of its own so that the warm-up counts against no one's rate limit: the run measures pacing, not start-up.
await new Client({ apiKey: `${env('VOLUME_KEY')}_warmup`, baseURL: env('VOLUME_URL'), logLevel: 'off' }).documents.list({ limit: 1 });

process.once('message', async () => {
  t0 = performance.now();
  const outcomes: Outcome[] = [];
  function* inputs() {
    for (let i = 0; i < count; i++) yield boleta(from + i);
  }
  for await (const r of client.documents.createMany(inputs(), { concurrency })) {
    const index = from + r.index;
    outcomes.push(r.ok ? { index, ok: true } : { index, ok: false, error: { name: r.error.name, status: (r.error as { status?: number }).status } });
  }
  const elapsedMs = performance.now() - t0;
  process.send!({ outcomes, sent, elapsedMs }, () => process.exit(0));
});
process.send!('ready');
