import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { http, passthrough } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError, Client, RateLimitError } from '../../src/index.js';
import { MOCK_API_KEY } from '../../src/testing/index.js';
import { validCreate } from '../helpers.js';
import { server } from '../msw.js';
import { bundled } from '../programs.js';

/** The program (src/cli/mock.ts), bundled once for this file, so that each test spawns plain Node, not a TypeScript loader. */
let CLI: string[] = [];
beforeAll(() => {
  CLI = [bundled('src/cli/mock.ts')];
});

/** Starts the CLI with `args` and waits for its banner: the URL it serves and everything it printed. */
async function startCli(args: string[]): Promise<{ child: ChildProcess; url: string; stdout: string }> {
  const child = spawn(process.execPath, [...CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n[^]*Try: .*\n/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening: ${stdout}`)));
  });
  server.use(http.all(`${url}/*`, () => passthrough()));
  return { child, url, stdout };
}

/** Stops the CLI with SIGTERM and answers its exit code. */
async function stop(child: ChildProcess): Promise<number | null> {
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill('SIGTERM');
  return (await exited)[0];
}

/** The rejection of `promise`, asserting it rejects. */
async function failure(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

const run = (args: string[]) => promisify(execFile)(process.execPath, [...CLI, ...args], { timeout: 100_000 });

describe('npx yupana-mock', () => {
  it('with --port 0 serves the mock on a free port, prints the URL and the keys, and stops on SIGTERM', async () => {
    const { child, url, stdout } = await startCli(['--port', '0']);
    try {
      expect(stdout).toContain(`API keys: any that starts with sk_test_, e.g. ${MOCK_API_KEY}`);
      const client = new Client({ apiKey: MOCK_API_KEY, baseURL: url });
      const doc = await client.documents.create(validCreate());
      expect(await client.documents.retrieve(doc.id)).toMatchObject({ id: doc.id, status: 'accepted' });
      expect((await client.documents.retrieve(doc.id).withResponse()).rateLimit).toBeUndefined();
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('takes an app’s own sk_test_ key, a rate limit and SUNAT answering later from its flags', async () => {
    const { child, url, stdout } = await startCli(['--port', '0', '--rate-limit', '2/60s', '--settle-after', '60000']);
    try {
      expect(stdout).toContain('Rate limit: 2 requests per 60 s per API key');
      expect(stdout).toContain('SUNAT answers: pending, then accepted after 60000 ms');
      const client = new Client({ apiKey: 'sk_test_my_own_app', baseURL: url, maxRetries: 0 });

      const before = Date.now();
      const { data: doc, rateLimit } = await client.documents.create(validCreate()).withResponse();
      expect(rateLimit).toMatchObject({ remaining: 1, limit: 2, windowSeconds: 60 });
      expect(doc).toMatchObject({ status: 'pending', taxAuthority: { status: 'pending', attempts: 1 } });
      const settlesAt = Date.parse(doc.taxAuthority.nextAttemptAt ?? '');
      expect(settlesAt).toBeGreaterThanOrEqual(before + 59_000);
      expect(settlesAt).toBeLessThanOrEqual(Date.now() + 61_000);

      expect((await client.documents.retrieve(doc.id).withResponse()).rateLimit).toMatchObject({ remaining: 0 });
      expect(await failure(client.documents.retrieve(doc.id))).toBeInstanceOf(RateLimitError);
      expect(await failure(new Client({ apiKey: 'sk_live_my_own_app', baseURL: url, maxRetries: 0 }).documents.list())).toBeInstanceOf(AuthenticationError);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it("--ticket-outcome makes SUNAT answer a void's ticket as said: in_process keeps the voiding pending at 98", async () => {
    const { child, url, stdout } = await startCli(['--port', '0', '--ticket-outcome', 'in_process']);
    try {
      expect(stdout).toContain("SUNAT answers: accepted; voidings' tickets: in_process");
      const client = new Client({ apiKey: MOCK_API_KEY, baseURL: url, maxRetries: 0 });
      const doc = await client.documents.create(validCreate());
      const { voidedBy } = await client.documents.void(doc.id, { reason: 'Error' });
      // The answer comes on the server's next timer turn: read until SUNAT's 98 is there.
      let voiding = await client.voidings.retrieve(voidedBy!.id);
      for (let i = 0; voiding.taxAuthority.code === null && i < 100; i++) voiding = await client.voidings.retrieve(voidedBy!.id);
      expect(voiding).toMatchObject({ status: 'pending', taxAuthority: { code: '98' } });
      expect((await client.documents.retrieve(doc.id)).status).toBe('voiding');
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('--help names every flag and the keys it accepts', async () => {
    const { stdout } = await run(['--help']);
    for (const flag of [
      '--port',
      '--host',
      '--rate-limit',
      '--outcome',
      '--settle-after',
      '--settle-outcome',
      '--ticket-outcome',
      '--cors-origin',
      '--allowed-host',
      '--grace',
      '--webhook-retries',
      'sk_test_',
    ]) {
      expect(stdout).toContain(flag);
    }
  });

  it('lets in the web pages of --cors-origin and the names of --allowed-host, refuses others, and drains on SIGTERM', async () => {
    const { child, url, stdout } = await startCli(['--port', '0', '--cors-origin', 'http://localhost:5173', '--allowed-host', 'yupana-mock', '--grace', '5000']);
    try {
      expect(stdout).toContain('Web pages (CORS): http://localhost:5173');
      const call = (headers: Record<string, string>) => fetch(`${url}/v1/account`, { headers: { Authorization: `Bearer ${MOCK_API_KEY}`, ...headers } });
      expect((await call({ Origin: 'http://localhost:5173' })).status).toBe(200);
      expect((await call({ Origin: 'http://evil.example' })).status).toBe(403);
      // The Host header fetch sends is the URL's; a raw request names another.
      const { request } = await import('node:http');
      const statusFor = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${url}/v1/account`, { headers: { Host: host, Authorization: `Bearer ${MOCK_API_KEY}` } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.once('error', reject).end();
        });
      expect(await statusFor('yupana-mock:4010')).toBe(200);
      expect(await statusFor('rebound.example:4010')).toBe(421);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it.each([
    [['--port', 'http'], '--port must be an integer from 0 to 65535'],
    [['--rate-limit', '50'], '--rate-limit must be <requests>/<seconds>s'],
    [['--rate-limit', '0/1s'], '--rate-limit must be <requests>/<seconds>s'],
    [['--outcome', 'maybe'], '--outcome must be one of accepted, observed, rejected, pending'],
    [['--settle-after', '2s'], '--settle-after must be a whole number of milliseconds'],
    [['--settle-after', '2147483648'], '--settle-after must be a whole number of milliseconds from 0 to 2147483647'],
    [['--settle-after=-1'], '--settle-after must be a whole number of milliseconds'],
    [['--base-url', 'mock.example.test'], '--base-url must be an http(s) URL'],
    [['--settle-outcome', 'rejected'], '--settle-outcome needs --settle-after'],
    [['--ticket-outcome', 'stuck'], '--ticket-outcome must be one of accepted, rejected, in_process, unknown_ticket'],
    [['--settle-after', '100', '--outcome', 'accepted'], '--settle-after answers pending documents later'],
    [['--cors-origin', 'localhost:5173'], '--cors-origin must be * or an origin such as http://localhost:5173'],
    [['--grace', '5s'], '--grace must be a whole number of milliseconds'],
    [['--webhook-retries', '1000,,5000'], '--webhook-retries must be up to 20 waits in milliseconds'],
  ])('refuses %j as a usage error (exit 2) and says why', async (args, message) => {
    await expect(run(args)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining(message) });
  });

  it('warns on stderr when it listens on an interface other than loopback, and not on loopback', async () => {
    const banner = async (host: string) => {
      const child = spawn(process.execPath, [...CLI, '--port', '0', '--host', host], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => /Try: .*\n/.test(stdout) && resolve());
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
      });
      const closed = once(child, 'close'); // every byte of stdout and stderr read
      expect(await stop(child)).toBe(0);
      await closed;
      return { stdout, stderr };
    };
    const open = await banner('0.0.0.0');
    expect(open.stdout).toMatch(/listening on http:\/\/0\.0\.0\.0:\d+/);
    expect(open.stderr).toContain('warning: --host 0.0.0.0 is not loopback');
    expect(open.stderr).toContain('any sk_test_ key');
    expect(open.stderr).not.toContain('any web page');
    // On loopback, stderr says only how it stopped.
    expect((await banner('localhost')).stderr).toBe(
      'yupana-mock: SIGTERM: answering the requests in flight (up to 10000 ms), then stopping; SIGTERM again to stop at once\n',
    );
  });

  it('serves pdfUrl from --base-url', async () => {
    const { child, url } = await startCli(['--port', '0', '--base-url', 'https://mock.example.test']);
    try {
      const doc = await new Client({ apiKey: MOCK_API_KEY, baseURL: url }).documents.create(validCreate());
      expect(doc.pdfUrl).toBe(`https://mock.example.test/v1/documents/${doc.id}/pdf`);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });
});
