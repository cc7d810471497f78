import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { path } from '../internal/path.js';
import { validate } from '../internal/validate.js';
import { type AuditLog, AuditLogListParams } from '../models/audit-log.js';
import { APIResource } from './resource.js';

/** The audit log (`log_`): who did what on your account, and from where. Reach it as `client.auditLogs`. */
export class AuditLogs extends APIResource {
  /**
   * Fetches one entry by its `log_` id.
   *
   * ```ts
   * const entry = await client.auditLogs.retrieve('log_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<AuditLog> {
    return this._call(() => this._get(path`/v1/audit-logs/${id}`, options));
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
    return this._list(() => this._client.getList('/v1/audit-logs', validate(AuditLogListParams, params, 'auditLogs.list params'), options));
  }
}
