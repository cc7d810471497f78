import { defineConfig } from 'tsup';

// `yupana` and `yupana/testing` (the mock sandbox; the only entry that imports msw).
const entry = { index: 'src/index.ts', testing: 'src/testing/index.ts' };
// Keep `node:http`, not `http`: the prefix names the built-in for every runtime and bundler.
const common = { sourcemap: true, target: 'es2022', removeNodeProtocol: false } as const;

export default defineConfig([
  // ESM: dependencies stay external, so bundlers and Node share one copy of ky, zod and p-retry.
  // The `yupana-mock` CLI is built here too, so it loads the same testing code.
  {
    entry: { ...entry, cli: 'src/testing/cli.ts' },
    format: ['esm'],
    dts: { entry },
    clean: true,
    ...common,
  },
  // CJS: ky and p-retry are ESM-only, so they are bundled in (see toolchain notes); zod ships CJS.
  { entry, format: ['cjs'], dts: true, ...common, noExternal: ['ky', 'p-retry', 'is-network-error'] },
]);
