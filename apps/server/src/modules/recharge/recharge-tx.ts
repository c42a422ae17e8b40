import type { Transaction } from '../../db/database';
import type { ModuleContext } from '../server-module';
import type { WalletRepository } from '../wallet';
import type { RechargeRepository } from './recharge.repository';

/** What a top-up transaction works on: the module's tables, the ledger, and the transaction itself. */
export interface RechargeTx {
  recharge: RechargeRepository;
  wallet: WalletRepository;
  /**
   * The transaction itself: a module that registered a receiving limit or a step of the credit
   * (parental's limits and notices) reads and writes its own tables through it.
   */
  on: Transaction;
}
export type RunInTransaction = <T>(work: (tx: RechargeTx) => Promise<T>) => Promise<T>;

export type RechargeLogger = ModuleContext['log'];
