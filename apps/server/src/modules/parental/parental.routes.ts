import type { FastifyRequest } from 'fastify';
import {
  ParentAccountQuery,
  ParentAccountResponse,
  ParentConfirmBody,
  ParentHeaders,
  ParentSessionResponse,
  ParentSettingsBody,
  ParentSignInBody,
  ParentSignInRequestBody,
  ParentSignInRequestResponse,
  ParentSignOutBody,
  ParentSignOutResponse,
  ParentUnlinkBody,
  ParentUnlinkResponse,
  PlayerParentLinkBody,
  PlayerParentQuery,
  PlayerParentResponse,
  parentAccountPath,
  parentConfirmPath,
  parentSettingsPath,
  parentSignInPath,
  parentSignInRequestPath,
  parentSignOutPath,
  parentUnlinkPath,
  playerParentLinkPath,
  playerParentPath,
} from '@vsp/contract/endpoints/parental';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import type { ApiRoutes } from '../../plugins/signature';
import type { ParentalService } from './parental.service';

export interface ParentalRoutesOptions {
  parental: ParentalService;
}

function parentToken(request: FastifyRequest): string | undefined {
  const value = request.headers['parent-token'];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/**
 * The player's side (/account: who manages the account, and the request to a parent) and the
 * parent's (confirm, sign in, the parent page, settings, unlink). Parent calls carry the session a
 * mailed link and the PIN opened in the `parent-token` header; a player's session opens none of them.
 */
export const parentalRoutes: ApiRoutes<ParentalRoutesOptions> = async (app, { parental }) => {
  const player = ['user'];
  const parent = ['parent'];
  const parentSession = async (request: FastifyRequest) => parental.authenticate(parentToken(request));

  app.get(
    playerParentPath,
    { schema: { tags: player, summary: 'Whether a parent manages the caller’s account, by which address (masked) and since when', headers: TokenHeaders, querystring: PlayerParentQuery, response: { 200: PlayerParentResponse } }, preHandler: app.requireUser },
    async (request) => parental.playerView(currentUser(request).uid),
  );

  app.post(
    playerParentLinkPath,
    {
      schema: { tags: player, summary: 'Ask a parent to manage the account: a one-time confirmation link is mailed to them (10126 once a parent confirmed)', headers: TokenHeaders, body: PlayerParentLinkBody, response: { 200: PlayerParentResponse } },
      preHandler: app.requireUser,
    },
    async (request) => parental.requestLink(currentUser(request), request.body.email, request.body.lang),
  );

  app.post(
    parentConfirmPath,
    { schema: { tags: parent, summary: 'The parent confirms with the mailed link and sets a PIN; answers a parent session (10124 for a link that does not work)', body: ParentConfirmBody, response: { 200: ParentSessionResponse } } },
    async (request) => parental.confirm(request.body.token, request.body.pin, request.clientAddress),
  );

  app.post(
    parentSignInRequestPath,
    { schema: { tags: parent, summary: 'Mail a sign-in link to a parent’s address (same answer whether or not it manages an account)', body: ParentSignInRequestBody, response: { 200: ParentSignInRequestResponse } } },
    async (request) => parental.requestSignIn(request.body.email, request.clientAddress),
  );

  app.post(
    parentSignInPath,
    { schema: { tags: parent, summary: 'The parent opens a mailed sign-in link with the PIN; answers a parent session (10125 wrong PIN)', body: ParentSignInBody, response: { 200: ParentSessionResponse } } },
    async (request) => parental.signIn(request.body.token, request.body.pin, request.clientAddress),
  );

  app.get(
    parentAccountPath,
    { schema: { tags: parent, summary: 'The parent page: the child, limit and its use this month, switches, orders, notices (10127 without a parent session)', headers: ParentHeaders, querystring: ParentAccountQuery, response: { 200: ParentAccountResponse } } },
    async (request) => parental.account((await parentSession(request)).uid),
  );

  app.post(
    parentSettingsPath,
    { schema: { tags: parent, summary: 'The parent sets the monthly limit, its currency, the gift-pack switch, the language of mails; audited', headers: ParentHeaders, body: ParentSettingsBody, response: { 200: ParentAccountResponse } } },
    async (request) => parental.settings((await parentSession(request)).uid, request.body),
  );

  app.post(
    parentUnlinkPath,
    { schema: { tags: parent, summary: 'The parent unlinks: the account is no longer parent-managed; audited', headers: ParentHeaders, body: ParentUnlinkBody, response: { 200: ParentUnlinkResponse } } },
    async (request) => parental.unlink((await parentSession(request)).uid),
  );

  app.post(
    parentSignOutPath,
    { schema: { tags: parent, summary: 'Ends the parent’s session', headers: ParentHeaders, body: ParentSignOutBody, response: { 200: ParentSignOutResponse } } },
    async (request) => parental.signOut((await parentSession(request)).sessionId),
  );
};
