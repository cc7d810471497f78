import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BUNDLE_BUDGET_GZIP,
  FIRST_CREATE_GZIP_BUDGET,
  FIRST_CREATE_ROUNDS_BUDGET,
  measureBundle,
  measureFirstRequest,
  splitApp,
  SUNAT_APP,
  SUNAT_BUDGET_GZIP,
  SUNAT_FEW_APP,
  SUNAT_FEW_BUDGET_GZIP,
  YUPANA_APP,
  type FirstCreate,
} from '../../bench/bundle.js';
import type { SplitBundle } from '../../bench/first-request.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The create app, split as a browser bundler splits it. */
let split: Promise<SplitBundle> | undefined;
const splitCreateApp = () => (split ??= splitApp(YUPANA_APP, root, 'src'));
/** The create app run once round trip by round trip (bench/first-request.ts). */
let firstCreate: Promise<FirstCreate> | undefined;
const measureFirstCreate = () => (firstCreate ??= splitCreateApp().then((bundle) => measureFirstRequest(bundle, root)));

describe('browser bundle budget', () => {
  it(`an app that builds a Client and creates a document stays within ${BUNDLE_BUDGET_GZIP / 1024} KB gzip`, async () => {
    const { gzip, minified, inputs } = await measureBundle(YUPANA_APP, root);
    console.log(
      `bundle: ${minified} B minified, ${gzip} B gzip; largest inputs: ${inputs
        .slice(0, 5)
        .map(([n, b]) => `${n.replace(root, '')} ${b}`)
        .join(', ')}`,
    );
    expect(gzip).toBeLessThanOrEqual(BUNDLE_BUDGET_GZIP);
  });

  it('carries none of the mock sandbox, msw, or the SDK’s dev tooling', async () => {
    const { inputs } = await measureBundle(YUPANA_APP, root);
    const names = inputs.map(([name]) => name);
    expect(names.filter((n) => /msw|src\/testing|@mswjs|scripts\//.test(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['ky', 'p-retry']));
  });

  it('a create is checked by zod itself: the bundle carries zod, the schema of the body and its declaration', async () => {
    const names = (await measureBundle(YUPANA_APP, root)).inputs.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['zod', 'src/models/document.ts', 'src/operations/documents.ts', 'src/core/validate.ts']));
  });

  it('loads no schema, no check, no ky and no feature up front: each comes with the first call that needs it', async () => {
    const { upFront } = await measureBundle(YUPANA_APP, root);
    expect(upFront).toContain('src/client.ts');
    expect(
      upFront.filter((name) =>
        /^(zod|ky)$|src\/models\/|src\/operations\/|webhook-signature|create-many|wait\.ts|sunat\/(amounts|identity|series|catalogs)|decimal/.test(name),
      ),
    ).toEqual([]);
  });

  it('a create carries no webhook signatures, no volume or waiting helpers, and no strict SUNAT checks', async () => {
    const names = (await measureBundle(YUPANA_APP, root)).inputs.map(([name]) => name);
    const strictOrUnused = /src\/lib\/strict\/(checks|schema)|src\/sunat\/document\/|webhook-signature|sunat\/(amounts|identity|series)|decimal|create-many|wait\.ts/;
    expect(names.filter((name) => strictOrUnused.test(name))).toEqual([]);
  });

  it('the first call brings every resource’s operations at once: a second resource called later loads nothing of its own', async () => {
    const [{ chunks }, { gzipByChunk }] = await Promise.all([splitCreateApp(), measureFirstCreate()]);
    const loaded = gzipByChunk.map(({ file }) => chunks[file]!).join('\n');
    const paths = [
      'account',
      'api-keys',
      'audit-logs',
      'customers',
      'documents/{id}/cdr',
      'events',
      'exchange-rates/{date}',
      'lookups/ruc/{number}',
      'products',
      'series',
      'webhook-endpoints/{id}/rotate-secret',
    ];
    expect(paths.filter((path) => !loaded.includes(`"/v1/${path}"`))).toEqual([]);
  });

  it('the strict SUNAT checks the client loads carry no zod and no schema: they share with the declarations only the code lists both read', async () => {
    const strict = await measureBundle(`export { strictDocumentIssues } from './src/lib/strict/checks.ts';`, root, []);
    const names = strict.inputs.map(([name]) => name);
    expect(names).toContain('src/sunat/document/rules.ts');
    expect(names.filter((name) => name === 'zod' || name.startsWith('src/models/'))).toEqual([]);
  });

  it(`yupana/sunat, every helper and catalog, stays within ${SUNAT_BUDGET_GZIP / 1024} KB gzip and brings no dependency or client`, async () => {
    const { gzip, inputs } = await measureBundle(SUNAT_APP, root);
    expect(gzip).toBeLessThanOrEqual(SUNAT_BUDGET_GZIP);
    const own = /^src\/sunat\//; // the helpers alone: nothing of the client
    expect(inputs.map(([name]) => name).filter((name) => name !== '<stdin>' && !own.test(name))).toEqual([]);
  });

  it(`an app that takes a few yupana/sunat helpers carries only those: within ${SUNAT_FEW_BUDGET_GZIP / 1024} KB gzip, no rules, no computation of a document`, async () => {
    const { gzip, inputs } = await measureBundle(SUNAT_FEW_APP, root);
    expect(gzip).toBeLessThanOrEqual(SUNAT_FEW_BUDGET_GZIP);
    expect(inputs.map(([name]) => name).filter((name) => /src\/sunat\/document\//.test(name))).toEqual([]);
  });

  describe('the first create in a browser, split into chunks as a bundler splits it', () => {
    it(`sends its request after at most ${FIRST_CREATE_ROUNDS_BUDGET} sequential rounds of module loads`, async () => {
      const { rounds, request, gzipByChunk } = await measureFirstCreate();
      console.log(`first create: ${rounds} rounds; ${gzipByChunk.map(({ file, round, gzip }) => `${round}:${file} ${gzip}`).join(', ')}`);
      expect(request).toBe('POST https://sandbox.yupana.pe/v1/documents');
      expect(rounds).toBeLessThanOrEqual(FIRST_CREATE_ROUNDS_BUDGET);
    });

    it('loads every resource’s operations, their schemas and zod as one chunk on the first call, which waits on no chunk of its own', async () => {
      const [{ chunks }, { gzipByChunk }] = await Promise.all([splitCreateApp(), measureFirstCreate()]);
      const declarations = gzipByChunk.find(({ file }) => chunks[file]!.includes('/v1/documents/{id}/cdr'));
      expect(declarations?.file).toMatch(/^operations-/);
      // zod/mini's own words for a refused value, and a model's own, travel in that chunk.
      expect(chunks[declarations!.file]).toContain('Invalid input');
      expect(chunks[declarations!.file]).toContain('must be an uppercase letter followed by three digits');
      const imported = [...chunks[declarations!.file]!.matchAll(/(?:from|import)\s*"\.\/([^"]+)"/g)].map(([, file]) => file);
      expect(imported.length).toBeGreaterThan(0);
      expect(gzipByChunk.filter(({ file, round }) => imported.includes(file) && round > declarations!.round)).toEqual([]);
    });

    it(`downloads at most ${FIRST_CREATE_GZIP_BUDGET / 1024} KB before the request leaves, each chunk gzipped on its own`, async () => {
      const { gzip, gzipByChunk } = await measureFirstCreate();
      expect(gzipByChunk.map(({ file }) => file)).toContain('stdin.js');
      expect(gzip).toBeLessThanOrEqual(FIRST_CREATE_GZIP_BUDGET);
    });
  });

  describe('the round counter (bench/first-request.ts), on bundles whose rounds are known', () => {
    const fetchAfter = (loads: string) => `${loads}.then(() => fetch('https://api.example.pe/x', { method: 'POST' }));`;
    it('counts a chain of static imports one round per link, and an import() the code calls afterwards as rounds of its own', () => {
      const chunks = {
        'entry.js': `import './a.js'; ${fetchAfter("import('./c.js')")}`,
        'a.js': `import './b.js';`,
        'b.js': '',
        'c.js': `import './a.js'; import './d.js';`,
        'd.js': '',
      };
      const { rounds, loaded, request } = measureFirstRequest({ entry: 'entry.js', chunks }, root);
      expect(loaded).toEqual([
        { file: 'entry.js', round: 1 },
        { file: 'a.js', round: 2 },
        { file: 'b.js', round: 3 },
        { file: 'c.js', round: 4 },
        { file: 'd.js', round: 5 },
      ]);
      expect([rounds, request]).toEqual([5, 'POST https://api.example.pe/x']);
    });

    it('counts import()s called together as one round', () => {
      const chunks = { 'entry.js': fetchAfter("Promise.all([import('./c.js'), import('./d.js')])"), 'c.js': '', 'd.js': '' };
      expect(measureFirstRequest({ entry: 'entry.js', chunks }, root).rounds).toBe(2);
    });
  });
});
