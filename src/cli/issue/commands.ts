/**
 * The commands `yupana issue` advises: each refusal and note names the exact command that does
 * what it says, built from the run's own flags, so that copying it never drops `--out` or
 * `--columns`, nor keeps a flag the advice is about leaving out.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import type { IssueOptions } from './args.js';

/** `word` as a shell reads it back: as is when it holds no character a shell treats apart, else in single quotes. */
export const shellWord = (word: string) => (/^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** How an advised command differs from the run's. */
export interface CommandChange {
  /** Another results file. */
  out?: string;
  /** Leave `--key-prefix` out. */
  dropKeyPrefix?: boolean;
  /** Flags to add (`--repeats-are-new`, `--continue-batch`, `--resolve 3=none`...). */
  flags?: string[];
  /** An environment variable to set before it: `YUPANA_BASE_URL=https://…`. */
  env?: string;
}

/**
 * The run's command with `change`, as a shell line: `yupana issue <file>`, then the flags that
 * name the batch (`--out` when given, `--key-prefix`, `--environment`, `--columns`,
 * `--continue-batch`, `--repeats-are-new`), then the flags `change` adds. Not `--resolve` (said
 * once) nor `--concurrency` (it changes nothing of what is issued).
 */
export function issueCommand(options: IssueOptions, change: CommandChange = {}): string {
  const words = ['yupana', 'issue', options.file];
  const out = change.out ?? (options.outGiven ? options.out : undefined);
  if (out !== undefined) words.push('--out', out);
  if (options.keyPrefix !== undefined && !change.dropKeyPrefix) words.push('--key-prefix', options.keyPrefix);
  if (options.environment !== undefined) words.push('--environment', options.environment);
  for (const columns of options.columns) words.push('--columns', columns);
  const flags = change.flags ?? [];
  if (options.continueBatch && !flags.includes('--continue-batch')) words.push('--continue-batch');
  if (options.repeatsAreNew && !flags.includes('--repeats-are-new')) words.push('--repeats-are-new');
  words.push(...flags);
  return `${change.env === undefined ? '' : `${change.env} `}${words.map(shellWord).join(' ')}`;
}

/** A command on a line of its own, indented, as messages show it: copied whole, it runs as said. */
export const commandLine = (command: string) => `\n    ${command}\n`;

/**
 * A results file beside `out` that does not exist yet: `ventas.csv.results-2.jsonl`, `-3`... (still
 * `.jsonl`, so that a later batch beside it reads it as a results file).
 */
export function freshOut(out: string): string {
  const stem = out.endsWith('.jsonl') ? out.slice(0, -'.jsonl'.length) : out;
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}.jsonl`;
    if (!existsSync(candidate)) return candidate;
  }
}
