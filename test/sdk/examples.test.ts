import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMockSandbox, MOCK_API_KEY, startMockServer } from '../../src/testing/index.js';

describe('npm run demo', () => {
  it('runs the quickstart against the mock sandbox over real HTTP', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], { timeout: 30_000 });
    expect(stdout).toMatch(/Mock sandbox listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toMatch(/Issued F001-1 \(doc_\w+\): status accepted, SUNAT code 0/);
    expect(stdout).toContain('totals: taxable 221.19 + IGV 39.81 = PEN 261.00');
    expect(stdout).toContain('Listed 3 accepted documents');
    expect(stdout).toMatch(/NotFoundError: status 404, code not_found, request req_\w+/);
    expect(stdout).toContain('ValidationError: series must be an uppercase letter followed by three digits');
    expect(stdout).toMatch(/Verified webhooks received:\n  document\.accepted F001-1 \(evt_\w+\)\n  document\.accepted B001-1/);
  });
});

describe('examples/month-end.ts', () => {
  it('issues 50 boletas under a rate limit, waits for a pending factura, and a second run issues nothing again', async () => {
    const sandbox = createMockSandbox({
      rateLimit: { requests: 100, windowSeconds: 1 },
      outcome: (body) => (body.type === '01' ? 'pending' : 'accepted'),
      settleAfterMs: 500,
    });
    const server = await startMockServer({ sandbox });
    try {
      const env = { ...process.env, YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: server.url };
      const run = async () => (await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/month-end.ts'], { env, timeout: 30_000 })).stdout;
      const first = await run();
      expect(first).toContain('  50 boletas done');
      expect(first).toContain('Boletas: 50 issued now, 0 issued by an earlier run, 0 failed; total PEN 900.00');
      expect(first).toMatch(/Factura F001-1: accepted \(SUNAT code 0\)/);
      expect(await run()).toContain('Boletas: 0 issued now, 50 issued by an earlier run, 0 failed; total PEN 900.00');
      expect(sandbox.documents()).toHaveLength(51);
    } finally {
      await server.close();
    }
  }, 30_000);
});
