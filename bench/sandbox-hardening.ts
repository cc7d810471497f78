/**
 * The sandbox left running for days, measured (issue 33): `npx tsx bench/sandbox-hardening.ts
 * [--base <dir>] [--rounds 5] [--requests 2000] [--seconds 20] [--only cost|slow-reader|flood]`.
 * Each contender is a checkout whose `dist/` is built (`npm run build`): this one, and with `--base`
 * another (e.g. a copy of the commit before a change, built the same way). Every server is the
 * built `yupana-mock` (`dist/cli.js --port 0`) in a process of its own, read from /proc (Linux only).
 *
 * - `cost`: the server's CPU per request (user + system, from /proc/<pid>/stat), for creates and
 *   for retrieves, 8 in flight over keep-alive connections, after a warm-up; the contenders
 *   interleaved round by round, each round against a fresh server. The median of the rounds and
 *   their min-max.
 * - `slow-reader`: 10 connections that pipeline `GET /v1/documents?limit=100` (100 documents
 *   seeded, each answer about 150 KB) as fast as the server reads them and never read an answer.
 *   The server's peak resident memory over `--seconds`, and meanwhile a well-behaved client's
 *   `GET /v1/account` every second (timing out after 5 s).
 * - `flood`: 4 clients POSTing 1 MB bodies of 40 000 unknown fields (each a 422), each with its own
 *   idempotency key, for `--seconds`. The server's peak resident memory, the answers, whether it is
 *   still up, and the size of one 422.
 *
 * Prints Markdown tables. Wall times are printed for reading, never asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    only: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const requests = Number(values.requests);
const seconds = Number(values.seconds);
const here = resolve(import.meta.dirname, '..');
const contenders: [string, string][] = [['this tree', here], ...(values.base ? [['base', resolve(values.base)] as [string, string]] : [])];

interface Mock {
  child: ChildProcess;
  url: string;
  /** CPU seconds used so far (user + system). */
  cpu(): number;
  /** Resident memory in MB. */
  rss(): number;
  alive(): boolean;
  stop(): Promise<void>;
}

async function startMock(dir: string): Promise<Mock> {
  const child = spawn(process.execPath, [resolve(dir, 'dist/cli.js'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let exited = false;
  let stderr = '';
  child.once('exit', (code, signal) => {
    exited = true;
    if (signal !== 'SIGKILL') console.error(`yupana-mock (${dir}) exited with ${code ?? signal}: ${stderr.slice(-2000)}`);
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) done(match[1]!);
    });
    child.once('exit', (code) => fail(new Error(`yupana-mock exited with ${code}: ${out}`)));
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-10_000);
  });
  const stat = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return {
    child,
    url,
    cpu: () => {
      const fields = stat();
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    rss: () => (exited ? 0 : Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024),
    alive: () => !exited,
    stop: async () => {
      if (exited) return;
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await gone;
    },
  };
}

const KEY = 'sk_test_bench_hardening';
const factura = JSON.stringify({
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', address: 'Av. Arequipa 123, Lima' },
  items: [{ description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36 }],
});
let keys = 0;
const create = (url: string) =>
  fetch(`${url}/v1/documents`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${process.pid}-${++keys}` },
    body: factura,
  }).then(async (response) => {
    const body = (await response.json()) as { id: string };
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${JSON.stringify(body)}`);
    return body.id;
  });
const retrieve = (url: string, id: string) =>
  fetch(`${url}/v1/documents/${id}`, { headers: { Authorization: `Bearer ${KEY}` } }).then(async (response) => {
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`retrieve answered ${response.status}`);
  });

/** Runs `count` calls of `call`, `concurrency` at a time. */
async function pool(count: number, concurrency: number, call: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await call(next++);
    }),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = (x: number) => x.toFixed(0);

async function cost(): Promise<void> {
  const results = new Map(contenders.map(([name]) => [name, { create: [] as number[], retrieve: [] as number[] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, dir] of round % 2 === 0 ? contenders : [...contenders].reverse()) {
      const mock = await startMock(dir);
      try {
        const ids: string[] = [];
        await pool(300, 8, async () => ids.push(await create(mock.url)));
        await pool(300, 8, (i) => retrieve(mock.url, ids[i % ids.length]!));
        let before = mock.cpu();
        await pool(requests, 8, async () => ids.push(await create(mock.url)));
        results.get(name)!.create.push(((mock.cpu() - before) / requests) * 1e6);
        before = mock.cpu();
        await pool(requests, 8, (i) => retrieve(mock.url, ids[i % ids.length]!));
        results.get(name)!.retrieve.push(((mock.cpu() - before) / requests) * 1e6);
      } finally {
        await mock.stop();
      }
    }
  }
  console.log(`\n### Server CPU per request (µs, median of ${rounds} rounds [min-max]; ${requests} requests a round, 8 in flight)\n`);
  console.log('| contender | create | retrieve |');
  console.log('|---|---|---|');
  for (const [name, { create, retrieve }] of results) {
    const cell = (xs: number[]) => `${us(median(xs))} [${us(Math.min(...xs))}-${us(Math.max(...xs))}]`;
    console.log(`| ${name} | ${cell(create)} | ${cell(retrieve)} |`);
  }
  if (contenders.length === 2) {
    const [a, b] = [...results.values()] as [{ create: number[]; retrieve: number[] }, { create: number[]; retrieve: number[] }];
    console.log(`| ratio | ${(median(a.create) / median(b.create)).toFixed(3)} | ${(median(a.retrieve) / median(b.retrieve)).toFixed(3)} |`);
  }
}

/** A well-behaved client's GET /v1/account: its time in ms, or `Infinity` after 5 s. */
async function probe(url: string): Promise<number> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/v1/account`, { headers: { Authorization: `Bearer ${KEY}` }, signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return performance.now() - started;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Samples `mock`'s RSS every 250 ms and probes it once a second (one probe at a time) until `stopAt`; answers the peak and the probes. */
async function watch(mock: Mock, stopAt: number): Promise<{ peak: number; probes: number[] }> {
  let peak = mock.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, mock.rss())), 250);
  const probes: number[] = [];
  while (performance.now() < stopAt && mock.alive()) {
    const [ms] = await Promise.all([probe(mock.url), new Promise((done) => setTimeout(done, 1000))]);
    probes.push(ms);
  }
  clearInterval(sampler);
  return { peak: Math.max(peak, mock.rss()), probes };
}

const ms = (xs: number[]) => {
  const late = xs.filter((x) => !Number.isFinite(x)).length;
  const finite = xs.filter(Number.isFinite);
  return `${finite.length ? Math.max(...finite).toFixed(0) : '-'} ms max${late ? `, ${late} of ${xs.length} timed out` : ''}`;
};

async function slowReader(): Promise<void> {
  console.log(`\n### 10 connections pipelining GET /v1/documents?limit=100, never reading (${seconds} s)\n`);
  console.log('| contender | RSS at start (MB) | peak RSS (MB) | GET /v1/account meanwhile | up after |');
  console.log('|---|---|---|---|---|');
  for (const [name, dir] of contenders) {
    const mock = await startMock(dir);
    try {
      await pool(100, 8, () => create(mock.url));
      const start = mock.rss();
      const { hostname, port } = new URL(mock.url);
      const request = Buffer.from(`GET /v1/documents?limit=100 HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${KEY}\r\n\r\n`.repeat(50));
      const sockets: Socket[] = [];
      let stopped = false;
      for (let i = 0; i < 10; i++) {
        const socket = connect(Number(port), hostname);
        socket.on('error', () => undefined);
        socket.pause(); // never reads an answer
        const pump = () => {
          while (!stopped && socket.write(request));
        };
        socket.on('connect', pump).on('drain', pump);
        sockets.push(socket);
      }
      const { peak, probes } = await watch(mock, performance.now() + seconds * 1000);
      stopped = true;
      for (const socket of sockets) socket.destroy();
      const after = mock.alive() && Number.isFinite(await probe(mock.url));
      console.log(`| ${name} | ${start.toFixed(0)} | ${peak.toFixed(0)} | ${ms(probes)} | ${after ? 'yes' : 'no'} |`);
    } finally {
      await mock.stop();
    }
  }
}

async function flood(): Promise<void> {
  const fields = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`field_${String(i).padStart(6, '0')}`, 'x']));
  const body = JSON.stringify({ ...JSON.parse(factura), ...fields });
  console.log(`\n### 4 clients POSTing ${(body.length / 1e6).toFixed(2)} MB bodies of 40 000 unknown fields (${seconds} s)\n`);
  console.log('| contender | RSS at start (MB) | peak RSS (MB) | answers | one 422 (KB) | GET /v1/account meanwhile | up after |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, dir] of contenders) {
    const mock = await startMock(dir);
    try {
      const start = mock.rss();
      const stopAt = performance.now() + seconds * 1000;
      let answers = 0;
      let size = 0;
      const post = async () => {
        while (performance.now() < stopAt && mock.alive()) {
          try {
            const response = await fetch(`${mock.url}/v1/documents`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', 'Idempotency-Key': `flood-${++keys}` },
              body,
            });
            size = (await response.arrayBuffer()).byteLength;
            answers++;
          } catch {
            await new Promise((done) => setTimeout(done, 100));
          }
        }
      };
      const [{ peak, probes }] = await Promise.all([watch(mock, stopAt), post(), post(), post(), post()]);
      const after = mock.alive() && Number.isFinite(await probe(mock.url));
      console.log(`| ${name} | ${start.toFixed(0)} | ${peak.toFixed(0)} | ${answers} | ${(size / 1024).toFixed(0)} | ${ms(probes)} | ${after ? 'yes' : 'no'} |`);
    } finally {
      await mock.stop();
    }
  }
}

console.log(`\nThe sandbox hardened (issue 33) · Node ${process.version} · ${contenders.map(([name, dir]) => `${name}: ${dir}`).join(', ')}`);
if (!values.only || values.only === 'cost') await cost();
if (!values.only || values.only === 'slow-reader') await slowReader();
if (!values.only || values.only === 'flood') await flood();
