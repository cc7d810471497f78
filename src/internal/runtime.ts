interface RuntimeGlobals {
  process?: { env?: Record<string, string | undefined>; versions?: { node?: string; bun?: string } };
  Deno?: { version?: { deno?: string }; env?: { get(name: string): string | undefined } };
  EdgeRuntime?: unknown;
}
const g = globalThis as RuntimeGlobals;

/** Reads an environment variable where the runtime has them (Node, Bun, Deno); `undefined` elsewhere. */
export function readEnv(name: string): string | undefined {
  try {
    return g.process?.env?.[name] ?? g.Deno?.env?.get(name) ?? undefined;
  } catch {
    return undefined; // Deno without --allow-env
  }
}

/**
 * Whether this code runs in a web page: `window`, `document` and `navigator` are all defined.
 * Servers are not browsers: Node and Bun have no `document`, Deno has no `document` (Deno 1 had
 * a `window`), web workers and edge runtimes (Vercel Edge, Cloudflare Workers) have no `window`.
 */
export function isBrowser(): boolean {
  return g.Deno === undefined && typeof window !== 'undefined' && typeof document !== 'undefined' && typeof navigator !== 'undefined';
}

/** `runtime/version` for the `Yupana-Client` header: `node/20.20.2`, `deno/2.1.0`, `bun/1.2.0`, `edge`, `browser`, or `unknown`. */
export function runtimeTag(): string {
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`;
  if (g.process?.versions?.bun) return `bun/${g.process.versions.bun}`;
  if (typeof g.EdgeRuntime === 'string') return 'edge';
  if (g.process?.versions?.node) return `node/${g.process.versions.node}`;
  if (isBrowser()) return 'browser';
  return 'unknown';
}

/** A random UUID v4, also outside secure contexts where `crypto.randomUUID` is missing. */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
