/**
 * The progress of a `yupana issue` run: its counts, the line redrawn on a terminal, and the
 * summary printed at the end.
 *
 * @module
 */
import type { TextSink } from '../io.js';
import { ISSUE_COMMAND } from './usage.js';

/** The counts of one run. */
export interface Tally {
  /** What the file holds, as counted: `lines` of JSON Lines, `documents` of a CSV file. */
  noun: 'lines' | 'documents';
  /** Lines (or documents) in the file, once counted. */
  total: number | undefined;
  /** Lines issued in this run: new documents. */
  issued: number;
  /** Lines the server answered from its record of an earlier request with the same key: documents issued before, by a run whose answer was lost. */
  replayed: number;
  /**
   * Lines answered, in this run or an earlier one, with documents another run of the same content
   * issued (the same day, with another results file), not this batch: replayed, or skipped as
   * recorded so. Each makes the run exit 1 until it is deleted from the file (the same sale) or
   * issued with `--repeats-are-new` (a new sale).
   */
  replayedElsewhere: number;
  /** Lines that failed in this run. */
  failed: number;
  /** Lines skipped because the results file records them as issued. */
  skipped: number;
  /** Blank lines, skipped. */
  blank: number;
  /** Documents issued in this run by status, `accepted` aside: `pending`, `rejected`... */
  statuses: Map<string, number>;
  /** Lines whose document SUNAT rejected: issued, replayed or skipped in this run. */
  rejected: number;
  /** Lines skipped whose document is still `pending` (SUNAT has not answered), after asking the API. */
  stillPending: number;
  /** Pending documents whose status could not be asked of the API, and the first error's message. */
  unrefreshed: { count: number; message: string };
  /** The lowest-numbered lines that failed, whose document SUNAT rejected, or that another run had issued, with why: at most {@link LISTED_LINES}, by number. */
  listed: { line: number; why: string }[];
}

/** How many failed or rejected lines the end of a run lists, with why: the rest are in the results file. */
export const LISTED_LINES = 10;

/** The longest reason a listed line gets on the terminal; the results file keeps the whole of it. */
const MAX_REASON_LENGTH = 300;

/** A new tally of `noun`, all zero. */
export function newTally(noun: Tally['noun'] = 'lines'): Tally {
  return {
    noun,
    total: undefined,
    issued: 0,
    replayed: 0,
    replayedElsewhere: 0,
    failed: 0,
    skipped: 0,
    blank: 0,
    statuses: new Map(),
    rejected: 0,
    stillPending: 0,
    unrefreshed: { count: 0, message: '' },
    listed: [],
  };
}

/** Lists `line` with `why`, keeping the {@link LISTED_LINES} lowest-numbered lines listed, by number. */
export function listLine(tally: Tally, line: number, why: string): void {
  tally.listed.push({ line, why: why.length > MAX_REASON_LENGTH ? `${why.slice(0, MAX_REASON_LENGTH - 1)}…` : why });
  tally.listed.sort((a, b) => a.line - b.line);
  if (tally.listed.length > LISTED_LINES) tally.listed.pop();
}

/** What the end notes of a run say about the lines another run issued. */
export interface ElsewhereAdvice {
  /** The input file. */
  file: string;
  /** The command that issues them as new sales: the run's with `--repeats-are-new`. */
  asNewSales: string;
}

/**
 * What the end of a run says before its summary: the lines listed in `t` by number, one a line (`yupana
 * issue: line 3: issueDate: is 31 days before...`), and how many more the results file `out`
 * holds (what an operator needs to fix them before a re-run, without reading JSON); then what to
 * do with lines another run issued (`advice`), notes on documents still pending, and on those
 * whose status the API did not give. Empty when there is none.
 */
export function formatEndNotes(t: Tally, out: string, advice: ElsewhereAdvice): string[] {
  const more = t.failed + t.rejected + t.replayedElsewhere - t.listed.length;
  const pending = (t.statuses.get('pending') ?? 0) + t.stillPending;
  return [
    ...t.listed.map(({ line, why }) => `${ISSUE_COMMAND}: line ${line}: ${why}`),
    ...(more > 0 ? [`${ISSUE_COMMAND}: ${more} more line(s) failed, were rejected or had been issued by another run: see ${out}`] : []),
    ...(t.replayedElsewhere > 0
      ? [
          `${ISSUE_COMMAND}: ${t.replayedElsewhere} line(s) were answered with documents another run of the same content issued in the last 24 hours. ` +
            `If they are the same sales, delete them from ${advice.file} (that run issued them) and run the same command again. ` +
            `If they are new sales of the very same thing, issue them, once each:\n    ${advice.asNewSales}`,
        ]
      : []),
    ...(pending > 0
      ? [
          `${ISSUE_COMMAND}: note: ${pending} document(s) are pending: SUNAT has not answered yet (the API keeps trying); ` +
            'run the same command again later to see their outcome (a rejected one makes it exit 1)',
        ]
      : []),
    ...(t.unrefreshed.count > 0
      ? [`${ISSUE_COMMAND}: note: could not ask the API for ${t.unrefreshed.count} pending document(s) (${t.unrefreshed.message}): their status is as recorded`]
      : []),
  ];
}

/** Counts one document the API answered with, of SUNAT status `status`: issued by this run, or `replayed` (issued before). */
export function countDocument(tally: Tally, status: string, replayed: boolean): void {
  if (replayed) tally.replayed += 1;
  else {
    tally.issued += 1;
    if (status !== 'accepted') tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  }
  if (status === 'rejected') tally.rejected += 1;
}

const linesRead = (t: Tally) => t.issued + t.replayed + t.failed + t.skipped + t.blank;

/**
 * A duration for people: `8.2 s` (one decimal by default, none with `decimals: 0`),
 * `12 min 05 s` from a minute, `2 h 07 min` from an hour.
 */
export function formatDuration(ms: number, decimals = 1): string {
  const seconds = Math.max(0, ms) / 1000;
  if (Number(seconds.toFixed(decimals)) < 60) return `${seconds.toFixed(decimals)} s`;
  const whole = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${pad(whole % 60)} s`;
  return `${Math.floor(whole / 3600)} h ${pad(Math.floor((whole % 3600) / 60))} min`;
}

/** Lines per second: one decimal under 10, whole above. */
export function formatRate(perSecond: number): string {
  return `${perSecond < 10 ? perSecond.toFixed(1) : Math.round(perSecond)}/s`;
}

/** Lines issued or failed per second of this run; `undefined` before the first result. */
function rateOf(t: Tally, elapsedMs: number): number | undefined {
  const done = t.issued + t.replayed + t.failed;
  return done > 0 && elapsedMs > 0 ? done / (elapsedMs / 1000) : undefined;
}

/**
 * The progress line: `1703/5000 lines, 1200 issued, 3 failed, 500 skipped, 94/s, ETA 35 s`. The
 * total and the ETA appear once the lines are counted, the rate and the ETA after the first
 * result; the ETA assumes the lines left go at this run's rate.
 */
export function formatProgress(t: Tally, elapsedMs: number): string {
  const read = linesRead(t);
  const parts = [t.total === undefined ? `${read} ${t.noun}` : `${read}/${t.total} ${t.noun}`, `${t.issued} issued`];
  if (t.replayed > 0) parts.push(`${t.replayed} replayed`);
  parts.push(`${t.failed} failed`);
  if (t.skipped > 0) parts.push(`${t.skipped} skipped`);
  const rate = rateOf(t, elapsedMs);
  if (rate !== undefined) {
    parts.push(formatRate(rate));
    if (t.total !== undefined) parts.push(`ETA ${formatDuration((Math.max(0, t.total - read) / rate) * 1000, 0)}`);
  }
  return parts.join(', ');
}

/**
 * The line printed at the end:
 * `yupana issue: 2000 lines, 1998 issued, 0 replayed, 2 failed, 0 skipped (already issued) in 21.3 s (94/s); results in x.results.jsonl`.
 * Statuses other than `accepted` follow the issued count (`1998 issued (3 pending)`), blank lines
 * the skipped ones when there are any, and the lines SUNAT rejected come last. A run that ended
 * early says why (`stopped`: `interrupted`...) and how to resume.
 */
export function formatSummary(t: Tally, elapsedMs: number, out: string, stopped?: string): string {
  const statuses = [...t.statuses].map(([status, n]) => `${n} ${status}`).join(', ');
  const counts = [
    `${linesRead(t)} ${t.noun}`,
    `${t.issued} issued${statuses ? ` (${statuses})` : ''}`,
    `${t.replayed} replayed`,
    `${t.failed} failed`,
    `${t.skipped} skipped (already issued)`,
    ...(t.blank > 0 ? [`${t.blank} blank`] : []),
    ...(t.rejected > 0 ? [`${t.rejected} rejected by SUNAT`] : []),
  ].join(', ');
  const rate = rateOf(t, elapsedMs);
  const timing = `in ${formatDuration(elapsedMs)}${rate === undefined ? '' : ` (${formatRate(rate)})`}`;
  return stopped === undefined
    ? `${ISSUE_COMMAND}: ${counts} ${timing}; results in ${out}`
    : `${ISSUE_COMMAND}: ${stopped} after ${counts} ${timing}; results in ${out}; run the same command again to resume`;
}

/** Options of {@link Progress}. */
export interface ProgressOptions {
  /** Where to write: on a terminal the progress line is redrawn in place, elsewhere only notes and the summary are written. */
  stream: TextSink;
  /** The clock, in milliseconds. */
  now: () => number;
  /** The least time between two redraws. @defaultValue `100` (at most 10 a second) */
  intervalMs?: number;
}

const CLEAR_LINE = '\r\x1b[2K';

/** The progress of a run on stderr: a line redrawn in place on a terminal, and a summary at the end. */
export class Progress {
  readonly #tally: Tally;
  readonly #stream: TextSink;
  readonly #now: () => number;
  readonly #intervalMs: number;
  readonly #start: number;
  #drawnAt = -Infinity;
  #drawn = false;
  /** The redraw of a tick that came too soon after the last: the line never stays behind the counts while the run waits. */
  #trailing: ReturnType<typeof setTimeout> | undefined;

  constructor(tally: Tally, options: ProgressOptions) {
    this.#tally = tally;
    this.#stream = options.stream;
    this.#now = options.now;
    this.#intervalMs = options.intervalMs ?? 100;
    this.#start = options.now();
  }

  /** Milliseconds since the run started. */
  get elapsedMs(): number {
    return this.#now() - this.#start;
  }

  /**
   * Redraws the progress line on a terminal; when it was drawn less than `intervalMs` ago, once
   * that interval is over (a run waiting on a slow answer still shows its last counts).
   */
  tick(): void {
    if (!this.#stream.isTTY) return;
    const wait = this.#intervalMs - (this.#now() - this.#drawnAt);
    if (wait > 0) {
      if (this.#trailing === undefined) {
        this.#trailing = setTimeout(() => {
          this.#trailing = undefined;
          this.#draw();
        }, wait);
        // A redraw never keeps the process alive.
        this.#trailing.unref?.();
      }
      return;
    }
    this.#draw();
  }

  #draw(): void {
    const now = this.#now();
    this.#drawnAt = now;
    const line = formatProgress(this.#tally, now - this.#start);
    const width = this.#stream.columns;
    this.#stream.write(`${CLEAR_LINE}${width !== undefined && width > 1 ? line.slice(0, width - 1) : line}`);
    this.#drawn = true;
  }

  /** Writes a line of its own; on a terminal the progress line is redrawn below it at the next tick. */
  note(message: string): void {
    this.#clear();
    this.#stream.write(`${message}\n`);
    this.#drawnAt = -Infinity;
  }

  /** Replaces the progress line with the summary. */
  finish(summary: string): void {
    this.#clear();
    this.#stream.write(`${summary}\n`);
  }

  #clear(): void {
    clearTimeout(this.#trailing);
    this.#trailing = undefined;
    if (this.#drawn) this.#stream.write(CLEAR_LINE);
    this.#drawn = false;
  }
}
