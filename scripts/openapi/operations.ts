/**
 * Every operation of the API, for the OpenAPI document: read from the declarations of each
 * resource (`src/operations/*.ts`), the same ones the SDK's methods send and the mock routes.
 * Only the OpenAPI script and its tests import this list; the SDK's runtime never does.
 */
import type { Operation as Declaration } from '../../src/core/operation.js';
import { accountOperations } from '../../src/operations/account.js';
import { apiKeysOperations } from '../../src/operations/api-keys.js';
import { auditLogsOperations } from '../../src/operations/audit-logs.js';
import { customersOperations } from '../../src/operations/customers.js';
import { documentsOperations } from '../../src/operations/documents.js';
import { eventsOperations } from '../../src/operations/events.js';
import { exchangeRatesOperations } from '../../src/operations/exchange-rates.js';
import { lookupsOperations } from '../../src/operations/lookups.js';
import { perceptionsOperations } from '../../src/operations/perceptions.js';
import { productsOperations } from '../../src/operations/products.js';
import { retentionsOperations } from '../../src/operations/retentions.js';
import { despatchesOperations } from '../../src/operations/despatches.js';
import { seriesOperations } from '../../src/operations/series.js';
import { summariesOperations } from '../../src/operations/summaries.js';
import { voidingsOperations } from '../../src/operations/voidings.js';
import { webhookEndpointsOperations } from '../../src/operations/webhook-endpoints.js';

/** One operation as the generator reads it: its declaration, with the SDK method as `sdk` and the method in lower case. */
export interface Operation extends Omit<Declaration, 'method'> {
  /** The SDK method that calls it, `resource.method`. */
  sdk: string;
  method: 'get' | 'post' | 'patch' | 'delete';
}

/** Every operation, resource by resource in the order of the contract. */
export const OPERATIONS: Operation[] = [
  documentsOperations,
  customersOperations,
  productsOperations,
  seriesOperations,
  webhookEndpointsOperations,
  eventsOperations,
  apiKeysOperations,
  auditLogsOperations,
  lookupsOperations,
  accountOperations,
  exchangeRatesOperations,
  voidingsOperations,
  summariesOperations,
  retentionsOperations,
  perceptionsOperations,
  despatchesOperations,
].flatMap((operations) => Object.values(operations).map((op: Declaration) => ({ ...op, sdk: op.name, method: op.method.toLowerCase() as Operation['method'] })));
