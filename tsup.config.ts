import { defineConfig, type Options } from 'tsup';
import { strictChecksApart } from './scripts/strict-checks-apart.js';

// `yupana` and `yupana/testing` (the mock sandbox; the only entry that imports msw).
const entry = { index: 'src/index.ts', schemas: 'src/schemas.ts', testing: 'src/testing/index.ts' };
// Keep `node:http`, not `http`: the prefix names the built-in for every runtime and bundler.
// The runtime dependencies are bundled, tree-shaken to what the SDK uses, so `import 'yupana'`
// loads one file rather than their module graphs (import cost: bench/RESULTS.md). ky and p-retry
// are ESM-only, so the CJS build needs them bundled anyway. zod stays a dependency for its
// types: the declarations refer to `zod/mini`.
// No source maps: the package does not ship src/, so a map without its sources points a debugger
// at files that are not there, and one with them (`sourcesContent`) would more than double what
// every install downloads for a rare debugging session. The code in dist/ is not minified: its
// stack traces already name the SDK's own functions, readable where they point.
const common: Options = {
  sourcemap: false,
  target: 'es2022',
  removeNodeProtocol: false,
  noExternal: ['ky', 'p-retry', 'is-network-error', 'zod'],
};

// The strict SUNAT checks ship as a file of their own (see scripts/strict-checks-apart.ts).
const strictChecks: Options = { entry: { 'document-strict': 'src/lib/strict/checks.ts' }, format: ['esm', 'cjs'], ...common };

// `npm run build` empties dist/ first. tsup's own `clean` would not do: the three configs build at
// once, and a config's `clean` also runs in its declaration build, deleting the others' .d.ts files.
export default defineConfig([
  // The `yupana-mock` CLI is built with the ESM entries, so it loads the same testing code. So is
  // the `yupana` CLI: it loads the SDK with `import('../index.js')` only, which stays a load of
  // dist/index.js, so it shares no chunk with (and adds none to) `import 'yupana'`.
  {
    entry: { ...entry, cli: 'src/cli/mock.ts', yupana: 'src/cli/main.ts' },
    format: ['esm'],
    dts: { entry },
    ...common,
    esbuildPlugins: [strictChecksApart('.js')],
  },
  { entry, format: ['cjs'], dts: true, ...common, esbuildPlugins: [strictChecksApart('.cjs')] },
  strictChecks,
  // `yupana/sunat`, the SUNAT helpers alone: a file of its own, so that sharing its code with
  // `yupana` splits no extra chunks into the ESM graph `import 'yupana'` loads.
  { entry: { sunat: 'src/sunat/index.ts' }, format: ['esm', 'cjs'], dts: true, ...common },
]);
