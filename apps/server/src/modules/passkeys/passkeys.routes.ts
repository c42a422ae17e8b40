import type { ApiRoutes } from '../../plugins/signature';
import { AppError } from '@vsp/contract/app-error';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { Errors } from '@vsp/contract/error-codes';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { AccountsRepository } from '../accounts';
import type { ModuleOptions } from '../server-module';
import type { SessionsService } from '../sessions';
import type { PasskeysService } from './passkeys.service';

type PasskeysRoutesServices = { passkeys: PasskeysService; sessions: SessionsService; accountsRepository: Pick<AccountsRepository, 'findByUid'> };

/** A player's passkeys on /account, and signing in with one instead of the password (decision 0156). */
export const passkeysRoutes: ApiRoutes<ModuleOptions<PasskeysRoutesServices>> = async (app, { services: { passkeys, sessions, accountsRepository: accounts } }) => {
  const tags = ['user'];
  const headers = TokenHeaders;
  const preHandler = app.requireUser;

  app.route({
    ...operationRoute(app, 'passkeys', { tags, summary: "The caller's passkeys", headers }),
    preHandler,
    handler: async (request) => ({ passkeys: await passkeys.list(currentUser(request).uid) }),
  });
  app.route({
    ...operationRoute(app, 'passkeyRegistrationOptions', { tags, summary: 'Options for adding a passkey (navigator.credentials.create)', headers }),
    preHandler,
    handler: async (request) => ({ options: await passkeys.registrationOptions(currentUser(request)) }),
  });
  app.route({
    ...operationRoute(app, 'addPasskey', { tags, summary: 'Add the passkey the browser made for those options', headers }),
    preHandler,
    handler: async (request) => {
      const { uid } = currentUser(request);
      await passkeys.add(uid, request.body.credential as never);
      return { passkeys: await passkeys.list(uid) };
    },
  });
  app.route({
    ...operationRoute(app, 'removePasskey', { tags, summary: 'Remove one of your passkeys', headers }),
    preHandler,
    handler: async (request) => {
      const { uid } = currentUser(request);
      await passkeys.remove(uid, request.body.id);
      return { passkeys: await passkeys.list(uid) };
    },
  });

  app.route({
    ...operationRoute(app, 'passkeySignInOptions', { tags, summary: 'Options for signing in with a passkey (navigator.credentials.get)' }),
    handler: async () => ({ options: await passkeys.authenticationOptions(0) }),
  });
  app.route({
    ...operationRoute(app, 'passkeySignIn', { tags, summary: 'Sign in with a passkey instead of the password; answers like call 1' }),
    handler: async (request) => {
      const { uid } = await passkeys.authenticate(request.body.credential as never, 0);
      const user = await accounts.findByUid(uid);
      if (!user || user.erasedAt) throw new AppError(Errors.UserNotRegistered);
      if (user.blocked) throw new AppError(Errors.AccountBlocked);
      // Operators sign in at the console: the password, then their second factor.
      if (user.role === 'operator') throw new AppError(Errors.Forbidden);
      const { token, notices } = await sessions.create(user.uid, request.headers['user-agent'] ?? '');
      return { token, uid: user.uid, nickname: user.nickname, userName: user.userName, ...(notices.includes('deletion_cancelled') ? { deletionCancelled: true as const } : {}) };
    },
  });
};
