/**
 * `startMockServer`: the sandbox's msw handlers served over real HTTP on loopback, for
 * examples, browser tests and curl.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { withCors } from './cors.js';
import { problemResponse } from './problem.js';
import { createMockSandbox, type MockSandbox, type MockSandboxOptions } from './sandbox.js';
import { randomId } from './state.js';

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

/** A fetch `Request` for a `node:http` request. */
async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && chunks.length > 0;
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
}

/**
 * Writes a fetch `Response` to a `node:http` response: the headers at once, then the body as it
 * streams. A body stream that errors resets the connection (the caller destroys the socket); a
 * client that goes away cancels the stream.
 */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (response.body) {
    res.flushHeaders();
    const reader = response.body.getReader();
    res.once('close', () => void reader.cancel().catch(() => undefined));
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
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
        const request = await toRequest(req, req.headers.host ? `http://${req.headers.host}` : url);
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
