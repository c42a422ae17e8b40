import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ReviewedSubmissions } from '../../shared/reviewed-submissions';
import { userNameOf } from '../accounts';
import { outfitSubmissions } from './outfits.schema';
import type { RejectionCategory } from '@vsp/contract/review-reasons';


export type OutfitRow = typeof outfitSubmissions.$inferSelect;
export type NewOutfitRow = typeof outfitSubmissions.$inferInsert;

export interface OutfitDecision {
  state: 'approved' | 'rejected';
  category: RejectionCategory | null;
  reason: string | null;
}

/** In the review queue: waiting for a decision, and its archive accepted (a failed upload is never reviewed). */
const pendingReview = sql`(${eq(outfitSubmissions.reviewState, 'pending')} and ${eq(outfitSubmissions.uploadStatus, 'success')})`;

export class OutfitsRepository {
  /** Its review: who reviews a pending outfit now and until when, and the resubmissions of rejected ones. */
  readonly reviewed: ReviewedSubmissions;

  constructor(private readonly db: Database) {
    this.reviewed = new ReviewedSubmissions(db, outfitSubmissions, pendingReview, userNameOf);
  }

  async insert(row: NewOutfitRow): Promise<OutfitRow> {
    const [inserted] = await this.db.insert(outfitSubmissions).values(row).returning();
    return inserted!;
  }

  /**
   * Records an accepted submission once per (uid, object key): a concurrent or repeated submit of
   * the same stored archive answers the row that is already there. Undefined when the row lost to
   * another on its resubmission link instead (that rejection was resubmitted already).
   */
  async insertAccepted(row: NewOutfitRow & { uploadStatus: 'success' }): Promise<OutfitRow | undefined> {
    const [inserted] = await this.db.insert(outfitSubmissions).values(row).onConflictDoNothing().returning();
    return inserted ?? (await this.findAccepted(row.uid, row.objectKey));
  }

  async findById(id: number): Promise<OutfitRow | undefined> {
    const [row] = await this.db.select().from(outfitSubmissions).where(eq(outfitSubmissions.id, id)).limit(1);
    return row;
  }

  /** The submissions with the given ids (the rejected ones resubmissions fix). */
  async findByIds(ids: readonly number[]): Promise<OutfitRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(outfitSubmissions).where(inArray(outfitSubmissions.id, [...new Set(ids)]));
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

  /**
   * The review queue's outfits: pending, oldest first, with the creator's name (never null: a
   * deleted account takes its submissions with it) and the claimer's (null when unclaimed).
   */
  async pendingForReview(limit: number) {
    return this.db
      .select({ outfit: outfitSubmissions, userName: userNameOf(outfitSubmissions.uid), claimerName: userNameOf(outfitSubmissions.claimedBy) })
      .from(outfitSubmissions)
      .where(pendingReview)
      .orderBy(asc(outfitSubmissions.createdAt), asc(outfitSubmissions.id))
      .limit(limit);
  }

  async setReview(id: number, decision: OutfitDecision, at: Date): Promise<OutfitRow | undefined> {
    const [row] = await this.db
      .update(outfitSubmissions)
      .set({ reviewState: decision.state, reviewCategory: decision.category, reviewReason: decision.reason, reviewedAt: at })
      .where(and(eq(outfitSubmissions.id, id), eq(outfitSubmissions.uploadStatus, 'success')))
      .returning();
    return row;
  }
}
