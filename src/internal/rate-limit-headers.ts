import type { RateLimit } from '../core/api-promise.js';

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
