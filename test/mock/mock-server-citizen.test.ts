/**
 * `startMockServer` as a good citizen on a developer's machine (issue 33, items 1 and 2): it stops
 * reading a connection whose answers are not read (a pipelining client that never reads holds it to
 * the answers the operating system's buffers take, not to everything it sends); it refuses a `Host`
 * that does not name it (DNS rebinding); and on SIGTERM or SIGINT it drains: stops accepting,
 * answers every request in flight, closes the rest after the grace period, then exits.
 */
import { EventEmitter, once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainOnSignals, MOCK_API_KEY, startMockServer, type MockServer } from '../../src/testing/index.js';
import { Connections, type Serve } from '../../src/testing/connections.js';
import { isLoopback } from '../../src/testing/guards.js';
import { handlersFetch } from '../handlers-fetch.js';
import { validCreate } from '../helpers.js';
import { server } from '../msw.js';

let mock: MockServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await mock?.close();
  mock = undefined;
});

async function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  return socket;
}

/** Resolves once `check` holds after each of `turns` consecutive turns of the event loop, 10 ms apart: nothing moves any more. */
async function settled(value: () => number, turns = 20): Promise<number> {
  let last = value();
  for (let still = 0; still < turns; ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = value();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

/** Everything a socket receives from now on. */
function collect(socket: Socket): { bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { bytes: () => Buffer.concat(chunks) };
}

describe('a client that pipelines requests and never reads the answers', () => {
  it('holds the server to what the operating system buffers: it stops reading that connection, serves others, and answers all in order once read', async () => {
    mock = await startMockServer();
    // 100 documents: a page of them is an answer of about 150 KB.
    const local = handlersFetch(mock.sandbox.handlers);
    for (let i = 0; i < 100; i++) {
      await local(`${mock.url}/v1/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${MOCK_API_KEY}`, 'Content-Type': 'application/json', 'Idempotency-Key': `seed-${i}` },
        body: JSON.stringify(validCreate()),
      });
    }
    const pageBytes = (await (await local(`${mock.url}/v1/documents?limit=100`, { headers: { Authorization: `Bearer ${MOCK_API_KEY}` } })).arrayBuffer()).byteLength;
    expect(pageBytes).toBeGreaterThan(100_000);
    const before = mock.sandbox.requests.length;
    const handled = () => mock!.sandbox.requests.length - before;

    const socket = await open(mock.url);
    socket.pause(); // reads nothing
    const sent = 150;
    const request = `GET /v1/documents?limit=100 HTTP/1.1\r\nHost: ${new URL(mock.url).host}\r\nAuthorization: Bearer ${MOCK_API_KEY}\r\n\r\n`;
    socket.write(request.repeat(sent));

    // The server answers until the kernel's buffers are full (a few MB), then reads no more of this connection.
    const stalled = await settled(handled);
    expect(stalled).toBeGreaterThan(0);
    expect(stalled).toBeLessThan(sent / 2);
    // Another connection is served meanwhile.
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    expect((await fetch(`${mock.url}/v1/account`, { headers: { Authorization: `Bearer ${MOCK_API_KEY}` } })).status).toBe(200);
    expect(handled()).toBe(stalled + 1);

    // Once the client reads, every answer comes, in order.
    const received = collect(socket);
    socket.resume();
    await settled(() => received.bytes().length);
    const text = received.bytes().toString('latin1');
    expect(text.split('HTTP/1.1 200 OK\r\n')).toHaveLength(sent + 1);
    expect(handled()).toBe(sent + 1);
    socket.destroy();
  });
});

describe('the Host header must name the server (DNS rebinding)', () => {
  /** The status a request with `host` as its Host header gets. */
  async function statusWith(url: string, host: string): Promise<number> {
    const socket = await open(url);
    const received = collect(socket);
    socket.write(`GET /v1/account HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${MOCK_API_KEY}\r\nConnection: close\r\n\r\n`);
    await once(socket, 'end');
    return Number(received.bytes().toString('latin1').split(' ')[1]);
  }

  it('refuses a name the page was rebound from (421 misdirected_request, nothing handled); takes its address, localhost, and the names allowed', async () => {
    mock = await startMockServer({ allowedHosts: ['yupana-mock'], baseURL: 'https://sandbox.example.test' });
    const { port } = new URL(mock.url);
    expect(await statusWith(mock.url, `attacker.example:${port}`)).toBe(421);
    expect(await statusWith(mock.url, 'attacker.example')).toBe(421);
    expect(await statusWith(mock.url, `localhost.attacker.example:${port}`)).toBe(421);
    expect(mock.sandbox.requests).toEqual([]);
    for (const host of [
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `app.localhost:${port}`,
      `[::1]:${port}`,
      `yupana-mock:${port}`,
      'sandbox.example.test',
    ]) {
      expect([host, await statusWith(mock.url, host)]).toEqual([host, 200]);
    }
  });

  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['127.255.10.1', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['128.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::2', false],
    ['localhost.example', false],
    ['example.com', false],
    ['[localhost.', false],
    ['0::1]', false],
  ])('%s is loopback: %s (what yupana-mock --host warns about)', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });

  it('refuses a Host that is not a name at all, and a name with a trailing dot is the name', async () => {
    mock = await startMockServer({ allowedHosts: ['sandbox.example.test'] });
    expect(await statusWith(mock.url, 'a b')).toBe(421);
    expect(await statusWith(mock.url, 'sandbox.example.test.')).toBe(200);
  });

  it('the refusal says why, and how to allow a name', async () => {
    mock = await startMockServer();
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    const socket = await open(mock.url);
    const received = collect(socket);
    socket.write(`GET /v1/account HTTP/1.1\r\nHost: rebound.example\r\nConnection: close\r\n\r\n`);
    await once(socket, 'end');
    const text = received.bytes().toString('utf8');
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { code: string; detail: string };
    expect(body.code).toBe('misdirected_request');
    expect(body.detail).toContain('"rebound.example"');
    expect(body.detail).toContain('--allowed-host');
    expect((body as { requestId?: string }).requestId).toMatch(/^req_/);
  });

  /** The status and body of a raw request: its request line and `headers`, no Host unless given. */
  async function rawRequest(url: string, head: string): Promise<{ status: number; body: string }> {
    const socket = await open(url);
    const received = collect(socket);
    socket.write(`${head}\r\n\r\n`);
    await once(socket, 'end');
    const text = received.bytes().toString('utf8');
    return { status: Number(text.split(' ')[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) };
  }

  it('answers an HTTP/1.0 request without Host (nothing to check), but does not take it as a page of the server itself', async () => {
    mock = await startMockServer();
    const plain = await rawRequest(mock.url, `GET /v1/account HTTP/1.0\r\nAuthorization: Bearer ${MOCK_API_KEY}`);
    expect(plain.status).toBe(200);
    const page = await rawRequest(mock.url, `GET /v1/account HTTP/1.0\r\nOrigin: http://undefined\r\nAuthorization: Bearer ${MOCK_API_KEY}`);
    expect(page.status).toBe(403);
  });

  it('takes a page of its own origin reached over https (through a TLS proxy), not a page of another', async () => {
    mock = await startMockServer();
    const { host } = new URL(mock.url);
    const own = await rawRequest(
      mock.url,
      `GET /v1/account HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://${host}\r\nAuthorization: Bearer ${MOCK_API_KEY}\r\nConnection: close`,
    );
    expect(own.status).toBe(200);
    const other = await rawRequest(mock.url, `GET /v1/account HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://other.example\r\nConnection: close`);
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body)).toMatchObject({
      code: 'forbidden_origin',
      detail: 'Pages of https://other.example may not call this sandbox: allow the origin (corsOrigins, --cors-origin https://other.example).',
      requestId: expect.stringMatching(/^req_/),
    });
  });
});

describe('SIGTERM or SIGINT drains', () => {
  const uploadHead = (length: number, key: string, host: string) =>
    `POST /v1/documents HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${MOCK_API_KEY}\r\nContent-Type: application/json\r\nIdempotency-Key: ${key}\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;

  /** Starts an upload: its headers, acknowledged by the server (100 Continue), then half its body. Resolves with the socket and the rest to send. */
  async function startUpload(url: string, i: number) {
    const body = Buffer.from(JSON.stringify(validCreate()));
    const socket = await open(url);
    const received = collect(socket);
    socket.write(uploadHead(body.length, `upload-${i}`, new URL(url).host));
    while (!received.bytes().toString('latin1').includes('100 Continue')) await new Promise((resolve) => setImmediate(resolve));
    socket.write(body.subarray(0, body.length / 2));
    return { socket, received, rest: body.subarray(body.length / 2) };
  }

  it('10 uploads in flight at SIGTERM: each is answered (201, Connection: close), no new connection is taken, an idle one is closed, then it exits with 0', async () => {
    mock = await startMockServer();
    const signals = new EventEmitter();
    const exit = vi.fn();
    const log = vi.fn();
    drainOnSignals(mock, { gracePeriodMs: 60_000, signals, exit, log });
    const uploads = await Promise.all(Array.from({ length: 10 }, (_, i) => startUpload(mock!.url, i)));
    // A keep-alive connection, idle after its answer.
    const idle = await open(mock.url);
    const idleReceived = collect(idle);
    idle.write(`GET /v1/account HTTP/1.1\r\nHost: ${new URL(mock.url).host}\r\nAuthorization: Bearer ${MOCK_API_KEY}\r\n\r\n`);
    while (!idleReceived.bytes().toString('latin1').endsWith('}')) await new Promise((resolve) => setImmediate(resolve));
    const idleClosed = once(idle, 'close');

    signals.emit('SIGTERM');
    await idleClosed;
    expect(log).toHaveBeenCalledWith(expect.stringContaining('SIGTERM: answering the requests in flight (up to 60000 ms)'));
    const { hostname, port } = new URL(mock.url);
    const refused = connect(Number(port), hostname);
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');

    for (const { socket, rest } of uploads) socket.write(rest);
    await Promise.all(uploads.map(({ socket }) => once(socket, 'end')));
    for (const { received } of uploads) {
      const text = received.bytes().toString('latin1');
      expect(text).toMatch(/HTTP\/1\.1 201 Created\r\n/);
      expect(text).toMatch(/\r\nConnection: close\r\n/i);
    }
    expect(mock.sandbox.documents()).toHaveLength(10);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    mock = undefined;
  });

  it('closes what is still open when the grace period ends (a request that hangs), then exits with 0', async () => {
    mock = await startMockServer();
    mock.sandbox.failNext({ network: 'hang' });
    const signals = new EventEmitter();
    const exit = vi.fn();
    const hanging = await open(mock.url);
    hanging.write(`GET /v1/account HTTP/1.1\r\nHost: ${new URL(mock.url).host}\r\nAuthorization: Bearer ${MOCK_API_KEY}\r\n\r\n`);
    while (mock.sandbox.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const hangingClosed = once(hanging, 'close');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    drainOnSignals(mock, { gracePeriodMs: 5_000, signals, exit });
    signals.emit('SIGINT');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(hanging.destroyed).toBe(false);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await hangingClosed;
    vi.useRealTimers();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    mock = undefined;
  });

  it('a second signal closes every connection at once', async () => {
    mock = await startMockServer();
    mock.sandbox.failNext({ network: 'hang' });
    const signals = new EventEmitter();
    const exit = vi.fn();
    const log = vi.fn();
    drainOnSignals(mock, { gracePeriodMs: 600_000, signals, exit, log });
    const hanging = await open(mock.url);
    hanging.write(`GET /v1/account HTTP/1.1\r\nHost: ${new URL(mock.url).host}\r\nAuthorization: Bearer ${MOCK_API_KEY}\r\n\r\n`);
    while (mock.sandbox.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const closed = once(hanging, 'close');
    signals.emit('SIGTERM');
    signals.emit('SIGTERM');
    expect(log).toHaveBeenLastCalledWith('SIGTERM again: closing every connection now');
    await closed;
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    mock = undefined;
  });

  it('close() without a grace period closes every connection at once, as before; a bad grace period is a RangeError', async () => {
    mock = await startMockServer();
    await expect(mock.close({ gracePeriodMs: -1 })).rejects.toThrow(RangeError);
    const socket = await open(mock.url);
    const closed = once(socket, 'close');
    await mock.close();
    await closed;
    mock = undefined;
  });
});

describe('Connections, under any Serve', () => {
  let plain: Server | undefined;
  afterEach(async () => {
    plain?.closeAllConnections();
    await new Promise((resolve) => plain?.close(resolve) ?? resolve(undefined));
    plain = undefined;
  });

  /** A loopback HTTP server whose requests `serve` answers through `Connections`; resolves with its URL. */
  async function listen(connections: Connections): Promise<string> {
    plain = createServer(connections.accept);
    await new Promise<void>((resolve) => plain!.listen(0, '127.0.0.1', resolve));
    const { port } = plain.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  /** The heads of the answers in `text`, each as its lower-case lines. */
  const heads = (text: string) =>
    text
      .split('HTTP/1.1 ')
      .slice(1)
      .map((answer) => answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase());

  it('a drain answers every request pipelined before it: the connection kept alive up to the last answer, which carries Connection: close', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const served: string[] = [];
    const serve: Serve = async (req, res) => {
      served.push(req.url!);
      if (req.url === '/a') await held;
      res.end(req.url);
    };
    const connections = new Connections(serve);
    const socket = await open(await listen(connections));
    let requests = 0;
    plain!.on('request', () => requests++);
    const received = collect(socket);
    socket.write(['/a', '/b', '/c'].map((path) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(''));
    while (requests < 3) await new Promise((resolve) => setImmediate(resolve));
    connections.drain(); // /a is being answered; /b and /c wait their turn
    release();
    await once(socket, 'end');
    expect(served).toEqual(['/a', '/b', '/c']);
    const answers = heads(received.bytes().toString('latin1'));
    expect(answers).toHaveLength(3);
    expect(answers.map((head) => head.match(/^connection: (.*)$/m)?.[1])).toEqual(['keep-alive', 'keep-alive', 'close']);
  });

  it('reads a connection again once the requests pipelined on it are answered: a later request on it is answered too', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const connections = new Connections(async (req, res) => {
      if (req.url === '/a') await held;
      res.end(req.url);
    });
    const socket = await open(await listen(connections));
    let requests = 0;
    plain!.on('request', () => requests++);
    const received = collect(socket);
    const answered = async (count: number) => {
      while (heads(received.bytes().toString('latin1')).length < count) await new Promise((resolve) => setImmediate(resolve));
    };
    // The second arrives while the first is answered: the connection is paused until both are out.
    socket.write(['/a', '/b'].map((path) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(''));
    while (requests < 2) await new Promise((resolve) => setImmediate(resolve));
    release();
    await answered(2);
    socket.write('GET /c HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await answered(3);
    expect(received.bytes().toString('latin1')).toMatch(/\/a[\s\S]*\/b[\s\S]*\/c$/);
  });

  it('takes the next request of a connection once the answer before is out, even when Serve resolves after it closed', async () => {
    const serve: Serve = async (req, res) => {
      res.end(req.url);
      await once(res, 'close');
    };
    const socket = await open(await listen(new Connections(serve)));
    const received = collect(socket);
    for (const [i, path] of ['/first', '/second'].entries()) {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      while (heads(received.bytes().toString('latin1')).length <= i) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(received.bytes().toString('latin1')).toContain('/second');
    socket.destroy();
  });
});
