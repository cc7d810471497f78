/**
 * Injected faults: the `MockFault`s a test queues with `failNext()` (or plans with the `fault`
 * option), and the answers they make.
 *
 * @module
 */
import { HttpResponse } from 'msw';
import { codeForStatus, problemBody } from './problem.js';

/**
 * A fault for one request, queued with {@link MockSandbox.failNext}:
 * - `{ status, body?, headers? }` answers that status before any handling. An object `body` is
 *   sent as `application/problem+json`, a string body raw as `text/html`; without a body the
 *   API's problem+json for that status (429 `rate_limited`, 500 `internal_error`, 502-504 `unavailable`...).
 * - `{ network: 'error' }` fails the connection before any handling (msw `HttpResponse.error()`;
 *   the real server destroys the socket).
 * - `{ network: 'hang' }` never answers and handles nothing, like a dead upstream behind a load
 *   balancer: only the client's timeout ends the attempt.
 * - `{ delayMs }` waits, then answers normally. An idempotency key is claimed before the wait,
 *   so a second request with the same key meanwhile gets 409 `idempotency_key_in_use`.
 * - `{ response: 'drop' }` handles the request (a create issues its document and the answer is
 *   stored for replay), then fails the connection instead of answering: the response is lost.
 * - `{ response: 'reset' | 'stall' | 'truncate', afterBytes }` handles the request, sends the
 *   status, the headers and the first `afterBytes` bytes of the body, and then the connection
 *   resets, nothing more ever comes, or the body ends there (well framed, but cut short).
 */
export type MockFault =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { network: 'error' | 'hang' }
  | { delayMs: number }
  | { response: 'drop' }
  | { response: 'reset' | 'stall' | 'truncate'; afterBytes: number };

/** The answer to a `{ status }` fault. */
export function faultResponse(fault: { status: number; body?: unknown; headers?: Record<string, string> }, requestId: string): Response {
  const { status, body } = fault;
  const [text, type] =
    typeof body === 'string'
      ? [body, 'text/html; charset=utf-8']
      : [JSON.stringify(body ?? problemBody(status, codeForStatus(status), `Simulated ${status} response`, requestId)), 'application/problem+json'];
  return new Response(text, {
    status,
    headers: { 'Content-Type': type, 'Request-Id': requestId, ...fault.headers },
  });
}

/** The handled `response`, damaged as a `{ response }` fault says. */
export async function damage(response: Response, fault: Extract<MockFault, { response: string }>): Promise<Response> {
  if (fault.response === 'drop') return HttpResponse.error();
  const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, fault.afterBytes);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent && bytes.length > 0) {
        sent = true;
        controller.enqueue(bytes);
        return undefined;
      }
      if (fault.response === 'truncate') return controller.close();
      if (fault.response === 'reset') return controller.error(new Error('Simulated connection reset in the middle of the body'));
      return new Promise<void>(() => undefined); // stall: the rest never comes
    },
  });
  return new Response(body, { status: response.status, headers });
}
