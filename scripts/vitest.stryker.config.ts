import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../vitest.config.js';

/**
 * The unit suite as Stryker runs it (npm run test:mutation). Leaves out the tests that do
 * real-time or out-of-process work, which Stryker's instrumented, per-test-coverage run can
 * neither observe nor keep fast: child processes (CLI, examples), real loopback servers
 * (the fault matrix, random faults, fuzzing, webhook delivery), the bundle-size budget
 * (instrumented code is larger by design), the READMEs' type-check (it compiles the docs, and
 * would compile the instrumented sources).
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        'test/faults/faults.test.ts',
        'test/faults/faults-random.test.ts',
        'test/faults/faults-hardening.test.ts',
        'test/faults/fuzz.test.ts',
        'test/sdk/examples.test.ts',
        'test/sdk/sunat-example.test.ts',
        'test/sdk/webhooks-examples.test.ts',
        'test/sdk/cli-issue.test.ts',
        'test/sdk/cli-batch.test.ts',
        'test/sdk/bundle-size.test.ts',
        'test/mock/mock-cli.test.ts',
        'test/mock/webhook-delivery.test.ts',
        'test/repo/readme-snippets.test.ts',
        '**/node_modules/**',
      ],
    },
  }),
);
