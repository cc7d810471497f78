import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The `slow` project (`npm run test:slow`, after `npm run build`): the tests that start other
 * processes (the built bin, a program under tsx), drive real sockets through their faults for
 * long (test/faults), or compile the READMEs. Everything else is the `unit` project (`npm run
 * test:unit`), in-process and seconds long.
 */
export const SLOW_TESTS = [
  'test/process/**/*.test.ts',
  'test/faults/**/*.test.ts',
  'test/mock/mock-cli.test.ts',
  'test/sdk/examples.test.ts',
  'test/sdk/sunat-example.test.ts',
  'test/sdk/webhooks-examples.test.ts',
  'test/repo/readme-snippets.test.ts',
];

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
    setupFiles: ['test/setup.ts'],
    unstubEnvs: true,
    // Headroom for a busy 2-core machine (a test that takes 3 s alone takes 20 s at a load of 15):
    // no test waits on the clock for its result, so a generous timeout costs nothing when it passes.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: SLOW_TESTS } },
      // A child process starts in a second on a quiet machine and in several on a loaded one.
      { extends: true, test: { name: 'slow', include: SLOW_TESTS, testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
