import type { ApiRoutes } from '../../plugins/signature';
import { UserWalletQuery, UserWalletResponse, consoleUserWalletPath } from '@vsp/contract/endpoints/console-operations';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { WalletQuery, WalletResponse, walletPath } from '@vsp/contract/endpoints/recharge';
import { currentUser } from '../../plugins/authenticate';
import { walletView, type WalletRepository } from './wallet.repository';
import type { WalletService } from './wallet.service';

export interface WalletRoutesOptions {
  wallet: WalletRepository;
  wallets: WalletService;
}

/**
 * The logged-in player's balances and backpack (what the app shows after a top-up or a gift), and
 * any user's wallet and ledger for operators (role checked before validation).
 */
export const walletRoutes: ApiRoutes<WalletRoutesOptions> = async (app, { wallet, wallets }) => {
  app.get(
    walletPath,
    {
      schema: { tags: ['wallet'], summary: 'Balances of every currency and the backpack of the logged-in player', headers: TokenHeaders, querystring: WalletQuery, response: { 200: WalletResponse } },
      preHandler: app.requireUser,
    },
    async (request) => walletView(await wallet.holdings(currentUser(request).uid)),
  );

  app.get(
    consoleUserWalletPath,
    { schema: { tags: ['console'], summary: 'A user’s balances and ledger rows, newest first, paged', querystring: UserWalletQuery, response: { 200: UserWalletResponse } }, preValidation: app.requireOperator },
    async (request) => {
      const { uid, page, pageSize } = request.query;
      return wallets.userWallet(uid, page ?? 1, pageSize ?? 20);
    },
  );
};
