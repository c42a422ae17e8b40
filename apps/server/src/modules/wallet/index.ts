import { defineModule } from '../server-module';
import type { AccountsRepository } from '../accounts';
import { WalletRepository } from './wallet.repository';
import { walletRoutes } from './wallet.routes';
import { WalletService } from './wallet.service';
import { walletPersonalData } from './wallet.personal-data';

export { WalletRepository } from './wallet.repository';

/** The ledger: balances and backpack, changed only by entries with a unique reference; any user's for operators. */
export const walletModule = defineModule({
  name: 'wallet',
  needs: ['accounts'],
  services: ({ db }, { accountsRepository }: { accountsRepository: AccountsRepository }) => {
    const wallet = new WalletRepository(db);
    return { wallet, wallets: new WalletService({ wallet, accounts: accountsRepository }) };
  },
  api: walletRoutes,
  personalData: ({ context: { db } }) => walletPersonalData(db),
});
