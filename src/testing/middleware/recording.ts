/**
 * The log of the requests a sandbox received, for a test's assertions: bounded by count and by
 * size, the oldest dropped first. A body is kept as the text received and parsed when first read.
 *
 * @module
 */
import { parseJson } from './body.js';

/** How many requests the mock records by default (see `MockSandboxOptions.maxRecordedRequests`). */
export const DEFAULT_MAX_RECORDED_REQUESTS = 10_000;

/** How many bytes of requests the mock records by default: 32 MiB (see `MockSandboxOptions.maxRecordedBytes`). */
export const DEFAULT_MAX_RECORDED_BYTES = 32 * 1024 * 1024;

/** What a recorded request costs beside its text (the objects that hold it), in bytes: an estimate. */
const RECORD_OVERHEAD_BYTES = 200;

/** A request the mock received, for assertions. */
export interface RecordedRequest {
  /** Upper-case method. */
  method: string;
  /** Path with query, e.g. `/v1/documents?limit=2`. */
  path: string;
  /** Headers, names in lower case. */
  headers: Record<string, string>;
  /**
   * The parsed JSON body, the raw text when it is not JSON, `undefined` when empty or over
   * `maxBodyBytes`. Kept as text, parsed on first read.
   */
  body: unknown;
}

/** What each request kept costs, in bytes, against the log's budget. */
const sizes = new WeakMap<RecordedRequest, number>();

/**
 * A request's log, bounded by `maxRequests` and by `maxBytes`: each request costs the text it
 * keeps (path, headers, body, one byte a UTF-16 unit) plus a fixed overhead.
 */
export class RequestLog {
  /** What the log holds now, in bytes. */
  #bytes = 0;

  /**
   * @param entries The array a sandbox exposes as `requests`: oldest first.
   */
  constructor(
    readonly entries: RecordedRequest[],
    private readonly maxRequests: number,
    private readonly maxBytes: number,
  ) {}

  /** What the log holds now, in bytes (as it counts them). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Adds `request`, then drops the oldest requests while over either bound (the new one too, when it alone is). */
  add(request: RecordedRequest): void {
    this.entries.push(request);
    this.#bytes += sizes.get(request) ?? RECORD_OVERHEAD_BYTES;
    while (this.entries.length > 0 && (this.entries.length > this.maxRequests || this.#bytes > this.maxBytes)) {
      const dropped = this.entries.shift()!;
      this.#bytes -= sizes.get(dropped) ?? RECORD_OVERHEAD_BYTES;
    }
    if (this.entries.length === 0) this.#bytes = 0;
  }

  /** Forgets every request. */
  clear(): void {
    this.entries.length = 0;
    this.#bytes = 0;
  }
}

/**
 * A request as recorded: its method, path with query, headers and body, from `text`, the body as
 * received (`undefined` when it was not read: over the limit, or a preflight).
 */
export function recordedRequest(request: Request, url: URL, text: string | undefined): RecordedRequest {
  const path = url.pathname + url.search;
  const headers = Object.fromEntries(request.headers);
  let raw = text;
  let size = RECORD_OVERHEAD_BYTES + path.length + (raw?.length ?? 0);
  for (const name in headers) size += name.length + headers[name]!.length;
  let parsed: { value: unknown } | undefined;
  const recorded: RecordedRequest = {
    method: request.method,
    path,
    headers,
    get body() {
      if (parsed === undefined) {
        const json = raw === undefined ? undefined : parseJson(raw);
        parsed = { value: json === undefined ? undefined : json.ok ? json.value : raw };
        raw = undefined;
      }
      return parsed.value;
    },
    set body(value: unknown) {
      parsed = { value };
      raw = undefined;
    },
  };
  sizes.set(recorded, size);
  return recorded;
}
