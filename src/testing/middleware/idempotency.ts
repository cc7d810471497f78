/**
 * Idempotency (docs/contract.md §3): every POST carries an `Idempotency-Key`; a repeated key
 * replays the first answer, a key reused with another body or still in flight is refused.
 *
 * @module
 */
import { MockAPIError } from './problem.js';

/** How long an idempotency key's answer is replayed (docs/contract.md §3): 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** How many bytes of idempotency records a sandbox keeps by default: 64 MiB (see `MockSandboxOptions.maxIdempotencyBytes`). */
export const DEFAULT_MAX_IDEMPOTENCY_BYTES = 64 * 1024 * 1024;

/** What a record costs beside its scope and its stored answer (the objects that hold them), in bytes: an estimate. */
const RECORD_OVERHEAD_BYTES = 200;

/** What an `Idempotency-Key` may be (docs/contract.md §3): 1 to 255 printable ASCII characters. */
export const isIdempotencyKey = (key: string): boolean => {
  if (key.length < 1 || key.length > 255) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return false;
  }
  return true;
};

/** A stored answer, replayed for a repeated idempotency key: each call makes it anew. */
export type StoredResponse = () => Response;

/** How a handled answer is kept for its idempotency key, and what keeping it costs, in bytes. */
export interface StoredAnswer {
  make: StoredResponse;
  bytes: number;
}

interface IdempotencyRecord {
  /** {@link fingerprintOf} the request body. */
  fingerprint: number;
  /** When the key is forgotten (milliseconds since the epoch). */
  expiresAt: number;
  /**
   * The first answer: how to make it again, and its `Request-Id`, which every replay carries;
   * `undefined` while the first request runs.
   */
  answer: { make: StoredResponse; requestId: string } | undefined;
  /** What the record costs against the budget, in bytes. */
  bytes: number;
}

/** JSON with object keys sorted at every depth, to compare bodies regardless of key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((key) => [key, (v as Record<string, unknown>)[key]]),
        )
      : v,
  );
}

/**
 * A 53-bit hash of a request body's {@link canonicalJson}, kept instead of the text: two bodies
 * sent with one key compare equal by it (a collision between two different bodies, about one in
 * 2^53, would replay instead of answering `idempotency_key_reused`).
 */
export function fingerprintOf(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * Idempotency keys, scoped by the caller: API key + method + path + `Idempotency-Key`. Each is
 * kept {@link IDEMPOTENCY_TTL_MS} after its first request (on `Date.now()`, so fake timers that
 * fake `Date` move it), then forgotten: the same key is then a new request. The records are
 * bounded by bytes too (`maxBytes`: each counts its scope, its stored answer's body and headers,
 * and about 200 bytes): past the budget the oldest answered keys are forgotten early, never one
 * whose request is still running (its retry would run it twice).
 */
export class IdempotencyStore {
  /** By scope, in the order they were claimed: the oldest first, so expired ones are swept from the front. */
  readonly #records = new Map<string, IdempotencyRecord>();
  /** What the records cost now, in bytes. */
  #bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_IDEMPOTENCY_BYTES) {}

  /** Forgets every key. */
  reset(): void {
    this.#records.clear();
    this.#bytes = 0;
  }

  /** How many keys it holds (expired ones are swept on the next claim). */
  get size(): number {
    return this.#records.size;
  }

  /** What the records it holds cost, in bytes (as it counts them). */
  get bytes(): number {
    return this.#bytes;
  }

  #forget(scope: string, record: IdempotencyRecord): void {
    this.#records.delete(scope);
    this.#bytes -= record.bytes;
  }

  /**
   * Claims `scope` for a request whose body has `fingerprint`. Returns the replay of the stored
   * answer, or `undefined` when the caller must run the request (and then `complete` or `release`).
   * Throws 422 `idempotency_key_reused` for another body, 409 `idempotency_key_in_use` while the
   * first request is still running.
   */
  claim(scope: string, fingerprint: number): Response | undefined {
    const now = Date.now();
    for (const [oldest, record] of this.#records) {
      if (record.expiresAt > now) break;
      this.#forget(oldest, record);
    }
    const record = this.#records.get(scope);
    if (!record) {
      const bytes = RECORD_OVERHEAD_BYTES + scope.length;
      this.#records.set(scope, { fingerprint, expiresAt: now + IDEMPOTENCY_TTL_MS, answer: undefined, bytes });
      this.#bytes += bytes;
      return undefined;
    }
    if (record.fingerprint !== fingerprint) {
      throw new MockAPIError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request body');
    }
    if (!record.answer) {
      throw new MockAPIError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed');
    }
    const response = record.answer.make();
    response.headers.set('Request-Id', record.answer.requestId);
    response.headers.set('Idempotent-Replayed', 'true');
    return response;
  }

  /**
   * Stores how to make the answer of a claimed scope again, and the `Request-Id` it had; then, past
   * the byte budget, forgets the oldest answered keys until the records fit.
   */
  complete(scope: string, answer: StoredAnswer, requestId: string): void {
    const record = this.#records.get(scope);
    if (!record) return;
    record.answer = { make: answer.make, requestId };
    record.bytes += answer.bytes + requestId.length;
    this.#bytes += answer.bytes + requestId.length;
    for (const [oldest, each] of this.#records) {
      if (this.#bytes <= this.maxBytes) break;
      if (each.answer !== undefined) this.#forget(oldest, each);
    }
  }

  /** Frees a claimed scope without storing an answer (the request did not finish). */
  release(scope: string): void {
    const record = this.#records.get(scope);
    if (record) this.#forget(scope, record);
  }
}

/** How to make each {@link replayable} response again. */
const replays = new WeakMap<Response, () => Response>();

/**
 * The response `make` answers, remembered with `make`: an idempotent replay of it makes it again
 * instead of keeping its body (for an answer that `make` renders the same each time, e.g. from an
 * unchanging version of a document).
 */
export function replayable(make: () => Response): Response {
  const response = make();
  replays.set(response, make);
  return response;
}

/** How to make `response` again, when it is {@link replayable}. */
const replayOf = (response: Response): (() => Response) | undefined => replays.get(response);

/**
 * How a handled answer is made again for its idempotency key, and what keeping it costs: rendered
 * anew when it is {@link replayable} (from what the sandbox holds anyway: it costs nothing more),
 * else from its body kept as text (its length, and its headers').
 */
export async function storedAnswer(response: Response): Promise<StoredAnswer> {
  const make = replayOf(response);
  if (make) return { make, bytes: 0 };
  const { status } = response;
  const headers = Object.fromEntries(response.headers);
  const body = await response.clone().text();
  let bytes = body.length;
  for (const name in headers) bytes += name.length + headers[name]!.length;
  return { make: () => new Response(body, { status, headers }), bytes };
}
