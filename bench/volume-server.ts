/**
 * The `volume` section's server: the package's own mock (`yupana/testing`, as built in dist/)
 * over real HTTP on 127.0.0.1, with the rate limit given in `VOLUME_RATE` (`requests/seconds`),
 * in its own process so that its CPU never competes with the client's event loop. One process per
 * contender: a fresh sandbox, so fresh rate limit windows and no documents.
 *
 * Prints its URL on stdout. Answers the IPC message `'stats'` with what it saw: every request to
 * `POST /v1/documents` by status (counted as each answer ends, on the server's side), and the
 * `metadata.ref` of every document it holds (to find duplicates and lost inputs).
 */
import { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { startMockServer } = (await import(join(root, 'dist/testing.js'))) as typeof import('yupana/testing');

const [requests, windowSeconds] = (process.env.VOLUME_RATE ?? '100/1').split('/').map(Number) as [number, number];

// Statuses as the server sends them: the mock has no hook for that, so count each answer's end.
const statuses: Record<number, number> = {};
const end = ServerResponse.prototype.end;
ServerResponse.prototype.end = function (this: ServerResponse, ...args: unknown[]) {
  if (this.req?.method === 'POST') statuses[this.statusCode] = (statuses[this.statusCode] ?? 0) + 1;
  return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
} as typeof end;

const server = await startMockServer({ rateLimit: { requests, windowSeconds } });
process.stdout.write(`${server.url}\n`);

process.on('message', (message) => {
  if (message !== 'stats') return;
  const posts = server.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/documents').length;
  const refs = server.sandbox.documents().map((d) => String((d.metadata as Record<string, unknown> | undefined)?.['ref'] ?? ''));
  process.send!({ posts, statuses, refs });
});
process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
