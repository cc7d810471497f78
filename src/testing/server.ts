/**
 * `startMockServer`: the sandbox's msw handlers served over real HTTP on loopback, for
 * examples, browser tests and curl.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { payloadTooLarge } from './middleware/body.js';
import { withCors } from './middleware/cors.js';
import { problemResponse } from './middleware/problem.js';
import { createMockSandbox, type MockSandbox, type MockSandboxOptions } from './sandbox.js';
import { randomId } from './store/ids.js';

/**
 * Options of {@link startMockServer}: where to listen, and the sandbox to serve, given whole
 * (`sandbox`) or by its options (`apiKeys`, `rateLimit`, `outcome`, `settleAfterMs`...), not both.
 */
export interface MockServerOptions extends MockSandboxOptions {
  /** Port to listen on. Default: `0`, a free port. */
  port?: number;
  /** Interface to listen on. Default: `127.0.0.1`. */
  host?: string;
  /** The sandbox to serve. Default: a new `createMockSandbox()` with the sandbox options given here. */
  sandbox?: MockSandbox;
}

/** A running mock server. */
export interface MockServer {
  /** Base address without a trailing slash, e.g. `http://127.0.0.1:54321`. */
  url: string;
  /** The sandbox behind the server (documents, requests, faults). */
  sandbox: MockSandbox;
  /** Stops the server and closes every connection, keep-alive ones included. */
  close(): Promise<void>;
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

const hostForUrl = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/**
 * Serves a sandbox's handlers over HTTP (msw `getResponse` turns each `node:http` request into
 * a handler's answer). Unknown routes answer 404 problem+json; a `{ network: 'error' }` or
 * `{ response: 'drop' }` fault destroys the socket, and so does a `{ response: 'reset' }` fault
 * after the bytes it lets through. Without `apiKeys` it accepts any key that starts with
 * `sk_test_`, so `YUPANA_BASE_URL=<url> node app.js` runs an app unchanged with its own test key.
 *
 * A body over the sandbox's `maxBodyBytes` (1 MiB by default) is answered 413
 * `payload_too_large` by the server itself, as a gateway would (so the sandbox neither records
 * nor counts it), from its `Content-Length` or as soon as the body grows past the limit; the rest
 * is never buffered, and the connection is closed. Requests are handled on the server's own
 * address (`url`): a `Host` header never reaches a `pdfUrl`.
 *
 * @throws TypeError when given both `sandbox` and sandbox options; RangeError for sandbox options
 * out of range (see {@link createMockSandbox}).
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port: requestedPort = 0, host = '127.0.0.1', sandbox: given, ...sandboxOptions } = options;
  if (given && Object.values(sandboxOptions).some((value) => value !== undefined)) {
    throw new TypeError('startMockServer takes a sandbox or sandbox options, not both: give the options to createMockSandbox');
  }
  const sandbox = given ?? createMockSandbox(sandboxOptions);
  let url = '';

  const server = createServer((req, res) => {
    void (async () => {
      try {
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
    })();
  });

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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
