import { AppError } from '@vsp/contract/app-error';
import type { ReviewClaim, ReviewDecision, ReviewQueue } from '@vsp/contract/endpoints/console';
import { Errors } from '@vsp/contract/error-codes';
import { MUSIC_REJECTION_CATEGORIES, REVIEW_CLAIM_MS, type RejectionCategory, type ReviewKind } from '@vsp/contract/review-reasons';
import type { InTransaction } from '../../shared/in-transaction';
import type { AuditTrail } from '../audit';
import type { MusicRepository } from '../music';
import type { OutfitsRepository, OutfitsService } from '../outfits';
import type { UploadsService } from '../uploads';

/** A stored claim that is still running, as the console shows it. */
function liveClaim(stored: { claimedBy: number | null; claimedUntil: Date | null; claimerName: string | null }, now: number): ReviewClaim {
  if (stored.claimedBy === null || !stored.claimedUntil || stored.claimedUntil.getTime() <= now) return null;
  return { uid: stored.claimedBy, userName: stored.claimerName ?? '', until: stored.claimedUntil.getTime() };
}

const QUEUE_LIMIT = 100;

/** What the review asks of a kind's submissions: one item, and the queue with the claims on it. */
type ReviewQueueMethods = 'findById' | 'reviewed';

export interface ReviewDeps {
  music: Pick<MusicRepository, ReviewQueueMethods | 'replacedOf'>;
  /** The outfits module's submissions, as the queue reads and claims them. */
  outfitSubmissions: Pick<OutfitsRepository, ReviewQueueMethods>;
  outfits: Pick<OutfitsService, 'replacedOf'>;
  uploads: Pick<UploadsService, 'objectUrl'>;
  /** A decision and its audit entry, in one transaction, through the music and outfits modules' repositories. */
  transaction: InTransaction<{ music: Pick<MusicRepository, 'review'>; outfits: Pick<OutfitsRepository, 'setReview'> }>;
  audit: AuditTrail;
  now: () => number;
}

/**
 * The operators' review of creators' music and outfits: the queue, oldest first, claims, and the
 * decision (one item or several). Deciding takes the item first, so an item another operator holds
 * is theirs. Every decision writes one audit entry with the state before and after.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewDeps) {}

  async reviewQueue(origin: string): Promise<ReviewQueue> {
    const now = this.deps.now();
    const [music, outfits] = await Promise.all([this.deps.music.reviewed.pendingForReview(QUEUE_LIMIT), this.deps.outfitSubmissions.reviewed.pendingForReview(QUEUE_LIMIT)]);
    // A resubmission names the rejected item it replaces, and why that one was rejected.
    const [replacedSongs, replacedOutfits] = await Promise.all([
      this.deps.music.replacedOf(music.flatMap(({ item }) => item.resubmitOf ?? [])),
      this.deps.outfits.replacedOf(outfits.flatMap(({ item }) => item.resubmitOf ?? [])),
    ]);
    return {
      now,
      // A creator's name is always there: deleting the account deletes its submissions.
      music: music.map(({ item: song, userName, claimerName }) => ({
        id: song.id,
        uid: song.uid,
        userName: userName ?? '',
        songName: song.songName,
        singer: song.singer,
        language: song.language,
        durationSeconds: song.durationMs / 1000,
        size: song.sizeBytes,
        url: this.deps.uploads.objectUrl(song.objectKey, origin),
        createdAt: song.createdAt.getTime(),
        resubmitOf: song.resubmitOf,
        replaces: (song.resubmitOf !== null && replacedSongs.get(song.resubmitOf)) || null,
        claim: liveClaim({ ...song, claimerName }, now),
      })),
      outfits: outfits.map(({ item: outfit, userName, claimerName }) => ({
        id: outfit.id,
        uid: outfit.uid,
        userName: userName ?? '',
        gender: outfit.gender,
        componentType: outfit.componentType,
        size: outfit.size,
        url: this.deps.uploads.objectUrl(outfit.objectKey, origin),
        createdAt: outfit.createdAt.getTime(),
        resubmitOf: outfit.resubmitOf,
        replaces: (outfit.resubmitOf !== null && replacedOutfits.get(outfit.resubmitOf)) || null,
        claim: liveClaim({ ...outfit, claimerName }, now),
      })),
    };
  }

  /**
   * Takes an item for the operator for REVIEW_CLAIM_MS (again: renews it), or gives it back. Of two
   * operators taking the same item at once one gets it; the other learns who has it (409).
   */
  async claim(actorUid: number, kind: ReviewKind, id: number, release = false): Promise<{ kind: ReviewKind; id: number; claim: ReviewClaim }> {
    const now = this.deps.now();
    if (release) {
      await this.submissionsOf(kind).reviewed.releaseClaim(id, actorUid, new Date(now));
    } else {
      await this.take(actorUid, kind, id);
    }
    const stored = await this.submissionsOf(kind).reviewed.claimOf(id);
    if (!stored) throw new AppError(Errors.NotFound);
    return { kind, id, claim: liveClaim(stored, now) };
  }

  /** Holds the item for the operator, or says why not: another's live claim (409), not in the queue (404). */
  private async take(actorUid: number, kind: ReviewKind, id: number): Promise<void> {
    const now = this.deps.now();
    const submissions = this.submissionsOf(kind);
    if (await submissions.reviewed.claimForReview(id, actorUid, new Date(now), new Date(now + REVIEW_CLAIM_MS))) return;
    const stored = await submissions.reviewed.claimOf(id);
    if (!stored?.pending) throw new AppError(Errors.NotFound);
    throw new AppError(Errors.ReviewItemClaimed, { params: { by: stored.claimerName ?? '' } });
  }

  /** The module's submissions an item of this kind is one of. */
  private submissionsOf(kind: ReviewKind) {
    return kind === 'music' ? this.deps.music : this.deps.outfitSubmissions;
  }

  /**
   * One decision for several items, each taken, decided and audited on its own; an item another
   * operator holds, or that left the queue, is reported with its code and left alone.
   */
  async reviewBulk(
    actorUid: number,
    items: readonly { kind: ReviewKind; id: number }[],
    decision: ReviewDecision,
    category?: RejectionCategory,
    note?: string,
  ): Promise<{ results: { kind: ReviewKind; id: number; state: ReviewDecision | null; code: number | null; params: Record<string, string | number> }[] }> {
    const results = [];
    const seen = new Set<string>();
    for (const { kind, id } of items) {
      if (seen.has(`${kind}:${id}`)) continue;
      seen.add(`${kind}:${id}`);
      try {
        const done = await this.review(actorUid, kind, id, decision, category, note);
        results.push({ kind, id, state: done.state, code: null, params: {} });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ kind, id, state: null, code: error.code, params: { ...error.params } });
      }
    }
    return { results };
  }

  /**
   * A rejection names its category (a song only one that fits a song) and may carry a note; an
   * approval carries neither.
   */
  private static decisionOf(kind: ReviewKind, decision: ReviewDecision, category: RejectionCategory | undefined, note: string | undefined) {
    if (decision === 'approved') return { state: decision, category: null, reason: null };
    if (!category) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'category', rule: 'required' }] });
    if (kind === 'music' && !(MUSIC_REJECTION_CATEGORIES as readonly string[]).includes(category)) {
      throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'category', rule: 'enum' }] });
    }
    const trimmed = note?.trim() ?? '';
    return { state: decision, category, reason: trimmed || null };
  }

  /** Writes a decision through `write` and its audit entry, in one transaction; answers what the console shows. */
  private async decide(
    actorUid: number,
    kind: ReviewKind,
    id: number,
    before: { state: string | null; category: string | null; reason: string | null },
    chosen: ReturnType<typeof ReviewService.decisionOf>,
    write: (repositories: Parameters<Parameters<ReviewDeps['transaction']>[0]>[1], at: Date) => Promise<unknown>,
  ) {
    await this.deps.transaction(async (tx, repositories) => {
      await write(repositories, new Date(this.deps.now()));
      const action = `${kind}.${chosen.state === 'approved' ? 'approve' : 'reject'}`;
      await this.deps.audit({ actorUid, action, target: `${kind}:${id}`, before, after: chosen }, tx);
    });
    return { id, ...chosen };
  }

  /** One item's decision; the item is taken first, so one another operator holds stays theirs (409). */
  async review(actorUid: number, kind: ReviewKind, id: number, decision: ReviewDecision, category?: RejectionCategory, note?: string) {
    const chosen = ReviewService.decisionOf(kind, decision, category, note);
    await this.take(actorUid, kind, id);
    if (kind === 'music') {
      const before = await this.deps.music.findById(id);
      if (!before) throw new AppError(Errors.NotFound);
      const was = { state: before.state, category: before.reviewCategory, reason: before.reviewReason };
      return this.decide(actorUid, kind, id, was, chosen, ({ music }, at) => music.review(id, { ...chosen, reviewedBy: actorUid, at }));
    }
    const before = await this.deps.outfitSubmissions.findById(id);
    if (!before || before.uploadStatus !== 'success') throw new AppError(Errors.NotFound);
    const was = { state: before.reviewState, category: before.reviewCategory, reason: before.reviewReason };
    return this.decide(actorUid, kind, id, was, chosen, async ({ outfits }, at) => {
      if (!(await outfits.setReview(id, chosen, at))) throw new AppError(Errors.NotFound);
    });
  }
}
