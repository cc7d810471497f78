/**
 * Every resource's operation declarations, with their zod schemas: the unit the client loads on
 * its first call (`loadOperations`), whose schemas check each call's input. The mock
 * sandbox routes and `openapi.json` documents the same declarations.
 *
 * @module
 */
export { accountOperations } from './account.js';
export { apiKeysOperations } from './api-keys.js';
export { auditLogsOperations } from './audit-logs.js';
export { customersOperations } from './customers.js';
export { despatchesOperations } from './despatches.js';
export { documentsOperations } from './documents.js';
export { eventsOperations } from './events.js';
export { exchangeRatesOperations } from './exchange-rates.js';
export { lookupsOperations } from './lookups.js';
export { perceptionsOperations } from './perceptions.js';
export { productsOperations } from './products.js';
export { retentionsOperations } from './retentions.js';
export { seriesOperations } from './series.js';
export { summariesOperations } from './summaries.js';
export { voidingsOperations } from './voidings.js';
export { webhookEndpointsOperations } from './webhook-endpoints.js';
