/**
 * How the package ships the client's strict SUNAT checks (`src/lib/strict/checks.ts`, loaded
 * with `import()` only by a client with `strictSunatChecks` on, and by `yupana/schemas`): as a file
 * of their own, `dist/document-strict.js` (`.cjs`), which the other builds import rather than
 * bundle. tsup.config.ts builds it so, and bench/bundle.ts bundles src/ the same way, so that the
 * tests measure the graph an app gets.
 *
 * Why: the strict checks read SUNAT's code lists, as the operation declarations do. Sharing them,
 * an app's bundler splits the lists into a chunk of their own that the declarations' chunk waits
 * on: one more round trip before the first request of every app. Apart, the strict checks carry
 * their own copy of the lists (0.6 KB gzip), downloaded only by the apps that turn them on; the
 * source keeps one copy (`src/sunat/catalogs.ts`). The strict checks return plain data, so
 * nothing can tell the copies apart.
 *
 * @module
 */
import type { Plugin } from 'esbuild';

/** An esbuild plugin that leaves every import of the strict checks (`strict/checks.js`) to `document-strict.js` beside the output (`extension`: `.js` or `.cjs`). */
export const strictChecksApart = (extension: '.js' | '.cjs'): Plugin => ({
  name: 'strict-checks-apart',
  setup(build) {
    // `./checks.js` from the room of the strict checks (lib/strict/), or `…/strict/checks.js` from elsewhere.
    build.onResolve({ filter: /(^\.|\/strict)\/checks\.js$/ }, (args) =>
      args.path.startsWith('./') && !/[/\\]lib[/\\]strict$/.test(args.resolveDir) ? undefined : { path: `./document-strict${extension}`, external: true },
    );
  },
});
