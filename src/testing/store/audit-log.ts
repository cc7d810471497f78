/**
 * The sandbox's audit log: one entry per successful write, naming the object it answered or, when
 * it answers something else (an email's `{ sent: true }`), the object its route says it acted on.
 *
 * @module
 */
import type { AuditLog } from '../../models/audit-log.js';
import type { MockCaller } from './api-keys.js';
import { isoNow } from './clock.js';
import { Collection } from './collection.js';
import { randomId } from './ids.js';

/** The audit log entries, kept as built by `record`, from parts nobody changes: a month of entries holds no copies. */
export class AuditLogStore extends Collection<AuditLog> {
  /** The audit log's actor of each API key, one object per key shared by its entries (never changed). */
  readonly #actors = new Map<string, AuditLog['actor']>();

  constructor() {
    super('audit log entry', undefined, (entry) => entry);
  }

  #actorOf(keyId: string): AuditLog['actor'] {
    let actor = this.#actors.get(keyId);
    if (!actor) {
      actor = { type: 'api_key', id: keyId };
      this.#actors.set(keyId, actor);
    }
    return actor;
  }

  /**
   * Records a successful write in the audit log: who (the caller's key), what (the SDK method),
   * on which object (`subject`, else the object answered: its `id` and `object`) and from where.
   */
  async record(
    response: Response,
    at: { caller: MockCaller; action: string; requestId: string; request: Request; subject?: { type: string; id: string } | undefined },
  ): Promise<void> {
    if (!response.ok) return;
    const body = (await response.clone().json()) as { id?: unknown; object?: unknown };
    const resource = at.subject ?? (typeof body.id === 'string' && typeof body.object === 'string' ? { type: body.object, id: body.id } : undefined);
    if (resource === undefined) return;
    const now = isoNow();
    // One literal (no spread): every entry gets the same hidden class, its fields in the object itself.
    this.add({
      id: randomId('log_'),
      object: 'audit_log',
      actor: this.#actorOf(at.caller.keyId),
      action: at.action,
      resource,
      ip: at.request.headers.get('x-forwarded-for') ?? '127.0.0.1',
      requestId: at.requestId,
      createdAt: now,
      updatedAt: now,
    });
  }
}
