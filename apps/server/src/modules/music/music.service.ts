import { AppError } from '@vsp/contract/app-error';
import type { MusicItem, MusicPage } from '@vsp/contract/endpoints/music';
import { Errors } from '@vsp/contract/error-codes';
import { MUSIC_MAX_SECONDS, MUSIC_MIN_SECONDS, musicSizeInBounds, type MusicLanguage } from '@vsp/contract/music-rules';
import { isUniqueViolation } from '../../db/unique-violation';
import type { UploadsService } from '../uploads';
import { inspectMp3 } from './inspect-mp3';
import type { MusicRepository, MusicRow } from './music.repository';

export interface SubmitMusicInput {
  songName: string;
  singer: string;
  language: MusicLanguage;
  uploadId: string;
}

/**
 * Music submissions (spec section 2): a song is accepted only after the server has looked at what
 * arrived (size bounds, real MP3 frames, duration); it then waits for an operator's review.
 */
export class MusicService {
  constructor(
    private readonly music: MusicRepository,
    private readonly uploads: UploadsService,
  ) {}

  private toItem(row: MusicRow, origin: string): MusicItem {
    return {
      id: row.id,
      songName: row.songName,
      singer: row.singer,
      language: row.language as MusicLanguage,
      size: row.sizeBytes,
      durationSeconds: row.durationMs / 1000,
      url: this.uploads.objectUrl(row.objectKey, origin),
      createdAt: row.createdAt.getTime(),
      status: row.state,
      reason: row.state === 'rejected' ? (row.reviewReason ?? '') : null,
    };
  }

  async submit(uid: number, input: SubmitMusicInput, origin: string): Promise<MusicItem> {
    const upload = await this.uploads.completedUpload(uid, input.uploadId, 'music');
    if (await this.music.findByUploadId(upload.uploadId)) throw new AppError(Errors.UploadAlreadySubmitted);

    const refuse = async (code: (typeof Errors)['FileSizeOutOfRange' | 'FileNotMp3' | 'SongDurationOutOfRange']): Promise<never> => {
      await this.uploads.discard(upload);
      throw new AppError(code);
    };
    if (!musicSizeInBounds(upload.size)) return refuse(Errors.FileSizeOutOfRange);
    const facts = await inspectMp3(await this.uploads.openObject(upload.key), upload.size);
    if (!facts) return refuse(Errors.FileNotMp3);
    if (facts.durationSeconds < MUSIC_MIN_SECONDS || facts.durationSeconds > MUSIC_MAX_SECONDS) return refuse(Errors.SongDurationOutOfRange);

    try {
      const row = await this.music.insert({
        uid,
        uploadId: upload.uploadId,
        songName: input.songName.trim(),
        singer: input.singer.trim(),
        language: input.language,
        objectKey: upload.key,
        sizeBytes: upload.size,
        durationMs: Math.round(facts.durationSeconds * 1000),
        bitrate: facts.bitrate ?? null,
      });
      return this.toItem(row, origin);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(Errors.UploadAlreadySubmitted, { cause: error });
      throw error;
    }
  }

  async list(uid: number, page: number, pageSize: number, origin: string): Promise<MusicPage> {
    const { rows, total } = await this.music.pageByUid(uid, page, pageSize);
    return { list: rows.map((row) => this.toItem(row, origin)), total, page, pageSize };
  }
}
