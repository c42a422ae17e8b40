import { and, asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditLog } from './audit.schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** The audit log of operator actions: written through the module's `audit` helper, read by the console. */
export class AuditRepository {
  constructor(private readonly db: Queryable) {}

  async insert(entry: NewAuditRow): Promise<void> {
    await this.db.insert(auditLog).values(entry);
  }

  async recent(limit: number): Promise<AuditRow[]> {
    return this.db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
  }

  /** One action's entries on one target, oldest first (an order's re-checks for its timeline). */
  async of(target: string, action: string): Promise<AuditRow[]> {
    return this.db.select().from(auditLog).where(and(eq(auditLog.target, target), eq(auditLog.action, action))).orderBy(asc(auditLog.at), asc(auditLog.id));
  }
}
