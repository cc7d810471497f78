/**
 * `yupana issue` as a process: the built bin (`dist/yupana.js`, `npm run build` first; `npm test`
 * builds before it runs this project) against the mock server on loopback, started here. What
 * only a process shows: its exit status and streams, SIGTERM (a container's `docker stop`) and
 * SIGKILL with documents in flight, a file size limit, and the memory a long results file takes.
 * Everything else about the command runs in-process (test/sdk/cli-*.test.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultOutPath } from '../../src/cli/issue/args.js';
import { MOCK_API_KEY, type MockFault, type MockServer, type RecordedRequest, startMockServer } from '../../src/testing/index.js';
import { server as msw } from '../msw.js';
import { peakMemoryProbe, writeFinishedBatch } from '../sdk/batch-files.js';
import { BUILT_BIN, boleta, customerOf, type GateDecision, jsonl, readRecords, runIn, spawnBin, startGate, SUMMARY } from '../sdk/cli-helpers.js';

let mock: MockServer;
let dir: string;
/** Decides each request's fault; tests swap it. */
let faultFor: (request: RecordedRequest) => MockFault | undefined = () => undefined;

beforeEach(() => {
  // The gates of these tests forward to the mock from this process.
  msw.use(http.all(`${mock.url}/*`, () => passthrough()));
});
beforeAll(async () => {
  if (!existsSync(BUILT_BIN)) throw new Error(`${BUILT_BIN} is missing: run npm run build first (npm test does)`);
  mock = await startMockServer({ port: 0, fault: (request) => faultFor(request) });
  dir = await mkdtemp(join(tmpdir(), 'yupana-bin-'));
});
afterAll(async () => {
  await mock?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const posts = () => mock.sandbox.requests.filter((r) => r.method === 'POST').length;
/** How many documents the sandbox holds for each of `customers`. */
const documentsOf = (customers: number[]) => customers.map((n) => mock.sandbox.documents().filter((d) => customerOf(d) === n).length);
const boletas = (...customers: number[]) => jsonl(...customers.map((n) => JSON.stringify(boleta(n))));
/** The same boletas as CSV rows, `;` and a decimal comma, as Excel writes them on a Spanish Windows. */
const csvBoletas = (...customers: number[]) =>
  [
    'document;type;series;customer.documentType;customer.documentNumber;customer.name;item.description;item.quantity;item.unitPrice;item.igv',
    ...customers.map((n) => `B-${n};03;B001;1;${40_000_000 + n};Cliente ${n};Pan;1;1,00;0,18`),
  ].join('\r\n');
let files = 0;
async function inputFile(content: string, name: string): Promise<string> {
  const folder = join(dir, `case-${++files}`);
  await mkdir(folder, { recursive: true });
  const file = join(folder, name);
  await writeFile(file, content);
  return file;
}
const summaryOf = (stderr: string) => SUMMARY.exec(stderr)?.slice(1, 8);

describe('the built bin', () => {
  it('issues a file, writes only to stderr, exits 0; a re-run skips every line; a usage error is exit 2 with nothing sent', async () => {
    const file = await inputFile(boletas(5001, 5002), 'ventas.jsonl');
    const first = await spawnBin(['issue', file], mock.url).done;
    expect([first.code, first.stdout, summaryOf(first.stderr)]).toEqual([0, '', ['2', '2', '0', '0', '0', undefined, undefined]]);
    const again = await spawnBin(['issue', file], mock.url).done;
    expect([again.code, summaryOf(again.stderr)]).toEqual([0, ['2', '0', '0', '0', '2', undefined, undefined]]);
    const sent = posts();
    const usage = await spawnBin(['issue', file, '--concurrency', '0'], mock.url).done;
    expect([usage.code, usage.stdout]).toEqual([2, '']);
    expect(usage.stderr).toContain("Run 'yupana issue --help' for usage.");
    expect(posts()).toBe(sent);
    expect(documentsOf([5001, 5002])).toEqual([1, 1]);
  });

  it.runIf(process.platform === 'linux')('refuses a results file the disk takes no more bytes of (a file size limit): exit 2, nothing sent', async () => {
    const file = await inputFile(boletas(5011, 5012), 'ventas.jsonl');
    expect((await spawnBin(['issue', file], mock.url).done).code).toBe(0);
    await writeFile(file, boletas(5011, 5012, 5013));
    const sent = posts();
    // The results file opens, but writes fail with EFBIG: the batch record, written first, proves it before anything is sent.
    const full = await spawnBin(['issue', file], mock.url, {}, 'trap "" XFSZ; ulimit -f 1; exec "$0" "$@"').done;
    expect(full.code).toBe(2);
    expect(full.stderr).toContain(`cannot write the results file ${defaultOutPath(file)}`);
    expect(posts()).toBe(sent);
    expect(existsSync(`${defaultOutPath(file)}.lock`)).toBe(false);
  });
});

describe('SIGTERM with a batch in flight (docker stop, Kubernetes)', () => {
  it('lets the document in flight finish and records it, reads no more, releases the lock and exits 143; the next run issues the rest once', async () => {
    const file = await inputFile(boletas(5101, 5102, 5103, 5104), 'ventas.jsonl');
    let run!: ReturnType<typeof spawnBin>;
    const gate = await startGate(mock.url, async (body) => {
      if (customerOf(body) === 5102) {
        run.child.kill('SIGTERM');
        await expect.poll(run.stderr, { interval: 10, timeout: 60_000 }).toContain('stopping: no new lines');
      }
      return undefined;
    });
    try {
      run = spawnBin(['issue', file, '--concurrency', '1'], gate.url, { YUPANA_STOP_GRACE: '60' });
      const stopped = await run.done;
      expect([stopped.code, stopped.signal]).toEqual([143, null]);
      expect(stopped.stderr).toMatch(/terminated \(SIGTERM\) after 2 lines, 2 issued, .*run the same command again to resume\n$/);
      expect((await readRecords(defaultOutPath(file))).results.map((r) => [r.line, r.ok])).toEqual([
        [1, true],
        [2, true],
      ]);
      expect(existsSync(`${defaultOutPath(file)}.lock`)).toBe(false);
      expect(documentsOf([5101, 5102, 5103])).toEqual([1, 1, 0]);
      const resumed = await spawnBin(['issue', file], gate.url).done;
      expect([resumed.code, summaryOf(resumed.stderr)]).toEqual([0, ['4', '2', '0', '0', '2', undefined, undefined]]);
    } finally {
      await gate.close();
    }
    expect(documentsOf([5101, 5102, 5103, 5104])).toEqual([1, 1, 1, 1]);
  });

  it('aborts a document still in flight after the grace (YUPANA_STOP_GRACE), before the SIGKILL that follows: recorded as maybe issued, lock released, exit 143; the next run gets it by replay', async () => {
    const file = await inputFile(boletas(5201, 5202), 'ventas.jsonl');
    let run!: ReturnType<typeof spawnBin>;
    let forward!: () => void;
    const forwarded = new Promise<void>((resolve) => (forward = resolve));
    let holding = true;
    const gate = await startGate(mock.url, async (body): Promise<GateDecision> => {
      if (holding && customerOf(body) === 5201) {
        run.child.kill('SIGTERM');
        await forwarded; // the request reaches the API after the client gave up on it
      }
      return undefined;
    });
    try {
      run = spawnBin(['issue', file, '--concurrency', '1'], gate.url, { YUPANA_STOP_GRACE: '1' });
      const stopped = await run.done;
      expect([stopped.code, stopped.signal]).toEqual([143, null]);
      expect((await readRecords(defaultOutPath(file))).results).toEqual([
        expect.objectContaining({ line: 1, ok: false, maybeIssued: true, error: expect.objectContaining({ name: 'APIUserAbortError' }) }),
      ]);
      expect(existsSync(`${defaultOutPath(file)}.lock`)).toBe(false);
      forward();
      await expect.poll(() => documentsOf([5201]), { timeout: 60_000 }).toEqual([1]);
      holding = false;
      const resumed = await spawnBin(['issue', file], gate.url).done;
      expect([resumed.code, summaryOf(resumed.stderr)]).toEqual([0, ['2', '1', '1', '0', '0', undefined, undefined]]);
    } finally {
      forward();
      await gate.close();
    }
    expect(documentsOf([5201, 5202])).toEqual([1, 1]);
  });
});

describe('SIGKILL at random points', () => {
  it.each([
    ['JSON Lines', 'ventas.jsonl', 5300, boletas],
    ['CSV', 'ventas.csv', 5400, csvBoletas],
  ])('issues every document of a %s file exactly once however often the batch is killed', async (_format, name, base, content) => {
    const customers = Array.from({ length: 40 }, (_, i) => base + i);
    const file = await inputFile(content(...customers), name);
    for (let kill = 0; kill < 4; kill++) {
      let run!: ReturnType<typeof spawnBin>;
      let seen = 0;
      const killAfter = 1 + Math.floor(Math.random() * 8);
      faultFor = (request) => {
        if (request.method === 'POST' && ++seen === killAfter) run.child.kill('SIGKILL');
        return undefined;
      };
      run = spawnBin(['issue', file, '--concurrency', '4'], mock.url);
      expect((await run.done).signal).toBe('SIGKILL');
    }
    faultFor = () => undefined;
    // The last run takes over the lock the killed one left, and finishes the batch.
    const last = await runIn(['issue', file], mock.url);
    expect(last.code, last.stderr).toBe(0);
    expect(documentsOf(customers)).toEqual(customers.map(() => 1));
  });
});

describe('memory', () => {
  it('re-runs a batch of 200 000 lines under 150 MB of resident memory: the results file is read as a stream into typed arrays, no entry kept as an object', async () => {
    const folder = join(dir, 'large');
    await mkdir(folder, { recursive: true });
    const file = await writeFinishedBatch(folder, 200_000, mock.url, MOCK_API_KEY);
    const linux = process.platform === 'linux';
    const peak = await peakMemoryProbe(folder);
    // Once the journal held about 80 MB of heap (375 MB of RSS); then 184-192 MB of RSS with its entries
    // in typed arrays; 108 MB since its index is dense and no entry is an object with closures of its own.
    // A minute on a quiet machine at most; several at a load of 30: killed only just before the test's own timeout.
    const run = await spawnBin(['issue', file], mock.url, linux ? { NODE_OPTIONS: peak.nodeOptions } : {}, undefined, 290_000).done;
    expect(run.signal, 'killed: the run outlived the test').toBeNull();
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(summaryOf(run.stderr)).toEqual(['200000', '0', '0', '0', '200000', undefined, undefined]);
    if (linux) expect(await peak.read()).toBeLessThan(150 * 1024 * 1024);
  }, 300_000);
});
