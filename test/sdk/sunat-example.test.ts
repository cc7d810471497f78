import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockSandbox, MOCK_API_KEY, type MockOutcome, type MockServer, startMockServer } from '../../src/testing/index.js';
import { bundled } from '../programs.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Runs examples/sunat-invoice.ts against a mock server on loopback where SUNAT answers `outcome`. */
async function run(outcome: MockOutcome): Promise<string> {
  server = await startMockServer({ sandbox: createMockSandbox({ outcome: () => outcome }) });
  const env = { ...process.env, YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: server.url };
  const { stdout } = await promisify(execFile)(process.execPath, [bundled('examples/sunat-invoice.ts')], { env, timeout: 100_000 });
  return stdout;
}

describe('examples/sunat-invoice.ts', () => {
  it('computes exact lines, refuses a mistyped RUC before sending, and reads an acceptance', async () => {
    const stdout = await run('accepted');
    expect(stdout).toContain('  700 Unidad (bienes) × 1.102: base 771.40 + IGV 138.85 = 910.25');
    expect(stdout).toContain('  3 Unidad (servicios) × 33.33: base 99.99 + IGV 18.00 = 117.99');
    expect(stdout).toContain('Totals: taxable 871.39 + IGV 156.85 = 1028.24');
    expect(stdout).toContain('Refused before sending: customer.documentNumber is not a valid RUC: its check digit should be 5');
    expect(stdout).toContain('F001-1 accepted by SUNAT (code 0); totals 1028.24 as computed: true');
    expect(stdout).not.toContain('fix in future documents');
    expect(server!.sandbox.documents().map((d) => d.customer.documentNumber)).toEqual(['20131312955']);
  });

  it('shows the observations of an accepted document', async () => {
    expect(await run('observed')).toContain(
      'F001-1 accepted by SUNAT (code 4252); totals 1028.24 as computed: true\n  fix in future documents: Observación simulada por el sandbox de yupana',
    );
  });

  it('explains a rejection: the number is used up', async () => {
    const stdout = await run('rejected');
    expect(stdout).toMatch(/F001-1: SUNAT says rejected \(code \d{4}: .+\)\n {2}the number is used up: fix the data and issue a new document/);
  });

  it('says when SUNAT has not answered yet', async () => {
    expect(await run('pending')).toContain('F001-1 is pending: SUNAT has not answered yet; a webhook will say when it does');
  });
});
