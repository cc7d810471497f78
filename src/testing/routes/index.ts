/**
 * Every route of the sandbox, one file per file of src/operations/, in the order msw tries them.
 *
 * @module
 */
import type { MockRoute } from '../routing/route.js';
import type { SandboxState } from '../store/sandbox-state.js';
import { accountRoutes } from './account.js';
import { apiKeysRoutes } from './api-keys.js';
import { auditLogsRoutes } from './audit-logs.js';
import { customersRoutes } from './customers.js';
import { despatchesRoutes } from './despatches.js';
import { documentsRoutes } from './documents.js';
import { eventsRoutes } from './events.js';
import { exchangeRatesRoutes } from './exchange-rates.js';
import { lookupsRoutes } from './lookups.js';
import { perceptionsRoutes } from './perceptions.js';
import { productsRoutes } from './products.js';
import { retentionsRoutes } from './retentions.js';
import { seriesRoutes } from './series.js';
import { summariesRoutes } from './summaries.js';
import { voidingsRoutes } from './voidings.js';
import { webhookEndpointsRoutes } from './webhook-endpoints.js';

/** The routes of every operation, over `state`. */
export function sandboxRoutes(state: SandboxState): MockRoute[] {
  return [
    ...documentsRoutes(state),
    ...voidingsRoutes(state),
    ...summariesRoutes(state),
    ...customersRoutes(state),
    ...productsRoutes(state),
    ...seriesRoutes(state),
    ...webhookEndpointsRoutes(state),
    ...eventsRoutes(state),
    ...apiKeysRoutes(state),
    ...auditLogsRoutes(state),
    ...lookupsRoutes(),
    ...accountRoutes(state),
    ...exchangeRatesRoutes(),
    ...retentionsRoutes(state),
    ...perceptionsRoutes(state),
    ...despatchesRoutes(state),
  ];
}
