import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { Client, type ClientOptions } from '../src/index.js';
import { server } from './msw.js';

export const SANDBOX = 'https://sandbox.yupana.pe';
export const API_KEY = 'sk_test_unit';

/** A client on the sandbox with the unit-test key; retries without waiting unless a test says otherwise. */
export function makeClient(options: ClientOptions = {}): Client {
  return new Client({ apiKey: API_KEY, environment: 'sandbox', ...options });
}

/** A request as msw saw it. */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/**
 * Answers every request to `path` (any method) with the next response of `responses`
 * (the last one repeats), and records what arrived.
 */
export function respond(method: 'get' | 'post' | 'all', path: string, ...responses: (() => Response)[]): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http[method](`${SANDBOX}${path}`, async ({ request }) => {
      seen.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
      const next = responses[Math.min(seen.length - 1, responses.length - 1)]!;
      return next();
    }),
  );
  return seen;
}

/** A problem+json failure, as the API sends it. */
export function problem(status: number, code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return () =>
    HttpResponse.json(
      { type: `https://docs.yupana.pe/errors/${code}`, title: code, status, detail: `${code} happened`, code, requestId: 'req_body', ...extra },
      { status, headers: { 'content-type': 'application/problem+json', 'request-id': 'req_header', ...headers } },
    );
}

/** A complete document as the API returns it. */
export function documentFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 'doc_1',
    object: 'document',
    status: 'accepted',
    type: '01',
    series: 'F001',
    number: 1,
    fullNumber: 'F001-1',
    customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
    items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }],
    currency: 'PEN',
    issueDate: '2026-11-21',
    operationType: '0101',
    paymentTerms: { type: 'cash' },
    legends: [{ code: '1000', text: 'SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES' }],
    totals: {
      taxable: 200,
      exempt: 0,
      unaffected: 0,
      export: 0,
      free: 0,
      freeIgv: 0,
      igv: 36,
      icbper: 0,
      iscBase: 0,
      isc: 0,
      ivapBase: 0,
      ivap: 0,
      lineExtension: 200,
      taxInclusive: 236,
      discounts: 0,
      charges: 0,
      rounding: 0,
      total: 236,
    },
    signedXml: '<Invoice/>',
    pdfUrl: `${SANDBOX}/v1/documents/doc_1/pdf`,
    taxAuthority: { status: 'accepted', code: '0', description: 'aceptada', notes: [], attempts: 1, nextAttemptAt: null, respondedAt: '2026-11-21T15:00:00Z' },
    createdAt: '2026-11-21T15:00:00Z',
    updatedAt: '2026-11-21T15:00:00Z',
    ...overrides,
  };
}

export const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json(body as Record<string, unknown>, { status, headers: { 'request-id': 'req_ok', ...headers } });

export const validCreate = () => ({
  type: '01' as const,
  series: 'F001',
  customer: { documentType: '6' as const, documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }],
});

/**
 * Runs `promise` to its end under fake timers: fires every timer it schedules, and lets real I/O
 * (a socket, the SDK loading ky on its first request) finish between rounds. Returns the outcome.
 */
export async function settle<T>(promise: PromiseLike<T>): Promise<{ value?: T; error?: unknown }> {
  let done = false;
  const outcome = Promise.resolve(promise).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void outcome.then(() => (done = true));
  while (!done) {
    await vi.runAllTimersAsync();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return outcome;
}
