import { asc, desc, eq, and } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { auditLog, musicSubmissions, outfitSubmissions, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** The console's own reads (the review queue across users) and the audit log. */
export class ConsoleRepository {
  constructor(private readonly db: Database) {}

  async pendingMusic(limit: number) {
    return this.db
      .select({ song: musicSubmissions, userName: users.userName })
      .from(musicSubmissions)
      .innerJoin(users, eq(users.uid, musicSubmissions.uid))
      .where(eq(musicSubmissions.state, 'pending'))
      .orderBy(asc(musicSubmissions.createdAt), asc(musicSubmissions.id))
      .limit(limit);
  }

  async pendingOutfits(limit: number) {
    return this.db
      .select({ outfit: outfitSubmissions, userName: users.userName })
      .from(outfitSubmissions)
      .innerJoin(users, eq(users.uid, outfitSubmissions.uid))
      .where(and(eq(outfitSubmissions.reviewState, 'pending'), eq(outfitSubmissions.uploadStatus, 'success')))
      .orderBy(asc(outfitSubmissions.createdAt), asc(outfitSubmissions.id))
      .limit(limit);
  }

  async musicById(id: number) {
    const [row] = await this.db.select().from(musicSubmissions).where(eq(musicSubmissions.id, id)).limit(1);
    return row;
  }

  async outfitById(id: number) {
    const [row] = await this.db.select().from(outfitSubmissions).where(eq(outfitSubmissions.id, id)).limit(1);
    return row;
  }

  async audit(entry: NewAuditRow): Promise<void> {
    await this.db.insert(auditLog).values(entry);
  }

  async recentAudit(limit: number): Promise<AuditRow[]> {
    return this.db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
  }
}
