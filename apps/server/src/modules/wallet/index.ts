import { defineModule } from '../../shared/server-module';
import { WalletRepository } from './wallet.repository';
import { walletRoutes } from './wallet.routes';

export { WalletRepository, walletView } from './wallet.repository';

/** The ledger: balances and backpack, changed only by entries with a unique reference. */
export const walletModule = defineModule({
  services: ({ db }) => ({ wallet: new WalletRepository(db) }),
  api: async (app, { services }) => {
    await app.register(walletRoutes, { wallet: services.wallet });
  },
});
