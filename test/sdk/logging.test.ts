import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, YupanaError, type Logger } from '../../src/index.js';
import { API_KEY, documentFixture, json, makeClient, problem, respond, validCreate, settle as settleOutcome } from '../helpers.js';
import { captureLogger } from '../leaks.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Runs `promise` to the end, firing the timers of its retry waits; its value or its error. */
async function settle<T>(promise: PromiseLike<T>): Promise<T | unknown> {
  const { value, error } = await settleOutcome(promise);
  return error ?? value;
}

const DURATION = '\\d+ ms';

describe('logging', () => {
  it('debug: a line per request and per response, with method, path, attempt, status, duration and request id', async () => {
    respond('post', '/v1/documents', problem(503, 'unavailable'), json(documentFixture(), 201));
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'debug', logger }).documents.create(validCreate()));
    expect(lines.map((l) => `${l.level} ${l.message}`)).toEqual([
      'debug [yupana] POST /v1/documents attempt 1 sent',
      expect.stringMatching(new RegExp(`^debug \\[yupana\\] POST /v1/documents attempt 1: 503 in ${DURATION}, request req_header$`)),
      expect.stringMatching(/^info \[yupana\] POST \/v1\/documents attempt 1 failed: 503 unavailable, request req_header; retry 1 of 2 in \d+ ms$/),
      'debug [yupana] POST /v1/documents attempt 2 sent',
      expect.stringMatching(new RegExp(`^debug \\[yupana\\] POST /v1/documents attempt 2: 201 in ${DURATION}, request req_ok$`)),
    ]);
  });

  it('info: a 2xx whose body is not what the operation answers says so', async () => {
    respond('get', '/v1/documents/doc_1', () => new HttpResponse('<html>proxy</html>', { status: 200, headers: { 'request-id': 'req_proxy' } }));
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'info', logger, maxRetries: 1 }).documents.retrieve('doc_1'));
    expect(lines.map((l) => l.message)).toEqual([
      expect.stringMatching(
        /^\[yupana\] GET \/v1\/documents\/doc_1 attempt 1 failed: 200 with a body that is not what the operation answers, request req_proxy; retry 1 of 1 in \d+ ms$/,
      ),
      '[yupana] GET /v1/documents/doc_1 failed after 2 attempts: 200 with a body that is not what the operation answers, request req_proxy',
    ]);
  });

  it("info: a failure without a code or a request id (a proxy's bare 502) says only its status", async () => {
    respond('get', '/v1/documents/doc_1', () => new HttpResponse(null, { status: 502 }));
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'info', logger, maxRetries: 1 }).documents.retrieve('doc_1'));
    expect(lines.map((l) => l.message)).toEqual([
      expect.stringMatching(/^\[yupana\] GET \/v1\/documents\/doc_1 attempt 1 failed: 502; retry 1 of 1 in \d+ ms$/),
      '[yupana] GET /v1/documents/doc_1 failed after 2 attempts: 502',
    ]);
  });

  it('debug: an attempt without a response logs the error class and how long it took', async () => {
    respond('get', '/v1/documents/doc_1', () => HttpResponse.error());
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'debug', logger, maxRetries: 0 }).documents.retrieve('doc_1'));
    expect(lines.map((l) => l.message)).toEqual([
      '[yupana] GET /v1/documents/doc_1 attempt 1 sent',
      expect.stringMatching(new RegExp(`^\\[yupana\\] GET /v1/documents/doc_1 attempt 1: APIConnectionError after ${DURATION}$`)),
      '[yupana] GET /v1/documents/doc_1 failed after 1 attempt: APIConnectionError',
    ]);
  });

  it('info: each retry with its reason and delay, and the end of a call whose retries ran out; no debug lines', async () => {
    respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '2' }), problem(500, 'internal_error'));
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'info', logger, maxRetries: 1 }).documents.retrieve('doc_1'));
    expect(lines).toEqual([
      { level: 'info', message: '[yupana] GET /v1/documents/doc_1 attempt 1 failed: 429 rate_limited, request req_header; retry 1 of 1 in 2000 ms' },
      { level: 'info', message: '[yupana] GET /v1/documents/doc_1 failed after 2 attempts: 500 internal_error, request req_header' },
    ]);
  });

  it('server text in a log line is escaped: an error code with a line break cannot start a line of its own', async () => {
    respond('get', '/v1/documents/doc_1', problem(503, 'unavailable\n[yupana] forged\r\u0001'), json(documentFixture()));
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'info', logger }).documents.retrieve('doc_1'));
    expect(lines.map((line) => line.message)).toEqual([
      expect.stringContaining('attempt 1 failed: 503 unavailable\\n[yupana] forged\\r\\u0001, request req_header; retry 1 of 2 in'),
    ]);
  });

  it('a failure that is not retried is the caller’s to log: nothing above debug', async () => {
    respond('get', '/v1/documents/doc_1', problem(404, 'not_found'));
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'info', logger }).documents.retrieve('doc_1'));
    expect(lines).toEqual([]);
  });

  it('warn (the default): a Retry-After too long to obey, through console by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '3600' }), json(documentFixture()));
    await settle(makeClient().documents.retrieve('doc_1'));
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      '[yupana] GET /v1/documents/doc_1: the server asked to wait 3600 s (Retry-After), longer than the 60 s a call waits; backing off instead, and the error keeps it if the retries run out',
    );
    expect(info).not.toHaveBeenCalled();
    expect(debug).not.toHaveBeenCalled();
  });

  it('paths are logged without their query string', async () => {
    respond('get', '/v1/documents', json({ object: 'list', data: [], hasMore: false, nextCursor: null }));
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'debug', logger }).documents.list({ customerDocumentNumber: '44332211', limit: 5 }));
    expect(lines[0]?.message).toBe('[yupana] GET /v1/documents attempt 1 sent');
    expect(lines.some((l) => l.message.includes('44332211'))).toBe(false);
  });

  it('a logger that throws changes nothing: a create that succeeded resolves, a failure keeps its own error', async () => {
    const seen = respond('post', '/v1/documents', problem(503, 'unavailable'), json(documentFixture(), 201));
    const thrown: string[] = [];
    const broken = (message: string) => {
      thrown.push(message);
      throw new Error('log sink is down');
    };
    const logger: Logger = { error: broken, warn: broken, info: broken, debug: broken };
    const created = await settle(makeClient({ logLevel: 'debug', logger }).documents.create(validCreate()));
    expect((created as { id: string }).id).toBe('doc_1');
    expect(seen).toHaveLength(2);
    expect(thrown.length).toBeGreaterThanOrEqual(4);
    respond('get', '/v1/documents/doc_9', problem(404, 'not_found'));
    const missing = await settle(makeClient({ logLevel: 'debug', logger }).documents.retrieve('doc_9'));
    expect((missing as { status: number }).status).toBe(404);
  });

  it("'off' and 'error' never call the logger", async () => {
    for (const logLevel of ['off', 'error'] as const) {
      respond('get', '/v1/documents/doc_1', problem(429, 'rate_limited', {}, { 'retry-after': '3600' }));
      const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
      await settle(makeClient({ logLevel, logger }).documents.retrieve('doc_1'));
      expect([logger.error, logger.warn, logger.info, logger.debug].flatMap((m) => m.mock.calls)).toEqual([]);
    }
  });

  it('calls the logger’s methods on the logger, so class-based loggers keep their `this`', async () => {
    class Collecting implements Logger {
      readonly #lines: string[] = [];
      get lines() {
        return this.#lines;
      }
      error(m: string) {
        this.#lines.push(m);
      }
      warn(m: string) {
        this.#lines.push(m);
      }
      info(m: string) {
        this.#lines.push(m);
      }
      debug(m: string) {
        this.#lines.push(m);
      }
    }
    const logger = new Collecting();
    respond('get', '/v1/documents/doc_1', json(documentFixture()));
    await settle(makeClient({ logLevel: 'debug', logger }).documents.retrieve('doc_1'));
    expect(logger.lines).toHaveLength(2);
  });
});

describe('log configuration', () => {
  const withDocument = (client: Client, respondWith = json(documentFixture())) => {
    respond('get', '/v1/documents/doc_1', respondWith);
    return client;
  };

  it('YUPANA_LOG sets the level; the logLevel option wins over it', async () => {
    vi.stubEnv('YUPANA_LOG', 'debug');
    const fromEnv = captureLogger();
    await settle(withDocument(makeClient({ logger: fromEnv.logger })).documents.retrieve('doc_1'));
    expect(fromEnv.lines.map((l) => l.level)).toEqual(['debug', 'debug']);

    const fromOption = captureLogger();
    await settle(withDocument(makeClient({ logger: fromOption.logger, logLevel: 'warn' })).documents.retrieve('doc_1'));
    expect(fromOption.lines).toEqual([]);
  });

  it('an empty YUPANA_LOG is ignored', () => {
    vi.stubEnv('YUPANA_LOG', '');
    expect(() => makeClient()).not.toThrow();
  });

  it('an invalid level is a clear error at construction, from the option or from YUPANA_LOG', () => {
    expect(() => makeClient({ logLevel: 'verbose' as 'debug' })).toThrow(
      new YupanaError('logLevel "verbose" is not a log level; use one of: off, error, warn, info, debug.'),
    );
    vi.stubEnv('YUPANA_LOG', 'DEBUG');
    expect(() => makeClient()).toThrow('YUPANA_LOG "DEBUG" is not a log level; use one of: off, error, warn, info, debug.');
  });

  it('a logger without the four methods is refused at construction', () => {
    expect(() => new Client({ apiKey: API_KEY, logger: { error() {}, warn() {} } as unknown as Logger })).toThrow(
      'logger must have the methods error, warn, info and debug; missing: info, debug.',
    );
  });
});

describe('identity numbers in paths', () => {
  it('a RUC or DNI in the path is logged as {number}', async () => {
    respond('get', '/v1/lookups/ruc/20131312955', json({ ruc: '20131312955', name: 'SUNAT' }));
    const { lines, logger } = captureLogger();
    await settle(makeClient({ logLevel: 'debug', logger }).lookups.ruc('20131312955'));
    expect(lines.map((l) => l.message)).toEqual([
      '[yupana] GET /v1/lookups/ruc/{number} attempt 1 sent',
      expect.stringMatching(/^\[yupana\] GET \/v1\/lookups\/ruc\/\{number\} attempt 1: 200 in \d+ ms, request req_ok$/),
    ]);
    expect(JSON.stringify(lines)).not.toContain('20131312955');
  });
});
