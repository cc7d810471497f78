import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { AuditLog, AuditLogListParams } from '../models/audit-log.js';
import { APIResource, loadOperations } from './resource.js';
import type { auditLogsOperations } from '../operations/audit-logs.js';

const operations = () => loadOperations().then((m) => m.auditLogsOperations);

/** The audit log (`log_`): who did what on your account, and from where. Reach it as `client.auditLogs`. */
export class AuditLogsResource extends APIResource<typeof auditLogsOperations> {
  protected readonly _operations = operations;

  /**
   * Fetches one entry by its `log_` id.
   *
   * ```ts
   * const entry = await client.auditLogs.retrieve('log_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<AuditLog> {
    return this._do('retrieve', { params: { id } }, options);
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
    return this._page('list', params, options);
  }
}
