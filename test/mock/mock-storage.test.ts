import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockSandbox, MOCK_API_KEY } from '../../src/testing/index.js';
import { Collection } from '../../src/testing/store/collection.js';
import { renderUbl } from '../../src/sunat/ubl/index.js';
import { DocumentStore } from '../../src/testing/store/documents.js';
import { server } from '../msw.js';

vi.mock('../../src/sunat/ubl/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/sunat/ubl/index.js')>();
  return { ...original, renderUbl: vi.fn(original.renderUbl) };
});

const BASE = 'https://sandbox.yupana.pe';
const factura = () => ({
  type: '01' as const,
  series: 'F001',
  customer: { documentType: '6' as const, documentNumber: '20131312955', name: 'SUNAT' },
  items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }],
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(renderUbl).mockClear();
});

describe('the sandbox at month-end volume', () => {
  it('keeps no rendered XML: a create renders its own once, for its answer; listing renders none; retrieving renders that one document again', () => {
    const store = new DocumentStore([], () => 'accepted');
    for (let i = 0; i < 300; i++) store.create(factura(), BASE);
    expect(renderUbl).toHaveBeenCalledTimes(300);
    vi.mocked(renderUbl).mockClear();

    const first = store.list({ limit: 10 });
    expect(first.data.map((d) => d.number)).toEqual([300, 299, 298, 297, 296, 295, 294, 293, 292, 291]);
    expect(first.data[0]).not.toHaveProperty('signedXml');
    expect(first.data[0]!.pdfUrl).toBe(`${BASE}/v1/documents/${first.data[0]!.id}/pdf`);
    const second = store.list({ limit: 10, cursor: first.nextCursor! });
    expect(second.data[0]!.number).toBe(290);
    expect(renderUbl).not.toHaveBeenCalled();

    expect(store.get(first.data[0]!.id).signedXml).toContain('<cbc:ID>F001-300</cbc:ID>');
    expect(renderUbl).toHaveBeenCalledTimes(1);
  });

  it('answers a page of a collection without presenting the rest of it', () => {
    const present = vi.fn((item: { id: string; object: string }) => item);
    const things = new Collection('thing', present);
    for (let i = 0; i < 1000; i++) things.insert({ id: `t_${i}`, object: 'thing' });
    present.mockClear();
    const page = things.list(10, undefined);
    expect(page.data.map((t) => t.id)).toEqual(Array.from({ length: 10 }, (_, i) => `t_${999 - i}`));
    expect(present).toHaveBeenCalledTimes(10);
    const next = things.list(10, page.nextCursor!);
    expect(next.data[0]!.id).toBe('t_989');
    expect(present).toHaveBeenCalledTimes(20);
  });

  it('keeps the latest maxRecordedRequests requests, the oldest dropped first', async () => {
    const sandbox = createMockSandbox({ maxRecordedRequests: 3 });
    server.use(...sandbox.handlers);
    const headers = { Authorization: `Bearer ${MOCK_API_KEY}` };
    for (let i = 1; i <= 5; i++) await fetch(`${BASE}/v1/documents?limit=${i}`, { headers });
    expect(sandbox.requests.map((r) => r.path)).toEqual(['/v1/documents?limit=3', '/v1/documents?limit=4', '/v1/documents?limit=5']);
    expect(createMockSandbox().requests).toEqual([]);
    expect(() => createMockSandbox({ maxRecordedRequests: 1.5 })).toThrow(RangeError);
  });

  it('replays an idempotency key for 24 hours, as it was answered, then forgets it (docs/contract.md §3)', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    const sandbox = createMockSandbox({ outcome: () => 'pending', settleAfterMs: 1000 });
    server.use(...sandbox.handlers);
    const create = () =>
      fetch(`${BASE}/v1/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${MOCK_API_KEY}`, 'Idempotency-Key': 'month-end-1', 'Content-Type': 'application/json' },
        body: JSON.stringify(factura()),
      });

    const first = await create();
    expect(first.status).toBe(202);
    const original = (await first.json()) as { id: string; number: number; status: string };
    vi.advanceTimersByTime(1000);
    expect(sandbox.documents()[0]!.status).toBe('accepted');
    vi.setSystemTime(new Date('2026-12-01T11:59:59Z'));
    const replay = await create();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('request-id')).toBe(first.headers.get('request-id'));
    // The answer as it was (pending), not the document as it is now (accepted).
    expect(replay.status).toBe(202);
    expect(await replay.json()).toEqual(original);

    vi.setSystemTime(new Date('2026-12-01T12:00:01Z'));
    const fresh = await create();
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(((await fresh.json()) as { number: number }).number).toBe(original.number + 1);
    expect(sandbox.documents()).toHaveLength(2);
  });
});
