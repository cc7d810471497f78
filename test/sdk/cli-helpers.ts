/**
 * What the tests of `yupana issue` share: bodies, the command run in this process through its IO
 * seam (`CliIO`), the built bin run as a child process, and the results file read back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { http, passthrough } from 'msw';
import type { CliIO } from '../../src/cli/io.js';
import type { BatchRecord, JournalRecord, ResultRecord, SendingRecord } from '../../src/cli/issue/journal.js';
import { runCli } from '../../src/cli/run.js';
import { MOCK_API_KEY } from '../../src/testing/index.js';
import { server as msw } from '../msw.js';

export { boleta } from './batch-files.js';

/** Lines joined as a JSON Lines file, with a final newline. */
export const jsonl = (...lines: string[]) => `${lines.join('\n')}\n`;

/** The customer number `n` of a request or document body made by {@link boleta}, `undefined` for others. */
export function customerOf(body: unknown): number | undefined {
  const number = (body as { customer?: { documentNumber?: unknown } } | undefined)?.customer?.documentNumber;
  return typeof number === 'string' ? Number(number) - 40_000_000 : undefined;
}

/** A time as the results file records it: ISO 8601 in UTC, `2026-11-24T20:15:03.120Z`. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** SHA-256 in hex. */
export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The key docs/batch.md documents for the first line with `text` in a batch with `prefix`. */
export const keyOf = (prefix: string, text: string) => `${prefix}-${sha256(text).slice(0, 32)}`;

/** The default key prefix docs/batch.md documents for a file with `content`. */
export const prefixOf = (content: string | Buffer) => `batch-${sha256(content).slice(0, 16)}`;

/** The records of a results file: its batch records, the lines it recorded as about to be sent, and its results. */
export async function readRecords(file: string): Promise<{ batches: BatchRecord['batch'][]; sending: SendingRecord[]; results: ResultRecord[] }> {
  const records = (await readFile(file, 'utf8')).split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as JournalRecord];
    } catch {
      return []; // a record cut short by a crash
    }
  });
  return {
    batches: records.filter((r): r is BatchRecord => 'batch' in r).map((r) => r.batch),
    sending: records.filter((r): r is SendingRecord => 'sending' in r),
    results: records.filter((r): r is ResultRecord => 'ok' in r),
  };
}

/**
 * Moves every time a results file records `hours` into the past, as if its runs had happened
 * then: the batch records' `startedAt` and the results' `at`.
 */
export async function ageResults(file: string, hours: number): Promise<void> {
  const shift = (time: unknown) => (typeof time === 'string' ? new Date(Date.parse(time) - hours * 3_600_000).toISOString() : time);
  const lines = (await readFile(file, 'utf8')).split('\n').map((line) => {
    if (line === '') return line;
    const record = JSON.parse(line) as { batch?: { startedAt?: unknown }; at?: unknown };
    if (record.batch) record.batch.startedAt = shift(record.batch.startedAt);
    else record.at = shift(record.at);
    return JSON.stringify(record);
  });
  await writeFile(file, lines.join('\n'));
}

/** The results of a results file by line number (the last one of each line). */
export const byLine = (results: ResultRecord[]) => new Map(results.map((r) => [r.line, r]));

/** The summary line's counts, the last line of stderr: lines, issued, replayed, failed, skipped, blank, then the results file. */
export const SUMMARY =
  /(?:^|\n)yupana issue: (\d+) lines, (\d+) issued(?: \([^)]*\))?, (\d+) replayed, (\d+) failed, (\d+) skipped \(already issued\)(?:, (\d+) blank)?(?:, (\d+) rejected by SUNAT)? in \d+\.\d s(?: \(\d+(?:\.\d)?\/s\))?; results in (.+)\n$/;

/** How a run of the bin ended. */
export interface BinRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** What an in-process run may be given beside its arguments: the process's signals, another day's clock. */
export interface RunOptions {
  /** Aborted: a first Ctrl-C (reason `'SIGTERM'`: a SIGTERM). */
  stop?: AbortSignal;
  /** Aborted: a second one. */
  abort?: AbortSignal;
  /** The wall clock (another day's, say). */
  date?: () => number;
  /** stderr as a terminal of this width. */
  columns?: number;
}

/**
 * `yupana <args>` run in this process through its IO seam, as the bin runs it, against the server
 * at `baseURL` (passed through msw), with `env` over the mock's API key: its exit status and output.
 */
export async function runIn(args: string[], baseURL: string, env: Record<string, string> = {}, options: RunOptions = {}): Promise<BinRun> {
  msw.use(http.all(`${baseURL}/*`, () => passthrough()));
  const out = { stdout: '', stderr: '' };
  const io: CliIO = {
    env: { YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: baseURL, ...env },
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text), ...(options.columns ? { isTTY: true, columns: options.columns } : {}) },
    ...(options.stop ? { stop: options.stop } : {}),
    ...(options.abort ? { abort: options.abort } : {}),
    ...(options.date ? { date: options.date } : {}),
  };
  const code = await runCli(args, io);
  return { code, signal: null, ...out };
}

/** The commands a message advises, each on a line of its own (indented), as `runIn` arguments: `['issue', 'ventas.csv', '--repeats-are-new']`. */
export function advisedCommands(stderr: string): string[][] {
  return [...stderr.matchAll(/^ {4}yupana (.+)$/gm)].map((match) => shellWords(match[1]!));
}

/** The words of a shell line as `sh` splits them: spaces apart, single quotes kept together. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** The built bin (`npm run build`), as the package ships it. */
export const BUILT_BIN = 'dist/yupana.js';

/** The built bin started as a user starts it, against the server at `baseURL`: the child, and how it ends. */
export function spawnBin(
  args: string[],
  baseURL: string,
  env: Record<string, string> = {},
  /** A `sh` script that ends with `exec "$0" "$@"`, to start the bin under limits it sets. */
  shell?: string,
  /** When a run that has not ended is killed, in milliseconds: below the test's own timeout. */
  killAfterMs = 90_000,
): { child: ChildProcess; done: Promise<BinRun>; stderr: () => string } {
  const { YUPANA_API_KEY: _key, YUPANA_BASE_URL: _url, YUPANA_LOG: _log, ...inherited } = process.env;
  const command = [process.execPath, BUILT_BIN, ...args];
  const [file, ...argv] = shell === undefined ? command : ['sh', '-c', shell, ...command];
  const child = spawn(file!, argv, {
    env: { ...inherited, YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: baseURL, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  // Headroom for a loaded machine: a run that hangs still ends, and the test says how.
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const done = new Promise<BinRun>((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    }),
  );
  return { child, done, stderr: () => stderr };
}

/** Runs the bin to its end. */
export const runBin = (args: string[], baseURL: string, env: Record<string, string> = {}) => spawnBin(args, baseURL, env).done;

/** What a {@link startGate} hook decides for one request: forward it as is, or answer with `{ status, body }` (after forwarding it when `forward` is true). */
export type GateDecision = undefined | { status: number; body: string; forward: boolean };

/** A proxy on loopback in front of `target`, whose hook sees each request's JSON body and may hold it (until its promise settles) or change its answer. */
export interface Gate {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a {@link Gate}: each request is read whole, `hook(body)` is awaited, and then the request is
 * forwarded to `target` and its answer passed back, unless the hook answers otherwise. The test
 * process forwards with `fetch`: let msw pass requests to `target` through.
 */
export async function startGate(target: string, hook: (body: unknown) => Promise<GateDecision> | GateDecision): Promise<Gate> {
  const { createServer } = await import('node:http');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
        const decision = await hook(body);
        let status = decision?.status ?? 0;
        let answer = decision?.body ?? '';
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (decision === undefined || decision.forward) {
          const forwarded = await fetch(`${target}${request.url}`, {
            method: request.method!,
            headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<
              string,
              string
            >,
            ...(text ? { body: text } : {}),
          });
          const forwardedText = await forwarded.text();
          if (decision === undefined) {
            status = forwarded.status;
            answer = forwardedText;
            forwarded.headers.forEach((value, name) => {
              if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name)) headers[name] = value;
            });
          }
        }
        response.writeHead(status, headers).end(answer);
      })().catch((error: unknown) => response.destroy(error as Error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  msw.use(http.all(`http://127.0.0.1:${port}/*`, () => passthrough()));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
