/**
 * The routes of `perceptions` (src/operations/perceptions.ts) over the sandbox's store of
 * comprobantes de percepción, served as retentions are (`agentReceiptRoutes`, routes/retentions.ts).
 *
 * @module
 */
import { perceptionsOperations } from '../../operations/perceptions.js';
import type { MockRoute } from '../routing/route.js';
import type { SandboxState } from '../store/sandbox-state.js';
import { agentReceiptRoutes } from './retentions.js';

/** The routes of `perceptionsOperations`, over the sandbox's comprobantes de percepción. */
export function perceptionsRoutes({ perceptions }: SandboxState): MockRoute[] {
  return agentReceiptRoutes(perceptionsOperations, perceptions, (receipt) => (receipt.object === 'perception' ? receipt.totals.perceived : 0));
}
