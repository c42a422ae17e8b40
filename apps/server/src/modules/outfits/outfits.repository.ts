import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { outfitSubmissions } from '../../db/schema';

export type OutfitRow = typeof outfitSubmissions.$inferSelect;
export type NewOutfitRow = typeof outfitSubmissions.$inferInsert;

export class OutfitsRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewOutfitRow): Promise<OutfitRow> {
    const [inserted] = await this.db.insert(outfitSubmissions).values(row).returning();
    return inserted!;
  }

  /**
   * Records an accepted submission once per (uid, object key): a concurrent or repeated submit of
   * the same stored archive answers the row that is already there.
   */
  async insertAccepted(row: NewOutfitRow & { uploadStatus: 'success' }): Promise<OutfitRow> {
    const [inserted] = await this.db.insert(outfitSubmissions).values(row).onConflictDoNothing().returning();
    return inserted ?? (await this.findAccepted(row.uid, row.objectKey))!;
  }

  async findAccepted(uid: number, objectKey: string): Promise<OutfitRow | undefined> {
    const [row] = await this.db
      .select()
      .from(outfitSubmissions)
      .where(and(eq(outfitSubmissions.uid, uid), eq(outfitSubmissions.objectKey, objectKey), eq(outfitSubmissions.uploadStatus, 'success')))
      .limit(1);
    return row;
  }

  /** One page of a creator's submissions, newest first, and how many there are in all. */
  async pageByUid(uid: number, page: number, pageSize: number): Promise<{ rows: OutfitRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(outfitSubmissions)
      .where(eq(outfitSubmissions.uid, uid))
      .orderBy(desc(outfitSubmissions.createdAt), desc(outfitSubmissions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db.select({ n: count() }).from(outfitSubmissions).where(eq(outfitSubmissions.uid, uid));
    return { rows, total: total?.n ?? 0 };
  }

  async setReview(id: number, state: 'approved' | 'rejected', reason: string | null, at: Date): Promise<OutfitRow | undefined> {
    const [row] = await this.db
      .update(outfitSubmissions)
      .set({ reviewState: state, reviewReason: reason, reviewedAt: at })
      .where(and(eq(outfitSubmissions.id, id), eq(outfitSubmissions.uploadStatus, 'success')))
      .returning();
    return row;
  }
}
