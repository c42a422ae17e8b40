import type { FastifyRequest } from 'fastify';
import { ParentHeaders } from '@vsp/contract/endpoints/parental';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import type { ApiRoutes } from '../../plugins/signature';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { ParentalService } from './parental.service';

function parentToken(request: FastifyRequest): string | undefined {
  const value = request.headers['parent-token'];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/**
 * The player's side (/account: who manages the account, and the request to a parent) and the
 * parent's (confirm, sign in, the parent page, settings, unlink). Parent calls carry the session a
 * mailed link and the PIN opened in the `parent-token` header; a player's session opens none of them.
 */
export const parentalRoutes: ApiRoutes<ModuleOptions<{ parental: ParentalService }>> = async (app, { services: { parental } }) => {
  const player = ['user'];
  const parent = ['parent'];
  const parentSession = async (request: FastifyRequest) => parental.authenticate(parentToken(request));

  app.route({
    ...operationRoute(app, 'playerParent', { tags: player, summary: 'Whether a parent manages the caller’s account, by which address (masked) and since when', headers: TokenHeaders }),
    preHandler: app.requireUser,
    handler: async (request) => parental.playerView(currentUser(request).uid),
  });

  app.route({
    ...operationRoute(app, 'linkParent', { tags: player, summary: 'Ask a parent to manage the account: a one-time confirmation link is mailed to them (10126 once a parent confirmed)', headers: TokenHeaders }),
    preHandler: app.requireUser,
    handler: async (request) => parental.requestLink(currentUser(request), request.body.email, request.body.lang),
  });

  app.route({
    ...operationRoute(app, 'parentConfirm', { tags: parent, summary: 'The parent confirms with the mailed link and sets a PIN; answers a parent session (10124 for a link that does not work)' }),
    handler: async (request) => parental.confirm(request.body.token, request.body.pin, request.clientAddress),
  });

  app.route({
    ...operationRoute(app, 'parentSignInRequest', { tags: parent, summary: 'Mail a sign-in link to a parent’s address (same answer whether or not it manages an account)' }),
    handler: async (request) => parental.requestSignIn(request.body.email, request.clientAddress),
  });

  app.route({
    ...operationRoute(app, 'parentSignIn', { tags: parent, summary: 'The parent opens a mailed sign-in link with the PIN; answers a parent session (10125 wrong PIN)' }),
    handler: async (request) => parental.signIn(request.body.token, request.body.pin, request.clientAddress),
  });

  app.route({
    ...operationRoute(app, 'parentAccount', { tags: parent, summary: 'The parent page: the child, limit and its use this month, switches, orders, notices (10127 without a parent session)', headers: ParentHeaders }),
    handler: async (request) => parental.account((await parentSession(request)).uid),
  });

  app.route({
    ...operationRoute(app, 'parentSettings', { tags: parent, summary: 'The parent sets the monthly limit, its currency, the gift-pack switch, the language of mails; audited', headers: ParentHeaders }),
    handler: async (request) => parental.settings((await parentSession(request)).uid, request.body),
  });

  app.route({
    ...operationRoute(app, 'parentUnlink', { tags: parent, summary: 'The parent unlinks: the account is no longer parent-managed; audited', headers: ParentHeaders }),
    handler: async (request) => parental.unlink((await parentSession(request)).uid),
  });

  app.route({
    ...operationRoute(app, 'parentSignOut', { tags: parent, summary: 'Ends the parent’s session', headers: ParentHeaders }),
    handler: async (request) => parental.signOut((await parentSession(request)).sessionId),
  });
};
