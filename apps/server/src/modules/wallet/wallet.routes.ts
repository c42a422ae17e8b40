import type { ApiRoutes } from '../../plugins/signature';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { WalletQuery, WalletResponse, walletPath } from '@vsp/contract/endpoints/recharge';
import { currentUser } from '../../plugins/authenticate';
import { walletView, type WalletRepository } from './wallet.repository';

export interface WalletRoutesOptions {
  wallet: WalletRepository;
}

/** The logged-in player's balances and backpack (what the app shows after a top-up or a gift). */
export const walletRoutes: ApiRoutes<WalletRoutesOptions> = async (app, { wallet }) => {
  app.get(
    walletPath,
    {
      schema: { tags: ['wallet'], summary: 'Balances of every currency and the backpack of the logged-in player', headers: TokenHeaders, querystring: WalletQuery, response: { 200: WalletResponse } },
      preHandler: app.requireUser,
    },
    async (request) => walletView(await wallet.holdings(currentUser(request).uid)),
  );
};
