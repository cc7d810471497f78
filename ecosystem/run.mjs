/**
 * `npm run test:ecosystem`: proves that yupana works where the README says it does, from the
 * tarball `npm pack` makes, never from the source tree.
 *
 * It builds and packs the package, checks the tarball (its files, publint, attw), installs it into
 * the small consumer projects of ecosystem/consumers (copied to a temporary folder outside the
 * repository, so nothing resolves from the repository's node_modules), and runs each one against
 * its own mock server on loopback. The mock comes from the tarball too (`yupana/testing`).
 * Node 22 and 24 come from ecosystem/runtimes; Deno, Bun, Chromium's driver (playwright-core),
 * @edge-runtime/vm and esbuild from ecosystem/package.json (`npm run test:ecosystem` installs it
 * first); the build, publint and attw from the root devDependencies; Chromium is Debian's
 * /usr/bin/chromium. Stoplight Prism, which mocks openapi.json for the `prism` consumer, is that
 * consumer's own devDependency: installed into the temporary folder, it keeps the repository's
 * `npm install` light.
 *
 * Prints the tarball's files and a table of results with timings; exits 1 when a check fails.
 * KEEP_ECOSYSTEM=1 keeps the temporary folder for a look.
 *
 * `node ecosystem/run.mjs prism` runs only the checks, and installs only the consumers, whose
 * name has one of the words given (whole words, any case); the build, the pack, Node 22/24 and
 * the testing consumer (the mock) always come. Name a check's own consumer too when its name
 * differs: `chromium browser`, `typescript`, `bun`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HERE = join(ROOT, 'ecosystem');
/** The root's bins (publint, attw: the package's own checks) and this folder's (deno, bun). */
const BIN = join(ROOT, 'node_modules', '.bin');
const OWN_BIN = join(HERE, 'node_modules', '.bin');
const CHROMIUM = '/usr/bin/chromium';
const started = performance.now();

/** Files a user needs, and nothing else: the build, the node10 shims of `yupana/testing` and `yupana/sunat`, the docs. */
const ALLOWED_FILES = [
  /^package\.json$/,
  /^README(\.es)?\.md$/,
  /^CHANGELOG\.md$/,
  /^LICENSE(\.md)?$/,
  /^(testing|sunat|schemas)\/package\.json$/,
  /^dist\/[\w.-]+\.(js|cjs|d\.ts|d\.cts|map)$/,
];
const MSW_PATH = /[\\/]node_modules[\\/](msw|@mswjs)[\\/]/;

// ---------------------------------------------------------------------------------------------
// Running things

/** The environment of child processes: no npm script variables, no loaders, no stray yupana settings. */
function childEnv(extra = {}) {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('npm_') || name === 'NODE_OPTIONS' || name.startsWith('YUPANA_')) continue;
    env[name] = value;
  }
  return { ...env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', ...extra };
}

/** Runs a command; resolves with its output, rejects with it when the exit code is not 0. */
async function exec(command, args, { cwd = ROOT, env = childEnv(), timeout = 180_000 } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
  try {
    const [code, signal] = await once(child, 'close');
    if (code !== 0) {
      const output = `${stdout}\n${stderr}`.trim().split('\n').slice(-25).join('\n');
      throw new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}\n${output}`);
    }
    return { stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

const lastLine = (text) => text.trim().split('\n').at(-1) ?? '';

function check(condition, message) {
  if (!condition) throw new Error(message);
}

// ---------------------------------------------------------------------------------------------
// Results

const results = [];

/** The words of `node ecosystem/run.mjs word...`: only the steps whose name has one of them (a whole word) run. */
const ONLY = process.argv.slice(2).map((word) => new RegExp(`\\b${word.replace(/[^\w-]/g, '\\$&')}\\b`, 'i'));
/** What every selection needs: the tarball, Node 22/24, and the testing consumer (the mock most checks run against). */
const ALWAYS = ['build (tsup)', 'npm pack', 'install Node 22 and 24 (ecosystem/runtimes)', 'install tarball: testing'];
const selected = (name) => ONLY.length === 0 || ALWAYS.includes(name) || ONLY.some((word) => word.test(name));

/** Runs one check, timing it; a failure is recorded, never thrown. */
async function step(name, fn) {
  if (!selected(name)) return;
  const start = performance.now();
  try {
    const detail = (await fn()) ?? '';
    results.push({ name, ok: true, seconds: (performance.now() - start) / 1000, detail });
  } catch (error) {
    results.push({ name, ok: false, seconds: (performance.now() - start) / 1000, detail: String(error?.stack ?? error) });
  }
  const last = results.at(-1);
  console.log(`${last.ok ? 'pass' : 'FAIL'}  ${name} (${last.seconds.toFixed(1)} s)`);
}

/** Runs tasks with at most `limit` at a time. */
async function pool(limit, tasks) {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (queue.length > 0) await queue.shift()();
    }),
  );
}

function printTable() {
  const rows = results.map((r) => [r.name, r.ok ? 'pass' : 'FAIL', r.seconds.toFixed(1), r.ok ? r.detail : r.detail.split('\n')[0]]);
  const header = ['check', 'result', 'seconds', 'detail'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (i === 3 ? 0 : row[i].length))));
  const line = (cells) => cells.map((cell, i) => (i === 3 ? cell : i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(line(row));
  for (const failed of results.filter((r) => !r.ok)) console.log(`\n--- ${failed.name} ---\n${failed.detail}`);
}

// ---------------------------------------------------------------------------------------------
// The checks

const work = await mkdtemp(join(tmpdir(), 'yupana-ecosystem-'));
console.log(`yupana ecosystem tests in ${work} (Node ${process.version}, ${cpus().length} cores)\n`);
let tarball = '';
let version = '';
let testing; // the installed yupana/testing, loaded once its consumer is installed

await step('build (tsup)', async () => {
  await exec('npm', ['run', 'build']);
});

await step('npm pack', async () => {
  // --ignore-scripts: the step above built dist/, and `prepack` would print tsup's log into the JSON.
  const { stdout } = await exec('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work]);
  const [pack] = JSON.parse(stdout);
  tarball = join(work, pack.filename);
  version = pack.version;
  console.log(`\n${pack.filename}: ${pack.files.length} files, ${kB(pack.size)} packed, ${kB(pack.unpackedSize)} unpacked`);
  for (const file of pack.files) console.log(`  ${kB(file.size).padStart(9)}  ${file.path}`);
  console.log('');
  const unexpected = pack.files.map((f) => f.path).filter((path) => !ALLOWED_FILES.some((allowed) => allowed.test(path)));
  check(unexpected.length === 0, `the tarball holds files a user does not need: ${unexpected.join(', ')}`);
  for (const needed of [
    'dist/index.js',
    'dist/index.cjs',
    'dist/index.d.ts',
    'dist/index.d.cts',
    'dist/schemas.js',
    'dist/schemas.cjs',
    'dist/sunat.js',
    'dist/sunat.cjs',
    'dist/testing.js',
    'dist/testing.cjs',
    'dist/cli.js',
  ]) {
    check(
      pack.files.some((f) => f.path === needed),
      `the tarball lacks ${needed}`,
    );
  }
  return `${pack.filename}: ${pack.files.length} files, ${kB(pack.size)} packed, ${kB(pack.unpackedSize)} unpacked`;
});

if (tarball === '') {
  printTable();
  process.exit(1);
}

const consumers = await readdir(join(HERE, 'consumers'));
await pool(3, [
  () => step('publint --strict (tarball)', async () => lastLine((await exec(join(BIN, 'publint'), ['run', tarball, '--strict'])).stdout)),
  () =>
    step('attw (tarball)', async () => {
      await exec(join(BIN, 'attw'), [tarball, '--format', 'table-flipped']);
      return 'no problems: node10, node16 (CJS and ESM), bundler for yupana, yupana/sunat and yupana/testing';
    }),
  () =>
    step('install Node 22 and 24 (ecosystem/runtimes)', async () => {
      await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: join(HERE, 'runtimes') });
      const versions = await Promise.all(['node22', 'node24'].map((n) => exec(nodeBinary(n), ['--version'])));
      return versions.map((v) => v.stdout.trim()).join(', ');
    }),
  ...consumers.map(
    (name) => () =>
      step(`install tarball: ${name}`, async () => {
        const dir = join(work, name);
        await cp(join(HERE, 'consumers', name), dir, { recursive: true });
        await copyFile(join(HERE, 'scenario.mjs'), join(dir, 'scenario.mjs'));
        // SCARF_ANALYTICS: Prism depends on @scarf/scarf, whose install script would report the install.
        await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: dir, env: childEnv({ SCARF_ANALYTICS: 'false' }) });
        const installed = JSON.parse(await readFile(join(dir, 'node_modules', 'yupana', 'package.json'), 'utf8'));
        check(installed.version === version, `installed yupana ${installed.version}, packed ${version}`);
        const hasMsw = existsSync(join(dir, 'node_modules', 'msw'));
        return `yupana ${installed.version}${hasMsw ? ' + msw' : ', no msw (an optional peer, not installed)'}`;
      }),
  ),
]);

const installed = (name) => results.find((r) => r.name === `install tarball: ${name}`)?.ok === true;
if (installed('testing')) {
  testing = await import(pathToFileURL(join(work, 'testing', 'node_modules', 'yupana', 'dist', 'testing.js')).href);
}

/** Starts a mock server from the installed tarball for one check, and stops it after. */
async function withMock(fn, options = {}) {
  check(testing !== undefined, 'the testing consumer (which provides the mock) failed to install');
  const mock = await testing.startMockServer({ port: 0, ...options });
  try {
    return await fn(mock);
  } finally {
    await mock.close();
  }
}

/** The `Yupana-Client` headers the mock received, checked against the runtime they should name. */
function clientHeader(mock, pattern) {
  const seen = [...new Set(mock.sandbox.requests.filter((r) => r.method !== 'OPTIONS').map((r) => r.headers['yupana-client']))];
  check(seen.length > 0, 'the mock received no request');
  check(
    seen.every((header) => pattern.test(header ?? '')),
    `Yupana-Client ${JSON.stringify(seen)} does not match ${pattern}`,
  );
  return seen[0];
}

function nodeBinary(name) {
  return name === 'node20' ? process.execPath : join(HERE, 'runtimes', 'node_modules', name, 'bin', 'node');
}

const nodeChecks = [];
for (const node of ['node20', 'node22', 'node24']) {
  const major = node.slice(4);
  for (const [file, kind] of [
    ['main.mjs', 'ESM import'],
    ['main.cjs', 'CJS require'],
  ]) {
    nodeChecks.push(() =>
      step(`Node ${major}: ${kind} yupana`, () =>
        withMock(async (mock) => {
          check(installed('node'), 'the node consumer failed to install');
          const env = childEnv({ YUPANA_API_KEY: testing.MOCK_API_KEY, YUPANA_BASE_URL: mock.url });
          const { stdout } = await exec(nodeBinary(node), [file], { cwd: join(work, 'node'), env });
          return `${lastLine(stdout)}; ${clientHeader(mock, new RegExp(`^yupana-js/${version} node/${major}\\.`))}`;
        }),
      ),
    );
  }
  for (const [file, kind] of [
    ['billing.test.mjs', 'ESM'],
    ['billing.test.cjs', 'CJS'],
  ]) {
    nodeChecks.push(() =>
      step(`Node ${major}: yupana/testing ${kind}`, async () => {
        check(installed('testing'), 'the testing consumer failed to install');
        return lastLine((await exec(nodeBinary(node), [file], { cwd: join(work, 'testing') })).stdout);
      }),
    );
  }
}

const typescriptChecks = ['node16', 'bundler'].map(
  (resolution) => () =>
    step(`TypeScript, moduleResolution ${resolution}`, async () => {
      check(installed('typescript'), 'the typescript consumer failed to install');
      const dir = join(work, 'typescript');
      const tsc = join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
      await exec(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], { cwd: dir });
      const { stdout } = await exec(process.execPath, [tsc, '--version'], { cwd: dir });
      return `${stdout.trim()}: strict, skipLibCheck false; app.ts${resolution === 'node16' ? ', app.cts' : ''}, billing.test.ts (yupana/testing + msw)`;
    }),
);

const runtimeChecks = [
  () =>
    step('Deno: create, for await, typed error', () =>
      withMock(async (mock) => {
        check(installed('deno'), 'the deno consumer failed to install');
        const env = childEnv({ YUPANA_API_KEY: testing.MOCK_API_KEY, YUPANA_BASE_URL: mock.url, DENO_DIR: join(work, '.deno') });
        const { stdout } = await exec(join(OWN_BIN, 'deno'), ['run', '--allow-net=127.0.0.1', '--allow-env', '--allow-read', 'main.ts'], {
          cwd: join(work, 'deno'),
          env,
        });
        return `${lastLine(stdout)}; ${clientHeader(mock, new RegExp(`^yupana-js/${version} deno/\\d`))}`;
      }),
    ),
  () =>
    step('Bun: create, for await, typed error', () =>
      withMock(async (mock) => {
        check(installed('bun'), 'the bun consumer failed to install');
        const env = childEnv({ YUPANA_API_KEY: testing.MOCK_API_KEY, YUPANA_BASE_URL: mock.url });
        const { stdout } = await exec(join(OWN_BIN, 'bun'), ['--no-install', 'main.ts'], { cwd: join(work, 'bun'), env });
        return `${lastLine(stdout)}; ${clientHeader(mock, new RegExp(`^yupana-js/${version} bun/\\d`))}`;
      }),
    ),
  () =>
    step('Edge runtime (@edge-runtime/vm): create, for await, typed error', () =>
      withMock(async (mock) => {
        check(installed('edge'), 'the edge consumer failed to install');
        const dir = join(work, 'edge');
        const build = await esbuild.build({
          entryPoints: [join(dir, 'app.mjs')],
          absWorkingDir: dir,
          bundle: true,
          format: 'iife',
          platform: 'browser',
          conditions: ['edge-light', 'worker', 'browser'],
          write: false,
          metafile: true,
          logLevel: 'silent',
        });
        const inputs = Object.keys(build.metafile.inputs);
        check(
          !inputs.some((input) => MSW_PATH.test(input) || input.startsWith('node:')),
          `the edge bundle pulls in ${inputs.find((i) => MSW_PATH.test(i) || i.startsWith('node:'))}`,
        );
        const { EdgeVM } = await import('@edge-runtime/vm');
        const vm = new EdgeVM({
          extend: (context) => Object.assign(context, { YUPANA_API_KEY: testing.MOCK_API_KEY, YUPANA_BASE_URL: mock.url }),
        });
        check(vm.evaluate('typeof process') === 'undefined', 'the edge VM has a process global: it would not prove anything');
        vm.evaluate(build.outputFiles[0].text);
        const summary = await vm.context.result;
        return `${summary}; ${clientHeader(mock, new RegExp(`^yupana-js/${version} edge$`))}`;
      }),
    ),
  // The mock lets in pages of other origins only when told (the page's port is picked after it starts: any).
  () => step('Chromium: a page on another origin (CORS), esbuild bundle', () => withMock(browserCheck, { corsOrigins: ['*'] })),
  () => step('Prism (prism mock --errors) on openapi.json: every SDK method, every declared error', prismCheck),
  () =>
    step('yupana loads no msw (dist, bundles, a fresh Node)', async () => {
      check(installed('testing') && installed('browser'), 'the testing or browser consumer failed to install');
      const dir = join(work, 'testing');
      const dist = join(dir, 'node_modules', 'yupana', 'dist');
      const sdkFiles = (await readdir(dist)).filter((f) => !f.startsWith('testing.') && !f.startsWith('cli.') && !f.endsWith('.map'));
      for (const file of sdkFiles) check(!/\bmsw\b|@mswjs/.test(await readFile(join(dist, file), 'utf8')), `dist/${file} mentions msw`);
      const sizes = [];
      for (const [format, source] of [
        ['esm', "import * as yupana from 'yupana'; console.log(yupana);"],
        ['cjs', "console.log(require('yupana'));"],
      ]) {
        const entry = join(dir, `entry-${format}.${format === 'esm' ? 'mjs' : 'cjs'}`);
        await writeFile(entry, source);
        const build = await esbuild.build({
          entryPoints: [entry],
          absWorkingDir: dir,
          bundle: true,
          platform: 'node',
          format,
          write: false,
          metafile: true,
          logLevel: 'silent',
        });
        const msw = Object.keys(build.metafile.inputs).filter((input) => MSW_PATH.test(input));
        check(msw.length === 0, `a ${format} bundle of yupana includes ${msw[0]}`);
        sizes.push(`${format} ${Object.keys(build.metafile.inputs).length} modules`);
      }
      const { stdout } = await exec(process.execPath, ['no-msw.mjs'], { cwd: dir });
      return `${sdkFiles.length} dist files free of msw; node bundles ${sizes.join(', ')} with no msw; browser bundle checked in its row; ${lastLine(stdout)}`;
    }),
  () =>
    step('yupana-mock --port 0 (the CLI from the tarball)', async () => {
      check(installed('testing') && installed('node'), 'the testing or node consumer failed to install');
      // The bin npm linked (what `npx yupana-mock` runs): dist/cli.js through its shebang.
      const bin = (consumer) => join(work, consumer, 'node_modules', '.bin', 'yupana-mock');
      const child = spawn(bin('testing'), ['--port', '0'], { cwd: join(work, 'testing'), env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
      let detail;
      try {
        let stdout = '';
        child.stdout.setEncoding('utf8');
        const [url, key] = await new Promise((resolve, reject) => {
          const late = setTimeout(() => reject(new Error(`yupana-mock printed no URL and key within 20 s: ${stdout}`)), 20_000);
          child.stdout.on('data', (chunk) => {
            stdout += chunk;
            const match = /listening on (http:\/\/\S+)\n[^]*API keys: any that starts with sk_test_, e\.g\. (\S+)\n/.exec(stdout);
            if (match) {
              clearTimeout(late);
              resolve([match[1], match[2]]);
            }
          });
          child.once('close', (code) => {
            clearTimeout(late);
            reject(new Error(`yupana-mock exited with ${code} before listening: ${stdout}`));
          });
        });
        // Any sk_test_ key works, not only the one printed.
        const own = await fetch(`${url}/v1/documents`, { headers: { Authorization: 'Bearer sk_test_my_app' } });
        check(own.status === 200, `GET /v1/documents with an app's own sk_test_ key answered ${own.status}`);
        const response = await fetch(`${url}/v1/documents`, { headers: { Authorization: `Bearer ${key}` } });
        check(response.status === 200, `GET /v1/documents answered ${response.status}`);
        detail = `printed ${url} and key ${key}; GET /v1/documents 200`;
      } finally {
        child.kill('SIGTERM');
      }
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const [code] = await once(child, 'close');
      clearTimeout(killer);
      check(code === 0, `yupana-mock exited with ${code} on SIGTERM`);
      // Without msw (the node consumer did not install it) the CLI says what to install.
      const without = await exec(bin('node'), [], { cwd: join(work, 'node') }).then(
        () => undefined,
        (error) => String(error),
      );
      check(without?.includes('npm install --save-dev msw'), `without msw, yupana-mock did not explain: ${without}`);
      return `${detail}; exit 0 on SIGTERM; without msw it exits 1 saying to install msw`;
    }),
  () =>
    step('yupana issue (the CLI from the tarball): usage, and a usage error sends nothing', async () => {
      check(installed('node'), 'the node consumer failed to install');
      const bin = join(work, 'node', 'node_modules', '.bin', 'yupana');
      const help = await exec(bin, ['issue', '--help'], { cwd: join(work, 'node'), env: childEnv() });
      check(/Usage: yupana issue <file\.csv\|file\.jsonl>/.test(help.stdout), `yupana issue --help printed: ${help.stdout}`);
      const missing = await exec(bin, ['issue', 'no-such-file.jsonl'], { cwd: join(work, 'node'), env: childEnv({ YUPANA_API_KEY: 'sk_test_x' }) }).then(
        () => 'exited with 0',
        (error) => String(error),
      );
      check(/exited with 2\b/.test(missing) && /no-such-file\.jsonl/.test(missing), `a missing file: ${missing}`);
      return 'usage printed; a missing file exits 2, naming it';
    }),
];

/**
 * Stoplight Prism serves the repository's openapi.json on 127.0.0.1 (a free port), validating
 * every request and answer (`--errors`); the prism consumer calls every SDK method against it
 * from the installed tarball. Prism 5.16 needs Node 24 (ecosystem/runtimes); the consumer runs on
 * Node 20. Prism is stopped whatever happens, and its log says what it refused.
 */
async function prismCheck() {
  check(installed('prism'), 'the prism consumer failed to install');
  const node24 = nodeBinary('node24');
  check(existsSync(node24), 'Node 24 (ecosystem/runtimes) is missing: Prism 5.16 needs Node 24');
  const dir = join(work, 'prism');
  const spec = join(dir, 'openapi.json');
  await copyFile(join(ROOT, 'openapi.json'), spec);
  const cli = join(dir, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  const prismVersion = JSON.parse(await readFile(join(dir, 'node_modules', '@stoplight', 'prism-cli', 'package.json'), 'utf8')).version;
  const child = spawn(node24, [cli, 'mock', spec, '--errors', '--host', '127.0.0.1', '--port', '0', '--multiprocess', 'false'], {
    cwd: dir,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stopOnExit = () => child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  // Prism logs every request: keep reading (a full pipe would stall it), keep the last lines.
  const log = [];
  let violations = 0;
  let listening;
  const ready = new Promise((resolve) => (listening = resolve));
  const onLine = (line) => {
    if (/violation/i.test(line)) violations += 1;
    const match = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
    if (match) listening(match[1]);
    log.push(line);
    if (log.length > 200) log.shift();
  };
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8').on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      lines.forEach(onLine);
    });
  }
  const exited = once(child, 'close').then(([code]) => Promise.reject(new Error(`Prism exited with ${code} before listening:\n${log.join('\n')}`)));
  exited.catch(() => undefined); // it also settles when Prism is stopped at the end
  try {
    let timer;
    const url = await Promise.race([
      ready,
      exited,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${log.join('\n')}`)), 60_000))),
    ]).finally(() => clearTimeout(timer));
    let stdout;
    try {
      ({ stdout } = await exec(process.execPath, ['calls.mjs'], { cwd: dir, env: childEnv({ PRISM_URL: url, OPENAPI: spec }), timeout: 120_000 }));
    } catch (error) {
      throw new Error(`${error.message}\n--- the end of Prism's log ---\n${log.slice(-40).join('\n')}`);
    }
    check(
      violations === 0,
      `Prism logged ${violations} violations:\n${log
        .filter((line) => /violation/i.test(line))
        .slice(-20)
        .join('\n')}`,
    );
    return `${lastLine(stdout)}; no violation in Prism's log; Prism ${prismVersion} on Node 24, ${url}`;
  } finally {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    if (child.exitCode === null && child.signalCode === null) await once(child, 'close');
    clearTimeout(killer);
    process.off('exit', stopOnExit);
  }
}

/** The page: served from http://localhost:A, calling the mock at http://127.0.0.1:B. */
async function browserCheck(mock) {
  check(installed('browser'), 'the browser consumer failed to install');
  check(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`);
  const dir = join(work, 'browser');
  const out = join(dir, 'dist');
  await mkdir(out, { recursive: true });
  const build = await esbuild.build({
    entryPoints: [join(dir, 'app.mjs')],
    absWorkingDir: dir,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: join(out, 'app.js'),
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(build.metafile.inputs);
  check(!inputs.some((input) => MSW_PATH.test(input)), 'the browser bundle includes msw');
  const bundle = await readFile(join(out, 'app.js'));
  await copyFile(join(dir, 'index.html'), join(out, 'index.html'));

  const site = createServer(async (req, res) => {
    const file = req.url?.startsWith('/app.js') ? 'app.js' : 'index.html';
    res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'text/html');
    res.end(await readFile(join(out, file)));
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${site.address().port}`;

  // The first API call fails once, so the retry (and its Yupana-Retry-Count header) crosses origins too.
  mock.sandbox.failNext({ status: 503 });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const pageErrors = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
    await page.goto(`${origin}/?${new URLSearchParams({ baseURL: mock.url, apiKey: testing.MOCK_API_KEY })}`);
    await page.waitForFunction(() => window.result !== undefined, undefined, { timeout: 30_000 });
    const result = await page.evaluate(() => window.result);
    check(result.ok, `the page failed: ${result.error}\n${pageErrors.join('\n')}`);

    const requests = mock.sandbox.requests;
    const preflights = requests.filter((r) => r.method === 'OPTIONS');
    const calls = requests.filter((r) => r.method !== 'OPTIONS');
    check(preflights.length > 0 && preflights.every((r) => r.headers.origin === origin), `no CORS preflight from ${origin} reached the mock`);
    const asked = new Set(preflights.flatMap((r) => (r.headers['access-control-request-headers'] ?? '').split(',').map((h) => h.trim())));
    for (const header of ['authorization', 'content-type', 'idempotency-key', 'yupana-client', 'x-shop-id']) {
      check(asked.has(header), `no preflight asked for ${header} (asked: ${[...asked].join(', ')})`);
    }
    // The preflight's answer allows Yupana-Retry-Count up front, so the retry needs no new preflight.
    const post = calls.find((r) => r.method === 'POST' && r.headers['yupana-retry-count'] === '1');
    check(post !== undefined, 'the retried POST (Yupana-Retry-Count: 1) did not arrive');
    check(post.headers.authorization === `Bearer ${testing.MOCK_API_KEY}`, 'Authorization did not arrive');
    check(/^[0-9a-f-]{36}$/.test(post.headers['idempotency-key'] ?? ''), 'Idempotency-Key did not arrive');
    check(post.headers['content-type'] === 'application/json', 'Content-Type did not arrive');
    check(post.headers['x-shop-id'] === 'tienda-7', "the app's own header did not arrive");
    check(
      calls.every((r) => r.headers.origin === origin),
      'a call arrived without the page origin',
    );
    const header = clientHeader(mock, new RegExp(`^yupana-js/${version} browser$`));
    const gzip = gzipSync(bundle).byteLength;
    return `${result.summary}; ${preflights.length} preflights, every SDK header and the app's arrived; ${header}; bundle ${kB(bundle.byteLength)} min, ${kB(gzip)} gzip; ${browser.version()}`;
  } finally {
    await browser.close();
    site.close();
  }
}

await pool(2, [...runtimeChecks, ...typescriptChecks, ...nodeChecks]);

printTable();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
if (process.env.KEEP_ECOSYSTEM) console.log(`kept ${work}`);
else await rm(work, { recursive: true, force: true });
process.exit(failed === 0 ? 0 : 1);

function kB(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
