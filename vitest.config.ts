import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Examples import 'yupana' as users do; tests run them against src (as tsconfig paths do).
  resolve: {
    alias: [
      { find: /^yupana$/, replacement: fileURLToPath(new URL('src/index.ts', import.meta.url)) },
      { find: /^yupana\/sunat$/, replacement: fileURLToPath(new URL('src/sunat/index.ts', import.meta.url)) },
      { find: /^yupana\/schemas$/, replacement: fileURLToPath(new URL('src/schemas.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    unstubEnvs: true,
    testTimeout: 10_000,
  },
});
