/**
 * Every resource's operation declarations, loaded as one unit on the client's first call (see
 * `loadOperations` in `resources/resource.ts`): the first call of any resource loads them all,
 * so a bundler gives them, their schemas and zod one chunk, fetched in the same round as ky,
 * rather than a chunk per resource that imports the models it shares with the others (one more
 * round trip before the first request).
 *
 * @module
 */
export { accountOperations } from './account.js';
export { apiKeysOperations } from './api-keys.js';
export { auditLogsOperations } from './audit-logs.js';
export { customersOperations } from './customers.js';
export { documentsOperations } from './documents.js';
export { eventsOperations } from './events.js';
export { exchangeRatesOperations } from './exchange-rates.js';
export { lookupsOperations } from './lookups.js';
export { productsOperations } from './products.js';
export { seriesOperations } from './series.js';
export { webhookEndpointsOperations } from './webhook-endpoints.js';
