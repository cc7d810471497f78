import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMockSandbox, MOCK_API_KEY, startMockServer } from '../../src/testing/index.js';
import { bundled } from '../programs.js';

describe('npm run demo', () => {
  it('runs the quickstart against the mock sandbox over real HTTP', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [bundled('scripts/demo.ts')], { timeout: 100_000 });
    expect(stdout).toMatch(/Mock sandbox listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toMatch(/Issued F001-1 \(doc_\w+\): status accepted, SUNAT code 0/);
    expect(stdout).toContain('totals: taxable 221.19 + IGV 39.81 = PEN 261.00');
    expect(stdout).toContain('Listed 3 accepted documents');
    expect(stdout).toMatch(/NotFoundError: status 404, code not_found, request req_\w+/);
    expect(stdout).toContain('ValidationError: series must be an uppercase letter followed by three digits');
    expect(stdout).toMatch(/Verified webhooks received:\n {2}document\.accepted F001-1 \(evt_\w+\)\n {2}document\.accepted B001-1/);
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
      const run = async () => (await promisify(execFile)(process.execPath, [bundled('examples/month-end.ts')], { env, timeout: 100_000 })).stdout;
      const first = await run();
      expect(first).toContain('  50 boletas done');
      expect(first).toContain('Boletas: 50 issued now, 0 issued by an earlier run, 0 failed; total PEN 900.00');
      expect(first).toMatch(/Factura F001-1: accepted \(SUNAT code 0\)/);
      expect(await run()).toContain('Boletas: 0 issued now, 50 issued by an earlier run, 0 failed; total PEN 900.00');
      expect(sandbox.documents()).toHaveLength(51);
    } finally {
      await server.close();
    }
  });
});

describe('examples/real-documents.ts', () => {
  it('issues one document of each case against the sandbox, every amount as the service computes it', async () => {
    const sandbox = createMockSandbox();
    const server = await startMockServer({ sandbox });
    try {
      const env = { ...process.env, YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: server.url };
      const { stdout } = await promisify(execFile)(process.execPath, [bundled('examples/real-documents.ts')], { env, timeout: 100_000 });
      expect(stdout.trim().split('\n')).toEqual([
        'Cash factura: F001-1 accepted, total PEN 236.00 (IGV 36.00), cash, "SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES"',
        'Credit factura: F001-2 accepted, total PEN 236.00 (IGV 36.00), 2 cuotas',
        'Detracción: F001-3 accepted, total PEN 944.00 (IGV 144.00), operation 1001, detracción 37.76',
        'Boleta with bags: B001-1 accepted, total PEN 11.20 (IGV 1.56), ICBPER 1.00',
        'Free line: F001-4 accepted, total PEN 236.00 (IGV 36.00), gratuitas 40.00, legends 1000 1002',
        'Global discount: F001-5 accepted, total PEN 59.00 (IGV 9.00), taxable 50.00',
        'Export: F001-6 accepted, total USD 550.00 (IGV 0.00), operation 0200, export 550.00',
        'Nota for a factura issued elsewhere: F001-1 accepted, total PEN 59.00 (IGV 9.00), modifies FF14-2',
        'Nota reason 13: F001-2 accepted, total PEN 0.00 (IGV 0.00), modifies F001-2, new cuotas 118.00 + 118.00',
        'ISC: F001-7 accepted, total PEN 811.25 (IGV 123.75), ISC 147.50 on 540.00',
        'IVAP: F001-8 accepted, total PEN 3120.00 (IGV 0.00), IVAP 120.00, legends 1000 2007',
        // 50.00 + 5.00 at 10.5%: 5.25 + 0.53 (0.525 half up) = 5.78.
        'Restaurant boleta at 10.5%: B001-2 accepted, total PEN 60.78 (IGV 5.78), taxable 55.00',
        'Advance factura: F001-9 accepted, total PEN 4720.00 (IGV 720.00)',
        // 10 000.00 − 4 000.00 = 6 000.00 taxed, IGV 1 080.00; 11 800.00 − 4 720.00 = 7 080.00 to pay.
        'Final factura deducting the advance: F001-10 accepted, total PEN 7080.00 (IGV 1080.00), taxable 6000.00, prepaid 4720.00',
        'Exonerated advance: F001-11 accepted, total PEN 200.00 (IGV 0.00)',
        // 500.00 exonerated − 200.00 = 300.00; 600.00 + IGV 18.00 = 618.00, less 200.00 paid = 418.00.
        'Final factura deducting the exonerated advance: F001-12 accepted, total PEN 418.00 (IGV 18.00), exempt 300.00, prepaid 200.00',
      ]);
      expect(sandbox.documents().map((d) => `${d.type}/${d.fullNumber}`)).toEqual([
        '01/F001-1',
        '01/F001-2',
        '01/F001-3',
        '03/B001-1',
        '01/F001-4',
        '01/F001-5',
        '01/F001-6',
        '07/F001-1',
        '07/F001-2',
        '01/F001-7',
        '01/F001-8',
        '03/B001-2',
        '01/F001-9',
        '01/F001-10',
        '01/F001-11',
        '01/F001-12',
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('examples/voidings.ts', () => {
  it('voids a factura through an RA and a boleta through an RC line, and reads each baja back with its CDR', async () => {
    const sandbox = createMockSandbox();
    const server = await startMockServer({ sandbox });
    try {
      const env = { ...process.env, YUPANA_API_KEY: MOCK_API_KEY, YUPANA_BASE_URL: server.url };
      const { stdout } = await promisify(execFile)(process.execPath, [bundled('examples/voidings.ts')], { env, timeout: 100_000 });
      const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' }).replaceAll('-', '');
      expect(stdout.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^F001-1: RA-${day}-1 \\(ticket \\d+\\) accepted, SUNAT code 0$`)),
        `B001-1: RC-${day}-1 line 1 condition 3 accepted, SUNAT code 0`,
        'F001-1 is now voided',
        'B001-1 is now voided',
        `CDR of RA-${day}-1: accepted`,
        `Bajas of ${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}: RA-${day}-1 F001-1 (Error en el RUC del cliente)`,
      ]);
    } finally {
      await server.close();
    }
  });
});
