/**
 * The command line of `yupana issue`: its flags read and checked, with their defaults.
 *
 * @module
 */
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Environment } from '../../index.js';
import { CsvFileError, parseColumnMapping } from './csv.js';
import { isDocumentId } from './journal.js';
import { keyPrefixProblem } from './keys.js';
import type { SdkRules } from './sdk-rules.js';
import { formatOf } from './source.js';

/** The options of one `yupana issue` run, checked. */
export interface IssueOptions {
  /** The file to issue: JSON Lines, or CSV when its name ends in `.csv`. */
  file: string;
  /** The results file. @defaultValue {@link defaultOutPath} of `file` */
  out: string;
  /** Whether `--out` was given (advice repeats it then). */
  outGiven: boolean;
  /** `--columns` as given (`field=Header,...`, the flag repeatable), for a CSV file: read by `parseColumnMapping` (csv.ts). @defaultValue `[]` */
  columns: string[];
  /** The fields `--columns` maps to the CSV file's headers. */
  columnMapping: Map<string, string>;
  /**
   * Idempotency keys are `<keyPrefix>-<hash of the line>`.
   * @defaultValue `undefined`: the results file's, else `defaultKeyPrefix` (keys.ts) of the input
   */
  keyPrefix: string | undefined;
  /** Documents in flight at once, 1 to `createMany`'s `MAX_CONCURRENCY`. @defaultValue `createMany`'s `DEFAULT_CONCURRENCY` */
  concurrency: number;
  /** The API to call. @defaultValue `undefined`: the client's (`YUPANA_BASE_URL`, else production) */
  environment: Environment | undefined;
  /**
   * Continue a batch that began more than 24 hours ago (`--continue-batch`), which a run refuses
   * without it: the same file name a month later is more often a new batch than the old one.
   * @defaultValue `false`
   */
  continueBatch: boolean;
  /** The operator's word on lines in doubt (`--resolve <line>=<document id>|none`, repeated). @defaultValue `[]` */
  resolve: Resolution[];
  /**
   * Lines that repeat lines already sent (a copy of a line an earlier run sent, or a line another
   * batch beside this one sent in the last 24 hours) are new sales of the very same thing: issue them
   * (`--repeats-are-new`), which a run refuses without it. A new batch then gets a key prefix of
   * its own, which not even the same content shares.
   * @defaultValue `false`
   */
  repeatsAreNew: boolean;
}

/** A mistake on the command line or in what it names: reported with exit status 2, and nothing is sent. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A run refused for what its files or the API hold, not for its arguments (a results file of
 * another input, a lock held, lines repeating lines already issued): exit status 2 and nothing
 * sent, like a {@link UsageError}, its message saying what to do rather than pointing to the help.
 */
export class Refusal extends UsageError {
  override name = 'Refusal';
}

/** One `--resolve`: the line, and its document's id or `'none'` when the API holds none for it. */
export interface Resolution {
  /** The line's number, as the run that listed it said. */
  line: number;
  /** Its document's id (`doc_...`), or `'none'`. */
  document: string;
}

/**
 * Reads one `--resolve` value, `12=doc_8KqL1s` or `12=none`.
 *
 * @throws {@link UsageError} for any other shape.
 */
export function parseResolution(value: string): Resolution {
  const match = /^([1-9]\d{0,9})=(.+)$/.exec(value);
  if (match === null || (match[2] !== 'none' && !isDocumentId(match[2]))) {
    throw new UsageError(`--resolve takes <line>=<document id> or <line>=none, e.g. --resolve 12=doc_8KqL1s, got ${JSON.stringify(value)}`);
  }
  return { line: Number(match[1]), document: match[2]! };
}

/**
 * The results file for `file` when `--out` is not given: its name, extension included, and
 * `.results.jsonl`, beside it (`ventas.csv` → `ventas.csv.results.jsonl`, `ventas.jsonl` →
 * `ventas.jsonl.results.jsonl`): two inputs never share one.
 */
export function defaultOutPath(file: string): string {
  return join(dirname(file), `${basename(file)}.results.jsonl`);
}

/**
 * Reads the arguments after `issue`: the options, or `'help'` for `--help`. The environments and
 * the concurrency's bound and default are the SDK's `rules`.
 *
 * @throws {@link UsageError} for an unknown flag, a missing or extra file argument, or a flag's bad value.
 */
export function parseIssueArgs(argv: string[], rules: SdkRules): IssueOptions | 'help' {
  let parsed: ReturnType<typeof parseIssueFlags>;
  try {
    parsed = parseIssueFlags(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const [file, ...extra] = positionals;
  if (file === undefined || file === '') throw new UsageError('missing the file to issue: yupana issue <file.csv|file.jsonl>');
  if (extra.length > 0) throw new UsageError(`one file at a time: got ${positionals.length} (${positionals.join(', ')})`);

  const concurrencyText = values.concurrency ?? String(rules.defaultConcurrency);
  const concurrency = Number(concurrencyText);
  if (!/^\d+$/.test(concurrencyText) || concurrency < 1 || concurrency > rules.maxConcurrency) {
    throw new UsageError(`--concurrency must be a whole number from 1 to ${rules.maxConcurrency}, got ${JSON.stringify(values.concurrency)}`);
  }
  const environment = values.environment as Environment | undefined;
  if (environment !== undefined && !rules.environments.includes(environment)) {
    throw new UsageError(`--environment must be ${rules.environments.join(' or ')}, got ${JSON.stringify(environment)}`);
  }
  const keyPrefix = values['key-prefix'];
  const prefixProblem = keyPrefix === undefined ? undefined : keyPrefixProblem(keyPrefix);
  if (prefixProblem !== undefined) throw new UsageError(`--key-prefix ${prefixProblem}`);
  const resolve = (values.resolve ?? []).map(parseResolution);
  const columns = values.columns ?? [];
  if (columns.length > 0 && formatOf(file) !== 'csv')
    throw new UsageError(`--columns maps the headers of a CSV file, and ${file} is read as JSON Lines (its name does not end in .csv)`);
  let columnMapping: Map<string, string>;
  try {
    columnMapping = parseColumnMapping(columns);
  } catch (error) {
    if (error instanceof CsvFileError) throw new UsageError(error.message);
    throw error;
  }
  return {
    file,
    out: values.out ?? defaultOutPath(file),
    outGiven: values.out !== undefined,
    columns,
    columnMapping,
    keyPrefix,
    concurrency,
    environment,
    continueBatch: values['continue-batch'] ?? false,
    resolve,
    repeatsAreNew: values['repeats-are-new'] ?? false,
  };
}

function parseIssueFlags(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'key-prefix': { type: 'string' },
      concurrency: { type: 'string' },
      environment: { type: 'string' },
      'continue-batch': { type: 'boolean' },
      resolve: { type: 'string', multiple: true },
      'repeats-are-new': { type: 'boolean' },
      columns: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
