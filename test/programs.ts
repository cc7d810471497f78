/**
 * A program of the repository (an example, the demo, a script) as plain JavaScript, bundled once
 * per test file by esbuild, so that a test spawns Node itself and never a TypeScript loader per
 * run: on a busy 2-core machine a loader's start costs seconds a process. `yupana` and its
 * subpaths are the repository's src/, as the tests' own imports are (vitest.config.ts); packages
 * stay in node_modules, beside which the bundle is written so that Node finds them.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = `${ROOT}node_modules/.cache/yupana-test`;
const built = new Map<string, string>();

/**
 * The path of `entry` (relative to the repository's root, e.g. `examples/month-end.ts`) bundled
 * into one ES module, built at the first call of this process and reused after. The file's name
 * carries a hash of the entry and of this process, so that test files running at once never write
 * the same file.
 */
export function bundled(entry: string): string {
  const known = built.get(entry);
  if (known !== undefined) return known;
  const name = entry.replace(/[^\w.-]+/g, '_').replace(/\.ts$/, '');
  const outfile = `${CACHE}/${name}-${createHash('sha256').update(`${entry}:${process.pid}`).digest('hex').slice(0, 8)}.mjs`;
  buildSync({
    entryPoints: [`${ROOT}${entry}`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    alias: {
      yupana: `${ROOT}src/index.ts`,
      'yupana/sunat': `${ROOT}src/sunat/index.ts`,
      'yupana/schemas': `${ROOT}src/schemas.ts`,
      'yupana/testing': `${ROOT}src/testing/index.ts`,
    },
  });
  built.set(entry, outfile);
  return outfile;
}
