import type { ApiRoutes } from '../../plugins/signature';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import { walletView, type WalletRepository } from './wallet.repository';
import type { WalletService } from './wallet.service';

/**
 * The logged-in player's balances and backpack (what the app shows after a top-up or a gift), and
 * any user's wallet and ledger for operators (role checked before validation).
 */
export const walletRoutes: ApiRoutes<ModuleOptions<{ wallet: WalletRepository; wallets: WalletService }>> = async (app, { services: { wallet, wallets } }) => {
  app.route({
    ...operationRoute(app, 'wallet', { tags: ['wallet'], summary: 'Balances of every currency and the backpack of the logged-in player', headers: TokenHeaders }),
    preHandler: app.requireUser,
    handler: async (request) => walletView(await wallet.holdings(currentUser(request).uid)),
  });

  app.route({
    ...operationRoute(app, 'userWallet', { tags: ['console'], summary: 'A user’s balances and ledger rows, newest first, paged' }),
    handler: async (request) => {
      const { uid, page, pageSize } = request.query;
      return wallets.userWallet(uid, page ?? 1, pageSize ?? 20);
    },
  });
};
