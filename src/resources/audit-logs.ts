import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { AuditLog, AuditLogListParams } from '../models/audit-log.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.auditLogs`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const auditLogsOperations = {
  retrieve: { name: 'auditLogs.retrieve', method: 'GET', path: '/v1/audit-logs/{id}', responses: { 200: AuditLog } },
  list: { name: 'auditLogs.list', method: 'GET', path: '/v1/audit-logs', query: AuditLogListParams, list: AuditLog },
} as const satisfies Record<string, Operation>;

/** The audit log (`log_`): who did what on your account, and from where. Reach it as `client.auditLogs`. */
export class AuditLogsResource extends APIResource {
  /**
   * Fetches one entry by its `log_` id.
   *
   * ```ts
   * const entry = await client.auditLogs.retrieve('log_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<AuditLog> {
    return this._do(auditLogsOperations.retrieve, { params: { id } }, options);
  }

  /**
   * Lists entries newest first, filtered; pages automatically under `for await`.
   *
   * ```ts
   * for await (const entry of client.auditLogs.list({ action: 'documents.void', from: '2026-11-01' })) {
   *   console.log(entry.createdAt, entry.actor.id, entry.resource.id);
   * }
   * ```
   */
  list(params: AuditLogListParams = {}, options?: RequestOptions): PagePromise<AuditLog> {
    return this._page(auditLogsOperations.list, params, options);
  }
}
