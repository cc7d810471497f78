/**
 * yupana's mock sandbox: a stateful in-memory API (documents, customers, keys...) for tests and
 * examples, as msw handlers (`createMockSandbox`) or a real HTTP server on loopback
 * (`startMockServer`).
 * Not part of the SDK's runtime: the SDK never imports this module.
 *
 * @module
 */
export {
  createMockSandbox,
  MOCK_API_KEY,
  type MockFault,
  type MockSandbox,
  type MockSandboxOptions,
  type RecordedRequest,
} from './sandbox.js';
export { startMockServer, type MockServer, type MockServerOptions } from './server.js';
export type { MockOutcome } from './state.js';
export type { MockFieldError } from './problem.js';
export type { WebhookDelivery } from './deliveries.js';
