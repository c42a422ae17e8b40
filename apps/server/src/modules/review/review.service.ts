import { AppError } from '@vsp/contract/app-error';
import type { ReviewDecision, ReviewQueue } from '@vsp/contract/endpoints/console';
import { Errors } from '@vsp/contract/error-codes';
import type { AuditTrail } from '../audit';
import type { MusicRepository } from '../music';
import type { OutfitsService } from '../outfits';
import type { UploadsService } from '../uploads';
import type { ReviewRepository } from './review.repository';

const QUEUE_LIMIT = 100;

export interface ReviewDeps {
  queue: ReviewRepository;
  music: Pick<MusicRepository, 'review'>;
  outfits: Pick<OutfitsService, 'review'>;
  uploads: Pick<UploadsService, 'objectUrl'>;
  audit: AuditTrail;
  now: () => number;
}

/**
 * The operators' review of creators' music and outfits: the queue, oldest first, and the decision.
 * Every decision writes one audit entry with the state before and after.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewDeps) {}

  async reviewQueue(origin: string): Promise<ReviewQueue> {
    const [music, outfits] = await Promise.all([this.deps.queue.pendingMusic(QUEUE_LIMIT), this.deps.queue.pendingOutfits(QUEUE_LIMIT)]);
    return {
      music: music.map(({ song, userName }) => ({
        id: song.id,
        uid: song.uid,
        userName,
        songName: song.songName,
        singer: song.singer,
        language: song.language,
        durationSeconds: song.durationMs / 1000,
        size: song.sizeBytes,
        url: this.deps.uploads.objectUrl(song.objectKey, origin),
        createdAt: song.createdAt.getTime(),
      })),
      outfits: outfits.map(({ outfit, userName }) => ({
        id: outfit.id,
        uid: outfit.uid,
        userName,
        gender: outfit.gender,
        componentType: outfit.componentType,
        size: outfit.size,
        url: this.deps.uploads.objectUrl(outfit.objectKey, origin),
        createdAt: outfit.createdAt.getTime(),
      })),
    };
  }

  private static reasonOf(decision: ReviewDecision, reason: string | undefined): string | null {
    if (decision === 'approved') return null;
    const trimmed = reason?.trim() ?? '';
    if (!trimmed) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'reason', rule: 'required' }] });
    return trimmed;
  }

  async reviewMusic(actorUid: number, id: number, decision: ReviewDecision, reason?: string) {
    const why = ReviewService.reasonOf(decision, reason);
    const before = await this.deps.queue.musicById(id);
    if (!before) throw new AppError(Errors.NotFound);
    await this.deps.music.review(id, { state: decision, reason: why, reviewedBy: actorUid, at: new Date(this.deps.now()) });
    await this.deps.audit({ actorUid, action: `music.${decision === 'approved' ? 'approve' : 'reject'}`, target: `music:${id}`, before: { state: before.state, reason: before.reviewReason }, after: { state: decision, reason: why } });
    return { id, state: decision, reason: why };
  }

  async reviewOutfit(actorUid: number, id: number, decision: ReviewDecision, reason?: string) {
    const why = ReviewService.reasonOf(decision, reason);
    const before = await this.deps.queue.outfitById(id);
    if (!before || before.uploadStatus !== 'success') throw new AppError(Errors.NotFound);
    await this.deps.outfits.review(id, decision, why);
    await this.deps.audit({ actorUid, action: `outfit.${decision === 'approved' ? 'approve' : 'reject'}`, target: `outfit:${id}`, before: { state: before.reviewState, reason: before.reviewReason }, after: { state: decision, reason: why } });
    return { id, state: decision, reason: why };
  }
}
