#!/usr/bin/env node
/**
 * `npx yupana <command>`: the yupana command line. `yupana issue <file.jsonl>` issues a JSON
 * Lines file of documents, resumably (`yupana --help`).
 *
 * Ctrl-C or SIGTERM (`docker stop`, systemd, Kubernetes) once: no new lines are read, the
 * documents in flight finish and are recorded. Twice: they are aborted (and recorded as failed,
 * to be retried). Three times: the process exits at once. Either way the next run resumes.
 *
 * @module
 */
import { EXIT_INTERRUPTED, EXIT_TERMINATED } from './io.js';
import { runCli } from './run.js';

const stop = new AbortController();
const abort = new AbortController();
let interrupts = 0;
const onSignal = (signal: NodeJS.Signals) => {
  interrupts += 1;
  if (interrupts === 1) stop.abort(signal);
  else if (interrupts === 2) abort.abort(signal);
  else process.exit(signal === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stop: stop.signal,
  abort: abort.signal,
});
