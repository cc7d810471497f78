/** An IMF-fixdate (RFC 9110 §5.6.7), the one date form `Retry-After` may carry: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Reads `Retry-After` (RFC 9110 §10.2.3) as seconds from `now`: delay-seconds (digits only) or
 * an IMF-fixdate. Anything else (`-5`, `1.5`, `5.`, `1,5`, the other date forms a lenient
 * `Date.parse` accepts) is `undefined`, so the normal backoff applies.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (!IMF_FIXDATE.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}
