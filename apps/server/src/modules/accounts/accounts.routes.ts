import type { ApiRoutes } from '../../plugins/signature';
import { TokenHeaders, GetUserInfoByUidHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { lookupLimits } from '../../plugins/rate-limit';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { SessionStarter } from './session-needs';
import type { UserRow } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import type { DeviceTrust } from './device-trust';

/** Signed account routes: calls 1-3 of spec section 7 and registration. */
export const accountsRoutes: ApiRoutes<ModuleOptions<{ accounts: AccountsService; devices: DeviceTrust; sessions: SessionStarter }>> = async (app, { context: { config }, services: { accounts, devices, sessions } }) => {
  /** Login and registration both answer a new session (spec call 1's data). */
  async function startSession(user: UserRow, userAgent: string | undefined) {
    const { token, notices } = await sessions.create(user.uid, userAgent ?? '');
    return { token, uid: user.uid, nickname: user.nickname, userName: user.userName, ...(notices.includes('deletion_cancelled') ? { deletionCancelled: true as const } : {}) };
  }

  app.route({
    ...operationRoute(app, 'login', { tags: ['user'], summary: 'Log in with an e-mail or user name and a password (call 1)' }),
    handler: async (request, reply) => {
      const client = devices.clientOf(request);
      const user = await accounts.verifyLogin(request.body.userName, request.body.passWord, client);
      devices.remember(request, reply, client, user.uid);
      return startSession(user, request.headers['user-agent']);
    },
  });

  app.route({
    ...operationRoute(app, 'register', { tags: ['user'], summary: 'Register a player account (the app); answers like a login' }),
    handler: async (request) => {
      const { userName, email, passWord, nickname } = request.body;
      const user = await accounts.register({ userName, email, password: passWord, nickname }, request.clientAddress);
      return startSession(user, request.headers['user-agent']);
    },
  });

  app.route({
    ...operationRoute(app, 'userInfo', { tags: ['user'], summary: 'The logged-in user behind the token and uid headers (call 2)', headers: TokenHeaders }),
    preHandler: app.requireUser,
    handler: async (request) => {
      const user = currentUser(request);
      return { uid: user.uid, nickname: user.nickname, userName: user.userName, email: user.email, role: user.role };
    },
  });

  app.route({
    ...operationRoute(app, 'publicProfile', { tags: ['user'], summary: 'Public profile (uid, nickname) of an account ID', headers: GetUserInfoByUidHeaders }),
    onRequest: app.routeLimits(...lookupLimits('nickname', config.addressLimit)),
    handler: async (request) => accounts.publicProfile(Number(request.headers.uid)),
  });
};
