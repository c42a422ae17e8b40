import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { WalletQuery, WalletResponse, walletPath } from '@vsp/contract/endpoints/recharge';
import { currentUser, requireUser } from '../../plugins/authenticate';
import type { SessionsService } from '../sessions/sessions.service';
import { walletView, type WalletRepository } from './wallet.repository';

export interface WalletRoutesOptions {
  wallet: WalletRepository;
  sessions: SessionsService;
}

/** The logged-in player's balances and backpack (what the app shows after a top-up or a gift). */
export const walletRoutes: FastifyPluginAsyncTypebox<WalletRoutesOptions> = async (app, { wallet, sessions }) => {
  app.get(
    walletPath,
    {
      schema: { tags: ['wallet'], summary: 'Balances of every currency and the backpack of the logged-in player', headers: TokenHeaders, querystring: WalletQuery, response: { 200: WalletResponse } },
      preHandler: requireUser(sessions),
    },
    async (request) => ({ status: 1 as const, data: walletView(await wallet.holdings(currentUser(request).uid)) }),
  );
};
