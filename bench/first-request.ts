/**
 * Runs a split browser bundle as a browser loads it, one round trip at a time, and reports when
 * its first request leaves. Module loads are held and released together, one release per round:
 * round 1 is the entry; a module's static imports are asked for once it arrives (a browser finds
 * them when it parses the module), and an `import()` once the code calls it. So a static import
 * chain of depth n costs n rounds, parallel loads share a round, and a load that waits on code
 * already loaded costs the rounds of its own chain. A round is released only when the program is
 * idle (every microtask and immediate run), so the count depends on the code, not on the
 * machine's speed: the same bundle gives the same rounds on every run.
 *
 * Run as its own process (vm modules need the flag):
 * `node --experimental-vm-modules --import tsx bench/first-request.ts < bundle.json`, where the
 * JSON is `{ entry, chunks: { [file]: code } }`; it prints a {@link FirstRequest} as JSON.
 * `globalThis.fetch` is a stub that records the request and never answers.
 *
 * @module
 */
import { SourceTextModule, type Module } from 'node:vm';

/** What the run saw up to the first request. */
export interface FirstRequest {
  /** Sequential rounds of module loads before the request left (round 1: the entry). */
  rounds: number;
  /** The chunks loaded before the request left, each with the round it was asked for in. */
  loaded: { file: string; round: number }[];
  /** The request, as `METHOD url`. */
  request: string;
}

/** The input: the entry's file name and every chunk's code by file name (names as the bundle imports them, `./chunk-X.js`). */
export interface SplitBundle {
  entry: string;
  chunks: Record<string, string>;
}

/** Runs `bundle` and resolves when its first request leaves (rejects if the program ends or fails first). */
export async function firstRequest({ entry, chunks }: SplitBundle): Promise<FirstRequest> {
  let round = 0;
  const held: (() => void)[] = [];
  const loaded: FirstRequest['loaded'] = [];
  const modules = new Map<string, Promise<Module>>();
  let sent: ((request: FirstRequest) => void) | undefined;
  const done = new Promise<FirstRequest>((resolve) => (sent = resolve));

  /** The module `file`, fetched in the next round (once per file, as a browser's module map does). */
  const fetchModule = (file: string): Promise<Module> => {
    const name = file.replace(/^\.\//, '');
    let module = modules.get(name);
    if (!module) {
      const code = chunks[name];
      if (code === undefined) return Promise.reject(new Error(`no chunk ${file}`));
      module = new Promise<void>((release) => held.push(release)).then(() => {
        loaded.push({ file: name, round });
        return new SourceTextModule(code, { identifier: name, importModuleDynamically: (specifier) => ready(specifier) as never });
      });
      modules.set(name, module);
    }
    return module;
  };
  const link = (specifier: string) => fetchModule(specifier);
  /** An `import()`: the module fetched, its static imports fetched as it arrives, then run. */
  const ready = async (file: string): Promise<Module> => {
    const module = await fetchModule(file);
    if (module.status === 'unlinked') await module.link(link);
    if (module.status === 'linked') await module.evaluate();
    return module;
  };

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    sent?.({ rounds: round, loaded: [...loaded], request: `${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url}` });
    return new Promise<Response>(() => {});
  }) as typeof fetch;

  const idle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const program = ready(entry);
  let failed: unknown;
  program.catch((error: unknown) => (failed = error));
  for (;;) {
    await idle();
    const winner = await Promise.race([done, Promise.resolve(undefined)]);
    if (winner) return winner;
    if (failed !== undefined) throw failed;
    if (held.length === 0) throw new Error(`the program went idle after ${round} rounds without a request`);
    round++;
    for (const release of held.splice(0)) release();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const input = await new Promise<string>((resolve) => {
    let text = '';
    process.stdin
      .setEncoding('utf8')
      .on('data', (chunk) => (text += chunk))
      .on('end', () => resolve(text));
  });
  process.stdout.write(`${JSON.stringify(await firstRequest(JSON.parse(input) as SplitBundle))}\n`);
  process.exit(0);
}
