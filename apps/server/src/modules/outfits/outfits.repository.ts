import { and, eq, inArray, sql } from 'drizzle-orm';
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
  /** A creator's pages of outfits, the review queue and its claims, and the resubmissions of rejected ones. */
  readonly reviewed: ReviewedSubmissions<OutfitRow>;

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

  async setReview(id: number, decision: OutfitDecision, at: Date): Promise<OutfitRow | undefined> {
    const [row] = await this.db
      .update(outfitSubmissions)
      .set({ reviewState: decision.state, reviewCategory: decision.category, reviewReason: decision.reason, reviewedAt: at })
      .where(and(eq(outfitSubmissions.id, id), eq(outfitSubmissions.uploadStatus, 'success')))
      .returning();
    return row;
  }
}
