import { and, asc, count, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
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
const pendingReview = and(eq(outfitSubmissions.reviewState, 'pending'), eq(outfitSubmissions.uploadStatus, 'success'));

export class OutfitsRepository {
  constructor(private readonly db: Database) {}

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

  /** The resubmissions that fix the given submissions, by the id they fix. */
  async resubmissionsOf(ids: readonly number[]): Promise<Map<number, { id: number; createdAt: Date }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: outfitSubmissions.id, resubmitOf: outfitSubmissions.resubmitOf, createdAt: outfitSubmissions.createdAt })
      .from(outfitSubmissions)
      .where(inArray(outfitSubmissions.resubmitOf, [...ids]));
    return new Map(rows.map((r) => [r.resubmitOf!, { id: r.id, createdAt: r.createdAt }]));
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

  /**
   * Takes a pending outfit for `uid` until `until`, in one conditional UPDATE: it succeeds only when
   * nobody holds a live claim (none, one that ended by `now`, or `uid`'s own). PostgreSQL re-checks
   * the condition on the row a concurrent UPDATE just changed, so of two operators claiming at
   * once exactly one gets the row. False when it is held by another, decided or gone.
   */
  async claimForReview(id: number, uid: number, now: Date, until: Date): Promise<boolean> {
    const rows = await this.db
      .update(outfitSubmissions)
      .set({ claimedBy: uid, claimedAt: now, claimedUntil: until })
      .where(
        and(
          eq(outfitSubmissions.id, id),
          pendingReview,
          or(isNull(outfitSubmissions.claimedBy), lte(outfitSubmissions.claimedUntil, now), eq(outfitSubmissions.claimedBy, uid)),
        ),
      )
      .returning({ id: outfitSubmissions.id });
    return rows.length > 0;
  }

  /** Gives `uid`'s review claim on an outfit back (ends it now); false when `uid` held none. */
  async releaseReviewClaim(id: number, uid: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(outfitSubmissions)
      .set({ claimedUntil: now })
      .where(and(eq(outfitSubmissions.id, id), eq(outfitSubmissions.claimedBy, uid)))
      .returning({ id: outfitSubmissions.id });
    return rows.length > 0;
  }

  /** The review claim on an outfit, with the claimer's name, and whether it is pending; undefined when the outfit does not exist. */
  async reviewClaimOf(id: number) {
    const [row] = await this.db
      .select({
        claimedBy: outfitSubmissions.claimedBy,
        claimedUntil: outfitSubmissions.claimedUntil,
        claimerName: userNameOf(outfitSubmissions.claimedBy),
        state: outfitSubmissions.reviewState,
        uploadStatus: outfitSubmissions.uploadStatus,
      })
      .from(outfitSubmissions)
      .where(eq(outfitSubmissions.id, id))
      .limit(1);
    return row && { ...row, pending: row.state === 'pending' && row.uploadStatus === 'success' };
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
