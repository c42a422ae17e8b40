import { AppError } from '@vsp/contract/app-error';
import type { UserWallet } from '@vsp/contract/endpoints/console-operations';
import { Errors } from '@vsp/contract/error-codes';
import type { AccountsRepository } from '../accounts';
import { walletView, type WalletRepository } from './wallet.repository';

/** A user's wallet as an operator reads it when answering a payer: balances, backpack, ledger pages. */
export class WalletService {
  constructor(private readonly deps: { wallet: Pick<WalletRepository, 'holdings' | 'ledgerPage' | 'ledgerCount'>; accounts: Pick<AccountsRepository, 'findByUid'> }) {}

  async userWallet(uid: number, page: number, pageSize: number): Promise<UserWallet> {
    if (!(await this.deps.accounts.findByUid(uid))) throw new AppError(Errors.NotFound);
    const [holdings, rows, total] = await Promise.all([
      this.deps.wallet.holdings(uid),
      this.deps.wallet.ledgerPage(uid, (page - 1) * pageSize, pageSize),
      this.deps.wallet.ledgerCount(uid),
    ]);
    return {
      uid,
      ...walletView(holdings),
      ledger: rows.map((r) => ({ id: r.id, asset: r.asset, delta: r.delta, reason: r.reason, reference: r.reference, at: r.createdAt.getTime() })),
      page,
      pageSize,
      total,
    };
  }
}
