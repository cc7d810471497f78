/**
 * The routes of `audit-logs` (src/operations/audit-logs.ts) over the sandbox's audit log.
 *
 * @module
 */
import type { AuditLog } from '../../models/audit-log.js';
import { auditLogsOperations } from '../../operations/audit-logs.js';
import { limaDate } from '../../sunat/dates.js';
import { calendarDate } from '../routing/input.js';
import { ok } from '../routing/json.js';
import { type MockRoute, route } from '../routing/route.js';
import type { SandboxState } from '../store/sandbox-state.js';

/** The routes of `auditLogsOperations`: a list filtered by actor, action and Lima day. */
export function auditLogsRoutes({ auditLogs }: SandboxState): MockRoute[] {
  return [
    route(auditLogsOperations.list, (ctx) => {
      const { limit, cursor, actor, action, from, to } = ctx.query();
      const [fromDay, toDay] = [calendarDate(from), calendarDate(to)];
      const day = (entry: AuditLog) => limaDate(new Date(entry.createdAt));
      const page = auditLogs.list(
        limit ?? 25,
        cursor,
        (entry) =>
          (actor === undefined || entry.actor.id === actor) &&
          (action === undefined || entry.action === action) &&
          (fromDay === undefined || day(entry) >= fromDay) &&
          (toDay === undefined || day(entry) <= toDay),
      );
      return ok(page);
    }),
    route(auditLogsOperations.retrieve, (ctx) => ok(auditLogs.get(ctx.param('id')))),
  ];
}
