import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Client } from '../src/index.js';
import { server } from './msw.js';

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The SDK loads ky on its first request. Make that request here, with real timers, so that a
  // test driving fake timers by hand (advanceTimersByTimeAsync) starts from a loaded SDK.
  server.use(http.get('https://warm-up.invalid/v1/ping', () => HttpResponse.json({})));
  // A client broken so badly that the warm-up fails must fail the tests that use it, one by one,
  // not the setup of every file (which would run no test at all, and hide which behaviour broke).
  try {
    await new Client({ apiKey: 'sk_test_warm_up', baseURL: 'https://warm-up.invalid', logLevel: 'off' }).request({ method: 'GET', path: '/v1/ping' });
  } catch {
    // each test reports it
  }
  server.resetHandlers();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
