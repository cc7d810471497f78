/**
 * The operations of `client.auditLogs`, each declared once (method, path, schemas): the resource's
 * methods check their input against the schemas with zod and send them, the mock sandbox routes
 * them, and `openapi.json` documents them.
 *
 * @module
 */
import type { Operation } from '../core/operation.js';
import { AuditLog, AuditLogListParams } from '../models/audit-log.js';

/** The operations of `client.auditLogs`, by method name. */
export const auditLogsOperations = {
  retrieve: { name: 'auditLogs.retrieve', method: 'GET', path: '/v1/audit-logs/{id}', responses: { 200: AuditLog } },
  list: { name: 'auditLogs.list', method: 'GET', path: '/v1/audit-logs', query: AuditLogListParams, list: AuditLog },
} as const satisfies Record<string, Operation>;
