import type { SignedInput } from '../../plugins/signature';
import { AppError } from '@vsp/contract/app-error';
import type { MusicItem, MusicPage, SubmitMusicBody } from '@vsp/contract/endpoints/music';
import type { ReplacedSubmission } from '@vsp/contract/endpoints/outfits';
import { Errors } from '@vsp/contract/error-codes';
import { MUSIC_MAX_SECONDS, MUSIC_MIN_SECONDS, musicSizeInBounds, type MusicLanguage } from '@vsp/contract/music-rules';
import { violatedUniqueIndex } from '../../db/unique-violation';
import type { UploadsService } from '../uploads';
import { submissionTimeline } from '../../shared/submission-timeline';
import { inspectMp3 } from './inspect-mp3';
import type { MusicRepository, MusicRow } from './music.repository';

type SubmitMusicInput = SignedInput<typeof SubmitMusicBody>;

export interface MusicServiceDeps {
  music: MusicRepository;
  uploads: UploadsService;
  /** The business clock (a test server's moved clock, decision 0135): every stamp of a song reads it. */
  now: () => number;
}

/**
 * Music submissions (spec section 2): a song is accepted only after the server has looked at what
 * arrived (size bounds, real MP3 frames, duration); it then waits for an operator's review.
 */
export class MusicService {
  constructor(private readonly deps: MusicServiceDeps) {}

  private toItem(row: MusicRow, origin: string, resubmission?: { id: number; createdAt: Date }, replaced?: ReplacedSubmission): MusicItem {
    return {
      id: row.id,
      songName: row.songName,
      singer: row.singer,
      language: row.language as MusicLanguage,
      size: row.sizeBytes,
      durationSeconds: row.durationMs / 1000,
      url: this.deps.uploads.objectUrl(row.objectKey, origin),
      createdAt: row.createdAt.getTime(),
      status: row.state,
      reason: row.state === 'rejected' ? row.reviewReason : null,
      category: row.state === 'rejected' ? row.reviewCategory : null,
      resubmitOf: row.resubmitOf,
      replaces: replaced ?? null,
      resubmittedAs: resubmission?.id ?? null,
      timeline: submissionTimeline({ createdAt: row.createdAt, decision: row.state, reviewedAt: row.reviewedAt, claimedAt: row.claimedAt, resubmittedAt: resubmission?.createdAt ?? null }),
    };
  }

  async submit(uid: number, input: SubmitMusicInput, origin: string): Promise<MusicItem> {
    const upload = await this.deps.uploads.completedUpload(uid, input.uploadId, 'music');
    if (await this.deps.music.findByUploadId(upload.uploadId)) throw new AppError(Errors.UploadAlreadySubmitted);
    const replaced = input.resubmitOf === undefined ? undefined : await this.checkResubmittable(uid, input.resubmitOf);

    const refuse = async (code: (typeof Errors)['FileSizeOutOfRange' | 'FileNotMp3' | 'SongDurationOutOfRange']): Promise<never> => {
      await this.deps.uploads.discardObject(upload.key);
      throw new AppError(code);
    };
    if (!musicSizeInBounds(upload.size)) return refuse(Errors.FileSizeOutOfRange);
    const facts = await inspectMp3(await this.deps.uploads.openObject(upload.key), upload.size);
    if (!facts) return refuse(Errors.FileNotMp3);
    if (facts.durationSeconds < MUSIC_MIN_SECONDS || facts.durationSeconds > MUSIC_MAX_SECONDS) return refuse(Errors.SongDurationOutOfRange);

    try {
      const row = await this.deps.music.insert({
        uid,
        uploadId: upload.uploadId,
        songName: input.songName.trim(),
        singer: input.singer.trim(),
        language: input.language,
        objectKey: upload.key,
        sizeBytes: upload.size,
        durationMs: Math.round(facts.durationSeconds * 1000),
        bitrate: facts.bitrate ?? null,
        resubmitOf: input.resubmitOf ?? null,
        createdAt: new Date(this.deps.now()),
      });
      return this.toItem(row, origin, undefined, replaced);
    } catch (error) {
      if (violatedUniqueIndex(error) === undefined) throw error;
      // Two unique keys: the upload (filed twice) or the link (a rejection resubmitted twice).
      if (await this.deps.music.findByUploadId(upload.uploadId)) throw new AppError(Errors.UploadAlreadySubmitted, { cause: error });
      throw new AppError(Errors.SubmissionNotResubmittable, { cause: error });
    }
  }

  /** A resubmission names the user's own rejected song, once (the unique link decides a race). */
  private async checkResubmittable(uid: number, id: number): Promise<ReplacedSubmission> {
    const rejected = await this.deps.music.findById(id);
    if (!rejected || rejected.uid !== uid || rejected.state !== 'rejected') throw new AppError(Errors.SubmissionNotResubmittable);
    if ((await this.deps.music.reviewed.resubmissionsOf([id])).size > 0) throw new AppError(Errors.SubmissionNotResubmittable);
    return { id, name: rejected.songName, category: rejected.reviewCategory, reason: rejected.reviewReason };
  }

  async list(uid: number, page: number, pageSize: number, origin: string): Promise<MusicPage> {
    const { rows, total } = await this.deps.music.reviewed.pageByUid(uid, page, pageSize);
    const [resubmissions, replaced] = await Promise.all([this.deps.music.reviewed.resubmissionsOf(rows.map((row) => row.id)), this.deps.music.replacedOf(rows.flatMap((row) => row.resubmitOf ?? []))]);
    return {
      list: rows.map((row) => this.toItem(row, origin, resubmissions.get(row.id), row.resubmitOf === null ? undefined : replaced.get(row.resubmitOf))),
      total,
      page,
      pageSize,
    };
  }
}
