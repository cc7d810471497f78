/**
 * The first request of a split browser bundle, timed in a real browser: Chromium loads the
 * bundle's chunks from a loopback server that answers each one after `delayMs` (a round trip),
 * and a `fetch` stub in the page records when the request leaves. The measured counterpart of
 * bench/first-request.ts (rounds counted deterministically); `npm run bench` reports both.
 *
 * The server speaks HTTP/2 (TLS with a throwaway self-signed certificate), as CDNs serve
 * bundles: every chunk of a round loads at once. Over HTTP/1.1 a browser opens at most 6
 * connections to a host, so a round of more than 6 chunks takes two (`http: 1` shows it).
 *
 * Needs Chromium at /usr/bin/chromium (`apt-get install chromium`), playwright-core and
 * openssl; resolves `undefined` without them.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SplitBundle } from './first-request.js';

const CHROMIUM = '/usr/bin/chromium';

/** One timed run. */
export interface BrowserFirstRequest {
  /** Milliseconds from the page's first byte (the HTML is answered at once) to the request leaving. */
  msToRequest: number;
  /** Sequential rounds of loads, read from when the page asked for each chunk: a chunk asked for at least half a round trip after the last round began starts a new round. */
  rounds: number;
  /** The chunks the page asked for (all before the request: the stub answers nothing), in order, with the milliseconds at which each was asked for. */
  requested: { file: string; at: number }[];
}

/** Times `bundle`'s first request in Chromium, every chunk answered after `delayMs`; `undefined` when no Chromium, playwright-core or openssl is installed. */
export async function firstRequestInChromium(bundle: SplitBundle, delayMs: number, http: 1 | 2 = 2): Promise<BrowserFirstRequest | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const playwright = await import('playwright-core').catch(() => undefined);
  if (!playwright) return undefined;
  const profile = mkdtempSync(join(tmpdir(), 'yupana-bench-chromium-'));
  const [key, cert] = [join(profile, 'key.pem'), join(profile, 'cert.pem')];
  if (http === 2) {
    try {
      const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1'];
      execFileSync('openssl', [...args, '-keyout', key, '-out', cert], { stdio: 'ignore' });
    } catch {
      rmSync(profile, { recursive: true, force: true });
      return undefined;
    }
  }
  const page = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script>
window.fetch = (input, init) => {
  window.__sent ??= performance.now() - performance.getEntriesByType('navigation')[0].responseStart;
  return new Promise(() => {});
};
</script><script type="module" src="/${bundle.entry}"></script>`;
  let started = 0;
  const requested: BrowserFirstRequest['requested'] = [];
  const answer = (request: IncomingMessage | Http2ServerRequest, response: ServerResponse | Http2ServerResponse) => {
    const file = (request.url ?? '/').slice(1);
    if (file === '') {
      started = performance.now();
      response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(page);
      return;
    }
    const code = bundle.chunks[file];
    requested.push({ file, at: Math.round(performance.now() - started) });
    setTimeout(() => {
      if (code === undefined) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(code);
    }, delayMs);
  };
  const server = http === 2 ? createSecureServer({ key: readFileSync(key), cert: readFileSync(cert) }, answer) : createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await playwright.chromium.launchPersistentContext(join(profile, 'chromium'), {
    executablePath: CHROMIUM,
    ignoreHTTPSErrors: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const tab = await browser.newPage();
    await tab.goto(`${http === 2 ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const msToRequest = await tab
      .waitForFunction(() => (window as unknown as { __sent?: number }).__sent, undefined, { timeout: 20_000 })
      .then((sent) => sent.jsonValue() as Promise<number>);
    let rounds = 0;
    let roundStart = -Infinity;
    for (const { at } of requested) {
      if (at - roundStart >= delayMs / 2) [rounds, roundStart] = [rounds + 1, at];
    }
    return { msToRequest: Math.round(msToRequest), rounds, requested };
  } finally {
    await browser.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
