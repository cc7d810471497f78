/**
 * The boundaries of src/ (`.dependency-cruiser.mjs`) hold, and each rule fails a tree that
 * crosses it: dependency-cruiser runs in this process on src/, then on a small tree written for
 * the test with one crossing per rule, and must name each rule there.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The project's configuration, `.dependency-cruiser.mjs` (plain JavaScript, as the depcruise CLI reads it). */
const { default: config } = (await import(new URL('../../.dependency-cruiser.mjs', import.meta.url).href)) as { default: IConfiguration };
const rules = config.forbidden as IForbiddenRuleType[];

/** The violations dependency-cruiser finds in `baseDir`'s src/, as `rule: from → to` lines. */
async function violations(baseDir: string): Promise<string[]> {
  const cwd = process.cwd();
  // dependency-cruiser resolves the tsconfig and the files from the working directory.
  process.chdir(baseDir);
  try {
    const { output } = await cruise(['src'], { ...config.options, ruleSet: { forbidden: rules }, outputType: 'json', validate: true });
    const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
    return result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
  } finally {
    process.chdir(cwd);
  }
}

/** A tree that crosses every boundary once, each crossing named by the rule it breaks. */
const CROSSINGS: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
  // A cycle of types only: a → b → a.
  'src/core/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
  'src/core/b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
  'src/core/request.ts': "import { rate } from '../sunat/rates.js';\nexport const r = rate;\n",
  'src/sunat/rates.ts': "import { sleep } from '../internal/sleep.js';\nexport const rate = 0.18;\nexport const s = sleep;\n",
  'src/sunat/rules.ts': "import { Schema } from '../models/document.js';\nexport const s = Schema;\n",
  'src/sunat/document/rules.ts': 'export const checkDocument = () => [];\n',
  'src/models/document.ts': 'export const Schema = {};\n',
  'src/internal/sleep.ts': "import { Client } from '../client.js';\nexport const sleep = () => Client;\n",
  'src/client.ts':
    "import { handlers } from './testing/index.js';\nimport { checkDocument } from './sunat/document/rules.js';\nexport const Client = [handlers, checkDocument];\n",
  'src/testing/index.ts': "import { sleep } from '../internal/sleep.js';\nexport const handlers = [sleep];\n",
};

let tree: string | undefined;
afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

describe('the boundaries of src/', () => {
  it('hold in src/: no cycle, core knows no SUNAT, sunat/ nothing of the client, internal/ is private and below core', async () => {
    expect(await violations(root)).toEqual([]);
  }, 60_000);

  it('fail a tree that crosses each of them, naming the rule', async () => {
    tree = mkdtempSync(join(tmpdir(), 'yupana-boundaries-'));
    for (const [file, code] of Object.entries(CROSSINGS)) {
      mkdirSync(dirname(join(tree, file)), { recursive: true });
      writeFileSync(join(tree, file), code);
    }
    const found = await violations(tree);
    expect(found).toEqual(
      expect.arrayContaining([
        'no-cycles: src/core/a.ts → src/core/b.ts',
        'core-knows-no-sunat-sandbox-or-cli: src/core/request.ts → src/sunat/rates.ts',
        'sunat-imports-nothing-of-the-client: src/sunat/rates.ts → src/internal/sleep.ts',
        'sunat-reads-models-as-types-only: src/sunat/rules.ts → src/models/document.ts',
        'sdk-never-imports-the-sandbox-or-cli: src/client.ts → src/testing/index.ts',
        'internal-is-private-to-the-sdk: src/testing/index.ts → src/internal/sleep.ts',
        'internal-is-below-core: src/internal/sleep.ts → src/client.ts',
        'strict-checks-in-their-room: src/client.ts → src/sunat/document/rules.ts',
      ]),
    );
    // Every rule of the configuration is proven to fire.
    expect(rules.map(({ name }) => name).filter((name) => !found.some((line) => line.startsWith(`${name}:`)))).toEqual([]);
  }, 60_000);
});
