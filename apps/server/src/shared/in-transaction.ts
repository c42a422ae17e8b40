import type { Database, Transaction } from '../db/database';

/**
 * Runs `work` in one database transaction, with the repositories a service names built on that
 * transaction: what it writes, and the audit entry it passes `tx` (decision 0164), commit together
 * or not at all.
 */
export type InTransaction<Repositories = undefined> = <T>(work: (tx: Transaction, repositories: Repositories) => Promise<T>) => Promise<T>;

/** A service's InTransaction over `db`, building its repositories on each transaction. */
export function inTransaction<Repositories = undefined>(db: Database, repositories?: (tx: Transaction) => Repositories): InTransaction<Repositories> {
  return (work) => db.transaction((tx) => work(tx, repositories ? repositories(tx) : (undefined as Repositories)));
}
