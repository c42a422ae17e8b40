import type { ApiRoutes } from '../../plugins/signature';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { AuditRepository } from './audit.repository';

/** The console's audit page: the newest entries; operators only, checked before validation. */
export const auditRoutes: ApiRoutes<ModuleOptions<{ auditLog: AuditRepository }>> = async (app, { services: { auditLog } }) => {
  app.route({
    ...operationRoute(app, 'audit', { tags: ['console'], summary: 'The newest audit entries' }),
    handler: async (request) => {
      const rows = await auditLog.recent(request.query.limit ?? 50);
      return { entries: rows.map((r) => ({ id: r.id, actorUid: r.actorUid, actorName: r.actorName, action: r.action, target: r.target, before: r.before, after: r.after, at: r.at.getTime() })) };
    },
  });
};
