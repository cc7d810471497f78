/**
 * One contender's requests, in a process of its own. `bench/bench.ts` starts one per contender and
 * round, so that each contender is measured as an app that uses it runs it: with only its own code
 * loaded, and only its own garbage for the collector, whose helper threads' CPU counts. (Measured
 * one after the other in one process, every contender also paid for the heaps and the collections
 * the others left behind, and the same code read 1.08× to 1.54× against ky from run to run.)
 *
 * `node --import tsx bench/requests.ts <origin> <contender> <warm-up> <sequential> <in flight>`
 * sends `warm-up` requests unmeasured, then `sequential` one after the other, then `in flight`
 * requests 16 at a time, and prints their CPU and wall time per request (µs) as JSON.
 *
 * With `--allocation` in place of the counts (and V8 started with `--expose-gc` and a young
 * generation too large to fill, {@link ALLOCATION_FLAGS}), it prints the KB a request allocates:
 * the heap's growth over {@link ALLOCATION_REQUESTS} requests during which no collection runs.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** How many requests are in flight at once in the concurrent batch (each of that many loops awaits its own, one after the other). */
export const IN_FLIGHT = 16;
/** The requests whose allocation is measured: about 125 MB for yupana, within the young generation below. */
export const ALLOCATION_REQUESTS = 1_000;
/** Requests sent unmeasured before the allocation is measured: the code is compiled and the connection open by then. */
const ALLOCATION_WARM_UP = 300;
/** V8's flags for `--allocation`: `gc()`, and a young generation (semi-spaces of 512 MB) that 1 000 requests do not fill. */
export const ALLOCATION_FLAGS = ['--expose-gc', '--min-semi-space-size=512', '--max-semi-space-size=512'];

/** The body every contender sends: a factura of two lines. */
export const body = {
  type: '01' as const,
  series: 'F001',
  customer: { documentType: '6' as const, documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: [
    { description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36 },
    { description: 'Licencia anual', quantity: 1, unitPrice: 21.186440678, igv: 3.81 },
  ],
};

/** The bearer token every contender sends; the loopback server checks none. */
const auth = { authorization: 'Bearer sk_test_bench' };

/** One create-equivalent request: a POST of {@link body} to `origin`, its JSON answer parsed. */
type Send = () => Promise<unknown>;

/** The dist/ of another build of yupana to measure beside this one, as `yupana (before)`; none by default. */
export const BEFORE = process.env['YUPANA_BENCH_BEFORE'];

/** yupana's `documents.create` from the build in `dist`, against `origin`. */
async function yupanaFrom(dist: string, origin: string): Promise<Send> {
  const { Client } = (await import(join(dist, 'index.js'))) as typeof import('yupana');
  const yupana = new Client({ apiKey: 'sk_test_bench', baseURL: origin, logLevel: 'off' });
  return () => yupana.documents.create(body);
}

/**
 * Each contender, by name: set up (its SDK imported and its client built, in this process only)
 * into the function that sends one request. The order is the table's.
 */
export const CONTENDERS: Record<string, (origin: string) => Promise<Send>> = {
  'bare fetch': async (origin) => {
    const json = JSON.stringify(body);
    return () =>
      fetch(`${origin}/v1/documents`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' }, body: json }).then((r) =>
        r.json(),
      );
  },
  // The built package, as users load it (`npm run bench` builds it first).
  yupana: (origin) => yupanaFrom(join(root, 'dist'), origin),
  // Another build of yupana, to compare two versions in one run: `YUPANA_BENCH_BEFORE=<its dist/> npm run bench`.
  ...(BEFORE && { 'yupana (before)': (origin: string) => yupanaFrom(BEFORE, origin) }),
  openai: async (origin) => {
    const { default: OpenAI } = await import('openai');
    const openai = new OpenAI({ apiKey: 'sk_test_bench', baseURL: `${origin}/v1` });
    return () => openai.post('/documents', { body });
  },
  stripe: async (origin) => {
    const { default: Stripe } = await import('stripe');
    const stripe = new Stripe('sk_test_bench', { host: '127.0.0.1', port: new URL(origin).port, protocol: 'http', httpClient: Stripe.createFetchHttpClient() });
    // Stripe's wire format: a form-encoded body.
    return () => stripe.customers.create({ name: 'ACME S.A.C.', email: 'pagos@acme.pe', metadata: { series: 'F001' } });
  },
  facturapi: async (origin) => {
    const facturapiModule = (await import('facturapi')) as unknown as { default: { default?: unknown } };
    const Facturapi = (facturapiModule.default.default ?? facturapiModule.default) as new (
      key: string,
    ) => { BASE_URL: string; invoices: { create(b: unknown): Promise<unknown> } };
    const facturapi = new Facturapi('sk_test_bench');
    facturapi.BASE_URL = `${origin}/v2`;
    return () => facturapi.invoices.create(body);
  },
  'ky.post json': async (origin) => {
    const { default: ky } = await import('ky');
    return () => ky.post(`${origin}/v1/documents`, { json: body, headers: auth }).json();
  },
  'ky string body': async (origin) => {
    const { default: ky } = await import('ky');
    const json = JSON.stringify(body);
    return () =>
      ky.post(`${origin}/v1/documents`, { body: json, headers: { ...auth, 'content-type': 'application/json' }, retry: 0, timeout: false }).then((r) => r.json());
  },
  // ky as yupana's request path calls it, without yupana's own work (validation, idempotency key,
  // retries, errors), sending the same JSON text with only the headers a POST needs.
  'ky as yupana calls it': async (origin) => {
    const send = await kyAsYupanaCallsIt(origin);
    const json = JSON.stringify(body);
    return () => send({ ...auth, 'content-type': 'application/json' }, json);
  },
  // The same, sending the very request a create sends: the contract's headers (Accept, the client
  // tag, a fresh Idempotency-Key) and the body stringified on each call, as an app calling ky for
  // a create would. What yupana costs over it is its own work only.
  "ky sending yupana's create": async (origin) => {
    const send = await kyAsYupanaCallsIt(origin);
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
    const clientTag = `yupana-js/${version} node/${process.versions.node}`;
    return () =>
      send(
        { accept: 'application/json', 'yupana-client': clientTag, ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        JSON.stringify(body),
      );
  },
  // ky not sending: a beforeRequest hook that answers with a plain fetch skips ky's clone of its
  // Request and the fetch of it. Shown for reference; not a way ky sends, so not a baseline.
  'ky + fetch in hook': async (origin) => {
    const { default: ky } = await import('ky');
    const init = { method: 'POST', body: JSON.stringify(body), headers: { ...auth, 'content-type': 'application/json' } };
    return () =>
      ky(`${origin}/v1/documents`, { ...init, retry: 0, timeout: false, hooks: { beforeRequest: [() => fetch(`${origin}/v1/documents`, init)] } }).then((r) => r.json());
  },
};

/**
 * ky as yupana's request path calls it: ky builds the Request (the JSON text, a timeout signal of
 * its own per attempt, redirects not followed) and sends it through its `fetch` option, the global
 * fetch looked up per request; the answer read as text and parsed.
 */
async function kyAsYupanaCallsIt(origin: string) {
  const { default: ky } = await import('ky');
  const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
  return (headers: Record<string, string>, text: string) => {
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), 60_000);
    return ky(`${origin}/v1/documents`, {
      method: 'POST',
      headers,
      body: text,
      signal: timer.signal,
      redirect: 'manual',
      fetch: globalFetch,
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
    })
      .then((r) => r.text())
      .then(JSON.parse)
      .finally(() => clearTimeout(timeout));
  };
}

/** CPU (user + system, every thread of the process) and wall time per request of `count` requests, `inFlight` at a time. */
async function timed(send: Send, count: number, inFlight: number) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = 0; i < count / inFlight; i++) await send();
    }),
  );
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / count, wall: (wall * 1000) / count };
}

/** KB allocated per request over {@link ALLOCATION_REQUESTS} requests; fails when a collection ran meanwhile, which would hide some. */
async function allocated(send: Send) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error(`--allocation needs V8's flags ${ALLOCATION_FLAGS.join(' ')}`);
  for (let i = 0; i < ALLOCATION_WARM_UP; i++) await send();
  gc();
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < ALLOCATION_REQUESTS; i++) await send();
  const growth = process.memoryUsage().heapUsed - before;
  // The observer reports on a later turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  observer.disconnect();
  if (collections > 0) throw new Error(`${collections} collections ran while measuring the allocation: raise the young generation`);
  return growth / ALLOCATION_REQUESTS / 1024;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [origin, name, ...counts] = process.argv.slice(2);
  const setUp = CONTENDERS[name!];
  if (!origin || !setUp) throw new Error(`usage: requests.ts <origin> <${Object.keys(CONTENDERS).join('|')}> <warm-up> <sequential> <in flight> | --allocation`);
  const send = await setUp(origin);
  if (counts[0] === '--allocation') {
    process.stdout.write(JSON.stringify({ allocatedKB: await allocated(send) }));
  } else {
    const [warmUp, sequential, inFlight] = counts.map(Number) as [number, number, number];
    for (let i = 0; i < warmUp; i++) await send();
    process.stdout.write(JSON.stringify({ sequential: await timed(send, sequential, 1), inFlight: await timed(send, inFlight, IN_FLIGHT) }));
  }
  process.exit(0);
}
