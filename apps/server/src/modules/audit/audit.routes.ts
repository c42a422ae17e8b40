import type { ApiRoutes } from '../../plugins/signature';
import { AuditQuery, AuditResponse, consoleAuditPath } from '@vsp/contract/endpoints/console';
import type { AuditRepository } from './audit.repository';

/** The console's audit page: the newest entries; operators only, checked before validation. */
export const auditRoutes: ApiRoutes<{ auditLog: AuditRepository }> = async (app, { auditLog }) => {
  app.get(
    consoleAuditPath,
    { schema: { tags: ['console'], summary: 'The newest audit entries', querystring: AuditQuery, response: { 200: AuditResponse } }, preValidation: app.requireOperator },
    async (request) => {
      const rows = await auditLog.recent(request.query.limit ?? 50);
      return { entries: rows.map((r) => ({ id: r.id, actorUid: r.actorUid, actorName: r.actorName, action: r.action, target: r.target, before: r.before, after: r.after, at: r.at.getTime() })) };
    },
  );
};
