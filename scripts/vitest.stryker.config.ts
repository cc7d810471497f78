import { defineConfig } from 'vitest/config';
import base, { SLOW_TESTS } from '../vitest.config.js';

const { projects: _projects, ...test } = base.test ?? {};

/**
 * The unit suite as Stryker runs it (npm run test:mutation), one project. Leaves out the `slow`
 * project (child processes, the fault matrix on real sockets, the READMEs' type-check) and the
 * tests an instrumented, per-test-coverage run can neither observe nor keep fast: the bundle-size
 * budget (instrumented code is larger by design) and webhook delivery over loopback.
 * `yupana issue` runs in-process (test/sdk/cli-*.test.ts), so its modules are mutated with their tests.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    ...test,
    include: ['test/**/*.test.ts'],
    exclude: [...SLOW_TESTS, 'test/sdk/bundle-size.test.ts', 'test/mock/webhook-delivery.test.ts', '**/node_modules/**'],
  },
});
