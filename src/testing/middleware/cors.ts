/**
 * CORS for the mock, so a web page on another origin (a browser test, a front-end dev server)
 * can call it: preflights are answered, and responses to cross-origin requests are readable. The
 * msw handlers answer any origin (no page reaches them but the one they run in); `startMockServer`
 * lets in only the origins it allows (`guards.ts`) before these headers are added.
 *
 * @module
 */

/** Every method the API has. */
const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/** The request headers the SDK sends that a browser asks permission for. */
const SDK_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'Yupana-Client', 'Yupana-Retry-Count'];

/** The response headers the SDK reads; a browser hides any other than the CORS-safelisted ones. */
const EXPOSED = ['Request-Id', 'Retry-After', 'Idempotent-Replayed', 'RateLimit', 'RateLimit-Policy', 'Yupana-Should-Retry'];

/**
 * The answer to a preflight (`OPTIONS`): the page's origin, every method, the SDK's headers and
 * every header the page asks for in `Access-Control-Request-Headers` (its own `defaultHeaders`);
 * and, when a browser asks (Private Network Access: a public page calling a sandbox on this
 * machine), leave to reach the private network.
 */
export function preflightResponse(request: Request): Response {
  const asked = request.headers.get('access-control-request-headers');
  const headers = new Headers({
    Allow: METHODS,
    'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
    'Access-Control-Allow-Methods': METHODS,
    'Access-Control-Allow-Headers': asked ? `${SDK_HEADERS.join(', ')}, ${asked}` : SDK_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
    Vary: 'Origin, Access-Control-Request-Headers',
  });
  if (request.headers.get('access-control-request-private-network') === 'true') headers.set('Access-Control-Allow-Private-Network', 'true');
  return new Response(null, { status: 204, headers });
}

/**
 * Makes a response to a cross-origin request (one with an `Origin` header) readable by the page:
 * allows its origin and exposes the headers the SDK reads. Other responses are left as they are.
 */
export function withCors(request: Request, response: Response): Response {
  const origin = request.headers.get('origin');
  if (origin === null || response.type === 'error') return response;
  response.headers.set('Access-Control-Allow-Origin', origin);
  response.headers.set('Access-Control-Expose-Headers', EXPOSED.join(', '));
  response.headers.append('Vary', 'Origin');
  return response;
}
