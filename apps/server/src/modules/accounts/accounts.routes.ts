import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GetUserInfoByUidHeaders,
  GetUserInfoByUidQuery,
  GetUserInfoByUidResponse,
  getUserInfoByUidPath,
} from '@vsp/contract/endpoints/user';
import type { AccountsService } from './accounts.service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
}

/** Signed account routes: calls 1-3 of spec section 7 (login and token calls arrive with accounts). */
export const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, { accounts }) => {
  app.get(
    getUserInfoByUidPath,
    {
      schema: {
        tags: ['user'],
        summary: 'Public profile (uid, nickname) of an account ID',
        headers: GetUserInfoByUidHeaders,
        querystring: GetUserInfoByUidQuery,
        response: { 200: GetUserInfoByUidResponse },
      },
    },
    async (request) => ({ status: 1 as const, data: await accounts.publicProfile(Number(request.headers.uid)) }),
  );
};
