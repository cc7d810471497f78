/**
 * The Standard Webhooks signature itself, behind `verifyWebhook`, `unwrapWebhook`, `signWebhook`
 * and `client.webhooks` (`src/webhooks.ts`, which document it): the types of a delivery,
 * HMAC-SHA256 over Web Crypto, the header parsing and the envelope check. Loaded on first use, so
 * an app that never handles a webhook does not carry it (`src/webhooks.ts` imports its types only).
 *
 * @module
 */
import { ValidationError, WebhookVerificationError, type WebhookVerificationErrorCode, YupanaError } from '../core/errors.js';
import type { WebhookEvent } from '../models/event.js';
import { readEnv, uuid } from '../internal/runtime.js';

/**
 * The body of a delivery exactly as it arrived: a string, or its bytes (a Node `Buffer` is a
 * `Uint8Array`). Never a parsed object: the signature covers the exact bytes.
 */
export type WebhookBody = string | Uint8Array | ArrayBuffer;

/**
 * The request's headers: a fetch `Headers`, a plain record in any letter case, or Node's
 * `IncomingHttpHeaders` (`req.headers`, whose values may be arrays).
 */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Options of `verifyWebhook` and `unwrapWebhook`. */
export interface WebhookVerifyOptions {
  /**
   * The signing secret of your webhook endpoint, `whsec_` followed by base64.
   * @defaultValue the client's `webhookSecret` on `client.webhooks`; then the
   * `YUPANA_WEBHOOK_SECRET` environment variable.
   */
  secret?: string | undefined;
  /**
   * Seconds the `webhook-timestamp` may differ from this machine's clock, either way. Older
   * deliveries are refused, so a captured request cannot be replayed later.
   * @defaultValue `300` (5 minutes)
   */
  tolerance?: number | undefined;
}

/** Options of `signWebhook`. */
export interface WebhookSignOptions {
  /**
   * The secret to sign with, `whsec_` followed by base64.
   * @defaultValue the client's `webhookSecret` on `client.webhooks`; then the
   * `YUPANA_WEBHOOK_SECRET` environment variable.
   */
  secret?: string | undefined;
  /** The `webhook-id`. @defaultValue a fresh `msg_` id */
  id?: string | undefined;
  /** The `webhook-timestamp`, in unix seconds (not milliseconds). @defaultValue now */
  timestamp?: number | undefined;
}

/**
 * The three headers that make a signed delivery, as `signWebhook` returns them: a plain
 * record, to pass as `fetch`'s `headers` or back to `verifyWebhook`.
 */
export type SignedWebhookHeaders = {
  /** The delivery's id; a redelivery of the same message keeps it. */
  'webhook-id': string;
  /** When the delivery was signed, in unix seconds. */
  'webhook-timestamp': string;
  /** `v1,<base64 HMAC-SHA256>`; several space-separated entries while a secret is rotated. */
  'webhook-signature': string;
};

const SECRET_PREFIX = 'whsec_';
const DEFAULT_TOLERANCE = 300;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const SIGNATURE_BYTES = 32;
const encoder = new TextEncoder();

function fail(code: WebhookVerificationErrorCode, message: string): never {
  throw new WebhookVerificationError(code, message);
}

function decodeBase64(text: string): Uint8Array | undefined {
  if (!BASE64.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function encodeBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

const kindOf = (value: unknown): string => (value == null ? String(value) : typeof value === 'object' ? 'a parsed object' : `a ${typeof value}`);

/** The body's bytes; a parsed object (or anything but a string or bytes) is refused. */
function rawBytes(body: unknown): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (Object.prototype.toString.call(body) === '[object ArrayBuffer]') return new Uint8Array(body as ArrayBuffer);
  return fail(
    'raw_body_required',
    `The webhook body must be the raw request body, a string or bytes exactly as received, not ${kindOf(body)}: ` +
      're-serialising parsed JSON changes the bytes the signature covers. Read the body as text before parsing it (`await request.text()`).',
  );
}

/** The HMAC key: the base64 part of `whsec_<base64>`. The secret never appears in a message. */
function signingKey(secret: string | undefined): Uint8Array {
  const value = secret ?? readEnv('YUPANA_WEBHOOK_SECRET');
  if (!value) {
    fail('missing_secret', 'Missing webhook secret: pass `secret` (`webhookSecret` to a Client) or set YUPANA_WEBHOOK_SECRET.');
  }
  const key = typeof value === 'string' && value.startsWith(SECRET_PREFIX) ? decodeBase64(value.slice(SECRET_PREFIX.length)) : undefined;
  if (!key?.length) {
    fail('malformed_secret', 'Malformed webhook secret: expected `whsec_` followed by base64, as shown for your webhook endpoint.');
  }
  return key;
}

/** HMAC-SHA256 of `${id}.${timestamp}.` followed by the body's bytes (never re-encoded). */
async function signature(key: Uint8Array, id: string, timestamp: string, body: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new YupanaError('Webhooks need Web Crypto (crypto.subtle): Node 20+, Deno, Bun, edge runtimes, or an https page.');
  }
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  const cryptoKey = await subtle.importKey('raw', Uint8Array.from(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, content));
}

/** Compares in time that depends only on the lengths, never on where the bytes differ. */
function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * One header's value, looked up in any letter case; arrays (repeated headers) are joined, and any
 * other value is read as text, as `Headers` reads it (a plain-JS record may hold a number).
 */
function readHeader(headers: WebhookHeaders, name: string): string {
  let value: string | readonly string[] | null | undefined;
  if (headers !== null && typeof headers === 'object') {
    if (typeof (headers as Headers).get === 'function') value = (headers as Headers).get(name);
    else value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  }
  const text = (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(' ') : String(value)).trim();
  if (!text) {
    fail('missing_header', `Missing the ${name} header: every yupana delivery has webhook-id, webhook-timestamp and webhook-signature.`);
  }
  return text;
}

/**
 * The `v1` signatures of a `webhook-signature` header. Entries are space-separated; a trailing
 * comma is dropped, as a proxy that folds repeated headers joins them with `, `. Other versions
 * are skipped.
 */
function v1Signatures(header: string): Uint8Array[] {
  const found: Uint8Array[] = [];
  for (const entry of header.split(/\s+/)) {
    const [version, ...value] = entry.replace(/,$/, '').split(',');
    const bytes = version === 'v1' ? decodeBase64(value.join(',')) : undefined;
    if (bytes?.length === SIGNATURE_BYTES) found.push(bytes);
  }
  if (!found.length) {
    fail('malformed_header', 'Malformed webhook-signature header: it has no `v1,<base64 HMAC-SHA256>` entry (entries are space-separated).');
  }
  return found;
}

/** Checks the delivery and returns its body's bytes. */
async function verifiedBody(rawBody: WebhookBody, headers: WebhookHeaders, options: WebhookVerifyOptions): Promise<Uint8Array> {
  const body = rawBytes(rawBody);
  const key = signingKey(options.secret);
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  if (typeof tolerance !== 'number' || !(tolerance >= 0)) {
    throw new ValidationError('webhook options', [{ path: 'tolerance', message: 'must be a number of seconds, 0 or more' }]);
  }
  const id = readHeader(headers, 'webhook-id');
  const timestamp = readHeader(headers, 'webhook-timestamp');
  const candidates = v1Signatures(readHeader(headers, 'webhook-signature'));
  if (!/^\d{1,15}$/.test(timestamp)) fail('malformed_header', 'Malformed webhook-timestamp header: expected unix seconds.');

  const expected = await signature(key, id, timestamp, body);
  if (!candidates.some((candidate) => timingSafeEqual(candidate, expected))) {
    fail('no_matching_signature', 'No signature in the webhook-signature header matches: the body changed, or the secret is another endpoint’s.');
  }
  // Checked after the signature, so a timestamp error means an authentic but stale delivery.
  const age = Math.floor(Date.now() / 1000) - Number(timestamp);
  if (age > tolerance) {
    fail('timestamp_too_old', `The webhook timestamp is ${age} s old, beyond the tolerance of ${tolerance} s: a replayed delivery, or this machine's clock is wrong.`);
  }
  if (-age > tolerance) {
    fail('timestamp_too_new', `The webhook timestamp is ${-age} s in the future, beyond the tolerance of ${tolerance} s: this machine's clock is behind.`);
  }
  return body;
}

/** What is wrong with a parsed body as an event envelope, or `undefined` when it is one. */
function envelopeProblem(value: unknown): string | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(value)) return 'it is not a JSON object';
  if (typeof value.id !== 'string') return 'it has no string `id`';
  if (typeof value.type !== 'string') return 'it has no string `type`';
  if (!isObject(value.data) || !isObject(value.data.object)) return 'it has no `data.object`';
  return undefined;
}

/** What {@link verifyWebhook} does, once loaded. */
export async function verify(rawBody: WebhookBody, headers: WebhookHeaders, options: WebhookVerifyOptions = {}): Promise<void> {
  await verifiedBody(rawBody, headers, options);
}

/** What {@link unwrapWebhook} does, once loaded. */
export async function unwrap(rawBody: WebhookBody, headers: WebhookHeaders, options: WebhookVerifyOptions = {}): Promise<WebhookEvent> {
  const body = await verifiedBody(rawBody, headers, options);
  let event: unknown;
  try {
    event = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(body));
  } catch {
    fail('invalid_payload', 'The webhook body is authentic but is not JSON.');
  }
  const problem = envelopeProblem(event);
  if (problem) fail('invalid_payload', `The webhook body is authentic but is not an event: ${problem}.`);
  return event as WebhookEvent;
}

/** What {@link signWebhook} does, once loaded. */
export async function sign(payload: WebhookBody, options: WebhookSignOptions = {}): Promise<SignedWebhookHeaders> {
  const body = rawBytes(payload);
  const key = signingKey(options.secret);
  const id = options.id ?? `msg_${uuid().replaceAll('-', '')}`;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  if (!/^\S+$/.test(id)) {
    throw new ValidationError('signWebhook options', [{ path: 'id', message: 'must be a non-empty string without spaces' }]);
  }
  if (!Number.isSafeInteger(timestamp) || timestamp < 0 || timestamp >= 1e11) {
    throw new ValidationError('signWebhook options', [{ path: 'timestamp', message: 'must be whole unix seconds (Date.now() is milliseconds: divide it by 1000)' }]);
  }
  const mac = await signature(key, id, String(timestamp), body);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${encodeBase64(mac)}` };
}
