/**
 * `src/operations/compiled.ts` and `src/operations/compiled-predicates.ts` are written by
 * `npm run checks` (scripts/compile-checks.ts): a model, a declaration or a predicate changed
 * without running it leaves the client checking requests against the old rules. Apart from
 * test/sdk/compiled-checks.test.ts because a mutation run rewrites the sources it compiles
 * (scripts/vitest.stryker.config.ts leaves this file out).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPILED_PATH, COMPILED_PREDICATES_PATH, compileChecks } from '../../scripts/compile-checks.js';

describe('the compiled checks', () => {
  it('are the files scripts/compile-checks.ts writes from the declarations and the predicates', () => {
    const { compiled, predicates } = compileChecks();
    expect(readFileSync(COMPILED_PATH, 'utf8'), 'src/operations/compiled.ts is stale: run `npm run checks`').toBe(compiled);
    expect(readFileSync(COMPILED_PREDICATES_PATH, 'utf8'), 'src/operations/compiled-predicates.ts is stale: run `npm run checks`').toBe(predicates);
  });
});
