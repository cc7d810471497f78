// Mutation testing over the modules the last issues changed (18: the batch path; 19: SUNAT's
// rules and computations; 20: the request path): npm run test:mutation.
// Not part of `npm test`; the thresholds never fail the run (break: null).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/vitest.stryker.config.ts' },
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants: regexes, the Accept map, the environments) each need
  // the whole suite (~30 s here); 287 of them would take over an hour on 2 cores. Reported as ignored.
  ignoreStatic: true,
  // Vitest checks no types: Stryker need not prepend `// @ts-nocheck` to every file.
  disableTypeChecks: false,
  concurrency: 2,
  mutate: [
    // Issue 18: createMany's bounds and pacing, the waits' monotonic clock.
    'src/lib/create-many.ts',
    'src/lib/rate-budget.ts',
    'src/lib/wait.ts',
    // Issue 20: the request path, how a resource turns a declaration into a request, the strict option,
    // the refinements of the schemas, and the words of a refusal (zod's issues as field issues).
    'src/core/request.ts',
    'src/resources/resource.ts',
    'src/lib/strict/option.ts',
    'src/models/predicates.ts',
    'src/internal/validate.ts',
    'src/internal/path.ts',
    // Issues 19 and 31: SUNAT's engine (a document drafted once, its rules by concept, the UBL XML),
    // and the helpers of yupana/sunat.
    'src/sunat/document/*.ts',
    'src/sunat/document/rules/*.ts',
    'src/sunat/ubl/*.ts',
    // Comprobantes de retención and percepción: their amounts, rules and codes (their UBL is in ubl/).
    'src/sunat/retention/*.ts',
    'src/sunat/return-codes.ts',
    'src/sunat/own.ts',
    'src/sunat/series.ts',
    'src/sunat/dates.ts',
    'src/sunat/decimal.ts',
    'src/sunat/authority.ts',
    'src/lib/strict/checks.ts',
    'src/sunat/words.ts',
    'src/sunat/rates.ts',
    'src/sunat/credit.ts',
    'src/sunat/qr.ts',
    'src/sunat/amounts.ts',
    // Issue 32: the voidings and summaries a void makes, in the sandbox (their XML and rules are above).
    'src/testing/store/tickets.ts',
    'src/testing/routes/voidings.ts',
    'src/testing/routes/summaries.ts',
    // Guías de remisión (09, 31): their rules and codes (their UBL is in ubl/), and the sandbox's store and routes.
    'src/sunat/despatch/*.ts',
    'src/testing/store/despatches.ts',
    'src/testing/routes/despatches.ts',
  ],
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 84, break: null },
  // Re-runs only the mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  timeoutMS: 3000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
