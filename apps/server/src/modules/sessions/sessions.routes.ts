import type { ApiRoutes } from '../../plugins/signature';
import {
  LogoutBody,
  LogoutResponse,
  RevokeOtherSessionsBody,
  RevokeSessionBody,
  RevokedCountResponse,
  SessionsQuery,
  SessionsResponse,
  TokenHeaders,
  logoutPath,
  revokeOtherSessionsPath,
  revokeSessionPath,
  sessionsPath,
} from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import type { SessionsService } from './sessions.service';

export interface SessionsRoutesOptions {
  sessions: SessionsService;
}

/** Signed session routes for a logged-in user: logout, the list of their sessions, revoking them. */
export const sessionsRoutes: ApiRoutes<SessionsRoutesOptions> = async (app, { sessions }) => {
  const preHandler = app.requireUser;

  app.post(
    logoutPath,
    {
      schema: { tags: ['user'], summary: 'Log out: revokes the session of the token header', headers: TokenHeaders, body: LogoutBody, response: { 200: LogoutResponse } },
      preHandler,
    },
    async (request) => {
      await sessions.revoke(currentUser(request).sessionId);
      return { loggedOut: true as const };
    },
  );

  app.get(
    sessionsPath,
    {
      schema: { tags: ['user'], summary: "The caller's live sessions, newest first", headers: TokenHeaders, querystring: SessionsQuery, response: { 200: SessionsResponse } },
      preHandler,
    },
    async (request) => {
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
  );

  app.post(
    revokeOtherSessionsPath,
    {
      schema: { tags: ['user'], summary: 'Log out every other device', headers: TokenHeaders, body: RevokeOtherSessionsBody, response: { 200: RevokedCountResponse } },
      preHandler,
    },
    async (request) => {
      const user = currentUser(request);
      return { revoked: await sessions.revokeOthers(user.uid, user.sessionId) };
    },
  );

  app.post(
    revokeSessionPath,
    {
      schema: { tags: ['user'], summary: 'Log out one of your sessions by id', headers: TokenHeaders, body: RevokeSessionBody, response: { 200: RevokedCountResponse } },
      preHandler,
    },
    async (request) => {
      await sessions.revokeOwn(currentUser(request).uid, request.body.id);
      return { revoked: 1 };
    },
  );
};
