import type { IncomingHttpHeaders } from 'node:http';
import { inspect } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  Client,
  type Document,
  type EventType,
  type SignedWebhookHeaders,
  type UnknownEventObject,
  type Voiding,
  ValidationError,
  type WebhookEvent,
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
  YupanaError,
  signWebhook,
  unwrapWebhook,
  verifyWebhook,
} from '../../src/index.js';
import { API_KEY, documentFixture } from '../helpers.js';

const NOW = Math.floor(Date.parse('2026-11-21T15:00:00Z') / 1000);

function randomSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
}
const SECRET = randomSecret();
const OTHER_SECRET = randomSecret();

function eventBody(type: EventType = 'document.accepted', extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type,
    createdAt: '2026-11-21T15:00:00Z',
    data: { object: documentFixture() },
    ...extra,
  });
}

/** Awaits a rejection, checks its class and code, and that the secret is nowhere in it. */
async function rejection(promise: Promise<unknown>, code: WebhookVerificationErrorCode): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => expect.unreachable('the delivery was accepted'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  const webhookError = error as WebhookVerificationError;
  expect(webhookError.code).toBe(code);
  expect(webhookError.name).toBe('WebhookVerificationError');
  for (const secret of [SECRET, OTHER_SECRET]) {
    const key = secret.slice('whsec_'.length);
    expect(webhookError.message).not.toContain(key);
    expect(JSON.stringify(webhookError)).not.toContain(key);
    expect(inspect(webhookError)).not.toContain(key);
  }
  return webhookError;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('signWebhook and unwrapWebhook', () => {
  it('round trip: a signed body unwraps into the event, unknown fields kept', async () => {
    const body = eventBody('document.accepted', { livemode: false });
    const headers = await signWebhook(body, { secret: SECRET });
    const event = await unwrapWebhook(body, headers, { secret: SECRET });
    expect(event).toEqual(JSON.parse(body));
    expect(event).toMatchObject({ id: 'evt_1', type: 'document.accepted', livemode: false, data: { object: { id: 'doc_1' } } });
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
  });

  it('sign returns the three headers: a fresh msg_ id and the current unix time by default', async () => {
    const first = await signWebhook('{}', { secret: SECRET });
    const second = await signWebhook('{}', { secret: SECRET });
    expect(Object.keys(first).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(first['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(second['webhook-id']).not.toBe(first['webhook-id']);
    expect(first['webhook-timestamp']).toBe(String(NOW));
    expect(first['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const chosen = await signWebhook('{}', { secret: SECRET, id: 'msg_fixed', timestamp: NOW - 60 });
    expect(chosen['webhook-id']).toBe('msg_fixed');
    expect(chosen['webhook-timestamp']).toBe(String(NOW - 60));
  });

  it('sign refuses a timestamp in milliseconds and an empty id, naming the field', async () => {
    await expect(signWebhook('{}', { secret: SECRET, timestamp: NOW * 1000 })).rejects.toThrow(/timestamp: must be whole unix seconds/);
    await expect(signWebhook('{}', { secret: SECRET, timestamp: 1.5 })).rejects.toBeInstanceOf(ValidationError);
    await expect(signWebhook('{}', { secret: SECRET, id: '' })).rejects.toThrow(/id: must be a non-empty string/);
  });

  it('reads the secret from YUPANA_WEBHOOK_SECRET when none is passed', async () => {
    vi.stubEnv('YUPANA_WEBHOOK_SECRET', SECRET);
    const body = eventBody();
    const headers = await signWebhook(body);
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
    await expect(unwrapWebhook(body, headers)).resolves.toMatchObject({ id: 'evt_1' });
    await rejection(verifyWebhook(body, headers, { secret: OTHER_SECRET }), 'no_matching_signature');
  });

  it("narrowing on type gives data.object the fields of that type's object (the assertions are checked by tsc)", async () => {
    const body = eventBody('document.accepted');
    const event = await unwrapWebhook(body, await signWebhook(body, { secret: SECRET }), { secret: SECRET });
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    expectTypeOf<EventType>().toExtend<typeof event.type>();
    // Before narrowing, the object may be a document, a voiding or a summary: no document field compiles.
    // @ts-expect-error fullNumber is a Document's, not a Voiding's
    expect(event.data.object.fullNumber).toBe('F001-1');
    if (event.type !== 'document.accepted') return expect.unreachable();
    expectTypeOf(event.data.object).toExtend<Document | UnknownEventObject>();
    expectTypeOf(event.data.object.fullNumber).toEqualTypeOf<string>();
    expectTypeOf(event.data.object.totals.total).toEqualTypeOf<number>();
    // What narrowing gives passes for the type's own object: an app's `(doc: Document) => …` takes it.
    expectTypeOf(event.data.object).toExtend<Document>();
    expect(event.data.object.taxAuthority.code).toBe('0');
  });

  it("narrowing on a voiding event gives data.object a Voiding's fields", () => {
    const handle = (event: WebhookEvent) => (event.type === 'voiding.rejected' ? event.data.object : undefined);
    expectTypeOf<NonNullable<ReturnType<typeof handle>>['identifier']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<ReturnType<typeof handle>>>().toExtend<Voiding | UnknownEventObject>();
    expectTypeOf<NonNullable<ReturnType<typeof handle>>>().toExtend<Voiding>();
  });

  it('an event type added later unwraps, and a default branch sees it (not never)', async () => {
    const body = eventBody('document.archived' as EventType);
    const event = await unwrapWebhook(body, await signWebhook(body, { secret: SECRET }), { secret: SECRET });
    const seen = (() => {
      switch (event.type) {
        case 'document.accepted':
          return 'accepted';
        default:
          expectTypeOf(event).not.toBeNever();
          expectTypeOf(event.data.object.id).toEqualTypeOf<string>();
          return event.type;
      }
    })();
    expect(seen).toBe('document.archived');
  });
});

describe('interoperability with the standardwebhooks package', () => {
  it('matches the published Standard Webhooks test vector, both ways', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    const headers: SignedWebhookHeaders = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    expect(await signWebhook(body, { secret, id: headers['webhook-id'], timestamp: 1614265330 })).toEqual(headers);
    vi.setSystemTime(1614265330 * 1000);
    await expect(verifyWebhook(body, headers, { secret })).resolves.toBeUndefined();
  });

  it('standardwebhooks signs, yupana verifies (string and bytes, non-ASCII text)', async () => {
    const body = eventBody('document.rejected', { note: 'Factura electrónica: año, señal, “comillas” 🇵🇪' });
    const signature = new Webhook(SECRET).sign('msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', new Date(NOW * 1000), body);
    const headers = { 'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', 'webhook-timestamp': String(NOW), 'webhook-signature': signature };
    await expect(unwrapWebhook(body, headers, { secret: SECRET })).resolves.toMatchObject({ type: 'document.rejected' });
    await expect(unwrapWebhook(Buffer.from(body), headers, { secret: SECRET })).resolves.toEqual(JSON.parse(body));
    await rejection(verifyWebhook(body, headers, { secret: OTHER_SECRET }), 'no_matching_signature');
  });

  it('yupana signs, standardwebhooks verifies', async () => {
    const body = eventBody('document.voided', { note: 'baja: ñandú' });
    const headers = await signWebhook(body, { secret: SECRET });
    expect(new Webhook(SECRET).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(OTHER_SECRET).verify(body, { ...headers })).toThrow('No matching signature found');
  });
});

describe('rejections', () => {
  async function signed(body = eventBody(), options: { id?: string; timestamp?: number } = {}) {
    return { body, headers: await signWebhook(body, { secret: SECRET, ...options }) };
  }

  it('a one-byte change of the body: no matching signature (string and bytes)', async () => {
    const { body, headers } = await signed();
    const changed = body.replace('"total":236', '"total":237');
    expect(changed).not.toBe(body);
    expect(changed.length).toBe(body.length);
    const error = await rejection(verifyWebhook(changed, headers, { secret: SECRET }), 'no_matching_signature');
    expect(error.message).toMatch(/No signature in the webhook-signature header matches/);

    const bytes = new TextEncoder().encode(body);
    await expect(verifyWebhook(bytes, headers, { secret: SECRET })).resolves.toBeUndefined();
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    await rejection(verifyWebhook(bytes, headers, { secret: SECRET }), 'no_matching_signature');
  });

  it('a signature made with another secret: no matching signature', async () => {
    const body = eventBody();
    const headers = await signWebhook(body, { secret: OTHER_SECRET });
    await rejection(unwrapWebhook(body, headers, { secret: SECRET }), 'no_matching_signature');
  });

  it('the id and the timestamp are signed too', async () => {
    const { body, headers } = await signed();
    await rejection(verifyWebhook(body, { ...headers, 'webhook-id': 'msg_other' }, { secret: SECRET }), 'no_matching_signature');
    await rejection(verifyWebhook(body, { ...headers, 'webhook-timestamp': String(NOW - 1) }, { secret: SECRET }), 'no_matching_signature');
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const)('a missing or empty %s header is named', async (name) => {
    const { body, headers } = await signed();
    const { [name]: _, ...without } = headers;
    const error = await rejection(verifyWebhook(body, without, { secret: SECRET }), 'missing_header');
    expect(error.message).toContain(`Missing the ${name} header`);
    await rejection(verifyWebhook(body, { ...headers, [name]: ' ' }, { secret: SECRET }), 'missing_header');
  });

  it('headers built by hand in plain JavaScript: a number is read as its text, anything else is a malformed header, never a TypeError', async () => {
    const { body, headers } = await signed();
    // As `new Headers(record)` would read it: the timestamp written as a number verifies.
    await expect(verifyWebhook(body, { ...headers, 'webhook-timestamp': Number(headers['webhook-timestamp']) as never }, { secret: SECRET })).resolves.toBeUndefined();
    await rejection(verifyWebhook(body, { ...headers, 'webhook-timestamp': { at: 1 } as never }, { secret: SECRET }), 'malformed_header');
    await rejection(verifyWebhook(body, { ...headers, 'webhook-id': null as never }, { secret: SECRET }), 'missing_header');
  });

  it.each([
    ['no comma', 'garbage'],
    ['an empty signature', 'v1,'],
    ['not base64', 'v1,not*base64!'],
    ['a signature of the wrong length', `v1,${btoa('sixteen bytes...')}`],
    ['only another version', 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='],
  ])('a malformed webhook-signature header (%s)', async (_case, value) => {
    const { body, headers } = await signed();
    const error = await rejection(verifyWebhook(body, { ...headers, 'webhook-signature': value }, { secret: SECRET }), 'malformed_header');
    expect(error.message).toMatch(/^Malformed webhook-signature header: it has no `v1,<base64 HMAC-SHA256>` entry/);
  });

  it.each(['soon', '1795312800.5', '-1795312800', '1e9'])('a malformed webhook-timestamp header (%s)', async (value) => {
    const { body, headers } = await signed();
    const error = await rejection(verifyWebhook(body, { ...headers, 'webhook-timestamp': value }, { secret: SECRET }), 'malformed_header');
    expect(error.message).toBe('Malformed webhook-timestamp header: expected unix seconds.');
  });

  it('timestamps: accepted at exactly the tolerance either way, refused 1 s beyond it', async () => {
    for (const offset of [-300, 0, 300]) {
      const { body, headers } = await signed(undefined, { timestamp: NOW + offset });
      await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
    }
    const old = await signed(undefined, { timestamp: NOW - 301 });
    const tooOld = await rejection(verifyWebhook(old.body, old.headers, { secret: SECRET }), 'timestamp_too_old');
    expect(tooOld.message).toMatch(/is 301 s old, beyond the tolerance of 300 s/);
    const future = await signed(undefined, { timestamp: NOW + 301 });
    const tooNew = await rejection(verifyWebhook(future.body, future.headers, { secret: SECRET }), 'timestamp_too_new');
    expect(tooNew.message).toMatch(/is 301 s in the future, beyond the tolerance of 300 s/);
  });

  it('the clock moves: a delivery verified now is refused 301 s later', async () => {
    const { body, headers } = await signed();
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
    vi.setSystemTime((NOW + 300) * 1000);
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
    vi.setSystemTime((NOW + 301) * 1000);
    await rejection(verifyWebhook(body, headers, { secret: SECRET }), 'timestamp_too_old');
  });

  it('tolerance is configurable, and a bad one is refused instead of disabling the check', async () => {
    const edge = await signed(undefined, { timestamp: NOW - 10 });
    await expect(verifyWebhook(edge.body, edge.headers, { secret: SECRET, tolerance: 10 })).resolves.toBeUndefined();
    const beyond = await signed(undefined, { timestamp: NOW - 11 });
    const error = await rejection(verifyWebhook(beyond.body, beyond.headers, { secret: SECRET, tolerance: 10 }), 'timestamp_too_old');
    expect(error.message).toContain('tolerance of 10 s');
    for (const tolerance of [Number.NaN, -1, '300' as unknown as number]) {
      await expect(verifyWebhook(edge.body, edge.headers, { secret: SECRET, tolerance })).rejects.toThrow(
        new ValidationError('webhook options', [{ path: 'tolerance', message: 'must be a number of seconds, 0 or more' }]),
      );
    }
  });

  it('a missing secret says where to put it', async () => {
    vi.stubEnv('YUPANA_WEBHOOK_SECRET', '');
    const { body, headers } = await signed();
    const error = await rejection(verifyWebhook(body, headers), 'missing_secret');
    expect(error.message).toContain('YUPANA_WEBHOOK_SECRET');
    await rejection(signWebhook(body), 'missing_secret');
  });

  it.each([
    ['without the whsec_ prefix', SECRET.slice('whsec_'.length)],
    ['an API key', 'sk_test_abc123'],
    ['an empty key', 'whsec_'],
    ['not base64', `${SECRET}!`],
  ])('a malformed secret (%s) is refused without being echoed', async (_case, secret) => {
    const { body, headers } = await signed();
    const error = await rejection(verifyWebhook(body, headers, { secret }), 'malformed_secret');
    expect(error.message).toBe('Malformed webhook secret: expected `whsec_` followed by base64, as shown for your webhook endpoint.');
    await rejection(signWebhook(body, { secret }), 'malformed_secret');
  });

  it.each([
    ['a parsed object', JSON.parse(eventBody()) as unknown, 'not a parsed object'],
    ['null', null, 'not null'],
    ['undefined', undefined, 'not undefined'],
    ['a number', 42, 'not a number'],
  ])('%s instead of the raw body is refused, saying why the raw bytes are needed', async (_case, parsed, got) => {
    const { headers } = await signed();
    for (const call of [
      verifyWebhook(parsed as string, headers, { secret: SECRET }),
      unwrapWebhook(parsed as string, headers, { secret: SECRET }),
      signWebhook(parsed as string, { secret: SECRET }),
    ]) {
      const error = await rejection(call, 'raw_body_required');
      expect(error.message).toContain(`a string or bytes exactly as received, ${got}: re-serialising parsed JSON changes the bytes`);
      expect(error.message).toContain('await request.text()');
    }
  });

  it.each([
    ['not JSON', 'hello', 'The webhook body is authentic but is not JSON.'],
    ['an array', '[]', 'not an event: it is not a JSON object.'],
    ['no id', JSON.stringify({ type: 'document.accepted', data: { object: {} } }), 'not an event: it has no string `id`.'],
    ['no type', JSON.stringify({ id: 'evt_1', data: { object: {} } }), 'not an event: it has no string `type`.'],
    ['no data', JSON.stringify({ id: 'evt_1', type: 'document.accepted' }), 'not an event: it has no `data.object`.'],
    ['no data.object', JSON.stringify({ id: 'evt_1', type: 'document.accepted', data: {} }), 'not an event: it has no `data.object`.'],
  ])('unwrap refuses an authentic body that is not an event (%s); verify accepts it', async (_case, body, message) => {
    const headers = await signWebhook(body, { secret: SECRET });
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
    const error = await rejection(unwrapWebhook(body, headers, { secret: SECRET }), 'invalid_payload');
    expect(error.message).toContain(message);
  });

  it('an event type this version does not know still unwraps', async () => {
    const { body, headers } = await signed(eventBody('document.archived' as EventType));
    await expect(unwrapWebhook(body, headers, { secret: SECRET })).resolves.toMatchObject({ type: 'document.archived' });
  });

  it('without Web Crypto the error says which runtimes have it', async () => {
    vi.stubGlobal('crypto', undefined);
    try {
      await expect(signWebhook('{}', { secret: SECRET, id: 'msg_1' })).rejects.toThrow(
        new YupanaError('Webhooks need Web Crypto (crypto.subtle): Node 20+, Deno, Bun, edge runtimes, or an https page.'),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('secret rotation', () => {
  it('accepts a header with several signatures when any one matches', async () => {
    const body = eventBody();
    const old = await signWebhook(body, { secret: OTHER_SECRET, id: 'msg_1', timestamp: NOW });
    const current = await signWebhook(body, { secret: SECRET, id: 'msg_1', timestamp: NOW });
    const both = { ...current, 'webhook-signature': `${old['webhook-signature']} ${current['webhook-signature']}` };
    await expect(verifyWebhook(body, both, { secret: SECRET })).resolves.toBeUndefined();
    await expect(verifyWebhook(body, both, { secret: OTHER_SECRET })).resolves.toBeUndefined();
    await rejection(verifyWebhook(body, both, { secret: randomSecret() }), 'no_matching_signature');
  });

  it('skips entries of other versions and garbage around a valid v1 entry', async () => {
    const body = eventBody();
    const headers = await signWebhook(body, { secret: SECRET });
    const mixed = `v1a,${btoa('x'.repeat(64))} junk ${headers['webhook-signature']} v1,AAAA`;
    await expect(verifyWebhook(body, { ...headers, 'webhook-signature': mixed }, { secret: SECRET })).resolves.toBeUndefined();
  });
});

describe('header shapes', () => {
  async function signedPair() {
    const body = eventBody();
    const old = await signWebhook(body, { secret: OTHER_SECRET, id: 'msg_1', timestamp: NOW });
    const current = await signWebhook(body, { secret: SECRET, id: 'msg_1', timestamp: NOW });
    return { body, current, old };
  }

  it('a fetch Headers object, including a repeated webhook-signature header folded with ", "', async () => {
    const { body, current, old } = await signedPair();
    const headers = new Headers(current);
    await expect(unwrapWebhook(body, headers, { secret: SECRET })).resolves.toMatchObject({ id: 'evt_1' });
    const repeated = new Headers({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(NOW) });
    repeated.append('webhook-signature', current['webhook-signature']);
    repeated.append('webhook-signature', old['webhook-signature']);
    expect(repeated.get('webhook-signature')).toContain(', ');
    await expect(verifyWebhook(body, repeated, { secret: SECRET })).resolves.toBeUndefined();
    await expect(verifyWebhook(body, repeated, { secret: OTHER_SECRET })).resolves.toBeUndefined();
  });

  it('a plain record in any letter case', async () => {
    const { body, current } = await signedPair();
    const headers = {
      'Webhook-Id': current['webhook-id'],
      'WEBHOOK-TIMESTAMP': current['webhook-timestamp'],
      'webhook-Signature': current['webhook-signature'],
      'Content-Type': 'application/json',
    };
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
  });

  it("Node's IncomingHttpHeaders, with array values", async () => {
    const { body, current, old } = await signedPair();
    const headers: IncomingHttpHeaders = {
      'content-type': 'application/json',
      'webhook-id': current['webhook-id'],
      'webhook-timestamp': current['webhook-timestamp'],
      'webhook-signature': [old['webhook-signature'], current['webhook-signature']],
    };
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
    await expect(verifyWebhook(body, headers, { secret: OTHER_SECRET })).resolves.toBeUndefined();
  });
});

describe('body shapes', () => {
  it('a string, a Buffer, a Uint8Array view into a larger buffer, and an ArrayBuffer', async () => {
    const body = eventBody('document.created', { note: 'Año fiscal, señor Ñuñez' });
    const headers = await signWebhook(body, { secret: SECRET });
    const bytes = new TextEncoder().encode(body);
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 4);
    const bodies = [body, Buffer.from(body), bytes, padded.subarray(4, 4 + bytes.length), bytes.buffer];
    for (const raw of bodies) {
      await expect(unwrapWebhook(raw, headers, { secret: SECRET })).resolves.toEqual(JSON.parse(body));
    }
    await rejection(verifyWebhook(padded, headers, { secret: SECRET }), 'no_matching_signature');
  });

  it('bytes are signed as given, so signing bytes and verifying the same text agree', async () => {
    const body = eventBody('document.failed', { note: 'reintento agotado' });
    const headers = await signWebhook(new TextEncoder().encode(body), { secret: SECRET });
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
  });
});

describe('client.webhooks', () => {
  it('uses the webhookSecret option; a per-call secret wins over it', async () => {
    const client = new Client({ apiKey: API_KEY, webhookSecret: SECRET });
    const body = eventBody();
    const headers = await client.webhooks.sign(body);
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
    await expect(client.webhooks.unwrap(body, headers)).resolves.toMatchObject({ id: 'evt_1', type: 'document.accepted' });
    await expect(client.webhooks.verify(body, headers)).resolves.toBeUndefined();
    await rejection(client.webhooks.verify(body, headers, { secret: OTHER_SECRET }), 'no_matching_signature');
    const other = await client.webhooks.sign(body, { secret: OTHER_SECRET });
    await expect(verifyWebhook(body, other, { secret: OTHER_SECRET })).resolves.toBeUndefined();
  });

  it('falls back to YUPANA_WEBHOOK_SECRET, read when a delivery is verified', async () => {
    const client = new Client({ apiKey: API_KEY });
    const body = eventBody();
    const headers = await signWebhook(body, { secret: SECRET });
    vi.stubEnv('YUPANA_WEBHOOK_SECRET', '');
    await rejection(client.webhooks.verify(body, headers), 'missing_secret');
    vi.stubEnv('YUPANA_WEBHOOK_SECRET', SECRET);
    await expect(client.webhooks.unwrap(body, headers)).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('the secret stays out of util.inspect and JSON of the client and of client.webhooks', async () => {
    const client = new Client({ apiKey: API_KEY, webhookSecret: SECRET });
    const key = SECRET.slice('whsec_'.length);
    await client.webhooks.sign('{}');
    for (const shown of [inspect(client, { depth: 5 }), inspect(client.webhooks, { depth: 5 }), JSON.stringify(client), JSON.stringify(client.webhooks)]) {
      expect(shown).not.toContain(key);
    }
    expect(Client.WebhookVerificationError).toBe(WebhookVerificationError);
  });
});
