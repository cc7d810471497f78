/**
 * One `yupana issue` run per results file at a time: a lock file beside it, `<results>.lock`,
 * created exclusively (`O_EXCL`) and holding `{"pid":…,"host":…}` of the run that holds it.
 *
 * @module
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { shellWord } from './commands.js';

/** The lock is held by another run (or cannot be made): the run stops before sending anything. */
export class LockError extends Error {
  override name = 'LockError';
  /** The lock file. */
  readonly path: string;
  /** Whether another run holds it (rather than the file system refusing it). */
  readonly held: boolean;

  constructor(message: string, path: string, held: boolean) {
    super(message);
    this.path = path;
    this.held = held;
  }

  /** The message, with the commands that do what it says once no run is going: `again`, the run's. */
  advice(again: string): string {
    if (!this.held) return this.message;
    return `${this.message}. If no run is going (the process is gone, or ran on another machine), delete the lock and run again:\n    rm ${shellWord(this.path)}\n    ${again}`;
  }
}

/** A lock held by this process, until {@link release}. */
export interface Lock {
  /** The lock file. */
  path: string;
  /** Deletes the lock file; again is a no-op. */
  release(): void;
}

/**
 * The lock file of results file `out`: beside the file itself, links resolved, so that two names
 * of one results file (a symbolic link, a relative path) share one lock.
 */
export async function lockPathOf(out: string): Promise<string> {
  try {
    return `${await realpath(out)}.lock`;
  } catch {
    try {
      return `${join(await realpath(dirname(out)), basename(out))}.lock`;
    } catch {
      return `${out}.lock`; // a missing folder: making the lock fails and says so
    }
  }
}

interface Holder {
  pid: number;
  host: string;
}

function readHolder(path: string): Holder | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof value.pid === 'number' && Number.isSafeInteger(value.pid) && value.pid > 0 && typeof value.host === 'string'
      ? { pid: value.pid, host: value.host }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether process `pid` is running on this machine (one we may not signal runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code !== 'ESRCH';
  }
}

/** The lock files this process holds. */
const heldHere = new Set<string>();

/**
 * Whether `holder` of lock `path` is a run on this host that is over: its lock is stale. A lock
 * naming this very process that it does not hold was left by an earlier process that had the same
 * id (a container restarted: the same host name, and often the same pid).
 */
const isStale = (holder: Holder | undefined, host: string, path: string): holder is Holder =>
  holder !== undefined && holder.host === host && (holder.pid === process.pid ? !heldHere.has(path) : !isRunning(holder.pid));

/**
 * Takes the lock `path` for this process. A lock left by a run on this host whose process is no
 * longer running (killed, or the machine restarted) is stale and taken over; any other is refused.
 *
 * @throws {@link LockError} when another run holds it, or the lock file cannot be made.
 */
export function acquireLock(path: string): Lock {
  const me: Holder = { pid: process.pid, host: hostname() };
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw new LockError(`cannot create the lock file ${path}: ${(error as Error).message}`, path, false);
      const holder = readHolder(path);
      if (attempt === 0 && isStale(holder, me.host, path)) {
        // Read again just before deleting: another run may have taken it over meanwhile.
        const again = readHolder(path);
        if (again?.pid === holder.pid && again.host === holder.host) {
          try {
            unlinkSync(path);
          } catch {
            // another run deleted it first: try to create it once more
          }
        }
        continue;
      }
      const who = holder ? `process ${holder.pid} on ${holder.host}` : 'another run';
      throw new LockError(`another run is using this results file (${path} is held by ${who}): one run of a batch at a time`, path, true);
    }
    try {
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
    } catch (error) {
      closeSync(fd);
      unlinkSync(path);
      throw new LockError(`cannot write the lock file ${path}: ${(error as Error).message}`, path, false);
    }
    let held = true;
    heldHere.add(path);
    return {
      path,
      release() {
        if (!held) return;
        held = false;
        heldHere.delete(path);
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      },
    };
  }
}
