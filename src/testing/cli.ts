#!/usr/bin/env node
/**
 * `npx yupana-mock [--port 4010] [--host 127.0.0.1]`: the mock sandbox over HTTP on loopback,
 * for trying the API with curl, another language, or a browser app. Stops on Ctrl-C.
 *
 * @module
 */
import { parseArgs } from 'node:util';

const USAGE = `Usage: yupana-mock [--port <port>] [--host <host>]

Serves yupana's mock sandbox (a stateful in-memory API) over HTTP.
  --port <port>  port to listen on; 0 picks a free one (default: 4010)
  --host <host>  interface to listen on (default: 127.0.0.1)
  --help         show this help`;

function fail(message: string): never {
  console.error(`yupana-mock: ${message}`);
  process.exit(1);
}

let values: { port?: string; host?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { port: { type: 'string', short: 'p' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port ?? '4010');
if (!Number.isInteger(port) || port < 0 || port > 65535 || values.port?.trim() === '') {
  fail(`--port must be an integer from 0 to 65535, got ${JSON.stringify(values.port)}`);
}

// Loaded here, not at the top, so that a missing msw is explained instead of crashing.
let testing: typeof import('./index.js');
try {
  testing = await import('./index.js');
} catch (error) {
  if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && /\bmsw\b/.test(String(error))) {
    fail('the mock needs msw, an optional peer dependency of yupana: npm install --save-dev msw');
  }
  throw error;
}

let server: Awaited<ReturnType<typeof testing.startMockServer>>;
try {
  server = await testing.startMockServer({ port, ...(values.host ? { host: values.host } : {}) });
} catch (error) {
  fail(`cannot listen on ${values.host ?? '127.0.0.1'}:${port}: ${(error as Error).message}`);
}
console.log(`yupana mock sandbox listening on ${server.url}`);
console.log(`API key: ${testing.MOCK_API_KEY}`);
console.log(`Try: YUPANA_BASE_URL=${server.url} YUPANA_API_KEY=${testing.MOCK_API_KEY} node your-app.js`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
