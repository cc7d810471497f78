/**
 * `npm run bench`: yupana against a bare `fetch`, ky, and the leading SDKs (openai, stripe,
 * facturapi), all calling a loopback server in its own process (bench/server.ts; a fresh one
 * for each round of requests). Contenders run interleaved, round by round. Prints one Markdown table and writes it to bench/RESULTS.md.
 *
 * Measured: CPU and wall time per request (sequential and 16 in flight) and the memory a request
 * allocates, each contender in a fresh process of its own (bench/requests.ts), import cost (fresh
 * processes), pagination memory over 100 000 documents, validation time, browser bundle size,
 * the first create in a browser (round trips of module loads before the request leaves, and the
 * chunks downloaded for it; alone: `npm run bench -- --first-create`), and issuing at volume
 * under a rate limit (bench/volume.ts; alone: `npm run bench -- --volume`). The targets of issue
 * 20 are checked in a table of their own.
 */
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FIRST_CREATE_GZIP_TARGET,
  FIRST_CREATE_ROUNDS_TARGET,
  measureBundle,
  measureFirstRequest,
  ROUND_TRIP_MS,
  splitApp,
  YUPANA_APP,
  type FirstCreate,
} from './bundle.js';
import { firstRequestInChromium } from './first-request-chromium.js';
import { ALLOCATION_FLAGS, ALLOCATION_REQUESTS, BEFORE, body, CONTENDERS, IN_FLIGHT } from './requests.js';
import { historyOf, runVolume, volumeMarkdown, withVolumeSection, type VolumeOptions } from './volume.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The built package, as users load it (`npm run bench` builds it first); the types come from src.
const { DocumentCreateParams } = (await import(join(root, 'dist/schemas.js'))) as typeof import('yupana/schemas');
const quick = process.argv.includes('--quick');
const ROUNDS = quick ? 3 : 7;
// The requests: per contender and round, a fresh process sends WARM_UP requests unmeasured (the
// JIT settles), then SEQUENTIAL one after the other and CONCURRENT 16 at a time. On a 2-core
// machine the same code's CPU per request moves 5-10 % from one process to the next.
const REQUEST_ROUNDS = quick ? 3 : 9;
const WARM_UP = quick ? 300 : 2_000;
const SEQUENTIAL = quick ? 300 : 1_000;
const CONCURRENT = quick ? 320 : 1_600;
const ALLOCATION_RUNS = quick ? 1 : 3;
const IMPORT_RUNS = quick ? 5 : 15;
const RESULTS = join(root, 'bench/RESULTS.md');
// The volume section: 2 000 boletas under 100 requests/s (about 20 s per contender), then split over 4 processes sharing one key.
const VOLUME: VolumeOptions = { total: quick ? 500 : 2_000, concurrency: 16, requests: 100, windowSeconds: 1, processes: 4 };
const volumeSection = async () => volumeMarkdown(await runVolume(VOLUME, (line) => process.stderr.write(`${line}\n`)), VOLUME);

// Browser apps that make one create-equivalent request, per contender.
const apps: Record<string, string> = {
  'bare fetch': `fetch('https://api.example.pe/v1/documents', { method: 'POST', body: JSON.stringify({ a: 1 }) }).then((r) => r.json()).then(console.log);`,
  yupana: YUPANA_APP,
  openai: `import OpenAI from 'openai'; new OpenAI({ apiKey: 'k', dangerouslyAllowBrowser: true }).post('/documents', { body: { a: 1 } }).then(console.log);`,
  stripe: `import Stripe from 'stripe'; new Stripe('k', { httpClient: Stripe.createFetchHttpClient() }).customers.create({ name: 'a' }).then(console.log);`,
  facturapi: `import Facturapi from 'facturapi'; new Facturapi('k').invoices.create({ customer: 'c', items: [] }).then(console.log);`,
  'ky.post json': `import ky from 'ky'; ky.post('https://api.example.pe/v1/documents', { json: { a: 1 } }).json().then(console.log);`,
};
// Runs in Chromium per contender (interleaved), each chunk answered ROUND_TRIP_MS late.
const CHROMIUM_RUNS = quick ? 1 : 3;

/** The first create in a browser, per contender: each app split as a bundler splits it (yupana from the built dist/), its rounds counted, and timed in Chromium. */
async function firstCreates() {
  const measured: Record<string, FirstCreate & { chromiumMs: number[]; chromiumRounds: number[] }> = {};
  const bundles = Object.fromEntries(await Promise.all(Object.entries(apps).map(async ([name, source]) => [name, await splitApp(source, root, 'dist')] as const)));
  for (const [name, bundle] of Object.entries(bundles)) measured[name] = { ...measureFirstRequest(bundle, root), chromiumMs: [], chromiumRounds: [] };
  for (let run = 0; run < CHROMIUM_RUNS; run++) {
    for (const [name, bundle] of Object.entries(bundles)) {
      const timed = await firstRequestInChromium(bundle, ROUND_TRIP_MS);
      if (timed) {
        measured[name]!.chromiumMs.push(timed.msToRequest);
        measured[name]!.chromiumRounds.push(timed.rounds);
      }
    }
  }
  return measured;
}

/** The rounds of yupana's first create as Markdown: each chunk with its round and gzip bytes. */
function firstCreateDetail({
  gzipByChunk,
  gzip,
  gzipAsOne,
  rounds,
  chromiumMs,
  chromiumRounds,
}: FirstCreate & { chromiumMs: number[]; chromiumRounds: number[] }): string {
  const byRound = new Map<number, typeof gzipByChunk>();
  for (const chunk of gzipByChunk) byRound.set(chunk.round, [...(byRound.get(chunk.round) ?? []), chunk]);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  return `yupana's first create in a browser (bundled by esbuild from dist/ with code splitting, every module
load ${ROUND_TRIP_MS} ms late; rounds counted by bench/first-request.ts, Chromium timing by
bench/first-request-chromium.ts): **${rounds} rounds**, ${gzipByChunk.length} chunks, **${kb(gzip)} KB** gzipped chunk by chunk
(${kb(gzipAsOne)} KB as one file)${chromiumMs.length ? `; in Chromium, ${chromiumRounds.join(', ')} rounds and the request after ${chromiumMs.join(', ')} ms` : ''}.
${[...byRound].map(([round, chunks]) => `Round ${round}: ${chunks.map((chunk) => `${chunk.file} ${chunk.gzip} B`).join(', ')}`).join('  \n')}
`;
}

// `npm run bench -- --first-create`: that section alone, printed (bench/RESULTS.md is left as it is).
if (process.argv.includes('--first-create')) {
  const measured = await firstCreates();
  for (const [name, m] of Object.entries(measured)) {
    process.stdout.write(
      `${name}: ${m.rounds} rounds (${m.msToRequest} ms), ${m.gzipByChunk.length} chunks, ${(m.gzip / 1024).toFixed(1)} KB gzip by chunk, Chromium ${m.chromiumRounds.join(', ')} rounds, ${m.chromiumMs.join(', ')} ms\n`,
    );
  }
  process.stdout.write(firstCreateDetail(measured['yupana']!));
  process.exit(0);
}

// `npm run bench -- --volume`: the volume section alone, written into the "Issuing at volume"
// part of bench/RESULTS.md; the rest of the file stays as the last full run left it.
if (process.argv.includes('--volume')) {
  const section = await volumeSection();
  process.stdout.write(section);
  if (!quick) writeFileSync(RESULTS, withVolumeSection(existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n', section));
  process.exit(0);
}

type Row = { metric: string; unit: string; values: Map<string, number[]>; lowerIsBetter?: boolean; noRatio?: boolean };
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The loopback server (bench/server.ts) in a process of its own, at `origin` until `stop`. */
async function startServer() {
  const child = fork(join(root, 'bench/server.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => {
      child.disconnect();
      child.kill();
    },
  };
}
// The server of everything but the rounds of requests, which start one each (below).
const server = await startServer();
const { origin } = server;

/** Runs bench/requests.ts in a fresh process against `at`: one contender's requests, or (`--allocation`) what one allocates. */
function inItsOwnProcess(at: string, name: string, args: string[], v8Flags: string[] = []) {
  const result = spawnSync(process.execPath, [...v8Flags, '--import', 'tsx', join(root, 'bench/requests.ts'), at, name, ...args], {
    cwd: join(root, 'bench'),
    encoding: 'utf8',
    // A child runs for a few seconds; one that hangs (the server gone) fails the run instead of stalling it.
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`${name}: ${result.error?.message ?? result.stderr}`);
  return JSON.parse(result.stdout) as unknown;
}

const names = Object.keys(CONTENDERS);
const rows: Row[] = [];
const row = (metric: string, unit: string): Row => {
  const r: Row = { metric, unit, values: new Map() };
  rows.push(r);
  return r;
};
const cpuSeq = row('CPU per request, sequential', 'µs');
const wallSeq = row('Wall per request, sequential', 'µs');
const cpuConc = row(`CPU per request, ${IN_FLIGHT} in flight`, 'µs');
const wallConc = row(`Wall per request, ${IN_FLIGHT} in flight`, 'µs');
const add = (r: Row, name: string, v: number) => r.values.set(name, [...(r.values.get(name) ?? []), v]);

// Each contender in a process of its own per round (bench/requests.ts), the contenders one after
// the other in each round, in reverse order every other round. Each round has a server of its own,
// so that no state of one server (its heap, its compiled code) weighs on every round of a run.
type Timed = { cpu: number; wall: number };
for (let round = 0; round < REQUEST_ROUNDS; round++) {
  const order = round % 2 ? [...names].reverse() : names;
  const roundServer = await startServer();
  try {
    for (const name of order) {
      const timed = inItsOwnProcess(roundServer.origin, name, [WARM_UP, SEQUENTIAL, CONCURRENT].map(String)) as { sequential: Timed; inFlight: Timed };
      add(cpuSeq, name, timed.sequential.cpu);
      add(wallSeq, name, timed.sequential.wall);
      add(cpuConc, name, timed.inFlight.cpu);
      add(wallConc, name, timed.inFlight.wall);
    }
  } finally {
    roundServer.stop();
  }
  const last = (name: string) => cpuSeq.values.get(name)!.at(-1)!;
  process.stderr.write(
    `round ${round + 1}/${REQUEST_ROUNDS}: CPU sequential, yupana ${last('yupana').toFixed(0)} µs, ky as yupana calls it ${last('ky as yupana calls it').toFixed(0)} µs\n`,
  );
}
// What a request allocates: the same to within about 1 % from run to run, where CPU time moves by 10 %.
const allocation = row('Memory allocated per request', 'KB');
for (let run = 0; run < ALLOCATION_RUNS; run++) {
  for (const name of names) add(allocation, name, (inItsOwnProcess(origin, name, ['--allocation'], ALLOCATION_FLAGS) as { allocatedKB: number }).allocatedKB);
}

// Import cost: the time `import` takes, timed inside fresh processes, interleaved: its CPU time
// (user + system), the figure the target is checked on, and its wall time. On this shared
// machine the wall time of one import swings from 8 to 100 ms with the others' load while its CPU
// time stays within a millisecond; whole process times minus a bare `node -e 0`, as measured
// before, gave medians from -73 to 386 ms.
const timedImport = (load: string) =>
  `const t = performance.now(), c = process.cpuUsage(); ${load}; const u = process.cpuUsage(c); process.stdout.write(JSON.stringify([performance.now() - t, (u.user + u.system) / 1000]));`;
const imports: Record<string, string[]> = {
  'yupana (ESM)': ['--input-type=module', '-e', timedImport("await import('yupana')")],
  'yupana (CJS)': ['-e', timedImport("require('yupana')")],
  ...(BEFORE && { 'yupana (before, ESM)': ['--input-type=module', '-e', timedImport(`await import(${JSON.stringify(join(BEFORE, 'index.js'))})`)] }),
  openai: ['--input-type=module', '-e', timedImport("await import('openai')")],
  stripe: ['--input-type=module', '-e', timedImport("await import('stripe')")],
  facturapi: ['--input-type=module', '-e', timedImport("await import('facturapi')")],
};
const importCpu = row('Import cost, CPU time in a fresh process', 'ms');
const importWall = row('Import cost, wall time in a fresh process', 'ms');
for (let run = 0; run < IMPORT_RUNS; run++) {
  for (const [name, args] of Object.entries(imports)) {
    // openai, stripe and facturapi are bench/'s own dependencies (bench/package.json); yupana resolves from the root.
    const result = spawnSync(process.execPath, args, { cwd: name.startsWith('yupana') ? root : join(root, 'bench'), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${name}: ${result.stderr}`);
    const [wall, cpu] = JSON.parse(result.stdout) as [number, number];
    add(importWall, name, wall);
    add(importCpu, name, cpu);
  }
}

// Pagination memory: for await over every document, in a fresh process with --expose-gc.
const pagination = JSON.parse(
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'bench/paginate.ts'), origin], { cwd: root, encoding: 'utf8' }),
) as { documents: number; pages: number; heapGrowthBytes: number; seconds: number };

// Validation of a typical 10-line invoice: zod's parse of the create body, which the client runs before every create.
const tenLines = { ...body, items: Array.from({ length: 10 }, (_, i) => ({ description: `Línea ${i}`, quantity: i + 1, unitPrice: 12.5, igv: 2.25 * (i + 1) })) };
if (!DocumentCreateParams.safeParse(tenLines).success) throw new Error('the 10-line invoice of the benchmark is not valid');
const validationRows: [ReturnType<typeof row>, (value: unknown) => unknown][] = [
  [row('Validation of a 10-line invoice: zod, as a create runs it', 'µs'), (value) => DocumentCreateParams.safeParse(value, { reportInput: true })],
];
for (let round = 0; round < ROUNDS; round++) {
  for (const [validationRow, validate] of validationRows) {
    const n = 5_000;
    const start = performance.now();
    for (let i = 0; i < n; i++) validate(tenLines);
    add(validationRow, 'yupana', ((performance.now() - start) * 1000) / n);
  }
}

// Browser bundles of a one-create app, per contender: as one file, then split and loaded round trip by round trip.
const bundleRow = row('Browser bundle, one create (min+gzip)', 'KB');
const bundles: Record<string, Awaited<ReturnType<typeof measureBundle>>> = {};
for (const [name, source] of Object.entries(apps)) {
  bundles[name] = await measureBundle(source, root);
  bundleRow.values.set(name, [bundles[name]!.gzip / 1024]);
}
const firstCreate = await firstCreates();
const firstRows = {
  rounds: row(`First create in a browser: rounds of module loads (target ≤ ${FIRST_CREATE_ROUNDS_TARGET})`, 'rounds'),
  ms: row(`First create in a browser: time to the request at ${ROUND_TRIP_MS} ms a round`, 'ms'),
  chromium: row(`First create in a browser: time to the request in Chromium, every load ${ROUND_TRIP_MS} ms late`, 'ms'),
  chunks: row('First create in a browser: chunks loaded', 'chunks'),
  gzip: row(`First create in a browser: chunks gzipped one by one (target ≤ ${FIRST_CREATE_GZIP_TARGET / 1024})`, 'KB'),
};
for (const [name, m] of Object.entries(firstCreate)) {
  firstRows.rounds.values.set(name, [m.rounds]);
  firstRows.ms.values.set(name, [m.msToRequest]);
  if (m.chromiumMs.length) firstRows.chromium.values.set(name, m.chromiumMs);
  firstRows.chunks.values.set(name, [m.gzipByChunk.length]);
  firstRows.gzip.values.set(name, [m.gzip / 1024]);
}
for (const r of Object.values(firstRows)) r.noRatio = true;
server.stop();

// The table.
const fmt = (v: number) => (Number.isInteger(v) || v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const columns = names.filter((n) => rows.some((r) => r.values.has(n))).concat(['yupana (ESM)', 'yupana (CJS)']);
const header = `| Metric | ${columns.join(' | ')} |\n|---|${columns.map(() => '---|').join('')}`;
const lines = rows.map((r) => {
  const base = r.values.get('bare fetch');
  const cells = columns.map((c) => {
    const xs = r.values.get(c);
    if (!xs) return '';
    const m = median(xs);
    const range = xs.length > 1 ? ` (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})` : '';
    const ratio = base && !r.noRatio && c !== 'bare fetch' ? ` **${(m / median(base)).toFixed(2)}×**` : '';
    return `${fmt(m)}${range}${ratio}`;
  });
  return `| ${r.metric} (${r.unit}) | ${cells.join(' | ')} |`;
});
const yupanaBundle = bundles['yupana']!;

// Issue 34's targets, against the SDKs in the same run: CPU per create against openai-node's. The
// ky columns are for reference: the cheapest way of calling ky in this run (the ky column with the
// lowest median) among the ways in which ky sends the request; "ky + fetch in hook" sends with a
// fetch of its own.
const KY_NOT_SENDING = 'ky + fetch in hook';
// ky sending the same wire request as yupana's create: the like-for-like baseline, in rows of its own.
const KY_SAME_CREATE = "ky sending yupana's create";
const KY_WAYS = names.filter((name) => name.startsWith('ky') && name !== KY_NOT_SENDING);
/** The cheapest way of calling ky in `r`: the ky column with the lowest median. */
const cheapestKyWay = (r: Row) => KY_WAYS.reduce((cheapest, name) => (median(r.values.get(name)!) < median(r.values.get(cheapest)!) ? name : cheapest));
const cheapestKy = (r: Row) => median(r.values.get(cheapestKyWay(r))!);
/** The `p` quantile of `xs`, interpolated between the two nearest values. */
const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * p;
  const below = Math.floor(at);
  return s[below]! + (s[Math.min(below + 1, s.length - 1)]! - s[below]!) * (at - below);
};
/**
 * How far `sdk`'s CPU over `base`'s moves from round to round: each round measures both, one after
 * the other, so their ratio in a round is free of the machine's drift between rounds. The middle
 * half of those ratios (first to third quartile).
 */
const roundSpread = (r: Row, sdk: string, base: string): [number, number] => {
  const ratios = r.values.get(sdk)!.map((value, round) => value / r.values.get(base)![round]!);
  return [quantile(ratios, 0.25), quantile(ratios, 0.75)];
};
const CPU_TARGET = 1.15;
const IMPORT_TARGET_MS = 10;
const SDKS = ['yupana', ...(BEFORE ? ['yupana (before)'] : []), 'openai', 'stripe', 'facturapi'];
type Target = {
  metric: string;
  asked: string;
  target: number;
  value: (sdk: string) => number | undefined;
  show: (v: number, sdk: string) => string;
  /** For a ratio of CPU: its spread over the rounds, {@link roundSpread}. */
  spread?: (sdk: string) => [number, number];
};
const targets: Target[] = [
  {
    metric: "CPU per create ÷ openai-node's, sequential",
    asked: `≤ ${CPU_TARGET}×`,
    target: CPU_TARGET,
    value: (sdk) => median(cpuSeq.values.get(sdk)!) / median(cpuSeq.values.get('openai')!),
    show: (v) => `${v.toFixed(2)}×`,
    spread: (sdk) => roundSpread(cpuSeq, sdk, 'openai'),
  },
  {
    metric: `CPU per create ÷ openai-node's, ${IN_FLIGHT} in flight`,
    asked: `≤ ${CPU_TARGET}×`,
    target: CPU_TARGET,
    value: (sdk) => median(cpuConc.values.get(sdk)!) / median(cpuConc.values.get('openai')!),
    show: (v) => `${v.toFixed(2)}×`,
    spread: (sdk) => roundSpread(cpuConc, sdk, 'openai'),
  },
  {
    metric: 'CPU per create ÷ cheapest ky call that sends, sequential (reference)',
    asked: `≤ ${CPU_TARGET}×`,
    target: CPU_TARGET,
    value: (sdk) => median(cpuSeq.values.get(sdk)!) / cheapestKy(cpuSeq),
    show: (v) => `${v.toFixed(2)}×`,
    spread: (sdk) => roundSpread(cpuSeq, sdk, cheapestKyWay(cpuSeq)),
  },
  {
    metric: `CPU per create ÷ cheapest ky call that sends, ${IN_FLIGHT} in flight (reference)`,
    asked: `≤ ${CPU_TARGET}×`,
    target: CPU_TARGET,
    value: (sdk) => median(cpuConc.values.get(sdk)!) / cheapestKy(cpuConc),
    show: (v) => `${v.toFixed(2)}×`,
    spread: (sdk) => roundSpread(cpuConc, sdk, cheapestKyWay(cpuConc)),
  },
  {
    metric: `CPU per create ÷ ${KY_SAME_CREATE}, sequential (reference)`,
    asked: `≤ ${CPU_TARGET}×`,
    target: CPU_TARGET,
    value: (sdk) => median(cpuSeq.values.get(sdk)!) / median(cpuSeq.values.get(KY_SAME_CREATE)!),
    show: (v) => `${v.toFixed(2)}×`,
    spread: (sdk) => roundSpread(cpuSeq, sdk, KY_SAME_CREATE),
  },
  {
    metric: `CPU per create ÷ ${KY_SAME_CREATE}, ${IN_FLIGHT} in flight (reference)`,
    asked: `≤ ${CPU_TARGET}×`,
    target: CPU_TARGET,
    value: (sdk) => median(cpuConc.values.get(sdk)!) / median(cpuConc.values.get(KY_SAME_CREATE)!),
    show: (v) => `${v.toFixed(2)}×`,
    spread: (sdk) => roundSpread(cpuConc, sdk, KY_SAME_CREATE),
  },
  {
    metric: 'Import cost (ESM), CPU time',
    asked: `≤ ${IMPORT_TARGET_MS} ms`,
    target: IMPORT_TARGET_MS,
    value: (sdk) => median(importCpu.values.get(sdk === 'yupana' ? 'yupana (ESM)' : sdk === 'yupana (before)' ? 'yupana (before, ESM)' : sdk)!),
    show: (v) => `${fmt(v)} ms`,
  },
  {
    metric: 'First create in a browser: rounds of module loads',
    asked: `≤ ${FIRST_CREATE_ROUNDS_TARGET}`,
    target: FIRST_CREATE_ROUNDS_TARGET,
    value: (sdk) => firstCreate[sdk]?.rounds,
    show: (v) => `${v} (${v * ROUND_TRIP_MS} ms)`,
  },
  {
    metric: 'First create in a browser: gzipped chunk by chunk',
    asked: `≤ ${FIRST_CREATE_GZIP_TARGET / 1024} KB`,
    target: FIRST_CREATE_GZIP_TARGET / 1024,
    value: (sdk) => (firstCreate[sdk] ? firstCreate[sdk]!.gzip / 1024 : undefined),
    show: (v, sdk) => `${v.toFixed(1)} KB, ${firstCreate[sdk]!.gzipByChunk.length} chunk${firstCreate[sdk]!.gzipByChunk.length === 1 ? '' : 's'}`,
  },
];
const targetsTable = `| Target (issue 34) | Asked | ${SDKS.join(' | ')} | yupana meets it |
|---|---|${SDKS.map(() => '---|').join('')}---|
${targets
  .map(({ metric, asked, target, value, show, spread }) => {
    const cells = SDKS.map((sdk) => {
      const v = value(sdk);
      if (v === undefined) return '';
      const [low, high] = spread?.(sdk) ?? [];
      return `${show(v, sdk)}${low === undefined ? '' : ` (${low.toFixed(2)}–${high!.toFixed(2)})`}`;
    });
    const yupana = value('yupana')!;
    return `| ${metric} | ${asked} | ${cells.join(' | ')} | ${metric.endsWith('(reference)') ? '—' : yupana <= target ? 'yes' : '**no**'} |`;
  })
  .join('\n')}`;
const report = `# Benchmark results

${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${process.platform}/${process.arch} · ${REQUEST_ROUNDS} interleaved rounds of requests (a fresh process per contender and round), ${ROUNDS} of the rest${quick ? ' (quick)' : ''}

Medians, with (min–max) over rounds, and **ratios to a bare \`fetch\`** doing the same POST and
parsing the JSON answer. CPU is the client process's user+system time per request (its collector's
helper threads included), each contender in a fresh process of its own per round, after
${WARM_UP.toLocaleString('en')} requests unmeasured: ${SEQUENTIAL.toLocaleString('en')} sequential, then ${CONCURRENT.toLocaleString('en')} with ${IN_FLIGHT} in flight. The server
runs in its own process. Memory allocated: the heap's growth over ${ALLOCATION_REQUESTS.toLocaleString('en')} requests with no collection,
in a fresh process. Stripe uses its fetch client and form-encoded bodies (its wire format).

${header}
${lines.join('\n')}

${targetsTable}

A CPU ratio is the ratio of the medians, followed by (in brackets) the middle half of the same
ratio taken round by round (first to third quartile): each round measures every contender one
after the other, so the ratio within a round is free of the machine's drift between rounds, and
its spread is how sure the median is.
The baseline of "cheapest ky call" is ${cheapestKyWay(cpuSeq)} sequentially and ${cheapestKyWay(cpuConc)} with ${IN_FLIGHT} in flight.

The ky calls in this run (sequential / ${IN_FLIGHT} in flight): ${KY_WAYS.map((name) => `${name} ${fmt(median(cpuSeq.values.get(name)!))} / ${fmt(median(cpuConc.values.get(name)!))} µs`).join(' · ')}.
The baseline is the cheapest of these, the ways in which ky sends the request. "${KY_NOT_SENDING}" (${fmt(median(cpuSeq.values.get(KY_NOT_SENDING)!))} / ${fmt(median(cpuConc.values.get(KY_NOT_SENDING)!))} µs)
answers from its \`beforeRequest\` hook with a plain fetch, so ky neither clones its Request nor sends it:
against it yupana's create is ${(median(cpuSeq.values.get('yupana')!) / median(cpuSeq.values.get(KY_NOT_SENDING)!)).toFixed(2)}× / ${(median(cpuConc.values.get('yupana')!) / median(cpuConc.values.get(KY_NOT_SENDING)!)).toFixed(2)}×.
"${KY_SAME_CREATE}" sends the same wire request as yupana's create (the contract's Accept, client tag and a fresh
Idempotency-Key; the body stringified on each call): against it the ratio is yupana's own work only.
A create allocates ${fmt(median(allocation.values.get('yupana')!))} KB, against ${fmt(median(allocation.values.get(KY_SAME_CREATE)!))} KB for "${KY_SAME_CREATE}" and ${fmt(median(allocation.values.get('ky as yupana calls it')!))} KB for "ky as yupana calls it".

${firstCreateDetail(firstCreate['yupana']!)}
Pagination: \`for await\` over ${pagination.documents.toLocaleString('en')} documents in ${pagination.pages.toLocaleString('en')} pages of 100:
heap growth after GC **${(pagination.heapGrowthBytes / 1024).toFixed(0)} KB**, ${pagination.seconds.toFixed(1)} s
(${Math.round(pagination.documents / pagination.seconds).toLocaleString('en')} documents/s).

yupana's bundle (${(yupanaBundle.minified / 1024).toFixed(1)} KB minified, ${(yupanaBundle.gzip / 1024).toFixed(1)} KB gzip), largest inputs (minified bytes):
${yupanaBundle.inputs
  .slice(0, 8)
  .map(([name, bytes]) => `${name.replace(`${root}/`, '')} ${bytes}`)
  .join(' · ')}
`;
const volume = await volumeSection();
process.stdout.write(`${report}\n${volume}`);
if (!quick) writeFileSync(RESULTS, withVolumeSection(report, volume, historyOf(existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '')));
