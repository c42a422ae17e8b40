import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { musicSubmissions } from '../music/music.schema';
import { outfitSubmissions } from '../outfits/outfits.schema';
import { users } from '../accounts/users.schema';
import type { ReviewKind } from '@vsp/contract/review-reasons';

const claimer = alias(users, 'claimer');

/** A claim as stored: who, when taken, until when. */
export interface StoredClaim {
  claimedBy: number | null;
  claimedUntil: Date | null;
  claimerName: string | null;
}

/**
 * The review queue's reads across users (pending music and outfits with their creators' and
 * claimers' names) and the claims on them.
 */
export class ReviewRepository {
  constructor(private readonly db: Database) {}

  async pendingMusic(limit: number) {
    return this.db
      .select({ song: musicSubmissions, userName: users.userName, claimerName: claimer.userName })
      .from(musicSubmissions)
      .innerJoin(users, eq(users.uid, musicSubmissions.uid))
      .leftJoin(claimer, eq(claimer.uid, musicSubmissions.claimedBy))
      .where(eq(musicSubmissions.state, 'pending'))
      .orderBy(asc(musicSubmissions.createdAt), asc(musicSubmissions.id))
      .limit(limit);
  }

  async pendingOutfits(limit: number) {
    return this.db
      .select({ outfit: outfitSubmissions, userName: users.userName, claimerName: claimer.userName })
      .from(outfitSubmissions)
      .innerJoin(users, eq(users.uid, outfitSubmissions.uid))
      .leftJoin(claimer, eq(claimer.uid, outfitSubmissions.claimedBy))
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

  /**
   * Takes a pending item for `uid` until `until`, in one conditional UPDATE: it succeeds only when
   * nobody holds a live claim (none, one that ended by `now`, or `uid`'s own). PostgreSQL re-checks
   * the condition on the row a concurrent UPDATE just changed, so of two operators claiming at
   * once exactly one gets the row. False when it is held by another, decided or gone.
   */
  async claim(kind: ReviewKind, id: number, uid: number, now: Date, until: Date): Promise<boolean> {
    const table = kind === 'music' ? musicSubmissions : outfitSubmissions;
    const pending = kind === 'music' ? eq(musicSubmissions.state, 'pending') : and(eq(outfitSubmissions.reviewState, 'pending'), eq(outfitSubmissions.uploadStatus, 'success'));
    const rows = await this.db
      .update(table)
      .set({ claimedBy: uid, claimedAt: now, claimedUntil: until })
      .where(and(eq(table.id, id), pending, or(isNull(table.claimedBy), lte(table.claimedUntil, now), eq(table.claimedBy, uid))))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  /** Gives `uid`'s claim back (ends it now); false when `uid` held none. */
  async release(kind: ReviewKind, id: number, uid: number, now: Date): Promise<boolean> {
    const table = kind === 'music' ? musicSubmissions : outfitSubmissions;
    const rows = await this.db
      .update(table)
      .set({ claimedUntil: now })
      .where(and(eq(table.id, id), eq(table.claimedBy, uid)))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  /** The claim on an item, with the claimer's name; undefined when the item does not exist. */
  async claimOf(kind: ReviewKind, id: number): Promise<(StoredClaim & { pending: boolean }) | undefined> {
    if (kind === 'music') {
      const [row] = await this.db
        .select({ claimedBy: musicSubmissions.claimedBy, claimedUntil: musicSubmissions.claimedUntil, claimerName: claimer.userName, state: musicSubmissions.state })
        .from(musicSubmissions)
        .leftJoin(claimer, eq(claimer.uid, musicSubmissions.claimedBy))
        .where(eq(musicSubmissions.id, id))
        .limit(1);
      return row && { ...row, pending: row.state === 'pending' };
    }
    const [row] = await this.db
      .select({
        claimedBy: outfitSubmissions.claimedBy,
        claimedUntil: outfitSubmissions.claimedUntil,
        claimerName: claimer.userName,
        state: outfitSubmissions.reviewState,
        uploadStatus: outfitSubmissions.uploadStatus,
      })
      .from(outfitSubmissions)
      .leftJoin(claimer, eq(claimer.uid, outfitSubmissions.claimedBy))
      .where(eq(outfitSubmissions.id, id))
      .limit(1);
    return row && { ...row, pending: row.state === 'pending' && row.uploadStatus === 'success' };
  }
}
