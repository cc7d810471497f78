/**
 * The log of the requests a sandbox received, for a test's assertions: bounded, the oldest
 * dropped first.
 *
 * @module
 */

/** How many requests the mock records by default (see `MockSandboxOptions.maxRecordedRequests`). */
export const DEFAULT_MAX_RECORDED_REQUESTS = 10_000;

/** A request the mock received, for assertions. */
export interface RecordedRequest {
  /** Upper-case method. */
  method: string;
  /** Path with query, e.g. `/v1/documents?limit=2`. */
  path: string;
  /** Headers, names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body, the raw text when it is not JSON, `undefined` when empty. */
  body: unknown;
}

/** Adds `request` to `log`, then drops the oldest requests past `max`. */
export function recordRequest(log: RecordedRequest[], request: RecordedRequest, max: number): void {
  log.push(request);
  while (log.length > max) log.shift();
}

/** A request as recorded: its method, path with query, headers and `body` (parsed, or its text). */
export function recordedRequest(request: Request, url: URL, body: unknown): RecordedRequest {
  return { method: request.method, path: url.pathname + url.search, headers: Object.fromEntries(request.headers), body };
}
