import type { ApiRoutes } from '../../plugins/signature';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { UserModerationService } from './user-moderation.service';

/** The console's user lookup and moderation; operators only, checked before validation. */
export const userModerationRoutes: ApiRoutes<ModuleOptions<{ userModeration: UserModerationService }>> = async (app, { services: { userModeration: moderation } }) => {
  const tags = ['console'];

  app.route({
    ...operationRoute(app, 'searchUsers', { tags, summary: 'Find a user by account ID, user name or e-mail' }),
    handler: async (request) => ({ users: await moderation.searchUsers(request.query.q) }),
  });

  app.route({
    ...operationRoute(app, 'blockUser', { tags, summary: "Block (next call answers 10064) or unblock a user" }),
    handler: async (request) => moderation.setBlocked(currentUser(request).uid, request.body.uid, request.body.blocked),
  });

  app.route({
    ...operationRoute(app, 'revokeUserSessions', { tags, summary: "End every session of a user" }),
    handler: async (request) => moderation.revokeSessions(currentUser(request).uid, request.body.uid),
  });
};
