import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, YupanaError } from '../../src/index.js';
import { isBrowser, runtimeTag } from '../../src/internal/runtime.js';
import { API_KEY, documentFixture, json, respond } from '../helpers.js';

afterEach(() => vi.unstubAllGlobals());

/** The globals a web page has. */
function stubPage() {
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0' });
}

describe('browser detection', () => {
  it('Node is not a browser', () => {
    expect(isBrowser()).toBe(false);
    expect(runtimeTag()).toMatch(/^node\/\d+\.\d+\.\d+$/);
  });

  it('a page (window, document and navigator) is a browser', () => {
    stubPage();
    expect(isBrowser()).toBe(true);
  });

  it('servers that share some browser globals are not browsers', () => {
    // A web worker (and Cloudflare Workers): navigator and self, no window or document.
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    vi.stubGlobal('self', globalThis);
    expect(isBrowser()).toBe(false);

    // Vercel Edge: EdgeRuntime, no window or document.
    vi.stubGlobal('EdgeRuntime', 'edge-runtime');
    expect(isBrowser()).toBe(false);

    // Deno 1 had a window and a navigator; a DOM shim could add a document. Still a server.
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('Deno', { version: { deno: '1.46.3' } });
    expect(isBrowser()).toBe(false);
    vi.stubGlobal('document', {});
    expect(isBrowser()).toBe(false);
  });

  it('a window without a document (a half-stubbed test environment) is not a browser', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('navigator', {});
    expect(isBrowser()).toBe(false);
  });
});

describe('the client in a browser', () => {
  it('refuses to start, saying why and what to do instead', () => {
    stubPage();
    let error: unknown;
    try {
      new Client({ apiKey: API_KEY, environment: 'sandbox' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(YupanaError);
    const message = (error as Error).message;
    expect(message).toMatch(/API key would be readable by anyone/);
    expect(message).toMatch(/from your backend and let the page call your backend\. If the page's users may hold the key anyway \(an internal tool\)/);
    expect(message).toMatch(/dangerouslyAllowBrowser: true/);
    expect(message).toMatch(/restricted to the permissions/);
  });

  it('refuses even without a key, so the reason is the browser and not the missing key', () => {
    stubPage();
    expect(() => new Client()).toThrow(/refuses to run in a browser/);
  });

  it('runs with dangerouslyAllowBrowser: true', async () => {
    stubPage();
    const seen = respond('get', '/v1/documents/doc_1', json(documentFixture()));
    const client = new Client({ apiKey: API_KEY, environment: 'sandbox', dangerouslyAllowBrowser: true });
    await expect(client.documents.retrieve('doc_1')).resolves.toMatchObject({ id: 'doc_1' });
    expect(seen).toHaveLength(1);
  });

  it('dangerouslyAllowBrowser: false is the same as leaving it out', () => {
    stubPage();
    expect(() => new Client({ apiKey: API_KEY, dangerouslyAllowBrowser: false })).toThrow(YupanaError);
  });
});
