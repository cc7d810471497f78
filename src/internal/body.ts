/** A body as read by {@link readBody}. */
export interface ReadBody {
  /** The bytes read, at most the limit. */
  bytes: Uint8Array;
  /** Whether the body was longer than the limit, so `bytes` holds only its start. */
  cut: boolean;
}

const noop = () => undefined;

/**
 * Reads `response`'s body, keeping at most `limit` bytes. The reader is ours, so whatever ends
 * the read early (`signal`, which carries the attempt's timeout, or the limit) cancels the body
 * stream, which closes its connection: a stalled body never holds a socket, nor keeps the process
 * alive. (`response.text()` would hold the stream's lock, and a locked stream cannot be
 * cancelled; and not every fetch, msw's among them, errors a body stream when its signal aborts.)
 * Rejects with the signal's reason when it aborts first.
 */
export function readBody(response: Response, signal: AbortSignal, limit = Infinity): Promise<ReadBody> {
  const stream = response.body;
  if (stream === null) return Promise.resolve({ bytes: new Uint8Array(0), cut: false });
  const reader = stream.getReader();
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let done = false;
    const end = (cancel: boolean) => {
      done = true;
      signal.removeEventListener('abort', onAbort);
      if (cancel) reader.cancel().catch(noop);
    };
    const fail = (reason: unknown) => {
      if (done) return;
      end(true);
      reject(reason);
    };
    const onAbort = () => fail(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    const next = (chunk: ReadableStreamReadResult<Uint8Array>): void => {
      if (done) return;
      if (chunk.done) {
        end(false);
        return resolve({ bytes: concat(chunks, size), cut: false });
      }
      chunks.push(chunk.value);
      size += chunk.value.byteLength;
      if (size > limit) {
        end(true);
        return resolve({ bytes: concat(chunks, size).subarray(0, limit), cut: true });
      }
      reader.read().then(next, fail);
    };
    reader.read().then(next, fail);
  });
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
