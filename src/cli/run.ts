/**
 * `yupana <command>`: picks the command. The bin (`main.ts`) wires it to the process.
 *
 * @module
 */
import { type CliIO, usageError } from './io.js';
import { runIssue } from './issue/command.js';

/** The help of `yupana`. */
export const USAGE = `Usage: yupana <command> [options]

Commands:
  issue <file>        issue the documents of a CSV or JSON Lines file, resumably

Options:
  -h, --help          show this help ('yupana issue --help' for the command's)
  -v, --version       show the version`;

/**
 * Runs the `yupana` command line with its arguments (without `node` and the script) and answers
 * the exit status: the command's, or 2 for a missing or unknown command.
 */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'issue':
      return runIssue(rest, io);
    case '-h':
    case '--help':
    case 'help':
      io.stdout.write(`${USAGE}\n`);
      return 0;
    case '-v':
    case '--version': {
      const { VERSION } = await import('../index.js');
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    case undefined:
      return usageError(io, 'yupana', 'missing the command: yupana issue <file.csv|file.jsonl>');
    default:
      return usageError(io, 'yupana', `unknown command ${JSON.stringify(command)}; the commands are: issue`);
  }
}
