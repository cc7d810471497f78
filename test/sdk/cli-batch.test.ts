/**
 * `npx yupana issue` under the mistakes operators make: the command run in this process through
 * its IO seam, as the bin runs it, against the mock server on loopback. What only a process shows
 * (signals, kills, file size limits) is in test/process/cli-bin.test.ts, against the built bin.
 */
import { spawnSync } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { access, link, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultOutPath } from '../../src/cli/issue/args.js';
import { apiKeyFingerprint } from '../../src/cli/issue/journal.js';
import type { DocumentCreateParams } from '../../src/index.js';
import { MOCK_API_KEY, type MockFault, type MockOutcome, type MockServer, type RecordedRequest, startMockServer } from '../../src/testing/index.js';
import { server as msw } from '../msw.js';
import {
  advisedCommands,
  ageResults,
  boleta,
  byLine,
  customerOf,
  type GateDecision,
  jsonl,
  prefixOf,
  readRecords,
  runIn,
  sha256,
  startGate,
  SUMMARY,
} from './cli-helpers.js';

let mock: MockServer;
let dir: string;
/** Decides each request's fault; tests swap it. */
let faultFor: (request: RecordedRequest) => MockFault | undefined = () => undefined;
/** SUNAT's answer per document; tests swap it. */
let outcomeFor: (params: DocumentCreateParams) => MockOutcome = () => 'accepted';

beforeAll(async () => {
  mock = await startMockServer({ port: 0, fault: (request) => faultFor(request), outcome: (params) => outcomeFor(params) });
  dir = await mkdtemp(join(tmpdir(), 'yupana-batch-'));
});
beforeEach(() => {
  faultFor = () => undefined;
  outcomeFor = () => 'accepted';
  // The gates of these tests forward to the mock from this process.
  msw.use(http.all(`${mock.url}/*`, () => passthrough()));
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

const posts = () => mock.sandbox.requests.filter((r) => r.method === 'POST').length;
/** How many documents the sandbox holds for each of `customers`. */
const documentsOf = (customers: number[]) => customers.map((n) => mock.sandbox.documents().filter((d) => customerOf(d) === n).length);
const boletas = (...customers: number[]) => jsonl(...customers.map((n) => JSON.stringify(boleta(n))));
let files = 0;
/** A fresh directory with `name` in it holding `content`: the file's path. */
async function inputFile(content: string | Buffer, name = 'ventas.jsonl'): Promise<string> {
  const folder = join(dir, `case-${++files}`);
  await mkdir(folder, { recursive: true });
  const file = join(folder, name);
  await writeFile(file, content);
  return file;
}
const summaryOf = (stderr: string) => SUMMARY.exec(stderr)?.slice(1, 8);
/** A run whose clock is a day back: yesterday's run. */
const yesterday = { date: () => Date.now() - 24 * 3_600_000 };

describe('the journal proves what it skips', () => {
  it("refuses next month's file under the same name (exit 2, nothing sent) instead of skipping its lines", async () => {
    const file = await inputFile(boletas(1001, 1002, 1003, 1004, 1005));
    expect((await runIn(['issue', file], mock.url)).code).toBe(0);
    await writeFile(file, boletas(1101, 1102, 1103, 1104, 1105));
    const sent = posts();
    const next = await runIn(['issue', file], mock.url);
    expect(next.code).toBe(2);
    expect(next.stderr).toContain(`${file} no longer holds, as they were, 5 line(s) that the results file ${defaultOutPath(file)} records as sent`);
    expect(next.stderr).toContain('move');
    expect(next.stderr).toContain(
      `an issued document is corrected with a nota de crédito, not by editing its line: with ${defaultOutPath(file)} moved away, the 5 document(s) it records would be issued again`,
    );
    expect(posts()).toBe(sent);
    expect(existsSync(`${defaultOutPath(file)}.lock`)).toBe(false);
    // Named another results file, it is a batch of its own: every line issued.
    const own = await runIn(['issue', file, '--out', join(dir, 'december.results.jsonl')], mock.url);
    expect(summaryOf(own.stderr)).toEqual(['5', '5', '0', '0', '0', undefined, undefined]);
    expect(documentsOf([1101, 1102, 1103, 1104, 1105])).toEqual([1, 1, 1, 1, 1]);
  });

  it("refuses next month's file under the same name that still holds last month's lines (recurring, undated): a batch begun over 24 hours ago is not continued unless asked", async () => {
    const file = await inputFile(boletas(3001, 3002, 3003));
    expect((await runIn(['issue', file], mock.url)).code).toBe(0);
    const out = defaultOutPath(file);
    await ageResults(out, 30 * 24);
    // December: the same three subscriptions, and two new customers.
    await writeFile(file, boletas(3001, 3002, 3003, 3004, 3005));
    const sent = posts();
    const december = await runIn(['issue', file], mock.url);
    expect(december.code).toBe(2);
    expect(december.stderr).toContain(`${out} is the results file of a batch begun on `);
    expect(december.stderr).toContain('another day in Lima');
    expect(december.stderr).toContain('--out');
    expect(posts()).toBe(sent);
    // A results file of its own: every line is December's invoice.
    const own = await runIn(['issue', file, '--out', join(dirname(file), 'diciembre.results.jsonl')], mock.url);
    expect(summaryOf(own.stderr)).toEqual(['5', '5', '0', '0', '0', undefined, undefined]);
    expect(documentsOf([3001, 3002, 3003, 3004, 3005])).toEqual([2, 2, 2, 1, 1]);
    // Asked to, the old batch is continued: its issued lines skipped, its new lines issued.
    const continued = await runIn(['issue', file, '--continue-batch'], mock.url);
    expect(summaryOf(continued.stderr)).toEqual(['5', '2', '0', '0', '3', undefined, undefined]);
  });

  it('sends no line in doubt whose key the API may have forgotten (sent over 23 hours ago): it is listed, recorded in doubt, and nothing is issued twice', async () => {
    const file = await inputFile(boletas(3101, 3102));
    // 3102's answer is lost on every attempt: it is issued, and its line left in doubt.
    faultFor = (request) => (request.method === 'POST' && customerOf(request.body) === 3102 ? { response: 'drop' } : undefined);
    expect((await runIn(['issue', file], mock.url)).code).toBe(1);
    faultFor = () => undefined;
    expect(documentsOf([3101, 3102])).toEqual([1, 1]);
    const out = defaultOutPath(file);
    await ageResults(out, 25);
    const sent = posts();
    const monday = await runIn(['issue', file, '--continue-batch'], mock.url);
    expect(monday.code).toBe(1);
    expect(monday.stderr).toContain('line 2 was sent on ');
    expect(monday.stderr).toContain('the API keeps a key 24 hours, so sending it again could issue a second document: not sent');
    expect(posts()).toBe(sent);
    expect(byLine((await readRecords(out)).results).get(2)).toMatchObject({ ok: false, maybeIssued: true, error: { name: 'ReplayWindowPassed' } });
    expect(documentsOf([3101, 3102])).toEqual([1, 1]);
  });

  it('keeps in doubt a line a killed run had in flight, recorded before it was sent: a day later, --continue-batch lists it and does not send it', async () => {
    const file = await inputFile(boletas(3401, 3402));
    const out = defaultOutPath(file);
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    // 3402's request is held at the gate (it might have been issued: nothing says otherwise). The
    // results file as it is then is what a kill leaves (test/process/cli-bin.test.ts kills the bin).
    let holding = true;
    let release!: () => void;
    const held = new Promise<GateDecision>((resolve) => (release = () => resolve({ status: 503, body: '{}', forward: false })));
    const gate = await startGate(mock.url, (body) => (holding && customerOf(body) === 3402 ? (arrived(), held) : undefined));
    try {
      const abort = new AbortController();
      const run = runIn(['issue', file, '--concurrency', '1'], gate.url, {}, { stop: abort.signal, abort: abort.signal });
      await reached;
      const killed = await readFile(out);
      abort.abort();
      release();
      await run;
      await writeFile(out, killed);
      const records = await readRecords(out);
      expect([records.sending.map((r) => r.line), records.results.map((r) => r.line)]).toEqual([[1, 2], [1]]);
      await ageResults(out, 25);
      const sent = posts();
      holding = false;
      const next = await runIn(['issue', file, '--continue-batch'], gate.url);
      expect(next.stderr).toContain('line 2 was sent on ');
      expect(next.stderr).toContain('--resolve 2=none');
      expect(next.code).toBe(1);
      expect(posts()).toBe(sent);
      expect(documentsOf([3401, 3402])).toEqual([1, 0]);
      // The operator finds no document for it in the API, and says so: the line is sent again.
      const resolved = await runIn(['issue', file, '--continue-batch', '--resolve', '2=none'], gate.url);
      expect(resolved.code).toBe(0);
      expect(documentsOf([3401, 3402])).toEqual([1, 1]);
      expect((await readRecords(out)).results.map((r) => [r.line, r.ok ? 'issued' : r.error.name])).toEqual([
        [1, 'issued'],
        [2, 'ReplayWindowPassed'],
        [2, 'ResolvedNone'],
        [2, 'issued'],
      ]);
    } finally {
      release();
      await gate.close();
    }
  });

  it("records a line in doubt as issued on the operator's word (--resolve <line>=<document id>), once the API shows that document is the line's", async () => {
    const file = await inputFile(boletas(3501, 3502));
    // 3502's answer is lost on every attempt: it is issued, and its line left in doubt.
    faultFor = (request) => (request.method === 'POST' && customerOf(request.body) === 3502 ? { response: 'drop' } : undefined);
    expect((await runIn(['issue', file], mock.url)).code).toBe(1);
    faultFor = () => undefined;
    const out = defaultOutPath(file);
    await ageResults(out, 25);
    const idOf = (customer: number) => mock.sandbox.documents().find((d) => customerOf(d) === customer)!.id;
    let sent = posts();
    // Line 1 is not in doubt; 3501's document is line 1's; 3599's, and one of 3502's with other lines, are not line 2's; a document that does not exist.
    const notInDoubt = await runIn(['issue', file, '--continue-batch', '--resolve', `1=${idOf(3501)}`], mock.url);
    expect([notInDoubt.code, notInDoubt.stderr]).toEqual([2, expect.stringContaining('--resolve 1: line 1 of the file is not a line in doubt in the results file')]);
    const taken = await runIn(['issue', file, '--continue-batch', '--resolve', `2=${idOf(3501)}`], mock.url);
    expect([taken.code, taken.stderr]).toEqual([2, expect.stringContaining(`the results file already records ${idOf(3501)} for another line`)]);
    const elsewhere = await inputFile(
      jsonl(JSON.stringify(boleta(3599)), JSON.stringify({ ...boleta(3502), items: [{ description: 'Leche', quantity: 2, unitPrice: 1, igv: 0.36 }] })),
    );
    expect((await runIn(['issue', elsewhere], mock.url)).code).toBe(0);
    const other = await runIn(['issue', file, '--continue-batch', '--resolve', `2=${idOf(3599)}`], mock.url);
    expect([other.code, other.stderr]).toEqual([
      2,
      expect.stringContaining("for customer 40003599 with 1 line(s), not the line's (type 03, series B001, customer 40003502, 1 line(s))"),
    ]);
    const otherLines = mock.sandbox.documents().find((d) => customerOf(d) === 3502 && d.items[0]?.description === 'Leche')!.id;
    const sameCustomer = await runIn(['issue', file, '--continue-batch', '--resolve', `2=${otherLines}`], mock.url);
    expect([sameCustomer.code, sameCustomer.stderr]).toEqual([2, expect.stringContaining('for customer 40003502 with 1 line(s), not the line')]);
    const missing = await runIn(['issue', file, '--continue-batch', '--resolve', '2=doc_nosuchthing'], mock.url);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('--resolve 2=doc_nosuchthing: the API did not give that document')]);
    const bad = await runIn(['issue', file, '--continue-batch', '--resolve', '2=B001-7'], mock.url);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--resolve takes <line>=<document id> or <line>=none')]);
    expect(posts()).toBe(sent + 2); // the other batch's two documents
    sent = posts();
    const idOf3502 = mock.sandbox.documents().find((d) => customerOf(d) === 3502 && d.items[0]?.description === 'Pan')!.id;
    const resolved = await runIn(['issue', file, '--continue-batch', '--resolve', `2=${idOf3502}`], mock.url);
    expect(resolved.code).toBe(0);
    expect(summaryOf(resolved.stderr)).toEqual(['2', '0', '0', '0', '2', undefined, undefined]);
    expect(byLine((await readRecords(out)).results).get(2)).toMatchObject({ ok: true, id: idOf3502, replayed: true, resolved: true });
    expect(posts()).toBe(sent);
    expect(documentsOf([3501, 3599])).toEqual([1, 1]);
  });

  it('names a line in doubt by its number in the file as it is now, after lines were added, in the other-key refusal and in --resolve', async () => {
    const file = await inputFile(boletas(3601, 3602));
    faultFor = (request) => (request.method === 'POST' && customerOf(request.body) === 3602 ? { response: 'drop' } : undefined);
    expect((await runIn(['issue', file], mock.url)).code).toBe(1);
    faultFor = () => undefined;
    await writeFile(file, boletas(3600, 3601, 3602));
    const colleague = { YUPANA_API_KEY: 'sk_test_operador_luis' };
    const refused = await runIn(['issue', file], mock.url, colleague);
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('were sent with another API key and their answer is unknown (e.g. line 3)')]);
    const issued = mock.sandbox.documents().find((d) => customerOf(d) === 3602)!.id;
    const resolved = await runIn(['issue', file, '--resolve', `3=${issued}`], mock.url, colleague);
    expect(resolved.code).toBe(0);
    expect(documentsOf([3600, 3601, 3602])).toEqual([1, 1, 1]);
  });

  it("refuses --resolve with a clear message when the API's answer for the document is not one (a proxy's 200)", async () => {
    const file = await inputFile(boletas(3701));
    let proxying = true;
    // The create is issued and answered 200 {}; later every request without a body (the GET of --resolve) gets a half document.
    const gate = await startGate(
      mock.url,
      (body): GateDecision =>
        body === undefined
          ? { status: 200, body: '{"id":"doc_x","type":"03","series":"B001"}', forward: false }
          : proxying
            ? { status: 200, body: '{}', forward: true }
            : undefined,
    );
    try {
      expect((await runIn(['issue', file], gate.url)).code).toBe(1);
      proxying = false;
      const resolved = await runIn(['issue', file, '--resolve', '1=doc_x'], gate.url);
      expect([resolved.code, resolved.stderr]).toEqual([
        2,
        expect.stringContaining("--resolve 1=doc_x: the API's answer is not a document (a proxy's?): nothing resolved"),
      ]);
    } finally {
      await gate.close();
    }
  });

  it("counts a gateway's 200 whose id is no document's as in doubt, not issued: the next run issues the line once", async () => {
    const file = await inputFile(boletas(3201, 3202));
    let blocking = true;
    const gate = await startGate(
      mock.url,
      (): GateDecision => (blocking ? { status: 200, body: '{"id":"incident-7731","message":"Request blocked by security policy"}', forward: false } : undefined),
    );
    try {
      const blocked = await runIn(['issue', file], gate.url);
      expect(blocked.code).toBe(1);
      expect(summaryOf(blocked.stderr)).toEqual(['2', '0', '0', '2', '0', undefined, undefined]);
      expect(byLine((await readRecords(defaultOutPath(file))).results).get(1)).toMatchObject({
        ok: false,
        maybeIssued: true,
        error: { name: 'APIError', message: 'the answer is not a document: its id "incident-7731" is not a document\'s (doc_...)' },
      });
      blocking = false;
      const passed = await runIn(['issue', file], gate.url);
      expect(summaryOf(passed.stderr)).toEqual(['2', '2', '0', '0', '0', undefined, undefined]);
    } finally {
      await gate.close();
    }
    expect(documentsOf([3201, 3202])).toEqual([1, 1]);
  });

  it('notes lines that repeat an earlier line: each is a document of its own, and a copy added to retry a line should go', async () => {
    const file = await inputFile(boletas(3301, 3302, 3301, 3301));
    const run = await runIn(['issue', file], mock.url);
    expect(run.stderr).toContain('note: line(s) 3, 4 repeat the text of an earlier line: each is issued as a document of its own');
    expect(documentsOf([3301, 3302])).toEqual([3, 1]);
    // Sent and recorded, they are not noted again.
    expect((await runIn(['issue', file], mock.url)).stderr).not.toContain('repeat the text');
  });

  it('refuses a copy of a line an earlier run sent, added to retry it or by mistake (exit 2, nothing sent), unless --repeats-are-new', async () => {
    const file = await inputFile(boletas(3311, 3312, 3313));
    faultFor = (request) =>
      customerOf(request.body) === 3313 ? { status: 422, body: { title: 'Invalid', status: 422, code: 'validation_error', detail: 'no' } } : undefined;
    expect((await runIn(['issue', file], mock.url)).code).toBe(1);
    faultFor = () => undefined;
    // A copy of issued line 2, and of failed line 3, pasted at the end.
    await writeFile(file, boletas(3311, 3312, 3313, 3312, 3313));
    const sent = posts();
    const refused = await runIn(['issue', file], mock.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('line(s) 4, 5 repeat lines an earlier run sent (e.g. line 4 repeats line 2, issued as B001-');
    expect(refused.stderr).toContain('If a copy was added to retry a line, delete it');
    expect(posts()).toBe(sent);
    // Deleted again, as the message says: the run goes on, and issues the failed line once.
    await writeFile(file, boletas(3311, 3312, 3313));
    expect(summaryOf((await runIn(['issue', file], mock.url)).stderr)).toEqual(['3', '1', '0', '0', '2', undefined, undefined]);
    expect(documentsOf([3311, 3312, 3313])).toEqual([1, 1, 1]);
    // A new sale of the very same thing, said so.
    await writeFile(file, boletas(3311, 3312, 3313, 3312));
    expect(summaryOf((await runIn(['issue', file, '--repeats-are-new'], mock.url)).stderr)).toEqual(['4', '1', '0', '0', '3', undefined, undefined]);
    expect(documentsOf([3311, 3312, 3313])).toEqual([1, 2, 1]);
  });

  it('skips no line on a hand-edited record: a success without a document id, or an old-format results file', async () => {
    const file = await inputFile(boletas(1201, 1202, 1203));
    const out = defaultOutPath(file);
    faultFor = (request) => (customerOf(request.body) === 1202 ? { status: 503 } : undefined);
    const failing = await runIn(['issue', file], mock.url);
    expect(failing.code).toBe(1);
    // Each retry is said as it happens, so that a run waiting on one is not taken for a hung one.
    expect(failing.stderr.match(/^yupana issue: line 2: 503 \w+; trying again in \d+\.\d s$/gm)).toHaveLength(2);
    faultFor = () => undefined;
    // "It failed, mark it done": ok turned true by hand, with no document.
    const text = await readFile(out, 'utf8');
    const record = text.split('\n').find((line) => line.includes('"ok":false'))!;
    expect(JSON.parse(record)).toMatchObject({ line: 2, ok: false, maybeIssued: true, error: { status: 503 } });
    await writeFile(out, text.replace(record, record.replace('"ok":false', '"ok":true')));
    const second = await runIn(['issue', file], mock.url);
    expect(second.code).toBe(0);
    expect(summaryOf(second.stderr)).toEqual(['3', '1', '0', '0', '2', undefined, undefined]);
    expect(documentsOf([1201, 1202, 1203])).toEqual([1, 1, 1]);

    // A results file of the format before (line numbers only): refused, nothing sent.
    const other = await inputFile(boletas(1211, 1212));
    await writeFile(defaultOutPath(other), '{"line":1,"ok":true}\n{"line":2,"ok":true}\n');
    const sent = posts();
    const old = await runIn(['issue', other], mock.url);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('is not a results file of this version of yupana issue');
    expect(posts()).toBe(sent);
  });

  it('re-keys no line when lines are deleted or inserted between runs: a fixed batch issues nothing twice', async () => {
    const lines = [1301, 1302, 1303, 1304, 1305].map((n) => JSON.stringify(boleta(n)));
    lines[1] = '{"type": "03",'; // a bad line
    const file = await inputFile(jsonl(...lines));
    expect((await runIn(['issue', file], mock.url)).code).toBe(1);
    expect(documentsOf([1301, 1303, 1304, 1305])).toEqual([1, 1, 1, 1]);

    // The operator deletes the bad line, and adds one at the top: only the new line is issued.
    lines.splice(1, 1);
    lines.unshift(JSON.stringify(boleta(1300)));
    await writeFile(file, jsonl(...lines));
    const again = await runIn(['issue', file], mock.url);
    expect(again.code).toBe(0);
    expect(summaryOf(again.stderr)).toEqual(['5', '1', '0', '0', '4', undefined, undefined]);
    expect(documentsOf([1300, 1301, 1303, 1304, 1305])).toEqual([1, 1, 1, 1, 1]);

    // A --key-prefix other than the batch's is refused.
    const renamed = await runIn(['issue', file, '--key-prefix', 'other'], mock.url);
    expect(renamed.code).toBe(2);
    expect(renamed.stderr).toContain(
      `is the results file of the batch with key prefix ${prefixOf(jsonl(...[1301, 1302, 1303, 1304, 1305].map((n, i) => (i === 1 ? '{"type": "03",' : JSON.stringify(boleta(n))))))}, not other`,
    );
  });

  it('records a success without a document (a proxy answering 200 {}) as a failure, and the next run gets its document by replay', async () => {
    const file = await inputFile(boletas(1401, 1402, 1403));
    // A proxy that forwards the request (the document is issued) and answers 200 {}, on the first run.
    let answersEmpty = true;
    const gate = await startGate(mock.url, (body): GateDecision => (answersEmpty && customerOf(body) === 1402 ? { status: 200, body: '{}', forward: true } : undefined));
    try {
      const first = await runIn(['issue', file], gate.url);
      expect(first.code).toBe(1);
      expect(byLine((await readRecords(defaultOutPath(file))).results).get(2)).toMatchObject({
        ok: false,
        maybeIssued: true,
        error: { name: 'APIError', status: 200, message: '200 malformed answer: the body is not an object with an id' },
      });
      answersEmpty = false;
      // Its document may exist: editing the line (which would give it a new key) is refused, nothing sent.
      const sent = posts();
      await writeFile(file, boletas(1401, 1499, 1403));
      const edited = await runIn(['issue', file], gate.url);
      expect(edited.code).toBe(2);
      expect(edited.stderr).toContain('line 2 (sent, its answer unknown)');
      expect(posts()).toBe(sent);
      await writeFile(file, boletas(1401, 1402, 1403));
      const second = await runIn(['issue', file], gate.url);
      expect(second.code).toBe(0);
      expect(summaryOf(second.stderr)).toEqual(['3', '0', '1', '0', '2', undefined, undefined]);
    } finally {
      await gate.close();
    }
    expect(byLine((await readRecords(defaultOutPath(file))).results).get(2)).toMatchObject({ ok: true, replayed: true, id: expect.stringMatching(/^doc_/) });
    expect(documentsOf([1401, 1402, 1403])).toEqual([1, 1, 1]);
  });

  it('refuses a re-run with another API key while a line is in doubt (the API answers a key only to the API key it was sent with): exit 2, nothing sent; its own key gets the document by replay', async () => {
    const file = await inputFile(boletas(2601));
    // The first attempt reaches the API and its answer is lost; the retries never reach it.
    faultFor = (request) => (request.method !== 'POST' ? undefined : request.headers['yupana-retry-count'] ? { network: 'error' } : { response: 'drop' });
    expect((await runIn(['issue', file], mock.url)).code).toBe(1);
    faultFor = () => undefined;
    expect(documentsOf([2601])).toEqual([1]);
    const sent = posts();
    // A colleague's key, or the key after a rotation: the API would not know the line's key under it, and issue it again.
    const otherKey = await runIn(['issue', file], mock.url, { YUPANA_API_KEY: 'sk_test_operador_luis' });
    expect(otherKey.code).toBe(2);
    expect(otherKey.stderr).toContain('1 line(s) of');
    expect(otherKey.stderr).toContain('were sent with another API key and their answer is unknown (e.g. line 1)');
    expect(posts()).toBe(sent);
    expect(documentsOf([2601])).toEqual([1]);
    await writeFile(file, boletas(2699));
    const edited = await runIn(['issue', file], mock.url);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toContain('line 1 (sent, its answer unknown)');
    expect(posts()).toBe(sent);
    await writeFile(file, boletas(2601));
    const resumed = await runIn(['issue', file], mock.url);
    expect(resumed.code).toBe(0);
    expect(summaryOf(resumed.stderr)).toEqual(['1', '0', '1', '0', '0', undefined, undefined]);
    expect(documentsOf([2601, 2699])).toEqual([1, 0]);
  });

  it('records a line as maybe issued when its answer was lost and the retry was refused by a proxy (403): the refusal says nothing of the first attempt', async () => {
    const file = await inputFile(boletas(2611));
    faultFor = (request) => (request.method === 'POST' && !request.headers['yupana-retry-count'] ? { response: 'drop' } : undefined);
    let calls = 0;
    const gate = await startGate(mock.url, (): GateDecision => (++calls === 2 ? { status: 403, body: '<html>Forbidden</html>', forward: false } : undefined));
    try {
      expect((await runIn(['issue', file], gate.url)).code).toBe(1);
      faultFor = () => undefined;
      expect((await readRecords(defaultOutPath(file))).results).toEqual([
        expect.objectContaining({ ok: false, maybeIssued: true, error: expect.objectContaining({ name: 'PermissionDeniedError', status: 403 }) }),
      ]);
      const resumed = await runIn(['issue', file], gate.url);
      expect(summaryOf(resumed.stderr)).toEqual(['1', '0', '1', '0', '0', undefined, undefined]);
    } finally {
      await gate.close();
    }
    expect(documentsOf([2611])).toEqual([1]);
  });

  it("settles a line's doubt by the API's own answer for its key (a 422): the line may then be fixed, and is issued once", async () => {
    const wrong = JSON.stringify({ ...boleta(2621), items: [{ description: 'Pan', quantity: 1, unitPrice: 1, igv: 5 }] });
    const file = await inputFile(jsonl(wrong));
    // A proxy that answers 502 without forwarding on the first run: the API never sees the line.
    let down = true;
    const gate = await startGate(mock.url, (): GateDecision => (down ? { status: 502, body: 'Bad Gateway', forward: false } : undefined));
    try {
      expect((await runIn(['issue', file], gate.url)).code).toBe(1);
      expect((await readRecords(defaultOutPath(file))).results.at(-1)).toMatchObject({ ok: false, maybeIssued: true });
      down = false;
      const answered = await runIn(['issue', file], gate.url);
      expect(answered.code).toBe(1);
      expect((await readRecords(defaultOutPath(file))).results.at(-1)).toMatchObject({
        ok: false,
        maybeIssued: false,
        error: { name: 'UnprocessableEntityError', status: 422, code: 'validation_error' },
      });
      await writeFile(file, boletas(2621));
      const fixed = await runIn(['issue', file], gate.url);
      expect(fixed.code).toBe(0);
    } finally {
      await gate.close();
    }
    expect(documentsOf([2621])).toEqual([1]);
  });

  it("refuses a results file of another API (a sandbox rehearsal's, run again with production's address): exit 2, nothing sent, instead of skipping every line", async () => {
    const file = await inputFile(boletas(2631, 2632));
    expect((await runIn(['issue', file], mock.url)).code).toBe(0);
    expect((await readRecords(defaultOutPath(file))).batches[0]).toMatchObject({ api: mock.url });
    const elsewhere = await startGate(mock.url, () => undefined);
    try {
      const sent = posts();
      const other = await runIn(['issue', file], elsewhere.url);
      expect(other.code).toBe(2);
      expect(other.stderr).toContain(`records documents issued on ${mock.url}, and this run would send to ${elsewhere.url}`);
      expect(posts()).toBe(sent);
    } finally {
      await elsewhere.close();
    }
    const again = await runIn(['issue', file], mock.url);
    expect(summaryOf(again.stderr)).toEqual(['2', '0', '0', '0', '2', undefined, undefined]);
  });

  it('writes no results file for a file with no line to issue, so batches whose first run found their file empty share no keys', async () => {
    const monday = await inputFile('');
    const tuesday = await inputFile('\n\n');
    const sent = posts();
    for (const file of [monday, tuesday]) {
      const empty = await runIn(['issue', file], mock.url);
      expect(empty.code).toBe(0);
      expect(empty.stderr).toContain('has no line to issue; no results file written');
      expect(existsSync(defaultOutPath(file))).toBe(false);
    }
    expect(posts()).toBe(sent);
    // The export arrives: the same anonymous sale on both days, with others around it on Tuesday.
    await writeFile(monday, boletas(1531));
    await writeFile(tuesday, boletas(1532, 1531));
    expect((await runIn(['issue', monday], mock.url)).code).toBe(0);
    const second = await runIn(['issue', tuesday], mock.url);
    expect(summaryOf(second.stderr)).toEqual(['2', '2', '0', '0', '0', undefined, undefined]);
    expect(documentsOf([1531, 1532])).toEqual([2, 1]);
  });

  it('keys day2/ventas.jsonl apart from day1/ventas.jsonl: by content, not by name, and counts replays', async () => {
    const day1 = join(dir, 'day1', 'ventas.jsonl');
    const day2 = join(dir, 'day2', 'ventas.jsonl');
    await mkdir(join(dir, 'day1'), { recursive: true });
    await mkdir(join(dir, 'day2'), { recursive: true });
    await writeFile(day1, boletas(1501, 1502, 1503));
    await writeFile(day2, boletas(1511, 1512, 1513));
    expect(summaryOf((await runIn(['issue', day1], mock.url)).stderr)).toEqual(['3', '3', '0', '0', '0', undefined, undefined]);
    const second = await runIn(['issue', day2], mock.url);
    expect(second.code).toBe(0);
    expect(summaryOf(second.stderr)).toEqual(['3', '3', '0', '0', '0', undefined, undefined]);
    expect(documentsOf([1501, 1502, 1503, 1511, 1512, 1513])).toEqual([1, 1, 1, 1, 1, 1]);
    // The same content again, the same day, under a results file elsewhere (another folder): the
    // server's replays, counted, recorded and noted as another run's documents.
    await mkdir(join(dir, 'day2-copy'), { recursive: true });
    const copyFile = join(dir, 'day2-copy', 'ventas.jsonl');
    await writeFile(copyFile, boletas(1511, 1512, 1513));
    const copy = await runIn(['issue', copyFile], mock.url);
    expect(summaryOf(copy.stderr)).toEqual(['3', '0', '3', '0', '0', undefined, undefined]);
    // Said, line by line, with exit 1: they may be new sales of the very same thing, which this run did not issue.
    expect(copy.code).toBe(1);
    expect(copy.stderr).toMatch(
      /^yupana issue: line 1: answered with B001-\d+, which another run of the same content issued \(with another results file\): not issued again/m,
    );
    expect((await readRecords(defaultOutPath(copyFile))).results.every((r) => r.ok && r.replayed && r.elsewhere)).toBe(true);
    expect(documentsOf([1511, 1512, 1513])).toEqual([1, 1, 1]);
    // A cron job's plain re-run still sees the signal: skipped as another run's, listed, exit 1.
    const again = await runIn(['issue', copyFile], mock.url);
    expect([again.code, summaryOf(again.stderr)]).toEqual([1, ['3', '0', '0', '0', '3', undefined, undefined]]);
    expect(again.stderr).toContain('3 line(s) were answered with documents another run of the same content issued');
    // The advice, followed to the letter: the command it names issues them as new sales, once each.
    const [asNew, ...others] = advisedCommands(again.stderr);
    expect([asNew, others]).toEqual([['issue', copyFile, '--repeats-are-new'], []]);
    const renewed = await runIn(asNew!, mock.url);
    expect([renewed.code, summaryOf(renewed.stderr)]).toEqual([0, ['3', '3', '0', '0', '0', undefined, undefined]]);
    expect(documentsOf([1511, 1512, 1513])).toEqual([2, 2, 2]);
    // And it stays so: the same command, with or without the flag, issues nothing more, exit 0.
    for (const args of [asNew!, ['issue', copyFile]]) {
      const after = await runIn(args, mock.url);
      expect([after.code, summaryOf(after.stderr)]).toEqual([0, ['3', '0', '0', '0', '3', undefined, undefined]]);
    }
    expect(documentsOf([1511, 1512, 1513])).toEqual([2, 2, 2]);
  });

  it('takes a line another run issued deleted from the file as the note says (the same sale), and issues the other as a new one: exit 0', async () => {
    const first = await inputFile(boletas(1521, 1522));
    expect((await runIn(['issue', first], mock.url)).code).toBe(0);
    // Another office's copy, run from its own folder.
    const copy = await inputFile(boletas(1521, 1522));
    const replayed = await runIn(['issue', copy], mock.url);
    expect([replayed.code, summaryOf(replayed.stderr)]).toEqual([1, ['2', '0', '2', '0', '0', undefined, undefined]]);
    expect(replayed.stderr).toContain(`If they are the same sales, delete them from ${copy} (that run issued them)`);
    // Line 2 was the same sale: deleted, no refusal for it (it was never this batch's).
    await writeFile(copy, boletas(1521));
    const deleted = await runIn(['issue', copy], mock.url);
    expect([deleted.code, summaryOf(deleted.stderr)]).toEqual([1, ['1', '0', '0', '0', '1', undefined, undefined]]);
    // Line 1 is a new sale: issued as the note says.
    const [asNew] = advisedCommands(deleted.stderr);
    expect((await runIn(asNew!, mock.url)).code).toBe(0);
    expect((await runIn(['issue', copy], mock.url)).code).toBe(0);
    expect(documentsOf([1521, 1522])).toEqual([2, 1]);
  });

  it('refuses a corrected copy saved under a new name beside the batch it copies (exit 2, nothing sent), and names the command that resumes it', async () => {
    const file = await inputFile(jsonl(JSON.stringify(boleta(4601)), JSON.stringify({ ...boleta(4602), items: [] }), JSON.stringify(boleta(4603))));
    expect((await runIn(['issue', file], mock.url)).code).toBe(1); // line 2 fails: no items
    const corrected = join(dirname(file), 'ventas-corregido.jsonl');
    await writeFile(corrected, boletas(4601, 4602, 4603));
    const sent = posts();
    const refused = await runIn(['issue', corrected], mock.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`2 line(s) of ${corrected} were sent in the last 24 hours by another batch (e.g. line 1, issued as B001-`);
    expect(refused.stderr).toContain('If it is a corrected copy, put only the new and corrected lines in a file of their own');
    expect(refused.stderr).toContain(`yupana issue ${corrected} --out ${defaultOutPath(file)}`);
    expect(refused.stderr).not.toContain('--help');
    expect(posts()).toBe(sent);
    expect(existsSync(defaultOutPath(corrected))).toBe(false);
    // The command it names resumes the batch: the fixed line is issued, the others skipped.
    const resumed = await runIn(['issue', corrected, '--out', defaultOutPath(file)], mock.url);
    expect(summaryOf(resumed.stderr)).toEqual(['3', '1', '0', '0', '2', undefined, undefined]);
    expect(documentsOf([4601, 4602, 4603])).toEqual([1, 1, 1]);
    // The same file with a forgotten --out (a new results file beside it) is refused the same way.
    expect((await runIn(['issue', corrected, '--out', join(dirname(file), 'otro.results.jsonl')], mock.url)).code).toBe(2);
    // New sales of the very same thing, said so: issued, under a key prefix of their own.
    const again = await runIn(['issue', corrected, '--out', join(dirname(file), 'nuevas.results.jsonl'), '--repeats-are-new'], mock.url);
    expect(summaryOf(again.stderr)).toEqual(['3', '3', '0', '0', '0', undefined, undefined]);
    expect(documentsOf([4601, 4602, 4603])).toEqual([2, 2, 2]);
  });

  it('refuses a new batch whose line another batch beside it sent and got no answer for (in doubt), with the same API key only', async () => {
    const line = JSON.stringify(boleta(4701));
    const file = await inputFile(jsonl(line, JSON.stringify(boleta(4702))));
    const sibling = join(dirname(file), 'otro.results.jsonl');
    const at = new Date().toISOString();
    const siblingOf = (apiKey: string) =>
      jsonl(
        JSON.stringify({ batch: { format: 3, keyPrefix: 'batch-x', api: mock.url, input: 'otro.jsonl', sha256: 'f', lines: 1, startedAt: at, apiKey } }),
        JSON.stringify({ line: 1, key: `batch-x-${sha256(line).slice(0, 32)}`, sha256: sha256(line), at, sending: true }),
      );
    await writeFile(sibling, siblingOf(apiKeyFingerprint(MOCK_API_KEY)));
    const sent = posts();
    const refused = await runIn(['issue', file], mock.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`1 line(s) of ${file} were sent in the last 24 hours by another batch (e.g. line 1, sent, its answer unknown in ${sibling})`);
    expect(posts()).toBe(sent);
    // Another API key's batch is another account's (or a colleague's, whose answers this key does not get): not this one's.
    await writeFile(sibling, siblingOf(apiKeyFingerprint('sk_test_another_company')));
    expect((await runIn(['issue', file], mock.url)).code).toBe(0);
    expect(documentsOf([4701, 4702])).toEqual([1, 1]);
  });

  it('resumes a batch stopped before its repeated lines (the file as its run read it), and refuses a copy added since', async () => {
    const lines = [JSON.stringify(boleta(4721)), JSON.stringify(boleta(4722)), JSON.stringify(boleta(4721))];
    const content = jsonl(...lines);
    const file = await inputFile(content);
    // A run stopped (Ctrl-C) after lines 1 and 2: its results file, as that run wrote it.
    const at = new Date().toISOString();
    const key = (text: string) => `batch-y-${sha256(text).slice(0, 32)}`;
    await writeFile(
      defaultOutPath(file),
      jsonl(
        JSON.stringify({
          batch: {
            format: 3,
            keyPrefix: 'batch-y',
            api: mock.url,
            input: file,
            sha256: sha256(content),
            lines: 3,
            startedAt: at,
            apiKey: apiKeyFingerprint(MOCK_API_KEY),
          },
        }),
        ...[0, 1].map((i) =>
          JSON.stringify({
            line: i + 1,
            key: key(lines[i]!),
            sha256: sha256(lines[i]!),
            at,
            ok: true,
            id: `doc_y${i}`,
            fullNumber: `B001-9${i}`,
            status: 'accepted',
            replayed: false,
          }),
        ),
      ),
    );
    const resumed = await runIn(['issue', file], mock.url);
    expect(resumed.code).toBe(0);
    expect(summaryOf(resumed.stderr)).toEqual(['3', '1', '0', '0', '2', undefined, undefined]);
    expect(documentsOf([4721])).toEqual([1]);
    // A copy of line 2 added since: refused, nothing sent.
    await writeFile(file, jsonl(...lines, lines[1]!));
    const sent = posts();
    const refused = await runIn(['issue', file], mock.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('line(s) 4 repeat lines an earlier run sent (e.g. line 4 repeats line 2, issued as B001-91');
    expect(refused.stderr).toContain('and the file changed since');
    expect(posts()).toBe(sent);
  });

  it('refuses --repeats-are-new with a --key-prefix on a new batch: a prefix another batch used would issue nothing', async () => {
    const file = await inputFile(boletas(4731));
    const refused = await runIn(['issue', file, '--repeats-are-new', '--key-prefix', 'ventas-diarias'], mock.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--repeats-are-new gives a new batch keys of its own, which --key-prefix ventas-diarias would not');
    expect(documentsOf([4731])).toEqual([0]);
  });

  it("takes no proxy's answer for a pending document's status: one that is not that document leaves it pending, and is said", async () => {
    const later = await startMockServer({ port: 0, outcome: () => 'pending' });
    try {
      msw.use(http.all(`${later.url}/*`, () => passthrough()));
      const file = await inputFile(boletas(4741));
      let other: string | undefined;
      // A proxy that, once told, answers every request without a body (a GET) with another document.
      const gate = await startGate(later.url, (body) => (body === undefined && other !== undefined ? { status: 200, body: other, forward: false } : undefined));
      try {
        const first = await runIn(['issue', file], gate.url);
        expect(first.code, first.stderr).toBe(0);
        other = JSON.stringify({ ...later.sandbox.documents()[0], id: 'doc_SOMEONEELSE', fullNumber: 'F001-999', status: 'rejected' });
        const again = await runIn(['issue', file], gate.url);
        expect(again.code, again.stderr).toBe(0);
        expect(again.stderr).toContain('note: could not ask the API for 1 pending document(s) (the answer for doc_');
        expect(again.stderr).toContain('note: 1 document(s) are pending');
        expect((await readRecords(defaultOutPath(file))).results.filter((r) => r.ok && r.refreshed)).toEqual([]);
      } finally {
        await gate.close();
      }
    } finally {
      await later.close();
    }
  });

  it('reads no named pipe beside a new batch as a results file (it would wait for a writer forever)', async () => {
    const file = await inputFile(boletas(4751));
    expect(spawnSync('mkfifo', [join(dirname(file), 'tubo.jsonl')]).status).toBe(0);
    const run = await runIn(['issue', file], mock.url);
    expect(run.code).toBe(0);
    expect(documentsOf([4751])).toEqual([1]);
  });

  it("does not take today's run of yesterday's recurring lines for yesterday's batch: refused under its results file, said when the API answers them, issued when said to be new", async () => {
    const file = await inputFile(boletas(4611, 4612), 'alquiler.jsonl');
    // Yesterday's run, its clock a day back.
    expect((await runIn(['issue', file], mock.url, {}, yesterday)).code).toBe(0);
    // Today, the same file under the same name: not skipped as issued, refused.
    const sent = posts();
    const today = await runIn(['issue', file], mock.url);
    expect(today.code).toBe(2);
    expect(today.stderr).toContain('another day in Lima');
    expect(posts()).toBe(sent);
    // With a results file of its own, the API (which keeps a key 24 hours) answers with yesterday's documents: said, exit 1.
    const replayed = await runIn(['issue', file, '--out', join(dirname(file), 'hoy.results.jsonl')], mock.url);
    expect(replayed.code).toBe(1);
    expect(summaryOf(replayed.stderr)).toEqual(['2', '0', '2', '0', '0', undefined, undefined]);
    expect(replayed.stderr).toContain('line 2: answered with B001-');
    // Said to be new sales: issued, under a key prefix of their own.
    const fresh = await runIn(['issue', file, '--out', join(dirname(file), 'hoy-nuevas.results.jsonl'), '--repeats-are-new'], mock.url);
    expect(summaryOf(fresh.stderr)).toEqual(['2', '2', '0', '0', '0', undefined, undefined]);
    expect(documentsOf([4611, 4612])).toEqual([2, 2]);
  });
});

describe('input as operators have it', () => {
  it('fails a Windows-1252 line (an Excel export) as not UTF-8, sends nothing for it, and accepts a UTF-8 byte order mark', async () => {
    const latin1 = Buffer.from(JSON.stringify({ ...boleta(1602), customer: { ...boleta(1602).customer, name: 'Pérez Núñez' } }), 'latin1');
    const content = Buffer.concat([
      Buffer.from('\uFEFF'),
      Buffer.from(`${JSON.stringify(boleta(1601))}\r\n`),
      latin1,
      Buffer.from(`\r\n${JSON.stringify(boleta(1603))}\r\n`),
    ]);
    const file = await inputFile(content);
    const run = await runIn(['issue', file], mock.url);
    expect(run.code).toBe(1);
    expect(summaryOf(run.stderr)).toEqual(['3', '2', '0', '1', '0', undefined, undefined]);
    expect(byLine((await readRecords(defaultOutPath(file))).results).get(2)).toMatchObject({
      ok: false,
      maybeIssued: false,
      error: { name: 'ValidationError', message: expect.stringMatching(/not UTF-8: byte 0xE9 .* "é" in Windows-1252 \(looks like Windows-1252/) },
    });
    expect(documentsOf([1601, 1602, 1603])).toEqual([1, 0, 1]);
  });

  it('fails every line of a UTF-16 file as not UTF-8, naming UTF-16, and sends nothing', async () => {
    const file = await inputFile(Buffer.from(`\uFEFF${boletas(1701, 1702)}`, 'utf16le'));
    const sent = posts();
    const run = await runIn(['issue', file], mock.url);
    expect(run.code).toBe(1);
    const results = (await readRecords(defaultOutPath(file))).results;
    expect(results.length).toBeGreaterThanOrEqual(2);
    for (const result of results) expect(result).toMatchObject({ error: { message: expect.stringMatching(/not UTF-8.*UTF-16/) } });
    expect(posts()).toBe(sent);
  });

  it('fails an over-long line with a clear message, and issues the others', async () => {
    const long = `{"type":"03","series":"B001","note":"${'x'.repeat(20 * 1024 * 1024)}"}`;
    const file = await inputFile(`${JSON.stringify(boleta(1801))}\n${long}\n${JSON.stringify(boleta(1803))}\n`);
    const sent = posts();
    const run = await runIn(['issue', file], mock.url);
    expect(run.code).toBe(1);
    expect(byLine((await readRecords(defaultOutPath(file))).results).get(2)).toMatchObject({
      ok: false,
      maybeIssued: false,
      error: { message: expect.stringContaining(`the line is ${long.length} bytes long, over the limit of 1048576 bytes (1 MiB)`) },
    });
    expect(posts()).toBe(sent + 2);
  });
});

describe('the results file', () => {
  it('is never the input, by a symbolic or a hard link: exit 2, the input untouched, nothing sent', async () => {
    const file = await inputFile(boletas(1901));
    const soft = join(dir, 'soft.results.jsonl');
    const hard = join(dir, 'hard.results.jsonl');
    await symlink(file, soft);
    await link(file, hard);
    const sent = posts();
    for (const out of [soft, hard]) {
      const run = await runIn(['issue', file, '--out', out], mock.url);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--out ${out} is the input file itself (the same file under another name)`);
      // The command it names: the input's own results file.
      expect(advisedCommands(run.stderr)).toEqual([['issue', file]]);
    }
    expect(await readFile(file, 'utf8')).toBe(boletas(1901));
    expect(posts()).toBe(sent);
    expect((await runIn(['issue', file], mock.url)).code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(boletas(1901));
  });

  it('is a regular file: a device or a directory as --out is exit 2, nothing sent', async () => {
    const file = await inputFile(boletas(2001, 2002, 2003));
    const out = defaultOutPath(file);
    const sent = posts();
    // A device, a directory: not a results file. (One that cannot take a byte more: test/process/cli-bin.test.ts.)
    for (const other of ['/dev/full', dir]) {
      const run = await runIn(['issue', file, '--out', other], mock.url);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--out ${other} is not a regular file`);
    }
    expect(posts()).toBe(sent);
    expect(existsSync(`${out}.lock`)).toBe(false);
  });

  it('is checked before its lock: --out in a folder that does not exist, or one that takes no file, is named as --out with its folder (exit 2, nothing sent, no lock made)', async () => {
    const file = await inputFile(boletas(2051));
    const sent = posts();
    const missing = join(dirname(file), 'no-such-folder', 'r.jsonl');
    const run = await runIn(['issue', file, '--out', missing], mock.url);
    expect([run.code, run.stderr]).toEqual([
      2,
      `yupana issue: --out ${missing}: its folder ${dirname(missing)} does not exist; create it, then run the same command again:\n    mkdir -p ${dirname(missing)}\n    yupana issue ${file} --out ${missing}\n`,
    ]);
    // Followed to the letter: the folder made, the same command issues the file.
    await mkdir(dirname(missing));
    const [again] = advisedCommands(run.stderr);
    expect((await runIn(again!, mock.url)).code).toBe(0);
    const unwritable = await access('/proc/sys', constants.W_OK).then(
      () => false,
      () => true,
    );
    if (unwritable) {
      const denied = await runIn(['issue', file, '--out', '/proc/sys/r.jsonl'], mock.url);
      expect([denied.code, denied.stderr]).toEqual([2, expect.stringContaining('yupana issue: --out /proc/sys/r.jsonl: cannot create a file in its folder /proc/sys (')]);
      expect(denied.stderr).not.toContain('lock');
    }
    expect(posts()).toBe(sent + 1);
  });

  it('is used by one run at a time: a second run is refused while the first holds the lock, which every exit releases', async () => {
    const file = await inputFile(boletas(2101, 2102));
    const lock = `${await realpath(dirname(file))}/ventas.jsonl.results.jsonl.lock`;
    let held!: () => void;
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const release = new Promise<void>((resolve) => (held = resolve));
    const gate = await startGate(mock.url, async (body) => {
      if (customerOf(body) === 2101) {
        arrived();
        await release;
      }
      return undefined;
    });
    try {
      const first = runIn(['issue', file, '--concurrency', '1'], gate.url);
      await firstArrived;
      const sent = posts();
      const second = await runIn(['issue', file], mock.url);
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(`another run is using this results file (${lock} is held by process ${process.pid} on`);
      // What to do once no run is going, as commands.
      expect(second.stderr).toContain(`\n    rm ${lock}\n    yupana issue ${file}\n`);
      // Another name of the same results file (a symbolic link) shares its lock.
      const alias = join(dir, `alias-${files}.results.jsonl`);
      await symlink(defaultOutPath(file), alias);
      const third = await runIn(['issue', file, '--out', alias], mock.url);
      expect(third.code).toBe(2);
      expect(third.stderr).toContain(`${lock} is held by process ${process.pid}`);
      expect(posts()).toBe(sent);
      held();
      expect((await first).code).toBe(0);
      expect(existsSync(lock)).toBe(false);
      expect(documentsOf([2101, 2102])).toEqual([1, 1]);
    } finally {
      held();
      await gate.close();
    }
  });
});

describe('stopping and exit status', () => {
  it('exits 1 when SUNAT rejected a document, on the run that issued it and on the runs after', async () => {
    const file = await inputFile(boletas(2301, 2302));
    outcomeFor = (params) => (customerOf(params) === 2302 ? 'rejected' : 'accepted');
    const first = await runIn(['issue', file], mock.url);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/2 issued \(1 rejected\), 0 replayed, 0 failed, 0 skipped \(already issued\), 1 rejected by SUNAT/);
    expect(byLine((await readRecords(defaultOutPath(file))).results).get(2)).toMatchObject({ ok: true, status: 'rejected' });
    expect(first.stderr).toMatch(
      /^yupana issue: line 2: B001-\d+ was rejected by SUNAT \(\d+: .+\): the line stays as it is; issue the corrected document from a file of its own$/m,
    );
    const again = await runIn(['issue', file], mock.url);
    expect(again.code).toBe(1);
    expect(summaryOf(again.stderr)).toEqual(['2', '0', '0', '0', '2', undefined, '1']);
    expect(again.stderr).toMatch(/^yupana issue: line 2: B001-\d+ was rejected by SUNAT: the line stays as it is/m);
    expect(documentsOf([2301, 2302])).toEqual([1, 1]);
  });

  it('asks the API, on a re-run, for the documents recorded pending: those SUNAT rejected since are reported (exit 1), and recorded', async () => {
    // SUNAT answers a millisecond after each create has answered pending.
    const later = await startMockServer({
      port: 0,
      outcome: (params) => (customerOf(params) === 2352 ? 'pending' : 'accepted'),
      settleAfterMs: 1,
      settleOutcome: 'rejected',
    });
    try {
      const file = await inputFile(boletas(2351, 2352));
      const first = await runIn(['issue', file], later.url);
      expect(first.code).toBe(0);
      expect(first.stderr).toContain('2 issued (1 pending)');
      expect(first.stderr).toContain('note: 1 document(s) are pending: SUNAT has not answered yet');
      const again = await runIn(['issue', file], later.url);
      expect(again.code).toBe(1);
      expect(summaryOf(again.stderr)).toEqual(['2', '0', '0', '0', '2', undefined, '1']);
      expect(again.stderr).toMatch(/(?:^|\n)yupana issue: line 2: B001-\d+ was rejected by SUNAT/);
      expect(again.stderr).not.toContain('pending');
      const refreshed = (await readRecords(defaultOutPath(file))).results.filter((r) => r.ok && r.refreshed);
      expect(refreshed).toEqual([expect.objectContaining({ line: 2, status: 'rejected', refreshed: true })]);
      // Recorded: a third run asks nothing, and still exits 1.
      const gets = later.sandbox.requests.filter((r) => r.method === 'GET').length;
      expect((await runIn(['issue', file], later.url)).code).toBe(1);
      expect(later.sandbox.requests.filter((r) => r.method === 'GET').length).toBe(gets);
    } finally {
      await later.close();
    }
  });
});
