/**
 * Comprobantes de retención (`20`) and de percepción (`40`), computed and checked as the service
 * does before it numbers one: `computeRetention` / `computePerception` give each related
 * document's amounts and the totals in PEN, to the cent; `checkRetention` / `checkPerception`
 * run SUNAT's rules, each issue with its code, the field's path and SUNAT's Spanish description.
 *
 * @module
 */
export { type AgentBody, type ComputedPerception, type ComputedRetention, computePerception, computeRetention } from './compute.js';
export { type CheckAgentOptions, checkPerception, checkRetention } from './rules.js';
