/**
 * `yupana/testing`: yupana's mock sandbox, a stateful in-memory API for your own tests, as msw
 * handlers (`handlers`, `createMockSandbox`) or a real HTTP server on loopback
 * (`startMockServer`, also `npx yupana-mock`). It needs `msw` (an optional peer dependency:
 * `npm install --save-dev msw`). The SDK itself never imports this module.
 *
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { defaultSandbox, handlers, MOCK_API_KEY } from 'yupana/testing';
 *
 * const server = setupServer(...handlers);
 * beforeAll(() => server.listen());
 * afterEach(() => defaultSandbox.reset());
 * afterAll(() => server.close());
 * ```
 *
 * @module yupana/testing
 */
import type { RequestHandler } from 'msw';
import { signWebhook } from '../webhooks.js';
import { createMockSandbox, type MockSandbox } from './sandbox.js';

export {
  createMockSandbox,
  MOCK_API_KEY,
  type MockFault,
  type MockSandbox,
  type MockSandboxOptions,
  type RecordedRequest,
} from './sandbox.js';
export {
  drainOnSignals,
  startMockServer,
  type DrainOnSignalsOptions,
  type MockServer,
  type MockServerCloseOptions,
  type MockServerOptions,
  type SignalSource,
} from './server.js';
export type { MockOutcome, MockSettleOutcome } from './store/sunat-answers.js';
export type { MockTicket, MockTicketOutcome } from './store/tickets.js';
export type { MockRateLimit } from './middleware/rate-limit.js';
export type { WebhookDelivery, WebhookDeliveryError } from './store/webhook-deliveries.js';

/**
 * The sandbox behind {@link handlers}, one per process: inspect its `documents()` and
 * `requests`, queue faults with `failNext()`, and `reset()` it between tests. For a sandbox
 * with options (seed documents, SUNAT's outcome and later answer, a rate limit, only some keys)
 * call {@link createMockSandbox}.
 */
export const defaultSandbox: MockSandbox = createMockSandbox();

/**
 * msw handlers for every route of the mock, on any origin, backed by {@link defaultSandbox}: spread them
 * into your own `setupServer(...handlers)` (or `server.use(...handlers)`). They accept any key
 * that starts with `sk_test_`, {@link MOCK_API_KEY} among them.
 */
export const handlers: RequestHandler[] = defaultSandbox.handlers;

/**
 * Webhook tools for your tests: `webhooks.sign(body, { secret, id?, timestamp? })` returns the
 * three Standard Webhooks headers for `body`, exactly as the API (and this mock) signs
 * deliveries, so you can POST signed events to your own endpoint. It is `signWebhook` from `yupana`.
 */
export const webhooks = {
  /** `signWebhook`: the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers for a body. */
  sign: signWebhook,
} as const;
