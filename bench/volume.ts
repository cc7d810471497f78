/**
 * The `volume` section of `npm run bench` (alone: `npm run bench -- --volume`): issuing 2 000
 * boletas under a rate limit of 100 requests per second, with `documents.createMany` and with
 * the hand-written way (`Promise.all` over a concurrency limiter, each `documents.create` with
 * the SDK's own retries).
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
}

/** One request as the client's `fetch` saw it: when it was sent and answered (ms from the run's start), and the answer's status. */
interface Sent {
  start: number;
  end: number;
  status: number;
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
}

/** A boleta per input; `metadata.ref` names the input, so the server's documents can be matched to inputs. */
const boleta = (index: number): DocumentCreateParams => ({
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

type Outcome = { index: number; ok: true } | { index: number; ok: false; error: unknown };
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
  const countingFetch: typeof fetch = async (input, init) => {
    const entry: Sent = { start: performance.now() - t0, end: 0, status: 0 };
    sent.push(entry);
    try {
      const response = await fetch(input, init);
      entry.status = response.status;
      return response;
    } finally {
      entry.end = performance.now() - t0;
    }
  };
  try {
    const client = new Client({ apiKey: key, baseURL: server.url, logLevel: 'off', fetch: countingFetch });
    t0 = performance.now();
    const outcomes = await contender(client, options);
    const wallSeconds = (performance.now() - t0) / 1000;
    const stats = await server.stats();

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
    for (let i = 0; i < options.total; i++) {
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
  } finally {
    server.close();
  }
}

/** Where the 429s fell: seconds from the start, grouped by whole second. */
function rateLimitedTimeline(sent: Sent[]): string {
  const bySecond = new Map<number, number>();
  for (const s of sent) if (s.status === 429) bySecond.set(Math.floor(s.start / 1000), (bySecond.get(Math.floor(s.start / 1000)) ?? 0) + 1);
  return [...bySecond].map(([second, n]) => `${second}–${second + 1} s: ${n}`).join(', ') || 'none';
}

/** Runs every contender (a fresh server and API key each) and answers the rows. */
export async function runVolume(options: VolumeOptions, log: (line: string) => void = () => undefined): Promise<VolumeRow[]> {
  const rows: VolumeRow[] = [];
  let n = 0;
  for (const [name, contender] of Object.entries(contenders)) {
    log(`volume: ${name}…`);
    const row = await runContender(name, contender, options, `sk_test_volume_${n++}`);
    log(`volume: ${name}: ${row.wallSeconds.toFixed(1)} s, ${row.requests} requests, ${row.rateLimited} × 429, ${row.failed} failed`);
    rows.push(row);
  }
  return rows;
}

/** The targets createMany is held to: time within 1.1× what the limit allows, ≤ 1 % of requests 429, nothing failed, doubled or lost. */
export function verdict(row: VolumeRow, options: VolumeOptions): { pass: boolean; misses: string[] } {
  const allowed = (options.total / options.requests) * options.windowSeconds;
  const misses: string[] = [];
  if (row.wallSeconds > allowed * 1.1) misses.push(`time ${row.wallSeconds.toFixed(1)} s > ${(allowed * 1.1).toFixed(1)} s`);
  if (row.rateLimited > row.requests * 0.01) misses.push(`429s ${((100 * row.rateLimited) / row.requests).toFixed(1)} % > 1 %`);
  if (row.failed) misses.push(`${row.failed} failed`);
  if (row.duplicates) misses.push(`${row.duplicates} duplicates`);
  if (row.lost) misses.push(`${row.lost} lost`);
  return { pass: misses.length === 0, misses };
}

/** The "Issuing at volume" part of bench/RESULTS.md. */
export function volumeMarkdown(rows: VolumeRow[], options: VolumeOptions): string {
  const { total, requests, windowSeconds, concurrency } = options;
  const allowed = (total / requests) * windowSeconds;
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
  const table = rows.map(
    (r) =>
      `| ${r.contender} | ${r.wallSeconds.toFixed(1)} | ${(r.wallSeconds / allowed).toFixed(2)}× | ${r.requests.toLocaleString('en')} | ${r.rateLimited.toLocaleString('en')} | ${pct(r.rateLimited, r.requests)} | ${r.failed} | ${r.duplicates} | ${r.lost} |`,
  );
  const failures = rows
    .filter((r) => r.failed)
    .map((r) => `${r.contender}: ${Object.entries(r.failures).map(([what, n]) => `${n} × ${what}`).join(', ')}.`);
  const createMany = rows.find((r) => r.contender.startsWith('createMany'));
  const result = createMany ? verdict(createMany, options) : undefined;
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
| Target for createMany | ≤ ${(allowed * 1.1).toFixed(0)} | ≤ 1.10× | | | ≤ 1 % | 0 | 0 | 0 |

${result ? (result.pass ? 'createMany meets every target.' : `createMany misses: ${result.misses.join('; ')}.`) : ''}
${failures.join('\n')}
429s by second from the start: ${rows.map((r) => `${r.contender.split(',')[0]}: ${rateLimitedTimeline(r.sent)}`).join('; ')}.
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
