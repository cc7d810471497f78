/**
 * `startMockServer`: the sandbox's msw handlers served over real HTTP on loopback, for
 * examples, browser tests and curl.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { Connections } from './connections.js';
import { checkOrigins, forbiddenOrigin, HostGuard, misdirected, OriginGuard } from './guards.js';
import { payloadTooLarge } from './middleware/body.js';
import { withCors } from './middleware/cors.js';
import { problemResponse } from './middleware/problem.js';
import { createMockSandbox, type MockSandbox, type MockSandboxOptions } from './sandbox.js';
import { randomId } from './store/ids.js';

/**
 * Options of {@link startMockServer}: where to listen, who may call it, and the sandbox to serve,
 * given whole (`sandbox`) or by its options (`apiKeys`, `rateLimit`, `outcome`, `settleAfterMs`...),
 * not both.
 */
export interface MockServerOptions extends MockSandboxOptions {
  /** Port to listen on. Default: `0`, a free port. */
  port?: number;
  /** Interface to listen on. Default: `127.0.0.1`. */
  host?: string;
  /** The sandbox to serve. Default: a new `createMockSandbox()` with the sandbox options given here. */
  sandbox?: MockSandbox;
  /**
   * The origins of the web pages that may call the server (CORS), e.g.
   * `['http://localhost:5173']`, or `['*']` for any page anywhere. A request from a page of another
   * origin (its `Origin` header) is answered 403 `forbidden_origin`, preflights included, and
   * handled no further. Requests without `Origin` (servers, curl, the SDK in Node) are not
   * concerned.
   *
   * @defaultValue none: only pages served from the server's own origin
   */
  corsOrigins?: readonly string[];
  /**
   * Host names that the `Host` header may name besides the server's: a name it is reached by
   * through a proxy or a container network (`yupana-mock` in Docker Compose). Any other name is
   * answered 421 `misdirected_request`, the defence against DNS rebinding (a web page whose own
   * name an attacker made point at 127.0.0.1). IP addresses, `localhost` and `*.localhost`, the
   * `host` listened on and the host of `baseURL` are always taken.
   *
   * @defaultValue none beyond those
   */
  allowedHosts?: readonly string[];
}

/** Options of {@link MockServer.close}. */
export interface MockServerCloseOptions {
  /**
   * Milliseconds the requests in flight have to finish: the server stops accepting connections at
   * once and closes the idle ones; every request received is answered (with `Connection: close`),
   * and whatever is still open after this long is closed. `0` closes every connection at once.
   *
   * @defaultValue `0`
   */
  gracePeriodMs?: number;
}

/** A running mock server. */
export interface MockServer {
  /** Base address without a trailing slash, e.g. `http://127.0.0.1:54321`. */
  url: string;
  /** The sandbox behind the server (documents, requests, faults). */
  sandbox: MockSandbox;
  /**
   * Stops the server: at once by default, closing every connection, keep-alive ones included; with
   * `gracePeriodMs`, after the requests in flight are answered (a drain, as on SIGTERM). Resolves
   * once every connection is closed.
   */
  close(options?: MockServerCloseOptions): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length']);

/**
 * How long, after answering a body over the limit, the server goes on discarding what the client
 * still sends before it closes the connection: long enough for the client to read the answer
 * (closing at once could reset the connection under it), short enough to never read a big body
 * whole. Then the connection is closed.
 */
const DISCARD_MS = 1000;

/** The body of a `node:http` request, or `undefined` once it is over `max` bytes (read no further). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer<ArrayBuffer> | undefined> {
  if (Number(req.headers['content-length']) > max) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.pause();
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** A fetch `Request` for a `node:http` request with its (already read) body, on `origin`. */
function toRequest(req: IncomingMessage, origin: string, body: Buffer<ArrayBuffer> | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body !== undefined && body.length > 0;
  return new Request(new URL(req.url ?? '/', origin), { method, headers, ...(hasBody ? { body } : {}) });
}

/** What `promise` resolves to if it does within this turn of the event loop, else `undefined`. */
const soon = <T>(promise: Promise<T>): Promise<T | undefined> => Promise.race([promise, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);

/**
 * Writes a fetch `Response` to a `node:http` response. A body that is all there at once (every
 * answer but a damaged one) goes out with its headers in one write; otherwise the headers go
 * first, then the body as it streams. A body stream that errors resets the connection (the
 * caller destroys the socket); a client that goes away cancels the stream.
 */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (response.body) {
    const reader = response.body.getReader();
    res.once('close', () => void reader.cancel().catch(() => undefined));
    const held: Uint8Array[] = [];
    const sendHeld = () => {
      res.flushHeaders();
      for (const chunk of held) res.write(chunk);
    };
    let next = reader.read();
    try {
      for (let chunk = await soon(next); chunk !== undefined; chunk = await soon(next)) {
        if (chunk.done) {
          // Known whole: a Content-Length, and one write.
          const body = held.length === 1 ? held[0]! : Buffer.concat(held);
          if (!res.hasHeader('content-length')) res.setHeader('Content-Length', body.byteLength);
          if (!res.destroyed) res.end(body);
          return;
        }
        held.push(chunk.value);
        next = reader.read();
      }
    } catch (error) {
      sendHeld();
      throw error;
    }
    sendHeld();
    for (let chunk = await next; !chunk.done; chunk = await reader.read()) res.write(chunk.value);
  }
  if (!res.destroyed) res.end();
}

/** The longest grace period {@link MockServer.close} takes (a `setTimeout`'s longest delay). */
const MAX_GRACE_PERIOD_MS = 2 ** 31 - 1;

const hostForUrl = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/**
 * Serves a sandbox's handlers over HTTP (msw `getResponse` turns each `node:http` request into
 * a handler's answer). Unknown routes answer 404 problem+json; a `{ network: 'error' }` or
 * `{ response: 'drop' }` fault destroys the socket, and so does a `{ response: 'reset' }` fault
 * after the bytes it lets through. Without `apiKeys` it accepts any key that starts with
 * `sk_test_`, so `YUPANA_BASE_URL=<url> node app.js` runs an app unchanged with its own test key.
 *
 * The server itself answers, as a gateway would (the sandbox neither records nor counts these): a
 * `Host` header that does not name it, 421 `misdirected_request` (see `allowedHosts`); a request
 * from a web page of an origin not allowed, 403 `forbidden_origin` (see `corsOrigins`); a body
 * over the sandbox's `maxBodyBytes` (1 MiB by default), 413 `payload_too_large`, from its
 * `Content-Length` or as soon as the body grows past the limit (the rest is never buffered, and
 * the connection is closed). Requests are handled on the server's own address (`url`): a `Host`
 * header never reaches a `pdfUrl`.
 *
 * Each connection is answered one request at a time, in order, and is not read while its last
 * answer is not out: a client that pipelines requests without reading the answers holds the
 * server to one answer, not to everything it sent.
 *
 * @throws TypeError when given both `sandbox` and sandbox options, or a `corsOrigins` entry that is
 * not an origin; RangeError for sandbox options out of range (see {@link createMockSandbox}).
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port: requestedPort = 0, host = '127.0.0.1', sandbox: given, corsOrigins = [], allowedHosts = [], ...sandboxOptions } = options;
  if (given && Object.values(sandboxOptions).some((value) => value !== undefined)) {
    throw new TypeError('startMockServer takes a sandbox or sandbox options, not both: give the options to createMockSandbox');
  }
  const origins = new OriginGuard(checkOrigins(corsOrigins));
  const sandbox = given ?? createMockSandbox(sandboxOptions);
  const hosts = new HostGuard([host, ...allowedHosts, ...(sandboxOptions.baseURL ? [new URL(sandboxOptions.baseURL).hostname] : [])]);
  let url = '';

  const connections = new Connections(async (req, res) => {
    try {
      const { host: hostHeader, origin } = req.headers;
      if (!hosts.allows(hostHeader)) {
        await writeResponse(misdirected(hostHeader ?? ''), res);
        return;
      }
      if (!origins.allows(origin, hostHeader)) {
        await writeResponse(forbiddenOrigin(origin ?? ''), res);
        return;
      }
      const body = await readBody(req, sandbox.maxBodyBytes);
      const request = toRequest(req, url, body);
      if (body === undefined) {
        res.setHeader('Connection', 'close');
        await writeResponse(withCors(request, payloadTooLarge(sandbox.maxBodyBytes, randomId('req_'))), res);
        req.resume(); // discards the rest, never buffered, until the client stops or the connection closes
        setTimeout(() => req.socket.destroy(), DISCARD_MS).unref();
        return;
      }
      const response =
        (await getResponse(sandbox.handlers, request)) ??
        withCors(request, problemResponse(404, 'not_found', `No route for ${request.method} ${new URL(request.url).pathname}`, randomId('req_')));
      if (response.type === 'error') {
        req.socket.destroy();
        return;
      }
      await writeResponse(response, res);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
      } else {
        await writeResponse(problemResponse(500, 'internal_error', `The mock server failed: ${String(error)}`, randomId('req_')), res);
      }
    }
  });
  const server = createServer(connections.accept);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${hostForUrl(host)}:${port}`;

  return {
    url,
    sandbox,
    close: ({ gracePeriodMs = 0 } = {}) =>
      new Promise<void>((resolve, reject) => {
        if (!(gracePeriodMs >= 0 && gracePeriodMs <= MAX_GRACE_PERIOD_MS)) {
          reject(new RangeError(`gracePeriodMs must be milliseconds from 0 to ${MAX_GRACE_PERIOD_MS}, got ${String(gracePeriodMs)}`));
          return;
        }
        connections.drain();
        const late = gracePeriodMs > 0 ? setTimeout(() => server.closeAllConnections(), gracePeriodMs) : undefined;
        server.close((error) => {
          clearTimeout(late);
          if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
          else resolve();
        });
        if (late === undefined) server.closeAllConnections();
      }),
  };
}

/** Where {@link drainOnSignals} hears signals: the process, or an emitter in a test. */
export interface SignalSource {
  /** Calls `listener` each time `signal` comes (as `process.on` does). */
  on(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/** Options of {@link drainOnSignals}. */
export interface DrainOnSignalsOptions {
  /** Milliseconds the requests in flight have to finish (see {@link MockServerCloseOptions.gracePeriodMs}). */
  gracePeriodMs: number;
  /** Where the signals come from. @defaultValue `process` */
  signals?: SignalSource;
  /** Ends the program with an exit code. @defaultValue `process.exit` */
  exit?: (code: number) => void;
  /** Says what is happening, on stderr in the CLI. @defaultValue none */
  log?: (line: string) => void;
}

/**
 * Stops `server` as a good citizen on SIGINT (Ctrl-C) or SIGTERM: stops accepting, answers the
 * requests in flight within `gracePeriodMs`, closes the rest, then exits with 0. A second signal
 * closes every connection at once (and exits with 0 as soon as they are closed).
 */
export function drainOnSignals(server: MockServer, { gracePeriodMs, signals = process, exit = (code) => process.exit(code), log }: DrainOnSignalsOptions): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log?.(`${signal} again: closing every connection now`);
      void server.close();
      return;
    }
    stopping = true;
    log?.(`${signal}: answering the requests in flight (up to ${gracePeriodMs} ms), then stopping; ${signal} again to stop at once`);
    void server.close({ gracePeriodMs }).then(
      () => exit(0),
      () => exit(1),
    );
  };
  signals.on('SIGINT', () => stop('SIGINT'));
  signals.on('SIGTERM', () => stop('SIGTERM'));
}
