import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { defaultOutPath, parseIssueArgs, UsageError } from '../../src/cli/issue/args.js';
import { parseLine } from '../../src/cli/issue/body.js';
import { commandLine, freshOut, issueCommand } from '../../src/cli/issue/commands.js';
import { HashIndex, isHash32 } from '../../src/cli/issue/hash-index.js';
import { decodeLine, readRawLines } from '../../src/cli/issue/input.js';
import { Entries, errorSummary, type JournalEntry, maybeIssued, readJournal } from '../../src/cli/issue/journal.js';
import { defaultKeyPrefix, LineKeys } from '../../src/cli/issue/keys.js';
import { acquireLock, LockError } from '../../src/cli/issue/lock.js';
import { formatDuration, formatEndNotes, formatProgress, formatSummary, listLine, newTally, Progress } from '../../src/cli/issue/progress.js';
import { loadSdkRules } from '../../src/cli/issue/sdk-rules.js';
import { runCli } from '../../src/cli/run.js';
import { APIConnectionError, APIError, APIUserAbortError, ValidationError } from '../../src/index.js';
import { MOCK_API_KEY, type MockFault, type MockServer, type RecordedRequest, startMockServer } from '../../src/testing/index.js';
import { server as msw } from '../msw.js';
import { boleta, byLine, customerOf, ISO_TIME, jsonl, keyOf, prefixOf, readRecords, runIn, sha256, SUMMARY } from './cli-helpers.js';

let mock: MockServer;
let dir: string;
/** Decides each request's fault; tests swap it. */
let faultFor: (request: RecordedRequest) => MockFault | undefined = () => undefined;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, fault: (request) => faultFor(request) });
  dir = await mkdtemp(join(tmpdir(), 'yupana-issue-'));
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

const posts = () => mock.sandbox.requests.filter((r) => r.method === 'POST');
const keysSent = (from = 0) =>
  posts()
    .slice(from)
    .map((r) => r.headers['idempotency-key']);
/** The customers of the documents the sandbox holds, in order. */
const customersIssued = () => mock.sandbox.documents().map(customerOf);

/** A `CliIO` that collects what a command writes, for runs in this process. */
function collectingIO(env: Record<string, string | undefined> = { YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: mock.url }) {
  const out = { stdout: '', stderr: '' };
  const io: CliIO = {
    env,
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
  };
  return { io, out };
}

describe('npx yupana issue (the bin, against the mock server)', () => {
  it('issues a file, records a result per line, resumes after a crash without issuing twice, and ends with exit 0', async () => {
    const file = join(dir, 'Boletas Noviembre.jsonl');
    const out = join(dir, 'Boletas Noviembre.jsonl.results.jsonl');
    const lines = [
      JSON.stringify(boleta(1)),
      '',
      '{"type": "03", "series":',
      JSON.stringify(boleta(4)),
      JSON.stringify({ ...boleta(5), items: [] }),
      JSON.stringify(boleta(6)),
      JSON.stringify(boleta(7)),
      '[1, 2]',
    ];
    await writeFile(file, jsonl(...lines));
    const prefix = prefixOf(jsonl(...lines));
    // The server refuses line 6 (before its idempotency record, so that a later run may issue it).
    let refuse = true;
    faultFor = (request) =>
      refuse && customerOf(request.body) === 6
        ? { status: 422, body: { title: 'Invalid', status: 422, code: 'validation_error', detail: 'customer.name is too long' } }
        : undefined;
    const documentsBefore = mock.sandbox.documents().length;

    // First run: three issued, four failed (bad JSON, schema, server, not an object), the blank line skipped.
    const first = await runIn(['issue', file], mock.url);
    expect(first.code).toBe(1);
    expect(first.stdout).toBe('');
    const summary = SUMMARY.exec(first.stderr);
    expect(summary, first.stderr).not.toBeNull();
    expect(summary!.slice(1)).toEqual(['8', '3', '0', '4', '0', '1', undefined, out]);
    // Each failed line is listed with why, before the summary: what to fix, without reading JSON.
    expect(first.stderr.split('\n').filter((line) => line.startsWith('yupana issue: line '))).toEqual([
      expect.stringMatching(/^yupana issue: line 3: the line is not valid JSON \(.+\): yupana issue reads JSON Lines/),
      expect.stringMatching(/^yupana issue: line 5: Invalid documents.create body: items/),
      expect.stringMatching(/^yupana issue: line 6: .*customer\.name is too long/),
      expect.stringMatching(/^yupana issue: line 8: the line is an array, not a JSON object/),
    ]);
    const journal1 = await readRecords(out);
    // The batch is recorded first: its key prefix, from the file's content, the API, and the input's hash.
    // When the run started, and its API key by a fingerprint that cannot give the key back.
    expect(journal1.batches).toEqual([
      {
        format: 3,
        keyPrefix: prefix,
        api: mock.url,
        input: file,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        lines: 8,
        startedAt: expect.stringMatching(ISO_TIME),
        apiKey: `sha256:${sha256(MOCK_API_KEY).slice(0, 16)}`,
      },
    ]);
    expect(JSON.stringify(journal1.batches)).not.toContain(MOCK_API_KEY);
    expect(prefix).toBe(`batch-${journal1.batches[0]!.sha256.slice(0, 16)}`);
    const run1 = byLine(journal1.results);
    expect([...run1.keys()].sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 6, 7, 8]);
    const identity = (line: number) => ({
      line,
      key: keyOf(prefix, lines[line - 1]!),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      at: expect.stringMatching(ISO_TIME),
    });
    for (const line of [1, 4, 7]) {
      expect(run1.get(line)).toEqual({
        ...identity(line),
        ok: true,
        id: expect.stringMatching(/^doc_/),
        fullNumber: expect.stringMatching(/^B001-\d+$/),
        status: 'accepted',
        replayed: false,
      });
    }
    const refused = (line: number, error: object) => ({ ...identity(line), ok: false, maybeIssued: false, error });
    expect(run1.get(3)).toEqual(refused(3, { name: 'ValidationError', message: expect.stringContaining('not valid JSON') }));
    expect(run1.get(5)).toEqual(refused(5, { name: 'ValidationError', message: expect.stringContaining('items') }));
    expect(run1.get(6)).toEqual(
      refused(6, { name: 'UnprocessableEntityError', status: 422, code: 'validation_error', message: expect.stringContaining('customer.name is too long') }),
    );
    expect(run1.get(8)).toEqual(refused(8, { name: 'ValidationError', message: expect.stringContaining('an array') }));
    // Keys from each line's text under the batch's prefix; only the bodies that passed the schema were sent.
    expect(keysSent().sort()).toEqual([1, 4, 6, 7].map((line) => keyOf(prefix, lines[line - 1]!)).sort());
    expect(mock.sandbox.documents().length).toBe(documentsBefore + 3);

    // A crash while line 7's result was being written: its line is cut short, the last in the file.
    const recorded = (await readFile(out, 'utf8')).split('\n').filter((l) => l !== '');
    const line7 = recorded.find((l) => l.startsWith('{"line":7,') && l.includes('"ok":'))!;
    await writeFile(out, `${recorded.filter((l) => l !== line7).join('\n')}\n${line7.slice(0, 20)}`);

    // Second run: lines 1 and 4 skipped; 7 sent again with its key and replayed; 3, 5, 6, 8 fail again.
    const sentBefore = posts().length;
    const resultsBefore = (await readRecords(out)).results.length;
    const second = await runIn(['issue', file], mock.url);
    expect(second.code).toBe(1);
    expect(SUMMARY.exec(second.stderr)!.slice(1)).toEqual(['8', '0', '1', '4', '2', '1', undefined, out]);
    expect(keysSent(sentBefore).sort()).toEqual([6, 7].map((line) => keyOf(prefix, lines[line - 1]!)).sort());
    expect(mock.sandbox.documents().length).toBe(documentsBefore + 3);
    const text = await readFile(out, 'utf8');
    expect(text).toContain(`${line7.slice(0, 20)}\n{"batch":`); // the cut line stays a line of its own
    const run2 = (await readRecords(out)).results.slice(resultsBefore);
    expect(run2.map((r) => r.line).sort()).toEqual([3, 5, 6, 7, 8]);
    expect(byLine(run2).get(7)).toEqual({ ...run1.get(7), at: expect.stringMatching(ISO_TIME), replayed: true }); // the same document, recorded as a replay

    // Third run, the bad lines fixed and the server willing: the four left are issued, exit 0.
    lines[2] = JSON.stringify(boleta(3));
    lines[4] = JSON.stringify(boleta(5));
    lines[7] = JSON.stringify(boleta(8));
    await writeFile(file, jsonl(...lines));
    refuse = false;
    const third = await runIn(['issue', file, '--concurrency', '2'], mock.url);
    expect(third.code).toBe(0);
    expect(SUMMARY.exec(third.stderr)!.slice(1)).toEqual(['8', '4', '0', '0', '3', '1', undefined, out]);
    // The fixed lines keep the batch's prefix: their keys come from their new text.
    expect((await readRecords(out)).batches.map((b) => b.keyPrefix)).toEqual([prefix, prefix, prefix]);
    expect(customersIssued().slice(documentsBefore).sort()).toEqual([1, 3, 4, 5, 6, 7, 8]); // each line issued exactly once
  });

  it('stops on a usage error with exit 2, a message on stderr, and nothing sent', async () => {
    const file = join(dir, 'usage.jsonl');
    await writeFile(file, jsonl(JSON.stringify(boleta(1))));
    const sent = mock.sandbox.requests.length;
    const run = await runIn(['issue', file, '--concurrency', '0'], mock.url);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('yupana issue: --concurrency must be a whole number from 1 to 32, got "0"');
    expect(run.stderr).toContain("Run 'yupana issue --help' for usage.");
    expect(mock.sandbox.requests.length).toBe(sent);
  });
});

describe('yupana issue, run in-process', () => {
  it.each([
    [[], 'missing the command', 'yupana'],
    [['invoice'], 'unknown command "invoice"', 'yupana'],
    [['issue'], 'missing the file to issue', 'yupana issue'],
    [['issue', 'FILE', 'other.jsonl'], 'one file at a time', 'yupana issue'],
    [['issue', 'FILE', '--dry-run'], "Unknown option '--dry-run'", 'yupana issue'],
    [['issue', 'FILE', '--concurrency', '33'], '--concurrency must be a whole number from 1 to 32', 'yupana issue'],
    [['issue', 'FILE', '--concurrency', '2.5'], '--concurrency must be a whole number from 1 to 32', 'yupana issue'],
    [['issue', 'FILE', '--environment', 'staging'], '--environment must be production or sandbox, got "staging"', 'yupana issue'],
    [['issue', 'FILE', '--key-prefix', 'lote noviembre'], '--key-prefix must be 1 to 200 printable ASCII characters', 'yupana issue'],
    // A file that cannot serve: the message says what to do, the help would not say more.
    [['issue', 'MISSING'], 'file not found', undefined],
    [['issue', 'DIR'], 'is not a file', undefined],
    [['issue', 'FILE', '--out', 'FILE'], 'is the input file itself', undefined],
  ])('%j is a usage error: exit 2, nothing sent, the help pointed to for a mistake in the arguments only', async (args, message, helpOf) => {
    const file = join(dir, 'ok.jsonl');
    await writeFile(file, jsonl(JSON.stringify(boleta(1))));
    await mkdir(join(dir, 'a-dir'), { recursive: true });
    const argv = args.map((a) => ({ FILE: file, MISSING: join(dir, 'missing.jsonl'), DIR: join(dir, 'a-dir') })[a] ?? a);
    const sent = mock.sandbox.requests.length;
    const { io, out } = collectingIO();
    expect(await runCli(argv, io)).toBe(2);
    expect(out.stderr).toContain(message);
    expect(out.stderr.includes('--help')).toBe(helpOf !== undefined);
    if (helpOf) expect(out.stderr).toContain(`Run '${helpOf} --help' for usage.`);
    expect(out.stdout).toBe('');
    expect(mock.sandbox.requests.length).toBe(sent);
  });

  it('is a usage error without YUPANA_API_KEY, or with a base address the client refuses', async () => {
    const file = join(dir, 'ok.jsonl');
    await writeFile(file, jsonl(JSON.stringify(boleta(1))));
    const sent = mock.sandbox.requests.length;
    const noKey = collectingIO({ YUPANA_BASE_URL: mock.url });
    expect(await runCli(['issue', file], noKey.io)).toBe(2);
    expect(noKey.out.stderr).toContain('YUPANA_API_KEY is not set');
    const plainHttp = collectingIO({ YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: 'http://api.example.com' });
    expect(await runCli(['issue', file], plainHttp.io)).toBe(2);
    expect(plainHttp.out.stderr).toContain('baseURL must use https://');
    expect(mock.sandbox.requests.length).toBe(sent);
  });

  it('prints the help on stdout with exit 0', async () => {
    for (const argv of [['--help'], ['issue', '--help'], ['issue', 'x.jsonl', '-h']]) {
      const { io, out } = collectingIO();
      expect(await runCli(argv, io)).toBe(0);
      expect(out.stdout).toMatch(/^Usage: yupana (issue <file\.csv\|file\.jsonl> )?/);
      expect(out.stderr).toBe('');
    }
    const { io, out } = collectingIO();
    await runCli(['issue', '--help'], io);
    expect(out.stdout).toContain('--concurrency <n>      documents in flight at once, 1 to 32 (default: 4)');
    expect(out.stdout).toContain('--environment <name>   production or sandbox (default: production)');
    expect(out.stdout).toContain(
      "Exit status: 0 every line issued, 1 some lines failed, were rejected by SUNAT\nor were another run's (the results file says which), 2 refused (nothing sent),\n130 interrupted (Ctrl-C), 143 terminated (SIGTERM)",
    );
  });

  it('Ctrl-C once lets the document in flight finish; twice aborts it; the next run replays it and issues the rest', async () => {
    msw.use(http.all(`${mock.url}/*`, () => passthrough()));
    const file = join(dir, 'interrupted.jsonl');
    const out = defaultOutPath(file);
    await writeFile(file, jsonl(...[1, 2, 3, 4, 5, 6].map((n) => JSON.stringify(boleta(100 + n)))));
    const documentsBefore = mock.sandbox.documents().length;

    // Ctrl-C while line 2 is in flight: line 2 finishes and is recorded, no line after it is read.
    const once = collectingIO();
    const stop = new AbortController();
    faultFor = (request) => void (customerOf(request.body) === 102 && stop.abort());
    expect(await runCli(['issue', file, '--concurrency', '1'], { ...once.io, stop: stop.signal })).toBe(130);
    expect(once.out.stderr).toContain('stopping: no new lines');
    expect(once.out.stderr).toMatch(/interrupted after 2 lines, 2 issued, 0 replayed, 0 failed, 0 skipped .*; run the same command again to resume\n$/);
    expect((await readRecords(out)).results.map((r) => [r.line, r.ok])).toEqual([
      [1, true],
      [2, true],
    ]);

    // Ctrl-C twice while line 3 is in flight: it is aborted and recorded as failed, maybe issued (the server did issue it).
    const twice = collectingIO();
    const stop2 = new AbortController();
    const abort = new AbortController();
    faultFor = (request) => {
      if (customerOf(request.body) === 103) {
        stop2.abort();
        abort.abort();
      }
      return undefined;
    };
    expect(await runCli(['issue', file, '--concurrency', '1'], { ...twice.io, stop: stop2.signal, abort: abort.signal })).toBe(130);
    const aborted = (await readRecords(out)).results.at(-1);
    expect(aborted).toMatchObject({ line: 3, ok: false, maybeIssued: true, error: { name: 'APIUserAbortError', message: expect.any(String) } });
    await expect.poll(() => mock.sandbox.documents().length).toBe(documentsBefore + 3);

    // The next run: line 3 again with its key (the server replays it), 4 to 6 issued, nothing twice.
    faultFor = () => undefined;
    const again = collectingIO();
    expect(await runCli(['issue', file], again.io)).toBe(0);
    expect(SUMMARY.exec(again.out.stderr)!.slice(1, 6)).toEqual(['6', '3', '1', '0', '2']);
    expect(customersIssued().slice(documentsBefore).sort()).toEqual([101, 102, 103, 104, 105, 106]);
    expect(byLine((await readRecords(out)).results).get(3)).toMatchObject({ ok: true, replayed: true });
  });
});

/** A journal entry as plain data, its document read back from the results file. */
const plain = (entry: JournalEntry | undefined) => {
  if (entry === undefined) return undefined;
  const { holds: _holds, document, ...rest } = entry;
  return { ...rest, ...(document ? { document: { id: document.id, fullNumber: document.fullNumber, status: document.status } } : {}) };
};

describe('yupana issue, its parts', () => {
  async function* chunks(...parts: string[]) {
    for (const part of parts) yield Buffer.from(part, 'latin1');
  }
  const texts = async (lines: AsyncIterable<{ bytes: Buffer | undefined }>) => {
    const all: string[] = [];
    for await (const line of lines) all.push(line.bytes!.toString('latin1'));
    return all;
  };

  it('reads lines as editors count them: \\n or \\r\\n, a byte order mark dropped, lines split across chunks', async () => {
    const bom = '\xEF\xBB\xBF';
    expect(await texts(readRawLines(chunks(`${bom}{"a":1}\r\n{"b"`, ':2}\n\n  \n{"c":3}')))).toEqual(['{"a":1}', '{"b":2}', '', '  ', '{"c":3}']);
    expect(await texts(readRawLines(chunks()))).toEqual([]);
    expect(await texts(readRawLines(chunks('a\n')))).toEqual(['a']);
    expect(await texts(readRawLines(chunks('\n', '\n')))).toEqual(['', '']);
    expect(await texts(readRawLines(chunks('', '\xEF', '\xBB\xBFx\r', '\n')))).toEqual(['x']);
    const lines = [];
    for await (const line of readRawLines(chunks('x\n \t\ny'))) lines.push(line);
    expect(lines.map((l) => [l.number, l.blank])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });

  it('reads a 100 MB line in time linear in its length, hashing it without keeping it', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x78);
    async function* hundredMegabytes() {
      yield Buffer.from('{"a":1}\n{"note":"');
      for (let i = 0; i < 1600; i++) yield chunk;
      yield Buffer.from('"}\n{"b":2}');
    }
    // A reader that re-copies the line at each chunk (Buffer.concat per chunk) takes minutes: this one copies no long line.
    const concat = vi.spyOn(Buffer, 'concat');
    const lines = [];
    for await (const line of readRawLines(hundredMegabytes())) lines.push(line);
    expect(concat.mock.calls.filter(([parts]) => (parts as Buffer[]).length > 1)).toEqual([]);
    concat.mockRestore();
    expect(lines.map((l) => [l.number, l.bytes?.toString(), l.length])).toEqual([
      [1, '{"a":1}', 7],
      [2, undefined, 1600 * 64 * 1024 + 11],
      [3, '{"b":2}', 7],
    ]);
    const whole = createHash('sha256').update('{"note":"');
    for (let i = 0; i < 1600; i++) whole.update(chunk);
    expect(lines[1]!.sha256).toBe(whole.update('"}').digest('hex'));
  });

  it('keys a line by its text, never by its position: identical lines get -2, -3...', () => {
    const keys = new LineKeys('p');
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    expect([keys.next(a), keys.next(b), keys.next(a), keys.next(a)]).toEqual([
      `p-${'a'.repeat(32)}`,
      `p-${'b'.repeat(32)}`,
      `p-${'a'.repeat(32)}-2`,
      `p-${'a'.repeat(32)}-3`,
    ]);
  });

  it('decodes UTF-8 and names what a line is when it is not', () => {
    const raw = (bytes: Buffer, number = 2) => ({ number, offset: 0, bytes, length: bytes.length, sha256: '', blank: false });
    expect(decodeLine(raw(Buffer.from('{"name":"Pérez Núñez"}')))).toEqual({ ok: true, text: '{"name":"Pérez Núñez"}' });
    const latin1 = decodeLine(raw(Buffer.from('{"name":"Pérez"}', 'latin1')));
    expect(latin1).toEqual({ ok: false, message: expect.stringContaining('not UTF-8: byte 0xE9 at byte 11 would be "é" in Windows-1252') });
    // The fix it names is UTF-8, not a CSV: the command reads JSON Lines.
    expect((latin1 as { message: string }).message).toMatch(/save the file as UTF-8$/);
    // An Excel workbook (a ZIP archive) is named so, not taken for UTF-16 for its NUL bytes; only its first line starts one.
    const workbook = Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1');
    expect(decodeLine(raw(workbook, 1))).toEqual({
      ok: false,
      message:
        'the file is a ZIP archive, as an Excel workbook (.xlsx) is, not JSON Lines: yupana issue reads JSON Lines, one documents.create body in JSON per line, or CSV from a file whose name ends in .csv',
    });
    expect(decodeLine(raw(workbook, 2))).toEqual({ ok: false, message: expect.stringContaining('looks like UTF-16') });
    expect(decodeLine(raw(Buffer.from('\uFEFF{}', 'utf16le'), 1))).toEqual({ ok: false, message: expect.stringContaining('not UTF-8: it is UTF-16') });
    expect(decodeLine(raw(Buffer.from('{}', 'utf16le')))).toEqual({ ok: false, message: expect.stringContaining('looks like UTF-16') });
    expect(decodeLine(raw(Buffer.from('{"a":"\xC0\xAF"}', 'latin1')))).toEqual({ ok: false, message: expect.stringContaining('byte 0xC0 at byte 7') });
    expect(decodeLine({ number: 1, offset: 0, bytes: undefined, length: 5_000_000, sha256: '', blank: false })).toEqual({
      ok: false,
      message: expect.stringContaining('the line is 5000000 bytes long, over the limit of 1048576 bytes (1 MiB)'),
    });
  });

  it('reads a line as blank, a body, or invalid: bad JSON and JSON that is not an object', () => {
    expect(parseLine('')).toEqual({ kind: 'blank' });
    expect(parseLine(' \t')).toEqual({ kind: 'blank' });
    expect(parseLine('{"type":"03"}')).toEqual({ kind: 'body', body: { type: '03' } });
    expect(parseLine('{"type":')).toEqual({
      kind: 'invalid',
      error: { name: 'ValidationError', message: expect.stringMatching(/^the line is not valid JSON \(.+\): yupana issue reads JSON Lines, one documents.create body/) },
    });
    for (const [text, what] of [
      ['null', 'null'],
      ['[]', 'an array'],
      ['"B001"', 'a string'],
      ['42', 'a number'],
    ]) {
      expect(parseLine(text!)).toEqual({
        kind: 'invalid',
        error: { name: 'ValidationError', message: `the line is ${what}, not a JSON object (a documents.create body)` },
      });
    }
  });

  it('takes from a results file when its batch began, and per key when it was first sent and with which API key', async () => {
    const journal = join(dir, 'times.results.jsonl');
    const batch = (startedAt: string | undefined, apiKey: string) =>
      JSON.stringify({ batch: { format: 3, keyPrefix: 'p', input: 'x.jsonl', sha256: 'f', lines: 9, startedAt: startedAt && `2026-11-${startedAt}Z`, apiKey } });
    const S = sha256('s');
    const record = (key: string, at: string | undefined, extra: string) => `{"line":1,"key":"${key}","sha256":"${S}",${at === undefined ? '' : `"at":"${at}",`}${extra}}`;
    const time = (iso: string) => Date.parse(`2026-11-${iso}Z`);
    await writeFile(
      journal,
      jsonl(
        batch('01T10:00:00.000', 'sha256:aaaa'),
        // Recorded as about to be sent, and its call ended an hour later: its first send is the earlier time.
        record('p-1', '2026-11-01T10:04:00.000Z', '"sending":true'),
        record('p-1', '2026-11-01T11:05:00.000Z', '"ok":false,"maybeIssued":true,"error":{}'),
        record('p-2', '2026-11-01T10:06:00.000Z', '"ok":false,"maybeIssued":true,"error":{}'),
        record('p-3', '2026-11-01T10:07:00.000Z', '"ok":true,"id":"incident-7731","fullNumber":"","status":"","replayed":false'),
        record('p-4', undefined, '"ok":false,"maybeIssued":true,"error":{}'),
        record('p-5', '2026-11-01T10:08:00.000Z', '"ok":false,"maybeIssued":false,"error":{"name":"ValidationError"}'),
        batch('02T09:00:00.000', 'sha256:bbbb'),
        record('p-1', '2026-11-02T09:01:00.000Z', '"ok":false,"maybeIssued":true,"error":{}'),
        record('p-2', 'not a time', '"ok":false,"maybeIssued":true,"error":{}'),
        record('p-6', 'not a time', '"sending":true'),
        record('p-7', '2026-11-01T10:09:00.000Z', '"sending":true'),
        record('p-7', '2026-11-02T09:02:00.000Z', '"ok":false,"maybeIssued":false,"error":{"name":"ResolvedNone"}'),
      ),
    );
    const read = await readJournal(journal);
    expect(read.begunAt).toBe(time('01T10:00:00.000'));
    // The earliest send of a key starts its replay window, whichever run sent it last; its API key is the latest run's.
    expect(plain(read.entries.get('p-1'))).toEqual({ line: 1, elsewhere: false, inDoubt: true, firstSentAt: time('01T10:04:00.000'), apiKey: 'sha256:bbbb' });
    expect([read.entries.get('p-1')!.holds(S), read.entries.get('p-1')!.holds(sha256('t'))]).toEqual([true, false]);
    expect(read.entries.get('p-2')).toMatchObject({ inDoubt: true, firstSentAt: time('01T10:06:00.000'), apiKey: 'sha256:bbbb' });
    // A success whose id is no document's is in doubt: the request may have reached the API.
    expect(read.entries.get('p-3')).toMatchObject({ inDoubt: true, firstSentAt: time('01T10:07:00.000'), apiKey: 'sha256:aaaa' });
    // A record without a time counts from its run's start; a line refused before it was sent starts no window.
    expect([read.entries.get('p-4')?.firstSentAt, read.entries.get('p-6')?.firstSentAt]).toEqual([time('01T10:00:00.000'), time('02T09:00:00.000')]);
    expect(read.entries.get('p-5')).toMatchObject({ inDoubt: false, firstSentAt: undefined });
    // The operator found no document for it: its next send starts a window of its own.
    expect(read.entries.get('p-7')).toMatchObject({ inDoubt: false, firstSentAt: undefined });
    // The batch began at the earliest run that says when it started.
    await writeFile(journal, jsonl(batch(undefined, 'sha256:aaaa'), batch('03T08:00:00.000', 'sha256:aaaa'), batch('02T08:00:00.000', 'sha256:aaaa')));
    expect((await readJournal(journal)).begunAt).toBe(time('02T08:00:00.000'));
  });

  it('gives back every key of a results file, hashed ones and others, in the order first read, whatever line count its batch record claims', async () => {
    const [s1, s2, s3] = ['k1', 'k2', 'k3'].map((text) => sha256(text));
    const hashed = (sha: string) => `p-${sha.slice(0, 32)}`;
    const keys = [hashed(s1!), `${hashed(s1!)}-2`, hashed(s2!), `${hashed(s3!)}.lx2`];
    const records = keys.map((key, i) => `{"line":${i + 1},"key":"${key}","sha256":"${[s1, s1, s2, s3][i]}","ok":false,"maybeIssued":${i % 2 === 0},"error":{}}`);
    const journal = join(dir, 'keys.results.jsonl');
    // A line count no file of this size could hold, one that is not whole, and none: the file is read all the same.
    for (const lines of ['1e15', '2.5', '-3', '"many"']) {
      await writeFile(journal, jsonl(`{"batch":{"format":3,"keyPrefix":"p","input":"x.jsonl","sha256":"f","lines":${lines}}}`, ...records));
      const read = await readJournal(journal);
      expect(
        [...read.entries].map(([key]) => key),
        lines,
      ).toEqual(keys);
      expect([...read.entries.inDoubt()].map((slot) => read.entries.keyAt(slot))).toEqual([keys[0], keys[2]]);
      expect(read.entries.get(keys[1]!)).toMatchObject({ line: 2, inDoubt: false });
    }
  });

  it('keeps what a run sets on a key: its document as given, a later status, and finds the keys in doubt and the documents by status', () => {
    const entries = new Entries(join(dir, 'never-written.results.jsonl'));
    entries.prefix = 'p';
    const hashed = `p-${sha256('a').slice(0, 32)}`;
    expect([entries.has(hashed), entries.get(hashed), entries.size]).toEqual([false, undefined, 0]);
    entries.set(hashed, {
      line: 1,
      sha256: sha256('a'),
      document: { id: 'doc_a', fullNumber: 'B001-1', status: 'pending' },
      elsewhere: false,
      inDoubt: false,
      firstSentAt: undefined,
      apiKey: 'sha256:k',
    });
    entries.set('p-other-2', { line: 2, sha256: sha256('b'), elsewhere: true, inDoubt: true, firstSentAt: 5, apiKey: undefined });
    expect([entries.has(hashed), entries.has('p-other-2'), entries.has('p-other-3'), entries.size]).toEqual([true, true, false, 2]);
    expect(plain(entries.get(hashed))).toEqual({
      line: 1,
      document: { id: 'doc_a', fullNumber: 'B001-1', status: 'pending' },
      elsewhere: false,
      inDoubt: false,
      firstSentAt: undefined,
      apiKey: 'sha256:k',
    });
    expect(plain(entries.get('p-other-2'))).toEqual({ line: 2, elsewhere: true, inDoubt: true, firstSentAt: 5, apiKey: undefined });
    expect([entries.get(hashed)!.holds(sha256('a')), entries.get(hashed)!.holds(sha256('b'))]).toEqual([true, false]);
    expect([...entries.withStatus('pending')].map((slot) => entries.keyAt(slot))).toEqual([hashed]);
    expect([...entries.inDoubt()].map((slot) => entries.keyAt(slot))).toEqual(['p-other-2']);
    // A status for a key it does not hold adds nothing.
    entries.setStatus(hashed, 'accepted');
    entries.setStatus('p-none', 'accepted');
    expect([entries.get(hashed)!.document!.status, [...entries.withStatus('pending')], [...entries.slots()]]).toEqual(['accepted', [], [0, 1]]);
    // A later result without a document: none is recorded.
    entries.set(hashed, { line: 1, sha256: sha256('a'), elsewhere: false, inDoubt: true, firstSentAt: 7, apiKey: 'sha256:k' });
    expect(entries.get(hashed)).toMatchObject({ document: undefined, inDoubt: true, firstSentAt: 7 });
    expect([...entries.inDoubt()]).toEqual([0, 1]);
  });

  it('reads a results file as the runs wrote it: records without a key, a text hash or a line are skipped, a recorded document is final but for its refreshed status', async () => {
    const [a, b, c, d, e, f, g, h] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((text) => sha256(text));
    const key = (sha: string) => `p-${sha.slice(0, 32)}`;
    const journal = join(dir, 'final.results.jsonl');
    await writeFile(
      journal,
      jsonl(
        '{"batch":{"format":3,"keyPrefix":"p","input":"x.jsonl","sha256":"f","lines":3}}',
        // Not records of a line: no key, a hash that is no text, no line number.
        `{"line":9,"sha256":"${a}","ok":false,"maybeIssued":true,"error":{}}`,
        `{"line":9,"key":"p-9","sha256":9,"ok":false,"maybeIssued":true,"error":{}}`,
        `{"line":"9","key":"p-9","sha256":"${a}","ok":false,"maybeIssued":true,"error":{}}`,
        `{"line":1,"key":"${key(a!)}","sha256":"${a}","ok":true,"id":"doc_a","fullNumber":"B001-1","status":"pending","replayed":false}`,
        // A re-run refreshed its status; a record of another document, a failure or a success without a status change nothing.
        `{"line":1,"key":"${key(a!)}","sha256":"${a}","ok":true,"id":"doc_a","fullNumber":"B001-1","status":"accepted","replayed":false,"refreshed":true}`,
        `{"line":1,"key":"${key(a!)}","sha256":"${a}","ok":true,"id":"doc_z","fullNumber":"B001-9","status":"rejected","replayed":false}`,
        `{"line":1,"key":"${key(a!)}","sha256":"${a}","ok":true,"id":"doc_a","fullNumber":"B001-1","replayed":false}`,
        `{"line":1,"key":"${key(a!)}","sha256":"${a}","ok":false,"maybeIssued":true,"error":{}}`,
        `{"line":1,"key":"${key(a!)}","sha256":"${a}","ok":false,"id":"doc_a","status":"rejected","maybeIssued":false,"error":{}}`,
        // A failure that carries an id proves no document; a record that is neither sending, success nor failure is skipped.
        `{"line":2,"key":"${key(b!)}","sha256":"${b}","ok":false,"maybeIssued":false,"id":"doc_b","error":{}}`,
        `{"line":3,"key":"${key(c!)}","sha256":"${c}","sending":true}`,
        `{"line":3,"key":"${key(c!)}","sha256":"${c}","note":"hand-written"}`,
        // A line sent, then answered: its document.
        `{"line":4,"key":"${key(d!)}","sha256":"${d}","sending":true}`,
        `{"line":4,"key":"${key(d!)}","sha256":"${d}","ok":true,"id":"doc_d","fullNumber":"B001-4","status":"accepted","replayed":false}`,
        // The same, for a key with no other record, and after a failure that left no doubt.
        `{"line":5,"key":"${key(e!)}","sha256":"${e}","ok":false,"maybeIssued":false,"id":"doc_e","error":{}}`,
        `{"line":6,"key":"${key(f!)}","sha256":"${f}","ok":false,"maybeIssued":false,"error":{}}`,
        `{"line":6,"key":"${key(f!)}","sha256":"${f}","note":"hand-written"}`,
        // A document is final for its own text only: the same key recorded again for another text wins.
        `{"line":7,"key":"${key(g!)}","sha256":"${g}","ok":true,"id":"doc_g","fullNumber":"B001-7","status":"accepted","replayed":false}`,
        `{"line":7,"key":"${key(g!)}","sha256":"${h}","ok":true,"id":"doc_h","fullNumber":"B001-8","status":"accepted","replayed":false}`,
        // The same key for another text (a line edited after it failed): its record wins.
        `{"line":2,"key":"${key(b!)}","sha256":"${c}","ok":true,"id":"doc_c","fullNumber":"B001-3","status":"accepted","replayed":false}`,
      ),
    );
    const read = await readJournal(journal);
    expect([...read.entries].map(([k, entry]) => [k, plain(entry)])).toEqual([
      [key(a!), { line: 1, document: { id: 'doc_a', fullNumber: 'B001-1', status: 'accepted' }, elsewhere: false, inDoubt: false, firstSentAt: 0, apiKey: undefined }],
      [key(b!), { line: 2, document: { id: 'doc_c', fullNumber: 'B001-3', status: 'accepted' }, elsewhere: false, inDoubt: false, firstSentAt: 0, apiKey: undefined }],
      [key(c!), { line: 3, elsewhere: false, inDoubt: true, firstSentAt: 0, apiKey: undefined }],
      [key(d!), { line: 4, document: { id: 'doc_d', fullNumber: 'B001-4', status: 'accepted' }, elsewhere: false, inDoubt: false, firstSentAt: 0, apiKey: undefined }],
      [key(e!), { line: 5, elsewhere: false, inDoubt: false, firstSentAt: undefined, apiKey: undefined }],
      [key(f!), { line: 6, elsewhere: false, inDoubt: false, firstSentAt: undefined, apiKey: undefined }],
      [key(g!), { line: 7, document: { id: 'doc_h', fullNumber: 'B001-8', status: 'accepted' }, elsewhere: false, inDoubt: false, firstSentAt: 0, apiKey: undefined }],
    ]);
    expect([read.entries.get(key(b!))!.holds(c!), read.entries.get(key(b!))!.holds(b!)]).toEqual([true, false]);
    // Keys that are not the prefix and 32 hex digits are kept as they are, and found again.
    for (const other of [`q-${a!.slice(0, 32)}`, `p-${a!.slice(0, 31)}`, `p-${a!.slice(0, 32)}x`, `p_${a!.slice(0, 32)}`, `p-${a!.slice(0, 31).toUpperCase()}0`]) {
      await writeFile(
        journal,
        jsonl('{"batch":{"format":3,"keyPrefix":"p","input":"x.jsonl","sha256":"f","lines":1}}', `{"line":1,"key":"${other}","sha256":"${a}","sending":true}`),
      );
      const one = await readJournal(journal);
      expect([[...one.entries].map(([k]) => k), one.entries.has(other), one.entries.has(key(a!))], other).toEqual([[other], true, false]);
    }
  });

  it('takes from a results file, per key, the document recorded or whether its answer is unknown', async () => {
    const none = await readJournal(join(dir, 'no-such.results.jsonl'));
    expect({ ...none, entries: [...none.entries] }).toEqual({
      keyPrefix: undefined,
      api: undefined,
      begunAt: undefined,
      inputs: new Set(),
      entries: [],
      renewals: new Map(),
      endsWithNewline: true,
    });
    const [s1, s2, s3, s5] = ['s1', 's2', 's3', 's5'].map((text) => sha256(text));
    const journal = join(dir, 'journal.results.jsonl');
    const batch = '{"batch":{"format":3,"keyPrefix":"p","input":"x.jsonl","sha256":"f","lines":9}}';
    await writeFile(
      journal,
      `${jsonl(
        batch,
        `{"line":1,"key":"p-1","sha256":"${s1}","ok":true,"id":"doc_1","fullNumber":"B001-1","status":"accepted","replayed":false}`,
        `{"line":2,"key":"p-2","sha256":"${s2}","ok":false,"maybeIssued":true,"error":{}}`,
        `{"line":3,"key":"p-3","sha256":"${s3}","ok":false,"maybeIssued":false,"error":{}}`,
        '{"line":4,"ok":true}',
        `{"line":5,"key":"p-5","sha256":"${s5}","ok":true}`,
        `{"line":2,"key":"p-2","sha256":"${s2}","ok":false,"maybeIssued":false,"error":{}}`,
        `{"line":3,"key":"p-3","sha256":"${s3}","ok":false,"maybeIssued":true,"error":{}}`,
        `{"line":1,"key":"p-1","sha256":"${s1}","ok":false,"maybeIssued":true,"error":{}}`,
        `{"line":7,"key":"p-7","sha256":"${s1}","ok":true,"id":"doc_7","fullNumber":"B001-7","status":"accepted","replayed":true,"elsewhere":true}`,
      )}{"line":6,"key":"p-6","sha256":"s6","o`,
    );
    const read = await readJournal(journal);
    expect({ ...read, entries: [...read.entries].map(([key, entry]) => [key, plain(entry)]) }).toEqual({
      keyPrefix: 'p',
      api: undefined,
      begunAt: undefined,
      entries: [
        ['p-1', { line: 1, document: { id: 'doc_1', fullNumber: 'B001-1', status: 'accepted' }, elsewhere: false, inDoubt: false, firstSentAt: 0, apiKey: undefined }],
        ['p-2', { line: 2, elsewhere: false, inDoubt: false, firstSentAt: 0, apiKey: undefined }],
        ['p-3', { line: 3, elsewhere: false, inDoubt: true, firstSentAt: 0, apiKey: undefined }],
        // A hand-edited success without a document's id skips nothing: the line is in doubt, as old as can be (no time, no run start).
        ['p-5', { line: 5, elsewhere: false, inDoubt: true, firstSentAt: 0, apiKey: undefined }],
        // A document another run issued, answered for a key this file had never sent.
        ['p-7', { line: 7, document: { id: 'doc_7', fullNumber: 'B001-7', status: 'accepted' }, elsewhere: true, inDoubt: false, firstSentAt: 0, apiKey: undefined }],
      ],
      inputs: new Set([JSON.parse(batch).batch.sha256]),
      renewals: new Map(),
      endsWithNewline: false,
    });
    // What a run looks up before it sends, read from the columns.
    expect([...read.entries.inDoubt()].map((slot) => read.entries.keyAt(slot))).toEqual(['p-3', 'p-5']);
    expect([...read.entries.withStatus('accepted')].map((slot) => read.entries.keyAt(slot))).toEqual(['p-1', 'p-7']);
    expect([...read.entries.withStatus('pending')]).toEqual([]);
    expect(
      (
        [
          ['p-1', s1],
          ['p-2', s2],
          ['p-3', s3],
          ['p-5', s5],
        ] as const
      ).map(([key, text]) => read.entries.get(key)!.holds(text!)),
    ).toEqual([true, true, true, true]);
    // A results file of the format before (line numbers only), or another file: refused.
    await writeFile(journal, '{"line":1,"ok":true,"id":"doc_1","fullNumber":"B001-1","status":"accepted"}\n');
    await expect(readJournal(journal)).rejects.toThrow(/is not a results file of this version of yupana issue/);
  });

  it('locks a results file for one process: a stale lock of a process gone is taken over, any other is refused', async () => {
    const path = join(dir, 'locked.results.jsonl.lock');
    const lock = acquireLock(path);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ pid: process.pid, host: hostname() });
    expect(() => acquireLock(path)).toThrow(new RegExp(`held by process ${process.pid} on `));
    lock.release();
    lock.release();
    expect(existsSync(path)).toBe(false);

    const gone = spawnSync(process.execPath, ['-e', '']).pid!; // a process that has ended
    await writeFile(path, JSON.stringify({ pid: gone, host: hostname() }));
    const taken = acquireLock(path);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ pid: process.pid, host: hostname() });
    taken.release();

    // Left by an earlier process with this process's id (a container restarted): stale, taken over.
    await writeFile(path, JSON.stringify({ pid: process.pid, host: hostname() }));
    const restarted = acquireLock(path);
    expect(() => acquireLock(path)).toThrow(new RegExp(`held by process ${process.pid} on `));
    restarted.release();

    for (const held of [JSON.stringify({ pid: gone, host: 'another-machine' }), '']) {
      await writeFile(path, held);
      expect(() => acquireLock(path)).toThrow(LockError);
      expect(await readFile(path, 'utf8')).toBe(held);
    }
    await rm(path);
    expect(() => acquireLock(join(dir, 'no-such-folder', 'x.lock'))).toThrow(/cannot create the lock file/);
  });

  it('names the key prefix of a new batch after its content (with --repeats-are-new, the time too), and the results file after the input', () => {
    expect(defaultOutPath(join('data', 'boletas.jsonl'))).toBe(join('data', 'boletas.jsonl.results.jsonl'));
    // The extension is part of the name: ventas.csv and ventas.jsonl never share a results file.
    expect(defaultOutPath(join('data', 'ventas.csv'))).toBe(join('data', 'ventas.csv.results.jsonl'));
    expect(defaultOutPath('boletas')).toBe('boletas.results.jsonl');
    expect(defaultOutPath('ventas.CSV')).toBe('ventas.CSV.results.jsonl');
    expect(defaultKeyPrefix('0123456789abcdef0123')).toBe('batch-0123456789abcdef');
    expect(defaultKeyPrefix('0123456789abcdef0123', { now: 1_795_000_000_000 })).toBe(`batch-0123456789abcdef-${(1_795_000_000_000).toString(36)}`);
  });

  it('reads the flags, with their defaults', async () => {
    const rules = await loadSdkRules();
    expect(parseIssueArgs(['lote.jsonl'], rules)).toEqual({
      file: 'lote.jsonl',
      out: 'lote.jsonl.results.jsonl',
      outGiven: false,
      columns: [],
      columnMapping: new Map(),
      keyPrefix: undefined,
      concurrency: 4,
      environment: undefined,
      continueBatch: false,
      resolve: [],
      repeatsAreNew: false,
    });
    expect(parseIssueArgs(['--concurrency', '32', 'lote.jsonl', '--out', 'r.jsonl', '--key-prefix', 'nov-2026', '--environment', 'sandbox'], rules)).toEqual({
      file: 'lote.jsonl',
      out: 'r.jsonl',
      outGiven: true,
      columns: [],
      columnMapping: new Map(),
      keyPrefix: 'nov-2026',
      concurrency: 32,
      environment: 'sandbox',
      continueBatch: false,
      resolve: [],
      repeatsAreNew: false,
    });
    expect(parseIssueArgs(['lote.jsonl', '--continue-batch'], rules)).toMatchObject({ continueBatch: true });
    expect(parseIssueArgs(['lote.jsonl', '--repeats-are-new'], rules)).toMatchObject({ repeatsAreNew: true });
    expect(parseIssueArgs(['lote.jsonl', '--resolve', '12=doc_8KqL1s', '--resolve', '3=none'], rules)).toMatchObject({
      resolve: [
        { line: 12, document: 'doc_8KqL1s' },
        { line: 3, document: 'none' },
      ],
    });
    for (const value of ['0=none', 'x=none', '12=', '12=doc_', '12=B001-7', '=doc_1', '12=none=none']) {
      expect(() => parseIssueArgs(['lote.jsonl', '--resolve', value], rules), value).toThrow(
        `--resolve takes <line>=<document id> or <line>=none, e.g. --resolve 12=doc_8KqL1s, got ${JSON.stringify(value)}`,
      );
    }
    // --columns maps a CSV file's headers (the flag repeatable), and is refused for any other file.
    expect(parseIssueArgs(['ventas.csv', '--columns', 'document=Pedido,item.quantity=Cant.', '--columns', 'customer.name=Razón, social'], rules)).toMatchObject({
      columns: ['document=Pedido,item.quantity=Cant.', 'customer.name=Razón, social'],
      columnMapping: new Map([
        ['document', 'Pedido'],
        ['item.quantity', 'Cant.'],
        ['customer.name', 'Razón, social'],
      ]),
    });
    expect(() => parseIssueArgs(['lote.jsonl', '--columns', 'document=Pedido'], rules)).toThrow(
      '--columns maps the headers of a CSV file, and lote.jsonl is read as JSON Lines',
    );
    expect(() => parseIssueArgs(['v.csv', '--columns', 'cantidad=Cant'], rules)).toThrow('--columns cantidad=Cant: "cantidad" is not a field');
    expect(() => parseIssueArgs(['v.csv', '--columns', 'Pedido'], rules)).toThrow('--columns takes field=Header pairs');
    expect(() => parseIssueArgs(['v.csv', '--columns', 'document=A,document=B'], rules)).toThrow('--columns names document twice');
    expect(parseIssueArgs(['--help'], rules)).toBe('help');
    expect(() => parseIssueArgs(['lote.jsonl', '--concurrency'], rules)).toThrow(UsageError);
  });

  it('takes a --key-prefix of 1 to 200 printable ASCII characters without spaces, and a --concurrency from 1 to 32', async () => {
    const rules = await loadSdkRules();
    for (const prefix of ['!', '~', 'lote-2026/11_#1', 'x'.repeat(200)]) {
      expect(parseIssueArgs(['x.jsonl', '--key-prefix', prefix], rules)).toMatchObject({ keyPrefix: prefix });
    }
    for (const prefix of ['', 'lote noviembre', 'lote\tnoviembre', 'lote\n', 'año', 'lote\x7F', 'x'.repeat(201)]) {
      expect(() => parseIssueArgs(['x.jsonl', '--key-prefix', prefix], rules)).toThrow(
        `--key-prefix must be 1 to 200 printable ASCII characters without spaces, got ${JSON.stringify(prefix)}`,
      );
    }
    for (const n of [1, 32]) expect(parseIssueArgs(['x.jsonl', '--concurrency', String(n)], rules)).toMatchObject({ concurrency: n });
    for (const n of ['0', '33', '2.5', '1e1', ' 4', 'four']) {
      expect(() => parseIssueArgs(['x.jsonl', '--concurrency', n], rules)).toThrow(`--concurrency must be a whole number from 1 to 32, got ${JSON.stringify(n)}`);
    }
  });

  it('issues a batch under the longest --key-prefix: its keys, repeated lines included, are keys the API takes', async () => {
    const file = join(dir, 'longest-prefix.jsonl');
    const line = JSON.stringify(boleta(301));
    await writeFile(file, jsonl(line, line));
    const prefix = `${'x'.repeat(199)}~`;
    msw.use(http.all(`${mock.url}/*`, () => passthrough()));
    const from = posts().length;
    const { io, out } = collectingIO();
    expect(await runCli(['issue', file, '--key-prefix', prefix], io)).toBe(0);
    expect(out.stderr).toContain('2 issued');
    expect(keysSent(from)).toEqual([keyOf(prefix, line), `${keyOf(prefix, line)}-2`]);
  });

  it('records an error by name, status and code, and a ValidationError by its issues', () => {
    const apiError = APIError.from(422, { code: 'validation_error', detail: 'bad igv' }, new Headers({ 'request-id': 'req_1' }));
    expect(errorSummary(apiError)).toEqual({
      name: 'UnprocessableEntityError',
      status: 422,
      code: 'validation_error',
      message: '422 validation_error: bad igv (request req_1)',
    });
    const invalid = new ValidationError('documents.createMany input 3', [
      { path: 'items.0.igv', message: 'must be a number' },
      { path: 'series', message: 'bad' },
    ]);
    expect(errorSummary(invalid)).toEqual({ name: 'ValidationError', message: 'Invalid documents.create body: items.0.igv: must be a number; series: bad' });
    expect(errorSummary(new TypeError('boom'))).toEqual({ name: 'TypeError', message: 'boom' });
    expect(errorSummary('boom')).toEqual({ name: 'Error', message: 'boom' });
  });

  it('says a document may exist unless the answer was a definite refusal', () => {
    const headers = new Headers();
    const definite = [
      new ValidationError('x', [{ path: 'series', message: 'bad' }]),
      APIError.from(400, { code: 'bad_request' }, headers),
      APIError.from(401, { code: 'authentication_error' }, headers),
      APIError.from(422, { code: 'validation_error' }, headers),
    ];
    for (const error of definite) expect(maybeIssued(error), error.message).toBe(false);
    const unknown = [
      APIError.from(408, {}, headers),
      APIError.from(409, { code: 'idempotency_key_in_use' }, headers),
      APIError.from(422, { code: 'idempotency_key_reused' }, headers),
      APIError.from(429, { code: 'rate_limited' }, headers),
      APIError.from(500, { code: 'internal_error' }, headers),
      APIError.malformed(200, '<html>', headers, 'not JSON'),
      new APIConnectionError(),
      new APIUserAbortError(),
      new TypeError('boom'),
    ];
    for (const error of unknown) expect(maybeIssued(error), error.message).toBe(true);
  });

  it('lists the 10 lowest-numbered lines that failed, whatever order they failed in, and counts the rest', () => {
    const tally = newTally();
    for (const line of [15, 3, 14, 1, 13, 2, 12, 11, 10, 9, 8, 7]) {
      listLine(tally, line, `why ${line}`);
      tally.failed += 1;
    }
    expect(formatEndNotes(tally, 'r.jsonl', { file: 'v.jsonl', asNewSales: 'yupana issue v.jsonl --repeats-are-new' })).toEqual([
      ...[1, 2, 3, 7, 8, 9, 10, 11, 12, 13].map((line) => `yupana issue: line ${line}: why ${line}`),
      'yupana issue: 2 more line(s) failed, were rejected or had been issued by another run: see r.jsonl',
    ]);
    listLine(tally, 4, 'x'.repeat(400));
    expect(tally.listed.map(({ line }) => line)).toEqual([1, 2, 3, 4, 7, 8, 9, 10, 11, 12]);
    expect(tally.listed[3]!.why).toBe(`${'x'.repeat(299)}…`);
  });

  it('formats durations, the progress line (rate, ETA) and the summary', () => {
    expect(formatDuration(0)).toBe('0.0 s');
    expect(formatDuration(21_340)).toBe('21.3 s');
    expect(formatDuration(59_960)).toBe('1 min 00 s');
    expect(formatDuration(725_000)).toBe('12 min 05 s');
    expect(formatDuration(7_620_000)).toBe('2 h 07 min');
    expect(formatDuration(34_600, 0)).toBe('35 s');

    const tally = { ...newTally(), issued: 1200, failed: 3, skipped: 500 };
    expect(formatProgress(tally, 0)).toBe('1703 lines, 1200 issued, 3 failed, 500 skipped');
    expect(formatProgress({ ...tally, replayed: 7 }, 0)).toBe('1710 lines, 1200 issued, 7 replayed, 3 failed, 500 skipped');
    expect(formatProgress(tally, 12_800)).toBe('1703 lines, 1200 issued, 3 failed, 500 skipped, 94/s');
    // 3297 lines left at 1203 per 12.8 s: 35 s.
    expect(formatProgress({ ...tally, total: 5000 }, 12_800)).toBe('1703/5000 lines, 1200 issued, 3 failed, 500 skipped, 94/s, ETA 35 s');
    expect(formatProgress({ ...newTally(), total: 10, issued: 1 }, 4000)).toBe('1/10 lines, 1 issued, 0 failed, 0.3/s, ETA 36 s');

    const done = { ...newTally(), issued: 1998, failed: 2 };
    expect(formatSummary(done, 21_300, 'x.results.jsonl')).toBe(
      'yupana issue: 2000 lines, 1998 issued, 0 replayed, 2 failed, 0 skipped (already issued) in 21.3 s (94/s); results in x.results.jsonl',
    );
    const mixed = { ...newTally(), issued: 5, replayed: 1, skipped: 2, blank: 1, statuses: new Map([['pending', 2]]) };
    expect(formatSummary(mixed, 500, 'r.jsonl', 'interrupted')).toBe(
      'yupana issue: interrupted after 9 lines, 5 issued (2 pending), 1 replayed, 0 failed, 2 skipped (already issued), 1 blank in 0.5 s (12/s); results in r.jsonl; run the same command again to resume',
    );
    expect(formatSummary({ ...newTally(), skipped: 3, rejected: 1 }, 20, 'r.jsonl')).toBe(
      'yupana issue: 3 lines, 0 issued, 0 replayed, 0 failed, 3 skipped (already issued), 1 rejected by SUNAT in 0.0 s; results in r.jsonl',
    );
  });

  it('redraws the progress line in place on a terminal, at most once per interval (the last tick too, once it is over), and ends with the summary', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let now = 1000;
    let written = '';
    const tally = newTally();
    const progress = new Progress(tally, { stream: { isTTY: true, columns: 30, write: (t: string) => (written += t) }, now: () => now });
    progress.tick();
    expect(written).toBe('\r\x1b[2K0 lines, 0 issued, 0 failed');
    tally.issued = 2;
    now += 99;
    progress.tick();
    progress.tick();
    expect(written).toBe('\r\x1b[2K0 lines, 0 issued, 0 failed');
    // Nothing else happens (a request hangs): the interval over, the line catches up, once.
    now += 1;
    vi.advanceTimersByTime(1);
    expect(written).toBe('\r\x1b[2K0 lines, 0 issued, 0 failed\r\x1b[2K2 lines, 2 issued, 0 failed, ');
    vi.advanceTimersByTime(1000);
    expect(written).toMatch(/0 failed\r\x1b\[2K2 lines, 2 issued, 0 failed, $/);
    now += 100;
    written = '';
    tally.total = 4000;
    progress.tick();
    expect(written).toBe('\r\x1b[2K2/4000 lines, 2 issued, 0 fai'); // cut to the terminal's width
    // A redraw due when the run ends is dropped: the summary is the last word.
    now += 1;
    progress.tick();
    written = '';
    progress.note('a note');
    expect(written).toBe('\r\x1b[2Ka note\n');
    written = '';
    progress.tick(); // redrawn at once below the note
    expect(written).toMatch(/^\r\x1b\[2K2\/4000 lines/);
    written = '';
    progress.finish('the summary');
    vi.advanceTimersByTime(1000);
    expect(written).toBe('\r\x1b[2Kthe summary\n');
    expect(progress.elapsedMs).toBe(201);
    vi.useRealTimers();
  });

  it('writes no progress off a terminal, only notes and the summary', () => {
    let written = '';
    const progress = new Progress(newTally(), { stream: { write: (t: string) => (written += t) }, now: () => 0 });
    progress.tick();
    progress.note('a note');
    progress.finish('the summary');
    expect(written).toBe('a note\nthe summary\n');
  });
});

describe('yupana issue, the commands its advice names', () => {
  const options = async (...argv: string[]) => parseIssueArgs(argv, await loadSdkRules()) as Exclude<ReturnType<typeof parseIssueArgs>, 'help'>;

  it("repeats the run's batch flags, changed as asked, each word as a shell reads it back", async () => {
    expect(issueCommand(await options('ventas.csv'))).toBe('yupana issue ventas.csv');
    const run = await options(
      "Ventas Nov's.csv",
      '--out',
      'r.jsonl',
      '--key-prefix',
      'nov',
      '--environment',
      'sandbox',
      '--columns',
      'document=Pedido N°',
      '--continue-batch',
      '--concurrency',
      '8',
      '--resolve',
      '3=none',
    );
    // --concurrency and --resolve change nothing of what is issued: not repeated.
    expect(issueCommand(run)).toBe(
      `yupana issue 'Ventas Nov'\\''s.csv' --out r.jsonl --key-prefix nov --environment sandbox --columns 'document=Pedido N°' --continue-batch`,
    );
    expect(issueCommand(run, { out: 'otro.jsonl', dropKeyPrefix: true, flags: ['--repeats-are-new'], env: 'YUPANA_BASE_URL=https://x' })).toBe(
      `YUPANA_BASE_URL=https://x yupana issue 'Ventas Nov'\\''s.csv' --out otro.jsonl --environment sandbox --columns 'document=Pedido N°' --continue-batch --repeats-are-new`,
    );
    // A flag the run had is not said twice.
    expect(issueCommand(await options('v.csv', '--repeats-are-new'), { flags: ['--repeats-are-new'] })).toBe('yupana issue v.csv --repeats-are-new');
    expect(issueCommand(await options('v.csv', '--continue-batch'), { flags: ['--continue-batch'] })).toBe('yupana issue v.csv --continue-batch');
    expect(commandLine('yupana issue v.csv')).toBe('\n    yupana issue v.csv\n');
  });

  it('names a new results file that does not exist yet, beside the old one and still .jsonl', async () => {
    const out = join(dir, 'fresh.results.jsonl');
    expect(freshOut(out)).toBe(join(dir, 'fresh.results-2.jsonl'));
    await writeFile(join(dir, 'fresh.results-2.jsonl'), '');
    await writeFile(join(dir, 'fresh.results-3.jsonl'), '');
    expect(freshOut(out)).toBe(join(dir, 'fresh.results-4.jsonl'));
    expect(freshOut(join(dir, 'r.txt'))).toBe(join(dir, 'r.txt-2.jsonl'));
  });

  it('keys a hash index by 128 bits: 32 hex digits in, the same out, in the order added, through growth and a reserve', () => {
    const index = new HashIndex();
    const hashes = Array.from({ length: 3000 }, (_, i) => createHash('sha256').update(String(i)).digest('hex').slice(0, 32));
    hashes.forEach((hash, i) => index.set(hash, i));
    index.set(hashes[7]!, 70);
    expect(index.size).toBe(3000);
    expect([index.get(hashes[0]!), index.get(hashes[7]!), index.get(hashes[2999]!), index.get('0'.repeat(32))]).toEqual([0, 70, 2999, undefined]);
    expect([...index]).toEqual(hashes.map((hash, i) => [hash, i === 7 ? 70 : i]));
    expect([index.hashAt(0), index.hashAt(2999)]).toEqual([hashes[0], hashes[2999]]);
    // Room made at once keeps what it holds; the largest value a Uint32 takes, and a hash of zeros, are kept as any other.
    index.reserve(10_000);
    index.reserve(10);
    index.set('0'.repeat(32), 2 ** 32 - 1);
    expect([index.size, index.get(hashes[2999]!), index.get('0'.repeat(32)), [...index].length]).toEqual([3001, 2999, 2 ** 32 - 1, 3001]);
    expect([
      isHash32('a'.repeat(32)),
      isHash32('A'.repeat(32)),
      isHash32('a'.repeat(31)),
      isHash32('a'.repeat(33)),
      isHash32(`${'a'.repeat(31)}g`),
      isHash32(`g${'a'.repeat(31)}`),
    ]).toEqual([true, false, false, false, false, false]);
  });

  it('tells apart hashes that fall into one bucket, by each of their four words, across the last bucket and through growth', () => {
    // 1024 hashes' room: 1463 buckets. A hash's bucket is its first word modulo that.
    const hash = (...words: number[]) => words.map((word) => word.toString(16).padStart(8, '0')).join('');
    const alike = [
      hash(0, 0, 0, 0),
      hash(1463, 0, 0, 0),
      hash(0, 1, 0, 0),
      hash(0, 0, 1, 0),
      hash(0, 0, 0, 1),
      hash(1462, 0, 0, 0),
      hash(2925, 0, 0, 0),
      hash(1462, 0, 0, 9),
    ];
    const index = new HashIndex();
    alike.forEach((h, i) => index.set(h, i));
    const values = () => alike.map((h) => index.get(h));
    expect(values()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([index.get(hash(0, 0, 1, 1)), index.get(hash(2925, 0, 0, 1))]).toEqual([undefined, undefined]);
    index.reserve(5000);
    expect(values()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    index.set(alike[6]!, 60);
    expect([index.size, index.get(alike[6]!), index.get(alike[5]!)]).toEqual([8, 60, 5]);
  });

  it('keeps every key of a results file that holds more than its first room, without a line count to reserve by', () => {
    const entries = new Entries(join(dir, 'never-written.results.jsonl'));
    entries.prefix = 'p';
    const hashes = Array.from({ length: 3000 }, (_, i) => createHash('sha256').update(`g${i}`).digest('hex'));
    hashes.forEach((h, i) => entries.set(`p-${h.slice(0, 32)}`, { line: i + 1, sha256: h, elsewhere: false, inDoubt: i % 2 === 0, firstSentAt: i, apiKey: undefined }));
    expect([
      entries.size,
      entries.get(`p-${hashes[2999]!.slice(0, 32)}`)?.line,
      entries.get(`p-${hashes[1024]!.slice(0, 32)}`)?.firstSentAt,
      [...entries.inDoubt()].length,
    ]).toEqual([3000, 3000, 1024, 1500]);
  });

  it('allocates the room it is told of at once: filling it allocates nothing more', () => {
    const hashes = Array.from({ length: 20_000 }, (_, i) => createHash('sha256').update(`r${i}`).digest('hex'));
    const index = new HashIndex();
    index.reserve(20_000);
    const entries = new Entries(join(dir, 'never-written.results.jsonl'));
    entries.prefix = 'p';
    entries.reserve(20_000);
    const entry = { line: 1, elsewhere: false, inDoubt: true, firstSentAt: 1, apiKey: undefined };
    const before = process.memoryUsage().arrayBuffers;
    hashes.forEach((h, i) => {
      index.set(h, i);
      entries.set(`p-${h.slice(0, 32)}`, { ...entry, sha256: h });
    });
    // Growing to 20 000 would have allocated 2048, 4096... 32 768 hashes' arrays: megabytes.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024);
    expect([index.size, index.get(hashes[19_999]!), entries.size, entries.keyAt(19_999)]).toEqual([20_000, 19_999, 20_000, `p-${hashes[19_999]!.slice(0, 32)}`]);
  });
});
