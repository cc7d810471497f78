/**
 * The first request of a split browser bundle, timed in a real browser: Chromium loads the
 * bundle's chunks from a loopback server that answers each one after `delayMs` (a round trip),
 * and a `fetch` stub in the page records when the request leaves. The measured counterpart of
 * bench/first-request.ts (rounds counted deterministically); `npm run bench` reports both.
 *
 * Needs Chromium at /usr/bin/chromium (`apt-get install chromium`) and playwright-core;
 * resolves `undefined` without them.
 *
 * @module
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
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

/** Times `bundle`'s first request in Chromium, every chunk answered after `delayMs`; `undefined` when no Chromium or playwright-core is installed. */
export async function firstRequestInChromium(bundle: SplitBundle, delayMs: number): Promise<BrowserFirstRequest | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const playwright = await import('playwright-core').catch(() => undefined);
  if (!playwright) return undefined;
  const page = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script>
window.fetch = (input, init) => {
  window.__sent ??= performance.now() - performance.getEntriesByType('navigation')[0].responseStart;
  return new Promise(() => {});
};
</script><script type="module" src="/${bundle.entry}"></script>`;
  let started = 0;
  const requested: BrowserFirstRequest['requested'] = [];
  const server = createServer((request, response) => {
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const profile = mkdtempSync(join(tmpdir(), 'yupana-bench-chromium-'));
  const browser = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const msToRequest = await tab.waitForFunction(() => (window as unknown as { __sent?: number }).__sent, undefined, { timeout: 20_000 }).then((sent) => sent.jsonValue() as Promise<number>);
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
