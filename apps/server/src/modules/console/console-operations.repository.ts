import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { auditLog, ledgerEntries, topUpOrders } from '../../db/schema';

/** The console's cross-user reads for payers: a user's orders, their ledger a page at a time, the audit of one target. */
export class ConsoleOperationsRepository {
  constructor(private readonly db: Database) {}

  async ordersOf(uid: number, limit: number) {
    return this.db.select().from(topUpOrders).where(eq(topUpOrders.uid, uid)).orderBy(desc(topUpOrders.createdAt), desc(topUpOrders.id)).limit(limit);
  }

  async ledgerPage(uid: number, offset: number, limit: number) {
    return this.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.uid, uid))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .offset(offset)
      .limit(limit);
  }

  async ledgerCount(uid: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.uid, uid));
    return row?.n ?? 0;
  }

  async auditOf(target: string, action: string) {
    return this.db.select().from(auditLog).where(and(eq(auditLog.target, target), eq(auditLog.action, action))).orderBy(auditLog.at, auditLog.id);
  }
}
