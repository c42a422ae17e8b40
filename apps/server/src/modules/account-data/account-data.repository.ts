import { and, asc, desc, eq, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { userNameOf } from '../accounts';
import { accountDeletionRequests } from './account-deletions.schema';

export type DeletionRequestRow = typeof accountDeletionRequests.$inferSelect;

/** The pseudonym an erased account keeps: its user name and nickname (decision 0134). */
export const pseudonymOf = (uid: number) => `deleted-${uid}`;

/**
 * The deletion requests (issue 20, decision 0134). What the platform holds about a person is read
 * and erased by each module that holds it (decision 0160), never here.
 */
export class AccountDataRepository {
  constructor(private readonly db: Database) {}

  async pendingOf(uid: number): Promise<DeletionRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.uid, uid), eq(accountDeletionRequests.state, 'pending')));
    return row;
  }

  /**
   * Records a pending request (with the language its mails are written in) unless one is pending
   * already; answers the pending one either way, and whether this call made it.
   */
  async requestDeletion(uid: number, requestedAt: Date, dueAt: Date, lang: string): Promise<{ request: DeletionRequestRow; created: boolean }> {
    const inserted = await this.db.insert(accountDeletionRequests).values({ uid, requestedAt, dueAt, lang }).onConflictDoNothing().returning({ id: accountDeletionRequests.id });
    return { request: (await this.pendingOf(uid))!, created: inserted.length > 0 };
  }

  /** Cancels the account's pending request; answers it, or nothing when none was pending. */
  async cancelPending(uid: number, at: Date): Promise<DeletionRequestRow | undefined> {
    const [row] = await this.db
      .update(accountDeletionRequests)
      .set({ state: 'cancelled', cancelledAt: at })
      .where(and(eq(accountDeletionRequests.uid, uid), eq(accountDeletionRequests.state, 'pending')))
      .returning();
    return row;
  }

  /** Pending requests whose grace period is over, oldest due first. */
  due(at: Date, limit: number): Promise<DeletionRequestRow[]> {
    return this.db
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.state, 'pending'), lte(accountDeletionRequests.dueAt, at)))
      .orderBy(asc(accountDeletionRequests.dueAt))
      .limit(limit);
  }

  /** For operators: pending requests, oldest first, and the latest completed ones. */
  async consoleList(limit: number) {
    const columns = {
      uid: accountDeletionRequests.uid,
      userName: userNameOf(accountDeletionRequests.uid),
      requestedAt: accountDeletionRequests.requestedAt,
      dueAt: accountDeletionRequests.dueAt,
      completedAt: accountDeletionRequests.completedAt,
    };
    const list = (which: SQL | undefined, order: SQL) => this.db.select(columns).from(accountDeletionRequests).where(which).orderBy(order).limit(limit);
    const pending = await list(eq(accountDeletionRequests.state, 'pending'), asc(accountDeletionRequests.dueAt));
    const completed = await list(and(eq(accountDeletionRequests.state, 'completed'), isNotNull(accountDeletionRequests.completedAt)), desc(accountDeletionRequests.completedAt));
    return { pending, completed };
  }

  /**
   * Runs `erase` for a pending request that is due, in one transaction that holds the request row:
   * a sign-in that would cancel it waits, then finds it completed. Answers undefined when the request
   * is no longer pending (cancelled meanwhile, or done by another run); otherwise what `erase` answered.
   */
  async completeDue<T>(requestId: number, at: Date, erase: (request: DeletionRequestRow, tx: Transaction) => Promise<T>): Promise<T | undefined> {
    return this.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(accountDeletionRequests)
        .where(and(eq(accountDeletionRequests.id, requestId), eq(accountDeletionRequests.state, 'pending'), lte(accountDeletionRequests.dueAt, at)))
        .for('update');
      if (!request) return undefined;
      const done = await erase(request, tx);
      await tx.update(accountDeletionRequests).set({ state: 'completed', completedAt: at }).where(eq(accountDeletionRequests.id, requestId));
      return done;
    });
  }
}
