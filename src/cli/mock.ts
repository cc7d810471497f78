#!/usr/bin/env node
/**
 * `npx yupana-mock [--port 4010] [--host 127.0.0.1] [--base-url <url>] [--rate-limit 50/1s]
 * [--outcome pending] [--settle-after 2000] [--settle-outcome accepted] [--ticket-outcome rejected] [--cors-origin <origin>]
 * [--allowed-host <name>] [--grace <ms>] [--webhook-retries <ms,...>]`: the mock sandbox over HTTP
 * on loopback, for trying the API with curl, another language, or a browser app. On Ctrl-C or
 * SIGTERM it drains (answers the requests in flight, then exits with 0). A usage error exits with
 * 2, a server that cannot start with 1.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { checkOrigins, isLoopback } from '../testing/guards.js';
import type { MockRateLimit } from '../testing/middleware/rate-limit.js';
import { MAX_SETTLE_AFTER_MS, type MockOutcome, type MockSettleOutcome } from '../testing/store/sunat-answers.js';
import type { MockTicketOutcome } from '../testing/store/tickets.js';

/** How long a drain lets the requests in flight finish by default (ms). */
const DEFAULT_GRACE_MS = 10_000;

const USAGE = `Usage: yupana-mock [--port <port>] [--host <host>] [--base-url <url>] [--rate-limit <n>/<s>s]
                   [--outcome <outcome>] [--settle-after <ms>] [--settle-outcome <outcome>]
                   [--ticket-outcome <outcome>] [--cors-origin <origin>]... [--allowed-host <name>]... [--grace <ms>]
                   [--webhook-retries <ms>,<ms>...]

Serves yupana's mock sandbox (a stateful in-memory API) over HTTP. It accepts any API key
that starts with sk_test_, so an app runs against it unchanged with its own test key.
  --port <port>               port to listen on; 0 picks a free one (default: 4010)
  --host <host>               interface to listen on (default: 127.0.0.1); any other than
                              loopback lets whoever reaches it in, with a warning
  --base-url <url>            the address documents' pdfUrl start with, e.g. when reached
                              through a proxy (default: the server's own address)
  --cors-origin <origin>      a web page origin that may call it, e.g. http://localhost:5173;
                              repeat for more, * for any (default: none but its own origin)
  --allowed-host <name>       a name the Host header may give besides its address, localhost
                              and --base-url's host, e.g. yupana-mock in Docker Compose;
                              repeat for more (other names are refused: DNS rebinding)
  --grace <ms>                on Ctrl-C or SIGTERM, how long the requests in flight have to
                              finish before the rest are closed (default: ${DEFAULT_GRACE_MS});
                              a second signal stops at once
  --webhook-retries <ms,...>  the waits before each redelivery of a webhook that failed, e.g.
                              0,1000 for two quick retries (default: 1000,5000,30000,120000,600000)
  --rate-limit <n>/<s>s       at most n requests per window of s seconds per API key, e.g. 50/1s:
                              every answer carries RateLimit headers, and a 429 past the quota
                              (default: no limit)
  --outcome <outcome>         SUNAT's answer to each document: accepted, observed, rejected or
                              pending (default: accepted; pending with --settle-after)
  --settle-after <ms>         SUNAT answers a pending document, and completes a void, this many
                              milliseconds later (at most ${MAX_SETTLE_AFTER_MS}), with its webhook
                              event (default: a pending document never; a void at once)
  --settle-outcome <outcome>  that later answer: accepted, observed or rejected (default: accepted)
  --ticket-outcome <outcome>  SUNAT's answer to the ticket of each void's comunicación de baja (RA)
                              or resumen diario (RC): accepted, rejected, in_process (98 for ever)
                              or unknown_ticket (0127) (default: accepted)
  --help                      show this help`;

// A process of its own, so it may tune V8: favour memory over speed. Otherwise V8 lets the heap of
// a busy server grow to three or four times what it holds (a month-end rehearsal: 150 000
// documents in over 1 GB instead of under 500 MB), for a few per cent of throughput.
setFlagsFromString('--optimize-for-size');

const OUTCOMES: readonly MockOutcome[] = ['accepted', 'observed', 'rejected', 'pending'];
const SETTLE_OUTCOMES: readonly MockSettleOutcome[] = ['accepted', 'observed', 'rejected'];
const TICKET_OUTCOMES: readonly MockTicketOutcome[] = ['accepted', 'rejected', 'in_process', 'unknown_ticket'];

/** Exit code of a usage error (a bad flag or value): nothing was started. */
const USAGE_ERROR = 2;

function fail(message: string, code = USAGE_ERROR): never {
  console.error(`yupana-mock: ${message}`);
  process.exit(code);
}

/** `value` when it is one of `allowed`; a usage error naming `flag` otherwise. */
function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((option) => option === value);
  return found ?? fail(`${flag} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
}

/** `--rate-limit 50/1s`: requests per window of whole seconds, both at least 1. */
function rateLimitOf(value: string): MockRateLimit {
  const match = /^(\d+)\/(\d+)s$/.exec(value);
  const [requests, windowSeconds] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || requests < 1 || windowSeconds < 1 || !Number.isSafeInteger(requests) || !Number.isSafeInteger(windowSeconds)) {
    fail(`--rate-limit must be <requests>/<seconds>s with both at least 1, e.g. 50/1s or 100/10s, got ${JSON.stringify(value)}`);
  }
  return { requests, windowSeconds };
}

let values: {
  port?: string;
  host?: string;
  'base-url'?: string;
  'rate-limit'?: string;
  outcome?: string;
  'settle-after'?: string;
  'settle-outcome'?: string;
  'ticket-outcome'?: string;
  'cors-origin'?: string[];
  'allowed-host'?: string[];
  grace?: string;
  'webhook-retries'?: string;
  help?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      'base-url': { type: 'string' },
      'rate-limit': { type: 'string' },
      outcome: { type: 'string' },
      'settle-after': { type: 'string' },
      'settle-outcome': { type: 'string' },
      'ticket-outcome': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      'allowed-host': { type: 'string', multiple: true },
      grace: { type: 'string' },
      'webhook-retries': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
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
const rateLimit = values['rate-limit'] === undefined ? undefined : rateLimitOf(values['rate-limit']);
const settleAfter = values['settle-after'];
if (settleAfter !== undefined && !(/^\d+$/.test(settleAfter) && Number(settleAfter) <= MAX_SETTLE_AFTER_MS)) {
  fail(`--settle-after must be a whole number of milliseconds from 0 to ${MAX_SETTLE_AFTER_MS} (about 24.8 days), got ${JSON.stringify(settleAfter)}`);
}
const baseURL = values['base-url'];
if (baseURL !== undefined && !/^https?:\/\/[^/?#]+/i.test(baseURL)) fail(`--base-url must be an http(s) URL, got ${JSON.stringify(baseURL)}`);
if (values['settle-outcome'] !== undefined && settleAfter === undefined) fail('--settle-outcome needs --settle-after');
const outcome = oneOf('--outcome', values.outcome ?? (settleAfter === undefined ? 'accepted' : 'pending'), OUTCOMES);
if (settleAfter !== undefined && outcome !== 'pending') fail('--settle-after answers pending documents later: use it with --outcome pending (or no --outcome)');
const settleOutcome = oneOf('--settle-outcome', values['settle-outcome'] ?? 'accepted', SETTLE_OUTCOMES);
const ticketOutcome = oneOf('--ticket-outcome', values['ticket-outcome'] ?? 'accepted', TICKET_OUTCOMES);
const corsOrigins = values['cors-origin'] ?? [];
try {
  checkOrigins(corsOrigins);
} catch {
  fail(`--cors-origin must be * or an origin such as http://localhost:5173 (scheme, host and port only), got ${JSON.stringify(corsOrigins.join(' '))}`);
}
const grace = values.grace ?? String(DEFAULT_GRACE_MS);
if (!(/^\d+$/.test(grace) && Number(grace) <= MAX_SETTLE_AFTER_MS)) {
  fail(`--grace must be a whole number of milliseconds from 0 to ${MAX_SETTLE_AFTER_MS}, got ${JSON.stringify(values.grace)}`);
}
const retries = values['webhook-retries'];
if (retries !== undefined && !/^\d+(,\d+){0,19}$/.test(retries)) {
  fail(`--webhook-retries must be up to 20 waits in milliseconds separated by commas, e.g. 0,1000 (or 0 for one quick retry), got ${JSON.stringify(retries)}`);
}

// Loaded here, not at the top, so that a missing msw is explained instead of crashing.
let testing: typeof import('../testing/index.js');
try {
  testing = await import('../testing/index.js');
} catch (error) {
  if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && /\bmsw\b/.test(String(error))) {
    fail('the mock needs msw, an optional peer dependency of yupana: npm install --save-dev msw', 1);
  }
  throw error;
}

let server: Awaited<ReturnType<typeof testing.startMockServer>>;
try {
  server = await testing.startMockServer({
    port,
    ...(values.host ? { host: values.host } : {}),
    ...(baseURL === undefined ? {} : { baseURL }),
    ...(rateLimit ? { rateLimit } : {}),
    outcome: () => outcome,
    ticketOutcome: () => ticketOutcome,
    ...(settleAfter === undefined ? {} : { settleAfterMs: Number(settleAfter), settleOutcome }),
    corsOrigins,
    allowedHosts: values['allowed-host'] ?? [],
    ...(retries === undefined ? {} : { webhookRetryDelaysMs: retries.split(',').map(Number) }),
  });
} catch (error) {
  fail(`cannot listen on ${values.host ?? '127.0.0.1'}:${port}: ${(error as Error).message}`, 1);
}
// Before the banner: whoever reads it may stop the server at once.
testing.drainOnSignals(server, { gracePeriodMs: Number(grace), log: (line) => console.error(`yupana-mock: ${line}`) });
if (values.host !== undefined && !isLoopback(values.host)) {
  console.error(
    `yupana-mock: warning: --host ${values.host} is not loopback: anyone who reaches this address can use the mock, ` +
      `with any sk_test_ key${corsOrigins.includes('*') ? ', and any web page can call it (--cors-origin *)' : ''}. Keep it on 127.0.0.1 unless you mean to share it.`,
  );
}
console.log(`yupana mock sandbox listening on ${server.url}`);
console.log(`API keys: any that starts with sk_test_, e.g. ${testing.MOCK_API_KEY}`);
if (rateLimit) console.log(`Rate limit: ${rateLimit.requests} requests per ${rateLimit.windowSeconds} s per API key`);
console.log(`Web pages (CORS): ${corsOrigins.length === 0 ? `none but ${server.url} itself` : corsOrigins.join(', ')}`);
console.log(
  `SUNAT answers: ${outcome}${settleAfter === undefined ? '' : `, then ${settleOutcome} after ${settleAfter} ms`}${ticketOutcome === 'accepted' ? '' : `; voidings' tickets: ${ticketOutcome}`}`,
);
console.log(`Try: YUPANA_BASE_URL=${server.url} YUPANA_API_KEY=${testing.MOCK_API_KEY} node your-app.js`);
