import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

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
