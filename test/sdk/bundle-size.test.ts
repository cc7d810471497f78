import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET_GZIP, measureBundle, SUNAT_APP, SUNAT_BUDGET_GZIP, SUNAT_FEW_APP, SUNAT_FEW_BUDGET_GZIP, YUPANA_APP } from '../../bench/bundle.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('browser bundle budget', () => {
  it(`an app that builds a Client and creates a document stays within ${BUNDLE_BUDGET_GZIP / 1024} KB gzip`, async () => {
    const { gzip, minified, inputs } = await measureBundle(YUPANA_APP, root);
    console.log(`bundle: ${minified} B minified, ${gzip} B gzip; largest inputs: ${inputs.slice(0, 5).map(([n, b]) => `${n.replace(root, '')} ${b}`).join(', ')}`);
    expect(gzip).toBeLessThanOrEqual(BUNDLE_BUDGET_GZIP);
  });

  it('carries none of the mock sandbox, msw, or the SDK’s dev tooling', async () => {
    const { inputs } = await measureBundle(YUPANA_APP, root);
    const names = inputs.map(([name]) => name);
    expect(names.filter((n) => /msw|src\/testing|@mswjs|scripts\//.test(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['zod', 'ky', 'p-retry', 'src/operations/documents.ts', 'src/models/document.ts']));
  });

  it('loads no schema, no ky and no feature up front: each comes with the first call that needs it', async () => {
    const { upFront } = await measureBundle(YUPANA_APP, root);
    expect(upFront).toContain('src/client.ts');
    expect(upFront.filter((name) => /^(zod|ky)$|src\/(models|operations)\/|webhook-signature|create-many|wait\.ts|sunat\/(amounts|identity|series|catalogs)|decimal/.test(name))).toEqual([]);
  });

  it('a create carries no other resource’s schemas, no webhook signatures, and no strict SUNAT checks', async () => {
    const names = (await measureBundle(YUPANA_APP, root)).inputs.map(([name]) => name);
    const models = ['account', 'api-key', 'audit-log', 'customer', 'event', 'exchange-rate', 'lookup', 'product', 'series', 'webhook-endpoint', 'document-strict'];
    expect(names.filter((name) => models.some((model) => name === `src/models/${model}.ts`))).toEqual([]);
    expect(names.filter((name) => /webhook-signature|sunat\/(amounts|identity|series)|decimal|create-many|wait\.ts/.test(name))).toEqual([]);
  });

  it(`yupana/sunat, every helper and catalog, stays within ${SUNAT_BUDGET_GZIP / 1024} KB gzip and brings no dependency or client`, async () => {
    const { gzip, inputs } = await measureBundle(SUNAT_APP, root);
    expect(gzip).toBeLessThanOrEqual(SUNAT_BUDGET_GZIP);
    const own = /src\/(sunat\/|internal\/(dates|tax-rate)\.ts$)/; // the helpers, their exact arithmetic, its rate rule and Lima dates
    expect(inputs.map(([name]) => name).filter((name) => name !== '<stdin>' && !own.test(name))).toEqual([]);
  });

  it(`an app that takes a few yupana/sunat helpers carries only those: within ${SUNAT_FEW_BUDGET_GZIP / 1024} KB gzip, no rules, no computation of a document`, async () => {
    const { gzip, inputs } = await measureBundle(SUNAT_FEW_APP, root);
    expect(gzip).toBeLessThanOrEqual(SUNAT_FEW_BUDGET_GZIP);
    expect(inputs.map(([name]) => name).filter((name) => /src\/sunat\/document\//.test(name))).toEqual([]);
  });
});
