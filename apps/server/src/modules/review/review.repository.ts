import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { musicSubmissions, outfitSubmissions, users } from '../../db/schema';

/** The review queue's reads across users: pending music and outfits with their creators' names. */
export class ReviewRepository {
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
}
