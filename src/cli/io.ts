/**
 * What the `yupana` commands get from the process, passed in so that tests run them in-process.
 *
 * @module
 */

/** A stream the commands write text to: `process.stdout`, `process.stderr`, or a test's collector. */
export interface TextSink {
  /** Writes `text` as is. */
  write(text: string): unknown;
  /** Whether the stream is a terminal: then progress is redrawn in place. */
  isTTY?: boolean;
  /** The terminal's width in characters, when it is one. */
  columns?: number;
}

/** The process as a command sees it. */
export interface CliIO {
  /** The environment variables (`YUPANA_API_KEY`, `YUPANA_BASE_URL`). */
  env: Record<string, string | undefined>;
  /** Where help and other requested output go. */
  stdout: TextSink;
  /** Where progress, summaries and errors go. */
  stderr: TextSink;
  /** The clock, in milliseconds. @defaultValue `performance.now` */
  now?: () => number;
  /**
   * The wall clock, in milliseconds since the epoch: the times a results file records, and today in
   * Lima. @defaultValue `Date.now`
   */
  date?: () => number;
  /**
   * Aborted at the first Ctrl-C or SIGTERM: read no more input, let the requests in flight
   * finish. Its reason is `'SIGTERM'` for a SIGTERM (the exit status is then {@link EXIT_TERMINATED}).
   */
  stop?: AbortSignal;
  /** Aborted at the second Ctrl-C or SIGTERM: abort the requests in flight. */
  abort?: AbortSignal;
}

/** Exit status of a usage error (a bad argument, a missing file or API key): nothing was sent. */
export const EXIT_USAGE = 2;

/** Exit status when some inputs failed, or SUNAT rejected their documents. */
export const EXIT_FAILED = 1;

/** Exit status after Ctrl-C, as shells report a process ended by SIGINT. */
export const EXIT_INTERRUPTED = 130;

/** Exit status after SIGTERM (`docker stop`, systemd, Kubernetes), as shells report a process ended by it. */
export const EXIT_TERMINATED = 143;

/**
 * Writes a usage error of `command` on stderr, with where to find help unless `help` is `false`
 * (a refusal whose message says what to do), and returns {@link EXIT_USAGE}.
 */
export function usageError(io: CliIO, command: string, message: string, { help = true }: { help?: boolean } = {}): number {
  io.stderr.write(`${command}: ${message}\n${help ? `Run '${command} --help' for usage.\n` : ''}`);
  return EXIT_USAGE;
}

/**
 * How long the documents in flight get after a SIGTERM before they are aborted, in milliseconds:
 * `YUPANA_STOP_GRACE` seconds when it is a number from 0 to 3600, else 5 s (within Docker's 10 s
 * between its SIGTERM and its SIGKILL).
 */
export function stopGraceMs(env: Record<string, string | undefined>): number {
  const text = env.YUPANA_STOP_GRACE?.trim();
  const seconds = Number(text);
  return text && seconds >= 0 && seconds <= 3600 ? seconds * 1000 : 5_000;
}
