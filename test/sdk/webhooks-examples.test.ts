import { type ChildProcess, spawn } from 'node:child_process';
import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POST } from '../../examples/webhooks-fetch-handler.js';
import { signWebhook } from '../../src/index.js';
import { documentFixture } from '../helpers.js';
import { server } from '../msw.js';
import { bundled } from '../programs.js';

const SECRET = `whsec_${btoa('examples-secret-0123456789abcdef')}`;

function eventBody(type: string, id = 'evt_1'): string {
  return JSON.stringify({ id, object: 'event', type, createdAt: '2026-11-21T15:00:00Z', data: { object: documentFixture() } });
}

describe('examples/webhooks-fetch-handler.ts (a Next.js route)', () => {
  it('answers 204 to a signed delivery and 400 to a tampered one', async () => {
    vi.stubEnv('YUPANA_WEBHOOK_SECRET', SECRET);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const body = eventBody('document.accepted');
      const headers = await signWebhook(body, { secret: SECRET });
      const ok = await POST(new Request('https://shop.example.pe/api/webhooks', { method: 'POST', headers, body }));
      expect(ok.status).toBe(204);
      expect(log).toHaveBeenCalledWith('Accepted F001-1 (doc_1), total PEN 236.00');

      const tampered = body.replace('"total":236', '"total":999');
      const refused = await POST(new Request('https://shop.example.pe/api/webhooks', { method: 'POST', headers, body: tampered }));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: 'no_matching_signature' });
    } finally {
      log.mockRestore();
    }
  });
});

describe('examples/webhooks-node.ts (a node:http receiver)', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
    child = undefined;
  });

  it('receives signed deliveries over loopback HTTP, ignores a redelivery, refuses a forgery', async () => {
    child = spawn(process.execPath, [bundled('examples/webhooks-node.ts')], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', YUPANA_WEBHOOK_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const waitFor = (pattern: RegExp) =>
      vi.waitFor(
        () => {
          const match = pattern.exec(output);
          if (!match) throw new Error(`no ${pattern} in: ${output}`);
          return match;
        },
        { timeout: 60_000, interval: 20 },
      );
    const url = (await waitFor(/Listening on (http:\/\/127\.0\.0\.1:\d+\/webhooks)/))[1]!;
    server.use(http.all(url, () => passthrough()));

    const body = eventBody('document.accepted');
    const headers = await signWebhook(body, { secret: SECRET });
    const post = (init: { body: string; headers: Record<string, string> }) => fetch(url, { method: 'POST', ...init }).then((r) => r.status);

    expect(await post({ body, headers })).toBe(204);
    await waitFor(/Accepted F001-1 \(doc_1\), SUNAT code 0/);
    expect(await post({ body, headers: await signWebhook(body, { secret: SECRET }) })).toBe(204);
    await waitFor(/Ignored a redelivery of evt_1/);
    const forged = await signWebhook(eventBody('document.rejected', 'evt_2'), { secret: `whsec_${btoa('not-the-endpoint-secret')}` });
    expect(await post({ body: eventBody('document.rejected', 'evt_2'), headers: forged })).toBe(400);
    await waitFor(/Refused a delivery \(no_matching_signature\)/);
    expect(output).not.toContain('Rejected');
  });
});
