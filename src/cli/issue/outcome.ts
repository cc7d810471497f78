/**
 * How a `yupana issue` run ended: in words, for its summary, and as its exit status.
 *
 * @module
 */
import { type CliIO, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_TERMINATED } from '../io.js';
import type { Tally } from './progress.js';

/** The exit status of a run that `io.stop` ended: {@link EXIT_TERMINATED} for a SIGTERM, else {@link EXIT_INTERRUPTED}. */
export const stoppedStatus = (io: CliIO): number => (io.stop?.reason === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED);

/**
 * Why a run ended before the end of its input, as its summary says it (`interrupted`,
 * `terminated (SIGTERM)`, `stopped by an error`), or `undefined` when it read the whole input.
 * `crashed`: the input could not be read on, or a result could not be written.
 */
export function endedEarly(io: CliIO, crashed: boolean): string | undefined {
  if (io.stop?.aborted) return io.stop.reason === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted';
  return crashed ? 'stopped by an error' : undefined;
}

/**
 * The exit status of a run: {@link stoppedStatus} when `io.stop` ended it; {@link EXIT_FAILED} when
 * it `crashed`, or a line failed, or SUNAT rejected a line's document (issued, replayed or
 * skipped in this run), or a line was answered with a document another run had issued (a new sale
 * it may be); otherwise 0.
 */
export function exitStatus(tally: Tally, io: CliIO, crashed: boolean): number {
  if (io.stop?.aborted) return stoppedStatus(io);
  return crashed || tally.failed > 0 || tally.rejected > 0 || tally.replayedElsewhere > 0 ? EXIT_FAILED : 0;
}
