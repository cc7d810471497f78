import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET_GZIP, measureBundle, SUNAT_APP, SUNAT_BUDGET_GZIP, YUPANA_APP } from '../../bench/bundle.js';

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
    expect(names).toContain('zod');
    expect(names).toContain('ky');
  });

  it(`yupana/sunat, every helper and catalog, stays within ${SUNAT_BUDGET_GZIP / 1024} KB gzip and brings no dependency or client`, async () => {
    const { gzip, inputs } = await measureBundle(SUNAT_APP, root);
    expect(gzip).toBeLessThanOrEqual(SUNAT_BUDGET_GZIP);
    const own = /src\/(sunat\/|internal\/(decimal|dates)\.ts$)/; // the helpers, their exact arithmetic and Lima dates
    expect(inputs.map(([name]) => name).filter((name) => name !== '<stdin>' && !own.test(name))).toEqual([]);
  });
});
