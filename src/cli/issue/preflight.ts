/**
 * What `yupana issue` checks before it sends anything: the API key, the input file, the results
 * file, and the client the environment and the flags make. Each failure is a {@link UsageError}
 * (exit status 2, nothing sent); a file's problem is a {@link Refusal}, printed without the pointer to the help.
 *
 * @module
 */
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Client } from '../../index.js';
import { defaultOutPath, type IssueOptions, Refusal, UsageError } from './args.js';
import { commandLine, freshOut, issueCommand, shellWord } from './commands.js';

/**
 * The API key, from `YUPANA_API_KEY` in `env`.
 *
 * @throws {@link UsageError} when it is not set.
 */
export function apiKeyOf(env: Record<string, string | undefined>): string {
  const apiKey = env.YUPANA_API_KEY;
  if (!apiKey) throw new UsageError('YUPANA_API_KEY is not set: set it to your API key (a test key for the sandbox)');
  return apiKey;
}

/**
 * Refuses an input that is missing, not a file or unreadable, and a results file that is the
 * input itself or not a regular file.
 *
 * @throws {@link Refusal} saying which and what to do (the help would not say more).
 */
export async function checkFiles(options: IssueOptions): Promise<void> {
  const problem = (await inputProblem(options.file)) ?? (await outProblem(options));
  if (problem !== undefined) throw new Refusal(problem);
}

/**
 * The client of the run: `YUPANA_BASE_URL` in `env` when set, else `--environment`, else the
 * client's default. The SDK is loaded here, with `import('../../index.js')`, which the build
 * keeps as a load of `dist/index.js`: only types come from it statically.
 *
 * @throws {@link UsageError} with the client's message when it refuses its options (a plain `http://` address...).
 */
export async function clientFor(apiKey: string, env: Record<string, string | undefined>, environment: IssueOptions['environment']): Promise<Client> {
  const sdk = await import('../../index.js');
  const baseURL = env.YUPANA_BASE_URL;
  try {
    return new sdk.Client({ apiKey, ...(baseURL ? { baseURL } : environment ? { environment } : {}) });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The input file's problem that makes the run a usage error, or `undefined` when it can be read. */
async function inputProblem(file: string): Promise<string | undefined> {
  try {
    if (!(await stat(file)).isFile()) return `${file} is not a file`;
    await access(file, constants.R_OK);
    return undefined;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file}: ${(error as Error).message}`;
  }
}

/**
 * Why `out` cannot be the results file of `file`, or `undefined`. The files themselves are
 * compared (device and inode, links followed), not their names: a symbolic or hard link to the
 * input, or its name in another case on a case-insensitive disk, is the input. A results file
 * that does not exist yet needs a folder that exists and takes new files (its lock is made there
 * too); one that exists must be writable. The message names `--out` (or says it is the default).
 */
async function outProblem(options: IssueOptions): Promise<string | undefined> {
  const { file, out, outGiven } = options;
  const named = outGiven ? `--out ${out}` : `the results file ${out} (the default; name another with --out)`;
  /** The run's command with the default results file, or a new one beside it when that is `out`. */
  const elsewhere = () => commandLine(issueCommand({ ...options, outGiven: false }, out === defaultOutPath(file) ? { out: freshOut(out) } : {})).trimEnd();
  const why = (error: unknown) => ((error as { code?: unknown }).code === 'EROFS' ? 'a read-only file system' : (error as Error).message);
  let outStat: Awaited<ReturnType<typeof stat>> | undefined;
  try {
    outStat = await stat(out);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') return `cannot use ${named}: ${why(error)}`;
  }
  if (outStat !== undefined) {
    const inputStat = await stat(file);
    if (outStat.dev === inputStat.dev && outStat.ino === inputStat.ino)
      return `--out ${out} is the input file itself (the same file under another name); name another results file:${elsewhere()}`;
    if (!outStat.isFile()) return `--out ${out} is not a regular file (a directory, a device...); name a results file:${elsewhere()}`;
    try {
      await access(out, constants.W_OK);
    } catch (error) {
      return `cannot write ${named} (${why(error)}); name a results file you can write to:${elsewhere()}`;
    }
  }
  // The lock file is made beside the results file, and a new results file there.
  const folder = dirname(resolve(await realpath(out).catch(() => out)));
  try {
    if (!(await stat(folder)).isDirectory()) return `${named}: ${folder} is not a folder`;
    await access(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      return `${named}: its folder ${folder} does not exist; create it, then run the same command again:\n    mkdir -p ${shellWord(folder)}${commandLine(issueCommand(options)).trimEnd()}`;
    }
    return `${named}: cannot create a file in its folder ${folder} (${why(error)}); name a results file in a folder you can write to`;
  }
}
