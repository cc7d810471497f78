import { defineConfig } from 'tsup';

const entry = { index: 'src/index.ts' };

export default defineConfig([
  // ESM: dependencies stay external, so bundlers and Node share one copy of ky, zod and p-retry.
  { entry, format: ['esm'], dts: true, sourcemap: true, clean: true, target: 'es2022' },
  // CJS: ky and p-retry are ESM-only, so they are bundled in (see toolchain notes); zod ships CJS.
  { entry, format: ['cjs'], dts: true, sourcemap: true, target: 'es2022', noExternal: ['ky', 'p-retry', 'is-network-error'] },
]);
