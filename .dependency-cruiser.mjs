/**
 * The boundaries of src/, checked by dependency-cruiser (`npm run boundaries`, and in `npm test`
 * through test/repo/boundaries.test.ts, which also proves each rule fails a tree that crosses it).
 * Type-only imports count: a cycle of types is a cycle. docs/architecture.md says why each holds.
 */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycle, type-only ones included: dependencies point one way.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-knows-no-sunat-sandbox-or-cli',
      comment: 'core/, the public primitives of the request path, never imports SUNAT, the sandbox or the programs.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(sunat|testing|cli)/' },
    },
    {
      name: 'sunat-imports-nothing-of-the-client',
      comment: 'sunat/ is SUNAT as pure functions: it imports only itself, and the models as types (shared data definitions).',
      severity: 'error',
      from: { path: '^src/sunat/' },
      to: { path: '^src/', pathNot: '^src/(sunat|models)/' },
    },
    {
      name: 'sunat-reads-models-as-types-only',
      comment: 'sunat/ may name a model (DocumentCreateParams) as a type, never load its schema.',
      severity: 'error',
      from: { path: '^src/sunat/' },
      to: { path: '^src/models/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sdk-never-imports-the-sandbox-or-cli',
      comment: 'yupana must not load msw: no module of the SDK imports testing/ or cli/.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(testing|cli)/' },
      to: { path: '^src/(testing|cli)/' },
    },
    {
      name: 'internal-is-private-to-the-sdk',
      comment: 'internal/ holds private helpers of the client: sunat/, the sandbox and the programs use public modules.',
      severity: 'error',
      from: { path: '^src/(sunat|testing|cli)/' },
      to: { path: '^src/internal/' },
    },
    {
      name: 'internal-is-below-core',
      comment: 'internal/ helpers import only each other and leaf SUNAT facts (a Lima date): never core/, a resource or the client.',
      severity: 'error',
      from: { path: '^src/internal/' },
      to: { path: '^src/', pathNot: '^src/(internal|sunat)/' },
    },
    {
      name: 'strict-checks-in-their-room',
      comment: "SUNAT's document rules reach the client only through src/lib/strict/ (the strict checks).",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(sunat|testing|lib/strict)/' },
      to: { path: '^src/sunat/document/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
