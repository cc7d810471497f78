import { defineConfig, type Options } from 'tsup';

// `yupana`, `yupana/sunat` (the SUNAT helpers alone) and `yupana/testing` (the mock sandbox; the
// only entry that imports msw).
const entry = { index: 'src/index.ts', sunat: 'src/sunat/index.ts', testing: 'src/testing/index.ts' };
// Keep `node:http`, not `http`: the prefix names the built-in for every runtime and bundler.
// The runtime dependencies are bundled, tree-shaken to what the SDK uses: loading zod/mini's and
// ky's module graphs took most of `import 'yupana'` (see bench/RESULTS.md); one file loads ~3×
// faster. ky and p-retry are ESM-only, so the CJS build needs them bundled anyway. zod stays a
// dependency for its types: the declarations refer to `zod/mini`.
const common: Options = {
  sourcemap: true,
  target: 'es2022',
  removeNodeProtocol: false,
  noExternal: ['ky', 'p-retry', 'is-network-error', 'zod'],
  // Maps point stack traces at the source files without carrying them (nor the bundled
  // dependencies' sources): a quarter of the package size.
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
};

export default defineConfig([
  // The `yupana-mock` CLI is built with the ESM entries, so it loads the same testing code.
  {
    entry: { ...entry, cli: 'src/testing/cli.ts' },
    format: ['esm'],
    dts: { entry },
    clean: true,
    ...common,
  },
  { entry, format: ['cjs'], dts: true, ...common },
]);
