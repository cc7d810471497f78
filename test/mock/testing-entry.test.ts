import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationError, Client, unwrapWebhook } from '../../src/index.js';
import { defaultSandbox, handlers, MOCK_API_KEY, webhooks } from '../../src/testing/index.js';
import { validCreate } from '../helpers.js';
import { server } from '../msw.js';

afterEach(() => defaultSandbox.reset());

describe('yupana/testing in your own msw setup', () => {
  it('`handlers` serve the default sandbox on any origin, so your code runs unchanged', async () => {
    server.use(...handlers);
    const client = new Client({ apiKey: MOCK_API_KEY, environment: 'production' });
    const doc = await client.documents.create(validCreate());
    expect(doc).toMatchObject({ status: 'accepted', fullNumber: 'F001-1' });
    expect(defaultSandbox.documents().map((d) => d.id)).toEqual([doc.id]);
    expect(defaultSandbox.requests).toHaveLength(1);
    expect(await new Client({ apiKey: 'sk_test_from_your_app_config' }).documents.retrieve(doc.id)).toMatchObject({ id: doc.id });
    await expect(new Client({ apiKey: 'sk_live_wrong' }).documents.retrieve(doc.id)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('defaultSandbox.reset() gives the next test an empty sandbox', async () => {
    server.use(...handlers);
    const client = new Client({ apiKey: MOCK_API_KEY, environment: 'sandbox' });
    await client.documents.create(validCreate());
    defaultSandbox.reset();
    expect(defaultSandbox.documents()).toEqual([]);
    expect(await client.documents.create(validCreate())).toMatchObject({ fullNumber: 'F001-1' });
  });

  it('webhooks.sign signs test events that unwrapWebhook accepts with the same secret only', async () => {
    const secret = `whsec_${btoa('a test secret of 24 bytes')}`;
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'document.accepted', createdAt: '2026-11-21T15:00:00Z', data: { object: { id: 'doc_1' } } });
    const headers = await webhooks.sign(body, { secret, id: 'msg_1', timestamp: Math.floor(Date.now() / 1000) });
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect((await unwrapWebhook(body, headers, { secret })).id).toBe('evt_1');
    await expect(unwrapWebhook(body, headers, { secret: `whsec_${btoa('another secret, 24 bytes')}` })).rejects.toThrow();
  });
});
