/**
 * What the SDK accepts that the flags of `yupana issue` must agree with, read from the SDK itself
 * so that no rule is written twice: its environments (`ENVIRONMENTS`), and the concurrency
 * `createMany` accepts and defaults to (`MAX_CONCURRENCY`, `DEFAULT_CONCURRENCY`).
 *
 * Loaded with `import()`, never statically: the build keeps these loads as the files
 * `import 'yupana'` already has (`dist/index.js`, and the `createMany` chunk it loads on the
 * first call), so the bin moves no SDK code into a chunk of its own and adds no round of loads
 * to `import 'yupana'` or to a first `createMany`. (A static import of `core/options.ts` would
 * add a round to `import 'yupana'`; one of `lib/create-many.ts`, a round to a first `createMany`.)
 *
 * @module
 */
import type { Environment } from '../../index.js';

/** The SDK's rules behind the flags. */
export interface SdkRules {
  /** What `--environment` accepts: the SDK's environments. */
  environments: readonly Environment[];
  /** The most documents in flight `--concurrency` accepts: `createMany`'s bound. */
  maxConcurrency: number;
  /** `--concurrency` when not given: `createMany`'s default. */
  defaultConcurrency: number;
}

/** Loads the SDK's rules behind the flags (see the module's note on why with `import()`). */
export async function loadSdkRules(): Promise<SdkRules> {
  const [{ ENVIRONMENTS }, { DEFAULT_CONCURRENCY, MAX_CONCURRENCY }] = await Promise.all([import('../../index.js'), import('../../lib/create-many.js')]);
  return {
    environments: Object.keys(ENVIRONMENTS) as Environment[],
    maxConcurrency: MAX_CONCURRENCY,
    defaultConcurrency: DEFAULT_CONCURRENCY,
  };
}
