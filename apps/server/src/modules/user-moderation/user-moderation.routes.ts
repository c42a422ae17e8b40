import type { ApiRoutes } from '../../plugins/signature';
import {
  UserBlockBody,
  UserResponse,
  UserRevokeSessionsBody,
  UserSearchQuery,
  UserSearchResponse,
  consoleUserBlockPath,
  consoleUserRevokeSessionsPath,
  consoleUserSearchPath,
} from '@vsp/contract/endpoints/console';
import { currentUser } from '../../plugins/authenticate';
import type { UserModerationService } from './user-moderation.service';

/** The console's user lookup and moderation; operators only, checked before validation. */
export const userModerationRoutes: ApiRoutes<{ moderation: UserModerationService }> = async (app, { moderation }) => {
  const preValidation = app.requireOperator;
  const tags = ['console'];

  app.get(
    consoleUserSearchPath,
    { schema: { tags, summary: 'Find a user by account ID, user name or e-mail', querystring: UserSearchQuery, response: { 200: UserSearchResponse } }, preValidation },
    async (request) => ({ users: await moderation.searchUsers(request.query.q) }),
  );

  app.post(
    consoleUserBlockPath,
    { schema: { tags, summary: "Block (next call answers 10064) or unblock a user", body: UserBlockBody, response: { 200: UserResponse } }, preValidation },
    async (request) => moderation.setBlocked(currentUser(request).uid, request.body.uid, request.body.blocked),
  );

  app.post(
    consoleUserRevokeSessionsPath,
    { schema: { tags, summary: "End every session of a user", body: UserRevokeSessionsBody, response: { 200: UserResponse } }, preValidation },
    async (request) => moderation.revokeSessions(currentUser(request).uid, request.body.uid),
  );
};
