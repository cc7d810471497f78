/**
 * Failure paths where msw cannot see: real sockets on 127.0.0.1, and a process that must exit.
 * A body that stalls after the headers must release its connection when the attempt times out,
 * a script whose only call timed out must exit by itself, and `client.request()` must never
 * carry the key to another origin. `npm run test:faults` runs these with the fault matrix.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { passthrough, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, ValidationError } from '../../src/index.js';
import { documentFixture, settle, validCreate } from '../helpers.js';
import { server as msw } from '../msw.js';
import { bundled } from '../programs.js';

const KEY = 'sk_test_hardening';
/**
 * How long a test waits for every connection to close: closed they must be (before the fix they
 * stayed open for good); how soon depends on the machine's load, which no assertion reads.
 */
const DRAIN_BUDGET = 30_000;

/**
 * A loopback server that answers with `answer`, recording every request it receives and the
 * sockets that carried one while they stay open. (undici opens a fresh idle connection after it
 * drops one; that socket carries no request, keeps no process alive, and is not counted.)
 */
async function loopback(answer: (res: ServerResponse) => void) {
  const sockets = new Set<Socket>();
  const everyConnection = new Set<Socket>();
  const requests: { url: string; authorization: string | undefined; idempotencyKey?: string }[] = [];
  const server: Server = createServer((req, res) => {
    const key = req.headers['idempotency-key'];
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization, ...(typeof key === 'string' ? { idempotencyKey: key } : {}) });
    const { socket } = req;
    if (!socket.destroyed) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    answer(res);
  });
  server.on('connection', (socket: Socket) => {
    everyConnection.add(socket);
    socket.once('close', () => everyConnection.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  msw.use(http.all(`${url}/*`, () => passthrough()));
  /** Resolves once no socket is open, or with the count still open after `ms`. */
  const drained = (ms: number) =>
    new Promise<number>((resolve) => {
      const check = () => {
        if (sockets.size === 0) finish();
      };
      const finish = () => {
        clearTimeout(timer);
        for (const socket of sockets) socket.off('close', check);
        resolve(sockets.size);
      };
      const timer = setTimeout(finish, ms);
      for (const socket of sockets) socket.on('close', check);
      check();
    });
  const close = () => {
    for (const socket of everyConnection) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, requests, drained, close };
}

const stalls = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"id":"doc_1","object":'); // and nothing more, ever
};

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/**
 * Runs `script` (an ES module importing the SDK as `SDK`, its src/ bundled once) in a child Node
 * process: the client side of these tests runs without msw, whose fetch interception wraps
 * response bodies.
 */
function child(script: string) {
  const sdk = pathToFileURL(bundled('src/index.ts')).href;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', script.replaceAll("'SDK'", JSON.stringify(sdk))], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const budget = setTimeout(() => proc.kill('SIGKILL'), 60_000);
  const exited = once(proc, 'exit').then(([code, signal]) => {
    clearTimeout(budget);
    return { code: code as number | null, signal: signal as NodeJS.Signals | null, at: Date.now(), stdout };
  });
  /** Resolves with the first match of `pattern` in stdout. */
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stdout);
        if (match) resolve(match);
      };
      proc.stdout.on('data', check);
      void exited.then(() => (check(), reject(new Error(`exited without printing ${pattern}: ${stdout}`))));
    });
  return { proc, exited, printed };
}

describe('a body that stalls after the headers', () => {
  it('times out, and each of 15 attempts closes its connection, in a process that keeps running', async () => {
    const api = await loopback(stalls);
    servers.push(api);
    const run = child(`
      import { Client } from 'SDK';
      const client = new Client({ apiKey: '${KEY}', baseURL: '${api.url}', timeout: 150, maxRetries: 0, logLevel: 'off' });
      const names = await Promise.all(Array.from({ length: 15 }, (_, i) => client.documents.retrieve('doc_' + i).catch((e) => e.name)));
      console.log('done ' + names.filter((n) => n === 'APIConnectionTimeoutError').length);
      setInterval(() => undefined, 1000); // a long-running service
    `);
    try {
      const [, timedOut] = await run.printed(/done (\d+)/);
      expect(Number(timedOut)).toBe(15);
      expect(api.requests).toHaveLength(15);
      // Before the fix, \`response.body.cancel()\` threw on a locked stream: all 15 stayed open.
      expect(await api.drained(DRAIN_BUDGET)).toBe(0);
    } finally {
      run.proc.kill('SIGKILL');
    }
  });

  it('a script whose only call timed out exits by itself right after the rejection', async () => {
    const api = await loopback(stalls);
    servers.push(api);
    const run = child(`
      import { Client } from 'SDK';
      const client = new Client({ apiKey: '${KEY}', baseURL: '${api.url}', timeout: 200, maxRetries: 0, logLevel: 'off' });
      try { await client.documents.retrieve('doc_1'); } catch (error) { console.log('rejected ' + error.name + ' ' + Date.now()); }
    `);
    const { code, signal, stdout } = await run.exited;
    expect(signal).toBeNull(); // not killed by the budget: it exited on its own
    expect(code).toBe(0);
    const match = /rejected APIConnectionTimeoutError (\d+)/.exec(stdout);
    expect(match, stdout).not.toBeNull();
    expect(await api.drained(DRAIN_BUDGET)).toBe(0);
  });
});

describe('a body that stalls, read by an afterResponse hook', () => {
  it('is the attempt\'s timeout, never "the hook threw": the retry is made, and every connection closes', async () => {
    const api = await loopback(stalls);
    servers.push(api);
    const run = child(`
      import { Client } from 'SDK';
      const client = new Client({ apiKey: '${KEY}', baseURL: '${api.url}', timeout: 150, maxRetries: 1, logLevel: 'off',
        hooks: { afterResponse: async ({ response }) => { await response.text(); } } });
      try { await client.documents.retrieve('doc_1'); } catch (error) { console.log('rejected ' + error.name + ': ' + error.message); }
    `);
    const { code, stdout } = await run.exited;
    expect(code).toBe(0);
    expect(stdout).toContain('rejected APIConnectionTimeoutError: Request timed out after 150 ms.');
    expect(api.requests).toHaveLength(2);
    expect(await api.drained(DRAIN_BUDGET)).toBe(0);
  });
});

describe('a body that stalls and then loses its connection', () => {
  it('is a connection error, retried under the same key, and the retry succeeds', async () => {
    let attempt = 0;
    const api = await loopback((res) => {
      if (++attempt === 1) {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.write('{"id":"doc_1",');
        setImmediate(() => res.socket?.destroy());
      } else {
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(documentFixture()));
      }
    });
    servers.push(api);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { value, error } = await settle(new Client({ apiKey: KEY, baseURL: api.url, logLevel: 'off' }).documents.create(validCreate()));
      expect(error).toBeUndefined();
      expect(value?.id).toBe('doc_1');
    } finally {
      vi.useRealTimers();
    }
    expect(api.requests).toHaveLength(2);
    expect(new Set(api.requests.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(await api.drained(DRAIN_BUDGET)).toBe(0);
  });
});

describe('client.request() never takes the key to another origin', () => {
  it('a path that would move a loopback base to another port is refused; that port sees nothing', async () => {
    const other = await loopback((res) => res.end('{}'));
    servers.push(other);
    const port = new URL(other.url).port;
    // `http://127.0.0.1` + `:<port>/v1/x` would be `http://127.0.0.1:<port>/v1/x`.
    const client = new Client({ apiKey: KEY, baseURL: 'http://127.0.0.1', logLevel: 'off' });
    for (const path of [`:${port}/v1/x`, `//127.0.0.1:${port}/v1/x`, `/\\127.0.0.1:${port}/v1/x`]) {
      await expect(client.request({ method: 'GET', path })).rejects.toBeInstanceOf(ValidationError);
    }
    expect(other.requests).toEqual([]);
  });

  it('a path below the base reaches it, with the key', async () => {
    const api = await loopback((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    servers.push(api);
    const client = new Client({ apiKey: KEY, baseURL: `${api.url}/proxy`, logLevel: 'off' });
    expect(await client.request({ method: 'GET', path: '/v1/x' })).toEqual({ ok: true });
    expect(api.requests).toEqual([{ url: '/proxy/v1/x', authorization: `Bearer ${KEY}` }]);
  });
});
