/** A result together with the HTTP response it came from. */
export interface WithResponse<T> {
  /** The parsed result, as `await` gives it. */
  data: T;
  /** The final HTTP response (its body has been read). */
  response: Response;
  /** The response's `Request-Id`: quote it to support. */
  requestId: string | undefined;
  /**
   * Whether the server replayed a stored answer to an earlier request with the same
   * `Idempotency-Key` (`Idempotent-Replayed: true`), instead of doing the work again.
   */
  replayed: boolean;
  /** Your rate limit as the response states it (`RateLimit`, `RateLimit-Policy`), when it does. */
  rateLimit: RateLimit | undefined;
}

/** A rate limit as the IETF RateLimit headers state it; a field is `undefined` when not sent. */
export interface RateLimit {
  /** Requests left in the current window (`r`). */
  remaining: number | undefined;
  /** Seconds until the window resets (`t`). */
  resetSeconds: number | undefined;
  /** Requests allowed per window (`q` of `RateLimit-Policy`). */
  limit: number | undefined;
  /** The window's length in seconds (`w` of `RateLimit-Policy`). */
  windowSeconds: number | undefined;
}

/** One numeric parameter of a structured header item: `r=42` in `"default";r=42;t=30`. */
const parameter = (header: string, name: string) => {
  const match = new RegExp(`;\\s*${name}=(\\d+)`).exec(header);
  return match ? Number(match[1]) : undefined;
};

/**
 * Reads the IETF RateLimit draft's headers: `RateLimit: "default";r=<remaining>;t=<seconds>`
 * and `RateLimit-Policy: "default";q=<quota>;w=<window>`. `undefined` without a `RateLimit` header.
 */
export function parseRateLimit(headers: Headers): RateLimit | undefined {
  const current = headers.get('ratelimit');
  if (current === null) return undefined;
  const policy = headers.get('ratelimit-policy') ?? '';
  return {
    remaining: parameter(current, 'r'),
    resetSeconds: parameter(current, 't'),
    limit: parameter(policy, 'q'),
    windowSeconds: parameter(policy, 'w'),
  };
}

/**
 * The promise every method returns: `await` it for the result, or call `.withResponse()` for
 * the result, the raw `Response` and the request id.
 *
 * ```ts
 * const { data: doc, requestId } = await client.documents.create(params).withResponse();
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  readonly #result: Promise<WithResponse<T>>;

  /** @internal */
  constructor(result: Promise<WithResponse<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }

  /** Resolves with the result, the raw `Response` and the request id. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // One reaction, not a `.then` for the data and another for the callbacks: `await` calls this on every call.
    return this.#result.then((r) => (onfulfilled ? onfulfilled(r.data) : (r.data as unknown as R1)), onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}
