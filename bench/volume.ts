/**
 * The `volume` section of `npm run bench` (alone: `npm run bench -- --volume`): issuing 2 000
 * boletas under a rate limit of 100 requests per second, with `documents.createMany` and with
 * the hand-written way (`Promise.all` over a concurrency limiter, each `documents.create` with
 * the SDK's own retries); then the same 2 000 split over 4 processes sharing one API key, each
 * with its own `createMany` (bench/volume-process.ts), started at the same moment.
 *
 * The server is the package's mock (`startMockServer({ rateLimit })`, from dist/) over real HTTP on
 * 127.0.0.1, in its own process (bench/volume-server.ts), a fresh one per contender so that no
 * two share a rate limit window. Counted on the server's side: requests and their statuses, and
 * the documents it holds; on the client's side: results, and every request with its time.
 */
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentCreateParams } from 'yupana';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface VolumeOptions {
  /** Documents to issue per contender. */
  total: number;
  /** Workers (createMany's `concurrency`, the limiter's size). */
  concurrency: number;
  /** The mock's rate limit: `requests` per window of `windowSeconds`. */
  requests: number;
  windowSeconds: number;
  /** Processes sharing one API key in the shared-key scenario, `total / processes` documents each. */
  processes: number;
}

/** One request as the client's `fetch` saw it: when it was sent and answered (ms from the run's start), and the answer's status. */
export interface Sent {
  start: number;
  end: number;
  status: number;
}

/** A fetch that records each request it sends in `sent`, in ms from `origin()` (read at each request). */
export function recordingFetch(sent: Sent[], origin: () => number): typeof fetch {
  return async (input, init) => {
    const entry: Sent = { start: performance.now() - origin(), end: 0, status: 0 };
    sent.push(entry);
    try {
      const response = await fetch(input, init);
      entry.status = response.status;
      return response;
    } finally {
      entry.end = performance.now() - origin();
    }
  };
}

export interface VolumeRow {
  contender: string;
  wallSeconds: number;
  /** POST /v1/documents the server received, and its answers by status. */
  requests: number;
  statuses: Record<number, number>;
  rateLimited: number;
  /** Requests the client's fetch sent (a cross-check of `requests`). */
  clientRequests: number;
  succeeded: number;
  failed: number;
  /** Why they failed: `name status`, counted. */
  failures: Record<string, number>;
  /** Documents the server holds minus successes. */
  duplicates: number;
  /** Inputs that got no result, or a success the server holds no document for. */
  lost: number;
  /** Inputs whose document the server holds more than once. */
  doubled: number;
  sent: Sent[];
  /** With several processes: the seconds each took, from the common start to its last result. */
  processSeconds?: number[];
}

/** A boleta per input; `metadata.ref` names the input, so the server's documents can be matched to inputs. */
export const boleta = (index: number): DocumentCreateParams => ({
  type: '03',
  series: 'B001',
  customer: { documentType: '1', documentNumber: '46027896', name: 'Ana' },
  items: [{ description: 'Pensión', quantity: 1, unitPrice: 100, igv: 18 }],
  metadata: { ref: String(index) },
});

/** The mock with the rate limit, in its own process; `stats()` asks it what it saw. */
async function startServer(options: VolumeOptions) {
  const child = fork(join(root, 'bench/volume-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, VOLUME_RATE: `${options.requests}/${options.windowSeconds}` },
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`volume server exited with ${code}`)));
    child.stdout!.once('data', (d: Buffer) => resolve(String(d).trim()));
  });
  return {
    url,
    stats: () =>
      new Promise<{ posts: number; statuses: Record<number, number>; refs: string[] }>((resolve) => {
        child.once('message', (m) => resolve(m as never));
        child.send('stats');
      }),
    close: () => {
      child.removeAllListeners('exit');
      child.disconnect();
    },
  };
}

/** The tiny limiter someone would write by hand: at most `n` calls of `fn` at once. */
function limiter(n: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return <T>(fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const run = () => {
        active++;
        fn()
          .then(resolve, reject)
          .finally(() => {
            active--;
            queue.shift()?.();
          });
      };
      if (active < n) run();
      else queue.push(run);
    });
}

export type Outcome = { index: number; ok: true } | { index: number; ok: false; error: unknown };
type Contender = (client: InstanceType<typeof import('yupana').Client>, options: VolumeOptions) => Promise<Outcome[]>;

const contenders: Record<string, Contender> = {
  'createMany, concurrency 16': async (client, { total, concurrency }) => {
    const outcomes: Outcome[] = [];
    function* inputs() {
      for (let i = 0; i < total; i++) yield boleta(i);
    }
    for await (const r of client.documents.createMany(inputs(), { concurrency })) {
      outcomes.push(r.ok ? { index: r.index, ok: true } : { index: r.index, ok: false, error: r.error });
    }
    return outcomes;
  },
  'Promise.all + limiter(16), create() with its retries': (client, { total, concurrency }) => {
    const limit = limiter(concurrency);
    return Promise.all(
      Array.from({ length: total }, (_, index) =>
        limit(() => client.documents.create(boleta(index))).then(
          (): Outcome => ({ index, ok: true }),
          (error: unknown): Outcome => ({ index, ok: false, error }),
        ),
      ),
    );
  },
};

async function runContender(name: string, contender: Contender, options: VolumeOptions, key: string): Promise<VolumeRow> {
  const { Client } = (await import(join(root, 'dist/index.js'))) as typeof import('yupana');
  const server = await startServer(options);
  const sent: Sent[] = [];
  let t0 = 0;
  // Every request the SDK makes goes through here: its time and status, for the timeline.
  const countingFetch = recordingFetch(sent, () => t0);
  try {
    const client = new Client({ apiKey: key, baseURL: server.url, logLevel: 'off', fetch: countingFetch });
    t0 = performance.now();
    const outcomes = await contender(client, options);
    const wallSeconds = (performance.now() - t0) / 1000;
    return tally(name, wallSeconds, outcomes, sent, await server.stats(), options.total);
  } finally {
    server.close();
  }
}

/** A row from what the clients saw (`outcomes`, `sent`) and what the server counted (`stats`), for inputs 0 to `total` − 1. */
function tally(
  name: string,
  wallSeconds: number,
  outcomes: Outcome[],
  sent: Sent[],
  stats: { posts: number; statuses: Record<number, number>; refs: string[] },
  total: number,
): VolumeRow {
  const byIndex = new Map<number, Outcome>();
  for (const o of outcomes) byIndex.set(o.index, o);
  const held = new Map<string, number>();
  for (const ref of stats.refs) held.set(ref, (held.get(ref) ?? 0) + 1);
  const succeeded = outcomes.filter((o) => o.ok).length;
  const failures: Record<string, number> = {};
  for (const o of outcomes) {
    if (o.ok) continue;
    const e = o.error as { name?: string; status?: number };
    const what = `${e?.name ?? 'Error'}${e?.status ? ` ${e.status}` : ''}`;
    failures[what] = (failures[what] ?? 0) + 1;
  }
  let lost = 0;
  let doubled = 0;
  for (let i = 0; i < total; i++) {
    const o = byIndex.get(i);
    if (o === undefined || (o.ok && !held.has(String(i)))) lost++;
    if ((held.get(String(i)) ?? 0) > 1) doubled++;
  }
  return {
    contender: name,
    wallSeconds,
    requests: stats.posts,
    statuses: stats.statuses,
    rateLimited: stats.statuses[429] ?? 0,
    clientRequests: sent.length,
    succeeded,
    failed: outcomes.length - succeeded,
    failures,
    duplicates: stats.refs.length - succeeded,
    lost,
    doubled,
    sent,
  };
}

/** What one process of the shared-key scenario reports (bench/volume-process.ts). */
interface ProcessReport {
  outcomes: Outcome[];
  sent: Sent[];
  elapsedMs: number;
}

/**
 * `options.total` boletas split over `processes` processes that share one API key, each issuing
 * its part with `createMany` (`options.concurrency` workers), all started at the same moment
 * against one fresh server. Its wall time runs from that moment to the last process's last result.
 */
export async function runShared(processes: number, options: VolumeOptions, key: string): Promise<VolumeRow> {
  const server = await startServer(options);
  const each = options.total / processes;
  const children = Array.from({ length: processes }, (_, p) =>
    fork(join(root, 'bench/volume-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        VOLUME_URL: server.url,
        VOLUME_KEY: key,
        VOLUME_FROM: String(p * each),
        VOLUME_COUNT: String(each),
        VOLUME_CONCURRENCY: String(options.concurrency),
      },
    }),
  );
  try {
    await Promise.all(children.map((child) => new Promise((resolve) => child.once('message', resolve))));
    const reports = children.map(
      (child) =>
        new Promise<ProcessReport>((resolve, reject) => {
          child.once('message', (m) => resolve(m as ProcessReport));
          child.once('exit', (code) => reject(new Error(`a volume process exited with ${code} before reporting`)));
        }),
    );
    const t0 = performance.now();
    for (const child of children) child.send('go');
    const done = await Promise.all(reports);
    const wallSeconds = (performance.now() - t0) / 1000;
    const row = tally(
      `createMany, ${processes} processes × ${each.toLocaleString('en')}, one key`,
      wallSeconds,
      done.flatMap((r) => r.outcomes),
      done.flatMap((r) => r.sent),
      await server.stats(),
      options.total,
    );
    return { ...row, processSeconds: done.map((r) => r.elapsedMs / 1000) };
  } finally {
    for (const child of children) child.kill();
    server.close();
  }
}

/** Where the 429s fell: seconds from the start, grouped by whole second. */
function rateLimitedTimeline(sent: Sent[]): string {
  const bySecond = new Map<number, number>();
  for (const s of sent) if (s.status === 429) bySecond.set(Math.floor(s.start / 1000), (bySecond.get(Math.floor(s.start / 1000)) ?? 0) + 1);
  return (
    [...bySecond]
      .sort(([a], [b]) => a - b)
      .map(([second, n]) => `${second}–${second + 1} s: ${n}`)
      .join(', ') || 'none'
  );
}

/** Runs every contender, then the shared-key scenario (a fresh server and API key each), and answers the rows. */
export async function runVolume(options: VolumeOptions, log: (line: string) => void = () => undefined): Promise<VolumeRow[]> {
  const rows: VolumeRow[] = [];
  const done = (row: VolumeRow) => {
    const each = row.processSeconds ? ` (processes: ${row.processSeconds.map((s) => s.toFixed(1)).join(', ')} s)` : '';
    log(`volume: ${row.contender}: ${row.wallSeconds.toFixed(1)} s${each}, ${row.requests} requests, ${row.rateLimited} × 429, ${row.failed} failed`);
    rows.push(row);
  };
  let n = 0;
  for (const [name, contender] of Object.entries(contenders)) {
    log(`volume: ${name}…`);
    done(await runContender(name, contender, options, `sk_test_volume_${n++}`));
  }
  log(`volume: ${options.processes} processes sharing one key…`);
  done(await runShared(options.processes, options, `sk_test_volume_${n++}`));
  return rows;
}

/** What createMany is held to: alone, within 1.10× the time the limit allows and ≤ 1 % of requests 429; shared by several processes, 1.15×, 2 %, and each within 1.25× of the fastest. */
const TARGETS = {
  alone: { time: 1.1, rateLimited: 0.01 },
  shared: { time: 1.15, rateLimited: 0.02, spread: 1.25 },
};

/** The slowest process's time over the fastest's. */
const spreadOf = (seconds: number[]) => Math.max(...seconds) / Math.min(...seconds);

/** Whether `row` meets its targets ({@link TARGETS}), and which it misses; nothing may fail, be doubled or lost. */
export function verdict(row: VolumeRow, options: VolumeOptions): { pass: boolean; misses: string[] } {
  const allowed = (options.total / options.requests) * options.windowSeconds;
  const target = row.processSeconds ? TARGETS.shared : TARGETS.alone;
  const misses: string[] = [];
  if (row.wallSeconds > allowed * target.time) misses.push(`time ${row.wallSeconds.toFixed(1)} s > ${(allowed * target.time).toFixed(1)} s`);
  if (row.rateLimited > row.requests * target.rateLimited) {
    misses.push(`429s ${((100 * row.rateLimited) / row.requests).toFixed(1)} % > ${100 * target.rateLimited} %`);
  }
  if (row.processSeconds && spreadOf(row.processSeconds) > TARGETS.shared.spread) {
    misses.push(`slowest process ${spreadOf(row.processSeconds).toFixed(2)}× the fastest > ${TARGETS.shared.spread}×`);
  }
  if (row.failed) misses.push(`${row.failed} failed`);
  if (row.duplicates) misses.push(`${row.duplicates} duplicates`);
  if (row.lost) misses.push(`${row.lost} lost`);
  return { pass: misses.length === 0, misses };
}

/** The "Issuing at volume" part of bench/RESULTS.md. */
export function volumeMarkdown(rows: VolumeRow[], options: VolumeOptions): string {
  const { total, requests, windowSeconds, concurrency, processes } = options;
  const allowed = (total / requests) * windowSeconds;
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
  const alone = rows.filter((r) => !r.processSeconds);
  const shared = rows.filter((r) => r.processSeconds);
  const table = alone.map(
    (r) =>
      `| ${r.contender} | ${r.wallSeconds.toFixed(1)} | ${(r.wallSeconds / allowed).toFixed(2)}× | ${r.requests.toLocaleString('en')} | ${r.rateLimited.toLocaleString('en')} | ${pct(r.rateLimited, r.requests)} | ${r.failed} | ${r.duplicates} | ${r.lost} |`,
  );
  const failures = rows
    .filter((r) => r.failed)
    .map(
      (r) =>
        `${r.contender}: ${Object.entries(r.failures)
          .map(([what, n]) => `${n} × ${what}`)
          .join(', ')}.`,
    );
  const createMany = alone.find((r) => r.contender.startsWith('createMany'));
  const sharedTable = [...(createMany ? [createMany] : []), ...shared].map(
    (r) =>
      `| ${r.processSeconds ? r.contender : `${r.contender}, 1 process`} | ${r.wallSeconds.toFixed(1)} | ${(r.wallSeconds / allowed).toFixed(2)}× | ${r.requests.toLocaleString('en')} | ${r.rateLimited.toLocaleString('en')} | ${pct(r.rateLimited, r.requests)} | ${(r.processSeconds ?? [r.wallSeconds]).map((s) => s.toFixed(1)).join(' · ')} | ${r.processSeconds ? `${spreadOf(r.processSeconds).toFixed(2)}×` : '–'} | ${r.failed} | ${r.doubled} | ${r.lost} |`,
  );
  const said = (row: VolumeRow | undefined, name: string) => {
    if (!row) return '';
    const result = verdict(row, options);
    return result.pass ? `${name} meets every target.` : `${name} misses: ${result.misses.join('; ')}.`;
  };
  return `## Issuing at volume

${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${process.platform}/${process.arch}

${total.toLocaleString('en')} boletas against the package's mock (\`startMockServer({ rateLimit: { requests: ${requests}, windowSeconds: ${windowSeconds} } })\`,
real HTTP on 127.0.0.1, in its own process; a fresh server and API key per contender), ${concurrency} at a time.
The limit allows ${total.toLocaleString('en')} in ${allowed} s. Requests and 429s are counted by the server as it answers;
duplicates are the documents the server holds minus the successes; lost are inputs with no result
(or a success the server holds no document for). The hand-written way uses the client's default
\`maxRetries\` (2), each retry after the 429's \`Retry-After\`.

| Contender | Wall (s) | × ${allowed} s | Requests | 429 | 429 share | Failed | Duplicates | Lost |
|---|---|---|---|---|---|---|---|---|
${table.join('\n')}
| Target for createMany | ≤ ${(allowed * TARGETS.alone.time).toFixed(0)} | ≤ ${TARGETS.alone.time.toFixed(2)}× | | | ≤ ${100 * TARGETS.alone.rateLimited} % | 0 | 0 | 0 |

${said(createMany, 'createMany')}
${failures.join('\n')}
429s by second from the start: ${rows.map((r) => `${r.contender.split(',')[0]}${r.processSeconds ? ` (${processes} processes)` : ''}: ${rateLimitedTimeline(r.sent)}`).join('; ')}.

### Several processes sharing one key

The same ${total.toLocaleString('en')} boletas split over ${processes} processes (child processes, each its own client and
\`createMany\` with ${concurrency} workers) that share one API key, started at the same moment against one fresh mock:
each process knows only what the server's \`RateLimit\` headers tell it. Wall time runs from the start
to the last process's last result; each process's time from the start to its own last result.

| Run | Wall (s) | × ${allowed} s | Requests | 429 | 429 share | Each process (s) | Slowest / fastest | Failed | Doubled | Lost |
|---|---|---|---|---|---|---|---|---|---|---|
${sharedTable.join('\n')}
| Target, shared | ≤ ${(allowed * TARGETS.shared.time).toFixed(0)} | ≤ ${TARGETS.shared.time.toFixed(2)}× | | | ≤ ${100 * TARGETS.shared.rateLimited} % | | ≤ ${TARGETS.shared.spread.toFixed(2)}× | 0 | 0 | 0 |

${said(shared[0], `${processes} processes`)}
`;
}

/**
 * `markdown` with its "Issuing at volume" part replaced by (or extended with) `section`, then
 * `history`: the "History" part of bench/RESULTS.md (decisions and past figures), which every
 * rewrite keeps.
 */
export function withVolumeSection(markdown: string, section: string, history: string = historyOf(markdown)): string {
  const ends = ['\n## Issuing at volume', '\n## History'].map((title) => markdown.indexOf(title)).filter((at) => at !== -1);
  const head = markdown.slice(0, ends.length ? Math.min(...ends) : undefined).replace(/\s*$/, '\n');
  return `${head}\n${section}${history ? `\n${history}` : ''}`;
}

/** The "History" part of a bench/RESULTS.md, from its title to the end; empty when it has none. */
export function historyOf(markdown: string): string {
  const at = markdown.indexOf('\n## History');
  return at === -1 ? '' : markdown.slice(at + 1);
}
