import { eq, inArray } from 'drizzle-orm';
import type { ReplacedSubmission } from '@vsp/contract/endpoints/outfits';
import type { RejectionCategory } from '@vsp/contract/review-reasons';
import type { Database } from '../../db/database';
import { ReviewedSubmissions } from '../../shared/reviewed-submissions';
import { userNameOf } from '../accounts';
import { musicSubmissions } from './music.schema';


export type MusicRow = typeof musicSubmissions.$inferSelect;
export type NewMusicRow = typeof musicSubmissions.$inferInsert;

export class MusicRepository {
  /** A creator's pages of songs, the review queue and its claims, and the resubmissions of rejected ones. */
  readonly reviewed: ReviewedSubmissions<MusicRow>;

  constructor(private readonly db: Database) {
    this.reviewed = new ReviewedSubmissions(db, musicSubmissions, eq(musicSubmissions.state, 'pending'), userNameOf);
  }

  async insert(row: NewMusicRow): Promise<MusicRow> {
    const [inserted] = await this.db.insert(musicSubmissions).values(row).returning();
    return inserted!;
  }

  async findById(id: number): Promise<MusicRow | undefined> {
    const [row] = await this.db.select().from(musicSubmissions).where(eq(musicSubmissions.id, id)).limit(1);
    return row;
  }

  /** The songs with the given ids (the rejected ones resubmissions replace): name and why rejected. */
  async replacedOf(ids: readonly number[]): Promise<Map<number, ReplacedSubmission>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: musicSubmissions.id, name: musicSubmissions.songName, category: musicSubmissions.reviewCategory, reason: musicSubmissions.reviewReason })
      .from(musicSubmissions)
      .where(inArray(musicSubmissions.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async findByUploadId(uploadId: string): Promise<MusicRow | undefined> {
    const [row] = await this.db.select().from(musicSubmissions).where(eq(musicSubmissions.uploadId, uploadId)).limit(1);
    return row;
  }

  /** An operator's decision (the console reviews later). */
  async review(
    id: number,
    decision: { state: 'approved' | 'rejected'; category?: RejectionCategory | null; reason: string | null; reviewedBy: number; at: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(musicSubmissions)
      .set({ state: decision.state, reviewCategory: decision.category ?? null, reviewReason: decision.reason, reviewedBy: decision.reviewedBy, reviewedAt: decision.at })
      .where(eq(musicSubmissions.id, id))
      .returning({ id: musicSubmissions.id });
    return rows.length > 0;
  }
}
