#!/usr/bin/env node
/**
 * `npx yupana <command>`: the yupana command line. `yupana issue <file>` issues a CSV or JSON
 * Lines file of documents, resumably (`yupana --help`).
 *
 * Ctrl-C once: no new lines are read, the documents in flight finish and are recorded. Twice:
 * they are aborted (and recorded as unanswered, to be sent again with their keys). Three times:
 * the process exits at once. Either way the next run resumes.
 *
 * SIGTERM (`docker stop`, systemd, Kubernetes), which a container follows with SIGKILL after a
 * grace period (10 s for Docker, 30 s for Kubernetes): no new lines are read, and the documents in
 * flight get `stopGraceMs` (io.ts) to finish before they are aborted, so that the run records them,
 * releases its lock and exits 143 by itself before it is killed. A second SIGTERM aborts them at once.
 *
 * @module
 */
import { EXIT_INTERRUPTED, EXIT_TERMINATED, stopGraceMs } from './io.js';
import { runCli } from './run.js';

const stop = new AbortController();
const abort = new AbortController();
let interrupts = 0;
const onSignal = (signal: NodeJS.Signals) => {
  interrupts += 1;
  if (interrupts === 1) {
    stop.abort(signal);
    // The grace never keeps the process alive: a run that ends sooner exits sooner.
    if (signal === 'SIGTERM') setTimeout(() => abort.abort(signal), stopGraceMs(process.env)).unref();
  } else if (interrupts === 2) abort.abort(signal);
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
