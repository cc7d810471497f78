/**
 * What `startMockServer` lets in, before the sandbox sees a request: a `Host` header that names
 * the server (against DNS rebinding: a page of another site whose name was made to point at
 * 127.0.0.1 still sends its own name), and an `Origin` the user allows (CORS: by default only the
 * server's own, so a web page elsewhere cannot drive a sandbox on this machine).
 *
 * @module
 */
import { isIP } from 'node:net';
import { problemResponse } from './middleware/problem.js';
import { randomId } from './store/ids.js';

/** A host name without brackets, in lower case, without a trailing dot. */
function bare(name: string): string {
  const lower = name.toLowerCase();
  const unbracketed = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  return unbracketed.endsWith('.') ? unbracketed.slice(0, -1) : unbracketed;
}

/** Whether `host` is a loopback interface (`localhost`, 127.0.0.0/8, `::1`): only this machine reaches it. */
export function isLoopback(host: string): boolean {
  const name = bare(host);
  if (name === 'localhost') return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) !== 6) return false;
  // The URL parser writes an IPv6 address the one way (`::1`, `::ffff:7f00:1` for ::ffff:127.0.0.1).
  const canonical = new URL(`http://[${name}]`).hostname;
  return canonical === '[::1]' || canonical.startsWith('[::ffff:7f');
}

/**
 * Which `Host` headers name the server: any IP address (a page cannot be rebound to an address
 * literal: rebinding needs a name its attacker controls), `localhost` and its subdomains (which
 * browsers resolve to loopback themselves), the host it listens on, and the names given.
 */
export class HostGuard {
  readonly #names: ReadonlySet<string>;

  constructor(names: readonly string[]) {
    this.#names = new Set(names.map(bare));
  }

  /** Whether the `Host` header `header` (`name` or `name:port`; `undefined` without one, as HTTP/1.0 allows) names the server. */
  allows(header: string | undefined): boolean {
    if (header === undefined) return true;
    let name: string;
    try {
      name = bare(new URL(`http://${header}`).hostname);
    } catch {
      return false;
    }
    return isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost') || this.#names.has(name);
  }
}

/**
 * Which pages may call the server (CORS): a request carries `Origin` when a browser sends it. The
 * server's own origin (its `Host`, over http or https through a proxy) always may; others only
 * when listed (`*`: any).
 */
export class OriginGuard {
  readonly #origins: ReadonlySet<string>;

  /** @param origins Origins as `scheme://host[:port]`, or `*`; each as its URL's `origin` (a trailing slash dropped). */
  constructor(origins: readonly string[]) {
    this.#origins = new Set(origins.map((origin) => (origin === '*' ? origin : new URL(origin).origin)));
  }

  /** Whether a request from a page of `origin` (`undefined`: not from a page) to `host` may be answered. */
  allows(origin: string | undefined, host: string | undefined): boolean {
    if (origin === undefined || this.#origins.has('*') || this.#origins.has(origin)) return true;
    return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  }
}

/**
 * The origins in `origins`, checked: each `*` or an http(s) origin with nothing after it.
 *
 * @throws TypeError naming the first that is neither.
 */
export function checkOrigins(origins: readonly string[]): readonly string[] {
  for (const origin of origins) {
    if (origin === '*') continue;
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    const bareOrigin = origin.endsWith('/') ? origin.slice(0, -1) : origin;
    if ((url?.protocol !== 'http:' && url?.protocol !== 'https:') || url.origin !== bareOrigin.toLowerCase()) {
      throw new TypeError(`corsOrigins: each must be * or an origin such as http://localhost:5173 (scheme, host and port only), got ${JSON.stringify(origin)}`);
    }
  }
  return origins;
}

/** The 421 of a request whose `Host` does not name the server. */
export const misdirected = (host: string): Response =>
  problemResponse(
    421,
    'misdirected_request',
    `The Host header ${JSON.stringify(host)} does not name this server: a web page may have been pointed at it (DNS rebinding). Call it by its address, or allow the name (allowedHosts, --allowed-host).`,
    randomId('req_'),
  );

/** The 403 of a request from a page whose origin may not call the server. */
export const forbiddenOrigin = (origin: string): Response =>
  problemResponse(403, 'forbidden_origin', `Pages of ${origin} may not call this sandbox: allow the origin (corsOrigins, --cors-origin ${origin}).`, randomId('req_'));
