/**
 * What loads on first use (a resource's declarations, ky, webhook signatures, the strict checks,
 * createMany): loaded once and kept, and a failed load not kept.
 */
import { describe, expect, it, vi } from 'vitest';
import { lazily } from '../../src/internal/lazy.js';
import { json, makeClient, respond, validCreate } from '../helpers.js';

describe('lazily', () => {
  it('loads on the first call, not before, and every call gets what that one load gave', async () => {
    const load = vi.fn(async () => ({ loaded: true }));
    const get = lazily(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    const c = await get();
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('does not keep a failed load: the call rejects with its error, and the next call loads again', async () => {
    const failure = new Error('chunk failed to load');
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(failure).mockResolvedValue('module');
    const get = lazily(load);
    await expect(get()).rejects.toBe(failure);
    expect(await get()).toBe('module');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a resource loads its declarations on its first call', () => {
  it('concurrent first calls from two clients all validate and send (one load serves them)', async () => {
    const seen = respond('post', '/v1/documents', json({ id: 'doc_1', object: 'document' }, 201));
    const [first, second] = [makeClient(), makeClient()];
    const results = await Promise.all([first.documents.create(validCreate()), second.documents.create(validCreate()), first.documents.create(validCreate())]);
    expect(results.map((doc) => doc.id)).toEqual(['doc_1', 'doc_1', 'doc_1']);
    expect(seen).toHaveLength(3);
    await expect(first.documents.create({ ...validCreate(), series: 'bad' })).rejects.toMatchObject({ name: 'ValidationError' });
    expect(seen).toHaveLength(3);
  });
});
