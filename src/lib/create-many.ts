import { idempotencyKeyProblem, limitIssues, type RequestOptions } from '../core/options.js';
import { type APIPromise, parseRateLimit } from '../core/api-promise.js';
import { APIUserAbortError, type FieldIssue, RateLimitError, ValidationError, YupanaError } from '../core/errors.js';
import { MAX_RETRY_AFTER_SECONDS, type PolicedOptions, RATE_LIMIT_POLICY, type RateLimitPolicy } from '../core/request.js';
import type { Document, DocumentCreateParams } from '../models/document.js';
import { timeoutProblem } from '../internal/limits.js';
import type { LevelLog } from '../core/log.js';
import { RateBudget } from './rate-budget.js';
import { uuid } from '../internal/runtime.js';

/** The default number of documents `createMany` issues at the same time. */
export const DEFAULT_CONCURRENCY = 4;
/** The most documents `createMany` issues at the same time. */
export const MAX_CONCURRENCY = 32;
const OPERATION = 'documents.createMany';
/** The default of {@link CreateManyOptions.maxRateLimitWait}: 5 minutes. */
const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 300_000;
/** The default of {@link CreateManyOptions.maxBudgetWait}: 60 s. */
const DEFAULT_MAX_BUDGET_WAIT_MS = 60_000;
/**
 * The shortest pause after a 429 (ms): `Retry-After: 0` (or a `RateLimit` reset of 0) means
 * "within the second" at that header's resolution, and is waited as 1 s, not retried at once.
 */
const MIN_RATE_LIMIT_PAUSE_MS = 1_000;

/** Options of `documents.createMany(inputs, options)`. `timeout` and `headers` apply to every request. */
export interface CreateManyOptions extends Omit<RequestOptions, 'idempotencyKey' | 'signal'> {
  /**
   * How many documents are issued at the same time: a whole number from 1 to 32. Whatever the
   * value, all of them share one rate budget, so a higher value does not provoke 429s.
   * @defaultValue `4`
   */
  concurrency?: number | undefined;
  /**
   * The `Idempotency-Key` of each input, from the body and its position: make it stable (e.g.
   * `` (body) => `order-${body.metadata?.orderId}` ``) and a re-run within the server's 24-hour
   * replay window issues nothing twice: each document already issued is answered from the
   * server's record, with `replayed: true`. A function that throws or returns something other
   * than 1 to 255 printable ASCII characters makes that input's result a `ValidationError`, and
   * the input is not sent; so does a key it already gave an earlier input of the run (the run
   * keeps the keys it gave, a few MB per 100 000 inputs).
   * @defaultValue a fresh UUID per input: safe retries within this run, but a re-run issues everything again.
   */
  idempotencyKey?: ((body: DocumentCreateParams, index: number) => string) | undefined;
  /**
   * Stops the run: no further input is read or started, the requests in flight are aborted, and
   * every input read so far still gets its result (those that did not complete fail with an
   * `APIUserAbortError`). Then the iteration ends, without throwing, even while an async source
   * is still producing its next input (that input is not sent; the source is told to close).
   * @defaultValue none
   */
  signal?: AbortSignal | undefined;
  /**
   * Called with the running counts just before each result is handed to you (once per input).
   * An exception it throws ends the run, like a `break`, and comes out of your loop.
   * @defaultValue none
   */
  onProgress?: ((progress: CreateManyProgress) => void) | undefined;
  /**
   * Retries per input after connection failures, timeouts, 409 and 5xx, with the usual backoff.
   * Waits imposed by the rate limit (a 429 whose `Retry-After` is at most 60 s) are not retries:
   * they pause every worker and do not use these up (`maxRateLimitWait` bounds them).
   * @defaultValue the client's `maxRetries`
   */
  maxRetries?: number | undefined;
  /**
   * Milliseconds one input may spend, in all, in the pauses its own 429s impose (each at least
   * 1 s, even for `Retry-After: 0`). A 429 whose pause would take it past this makes its result a
   * `RateLimitError` saying how many 429s and how long it waited, so a server stuck at 429 cannot
   * hold the run forever.
   * @defaultValue `300_000` (5 minutes)
   */
  maxRateLimitWait?: number | undefined;
  /**
   * The longest a worker waits, in one go, for the rate limit window to reset when the
   * `RateLimit` header of an answer says none is left (`RateLimit: r=0;t=86400` would otherwise
   * hold the run for a day). Past it, the wait is cut to this length, logged as a warning through
   * the client's logger, and the next request finds out from the server (a 429 asking for longer
   * than 60 s is then an ordinary failure, using up `maxRetries`).
   * @defaultValue `60_000` (60 s)
   */
  maxBudgetWait?: number | undefined;
}

/**
 * The outcome of one input of `createMany`, in completion order. `index` is the input's position
 * (from 0) and `idempotencyKey` the key it was sent with: keep them to reconcile and to re-run.
 */
export type CreateManyResult =
  | {
      /** The input's position in `inputs`, from 0. */
      index: number;
      /** The `Idempotency-Key` the document was issued with. */
      idempotencyKey: string;
      ok: true;
      /** The document as the API answered it (`pending` when SUNAT has not answered yet). */
      document: Document;
      /** Whether the server answered from its record of an earlier request with the same key: issued before, not now. */
      replayed: boolean;
    }
  | {
      /** The input's position in `inputs`, from 0. */
      index: number;
      /** The `Idempotency-Key` it was sent with; `undefined` when your `idempotencyKey` function gave no valid key. */
      idempotencyKey: string | undefined;
      ok: false;
      /**
       * Why: a `ValidationError` (nothing was sent), an `APIError` the server answered, an
       * `APIConnectionError` after the retries, or an `APIUserAbortError` when `signal` stopped the run.
       */
      error: YupanaError;
    };

/** The counts `onProgress` receives. */
export interface CreateManyProgress {
  /** Inputs read so far: each gets exactly one result. */
  started: number;
  /** Results handed out with `ok: true`, this one included. */
  succeeded: number;
  /** Results handed out with `ok: false`, this one included. */
  failed: number;
  /** Inputs read whose result has not been handed out yet: `started − succeeded − failed`. */
  inFlight: number;
  /** Milliseconds since the run started. */
  elapsedMs: number;
}

/** What the engine needs from `DocumentsResource`. */
export interface CreateManyDeps {
  /**
   * `documents.create` for input `index`: a body that breaks the create schema (or, with
   * `strictSunatChecks`, SUNAT's rules) rejects with a {@link ValidationError} naming the input,
   * and is not sent.
   */
  create(body: DocumentCreateParams, options: RequestOptions, index: number): APIPromise<Document>;
  /** The client's `maxRetries`. */
  maxRetries: number;
  /** The client's log: a budget wait cut short is a warning. */
  log: LevelLog;
}

/** Resolves every pending {@link wait} at each {@link ring}: how the reader, the workers and the consumer wake each other. */
class Doorbell {
  #waiters: (() => void)[] = [];
  wait(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
  ring(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** Refuses options that would break the run, before any input is read. */
function checkOptions(inputs: unknown, options: CreateManyOptions): void {
  const { concurrency, idempotencyKey, onProgress, maxRateLimitWait, maxBudgetWait } = options;
  const issues: FieldIssue[] = limitIssues(options);
  for (const [path, value] of Object.entries({ maxRateLimitWait, maxBudgetWait })) {
    const problem = value === undefined ? undefined : timeoutProblem(value);
    if (problem) issues.push({ path, message: problem });
  }
  const iterable = typeof inputs === 'object' && inputs !== null && (Symbol.asyncIterator in inputs || Symbol.iterator in inputs);
  if (!iterable) issues.push({ path: 'inputs', message: 'must be an Iterable or an AsyncIterable of document bodies' });
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= MAX_CONCURRENCY)) {
    issues.push({ path: 'concurrency', message: `must be a whole number from 1 to ${MAX_CONCURRENCY}` });
  }
  if (idempotencyKey !== undefined && typeof idempotencyKey !== 'function')
    issues.push({ path: 'idempotencyKey', message: 'must be a function (body, index) => string' });
  if (onProgress !== undefined && typeof onProgress !== 'function') issues.push({ path: 'onProgress', message: 'must be a function' });
  if (issues.length) throw new ValidationError(`${OPERATION} options`, issues);
}

/** The iterator of `inputs`, async or not. */
function iteratorOf<T>(inputs: Iterable<T> | AsyncIterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in inputs ? inputs[Symbol.asyncIterator]() : inputs[Symbol.iterator]();
}

/**
 * How long every worker pauses after `error`, when it is a 429 the rate limit explains: its
 * `Retry-After`, else its `RateLimit` reset, when at most 60 s; never less than {@link MIN_RATE_LIMIT_PAUSE_MS}.
 */
function rateLimitPause(error: YupanaError): number | undefined {
  if (!(error instanceof RateLimitError)) return undefined;
  const seconds = error.retryAfter ?? parseRateLimit(error.headers)?.resetSeconds;
  return seconds !== undefined && seconds <= MAX_RETRY_AFTER_SECONDS ? Math.max(seconds * 1000, MIN_RATE_LIMIT_PAUSE_MS) : undefined;
}

/** `error`, the last 429 of an input that waited `waitedMs` over `answers` 429s, with a message saying it gave up. */
function gaveUp(error: YupanaError, answers: number, waitedMs: number, maxMs: number): YupanaError {
  error.message =
    `Gave up after ${answers} answer${answers === 1 ? '' : 's'} of 429 (rate limited): another pause would take this input past ${maxMs} ms of waiting ` +
    `in all (maxRateLimitWait; ${waitedMs} ms so far). Last answer: ${error.message}`;
  return error;
}

/** Any thrown value as a {@link YupanaError}. */
const asYupanaError = (error: unknown): YupanaError =>
  error instanceof YupanaError ? error : new YupanaError(error instanceof Error ? error.message : String(error), { cause: error });

/**
 * `documents.createMany`: issues `inputs` with `concurrency` workers under one shared
 * {@link RateBudget}, and yields one result per input as each completes. Inputs are read only
 * when a worker is free and results handed out are not kept, so memory stays flat however long
 * the source. Leaving the loop early (`break`, an exception) aborts the requests in flight and
 * starts no more.
 */
export async function* createMany(
  inputs: Iterable<DocumentCreateParams> | AsyncIterable<DocumentCreateParams>,
  options: CreateManyOptions,
  deps: CreateManyDeps,
): AsyncGenerator<CreateManyResult, void, undefined> {
  checkOptions(inputs, options);
  const {
    concurrency = DEFAULT_CONCURRENCY,
    idempotencyKey: keyOf,
    signal,
    onProgress,
    maxRetries = deps.maxRetries,
    maxRateLimitWait = DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
    maxBudgetWait = DEFAULT_MAX_BUDGET_WAIT_MS,
    headers,
    ...request
  } = options;
  const startedAt = performance.now();
  const source = iteratorOf(inputs);
  const budget = new RateBudget(undefined, {
    maxWaitMs: maxBudgetWait,
    onLongWait: (statedMs) =>
      deps.log.warn?.(
        `${OPERATION}: the server's RateLimit says no request is left for ${Math.round(statedMs / 1000)} s; ` +
          `waiting ${maxBudgetWait} ms (maxBudgetWait), then asking the server again`,
      ),
  });
  const policy: RateLimitPolicy = {
    pace: budget,
    pauseOf: rateLimitPause,
    maxWaitMs: maxRateLimitWait,
    gaveUp: (error, answers, waitedMs) => gaveUp(error, answers, waitedMs, maxRateLimitWait),
  };
  /** Each caller key given so far, with the input it was given for: a key twice in one run would be one document for two inputs. */
  const keysUsed = new Map<string, number>();
  // One controller per input, not one shared signal: 32 workers' listeners on one AbortSignal would trip Node's leak warning.
  const controllers = new Set<AbortController>();
  let stopped = false;
  const slotFreed = new Doorbell();
  const resultArrived = new Doorbell();
  const results: CreateManyResult[] = [];
  const workers = new Set<Promise<void>>();
  let read = 0;
  let delivered = 0;
  let succeeded = 0;
  let failed = 0;
  let readerDone = false;
  /** Ends the reader's wait for the source's next input, when the run stops meanwhile. */
  let stopReading: (() => void) | undefined;
  let sourceFailure: { error: unknown } | undefined;

  /** Reads no further input, and aborts every input started. */
  const stopAll = () => {
    stopped = true;
    for (const controller of controllers) controller.abort();
    slotFreed.ring();
    stopReading?.();
  };
  if (signal?.aborted) stopped = true;
  signal?.addEventListener('abort', stopAll, { once: true });

  const failure = (index: number, idempotencyKey: string | undefined, error: YupanaError): CreateManyResult => ({ index, idempotencyKey, ok: false, error });
  const aborted = (index: number, idempotencyKey: string | undefined, cause?: unknown): CreateManyResult =>
    failure(index, idempotencyKey, cause instanceof APIUserAbortError ? cause : new APIUserAbortError({ cause }));
  const keyIssue = (index: number, message: string) =>
    failure(index, undefined, new ValidationError(`${OPERATION} input ${index}`, [{ path: 'idempotencyKey', message }]));

  /** Issues one input to its result: never throws. */
  async function issue(body: DocumentCreateParams, index: number, abort: AbortSignal): Promise<CreateManyResult> {
    let key: string;
    try {
      key = keyOf ? keyOf(body, index) : uuid();
    } catch (error) {
      return keyIssue(index, `the idempotencyKey function threw: ${asYupanaError(error).message}`);
    }
    // Checked here too, though create() would refuse it, so that the result carries no invalid key.
    const problem = idempotencyKeyProblem(key);
    if (problem) return keyIssue(index, problem);
    if (keyOf) {
      const first = keysUsed.get(key);
      if (first !== undefined) return keyIssue(index, `${JSON.stringify(key)} was already given to input ${first} in this run: one key is one document`);
      keysUsed.set(key, index);
    }
    // One retry loop, the request path's: this input's retries, and its 429s pausing the whole run
    // under the shared budget, happen there (see RateLimitPolicy).
    const options: PolicedOptions = { ...request, headers, idempotencyKey: key, maxRetries, signal: abort, [RATE_LIMIT_POLICY]: policy };
    try {
      const answer = await deps.create(body, options, index).withResponse();
      return { index, idempotencyKey: key, ok: true, document: answer.data, replayed: answer.replayed };
    } catch (caught) {
      const error = asYupanaError(caught);
      return abort.aborted ? aborted(index, key, error) : failure(index, key, error);
    }
  }

  /** Starts a worker on one input; its result joins the queue the consumer drains. */
  function start(body: DocumentCreateParams, index: number): void {
    const controller = new AbortController();
    if (stopped) controller.abort();
    controllers.add(controller);
    // issue() catches every failure it expects; anything else still becomes this input's result, never a hung run.
    const issued = issue(body, index, controller.signal).catch((error: unknown) => failure(index, undefined, asYupanaError(error)));
    const worker = issued.then((result) => {
      controllers.delete(controller);
      results.push(result);
      workers.delete(worker);
      resultArrived.ring();
    });
    workers.add(worker);
  }

  /** Reads the next input whenever fewer than `concurrency` inputs are read and not yet handed out. */
  async function readInputs(): Promise<void> {
    let exhausted = false;
    /** Stopped while the source was producing: its pending `next()` is left to settle by itself. */
    let abandoned = false;
    try {
      while (!stopped) {
        if (read - delivered >= concurrency) {
          await slotFreed.wait();
          continue;
        }
        // Raced with a stop: an abort ends the run even while a slow source is still producing.
        const next = await new Promise<IteratorResult<DocumentCreateParams> | undefined>((resolve, reject) => {
          stopReading = () => resolve(undefined);
          Promise.resolve(source.next()).then(resolve, reject);
        });
        stopReading = undefined;
        if (next === undefined) {
          abandoned = true;
          break;
        }
        if (next.done) {
          exhausted = true;
          break;
        }
        start(next.value, read++);
      }
    } catch (error) {
      exhausted = true;
      sourceFailure = { error };
    } finally {
      // Stopped early: let the source close what it holds (a file, a cursor). Its failure to close is
      // not the run's. An async generator closes only after the `next()` it is producing, so the
      // run does not wait for that.
      if (!exhausted) {
        const closing = Promise.resolve()
          .then(() => source.return?.())
          .catch(() => undefined);
        if (!abandoned) await closing;
      }
      readerDone = true;
      resultArrived.ring();
    }
  }

  const reader = readInputs();
  try {
    for (;;) {
      const result = results.shift();
      if (result) {
        delivered++;
        if (result.ok) succeeded++;
        else failed++;
        slotFreed.ring();
        onProgress?.({ started: read, succeeded, failed, inFlight: read - succeeded - failed, elapsedMs: performance.now() - startedAt });
        yield result;
      } else if (readerDone && workers.size === 0) {
        break;
      } else {
        await resultArrived.wait();
      }
    }
    if (sourceFailure) throw sourceFailure.error;
  } finally {
    signal?.removeEventListener('abort', stopAll);
    stopAll();
    await Promise.all(workers);
    await reader;
  }
}
