import type { ApiRoutes } from '../../plugins/signature';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { SessionsService } from './sessions.service';

/** Signed session routes for a logged-in user: logout, the list of their sessions, revoking them. */
export const sessionsRoutes: ApiRoutes<ModuleOptions<{ sessions: SessionsService }>> = async (app, { services: { sessions } }) => {
  const preHandler = app.requireUser;

  app.route({
    ...operationRoute(app, 'logout', { tags: ['user'], summary: 'Log out: revokes the session of the token header', headers: TokenHeaders }),
    preHandler,
    handler: async (request) => {
      await sessions.revoke(currentUser(request).sessionId);
      return { loggedOut: true as const };
    },
  });

  app.route({
    ...operationRoute(app, 'sessions', { tags: ['user'], summary: "The caller's live sessions, newest first", headers: TokenHeaders }),
    preHandler,
    handler: async (request) => {
      const user = currentUser(request);
      const rows = await sessions.listLive(user.uid);
      return rows.map((row) => ({
          id: row.id,
          device: row.device,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === user.sessionId,
        }));
    },
  });

  app.route({
    ...operationRoute(app, 'revokeOtherSessions', { tags: ['user'], summary: 'Log out every other device', headers: TokenHeaders }),
    preHandler,
    handler: async (request) => {
      const user = currentUser(request);
      return { revoked: await sessions.revokeOthers(user.uid, user.sessionId) };
    },
  });

  app.route({
    ...operationRoute(app, 'revokeSession', { tags: ['user'], summary: 'Log out one of your sessions by id', headers: TokenHeaders }),
    preHandler,
    handler: async (request) => {
      await sessions.revokeOwn(currentUser(request).uid, request.body.id);
      return { revoked: 1 };
    },
  });
};
