import Type, { type Static } from 'typebox';
import { SINGER_MAX, SONG_NAME_MAX } from '../constants';
import { Ok } from '../envelope-schema';
import { MUSIC_LANGUAGES } from '../music-rules';
import { signed } from './signed';
import { BIGINT_ID_MAX } from '../integers';
import { RejectionCategoryOrNull, ReplacedSubmissionSchema, SubmissionEventSchema } from './outfits';

/** Music submissions: a song uploaded through the upload endpoints, then reviewed by an operator. */

export const MusicLanguageSchema = Type.Enum(MUSIC_LANGUAGES, { description: 'the language the song is sung in' });

export const MUSIC_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;

export const MusicItemSchema = Type.Object({
  id: Type.Integer(),
  songName: Type.String(),
  singer: Type.String(),
  language: MusicLanguageSchema,
  size: Type.Integer({ description: 'bytes' }),
  durationSeconds: Type.Number(),
  url: Type.String({ description: 'where the stored file is served' }),
  createdAt: Type.Integer({ description: 'upload time, ms since the epoch' }),
  status: Type.Enum(MUSIC_REVIEW_STATES, { description: 'review state: pending, approved, or rejected with a reason' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: "the reviewer's optional note (rejections)" }),
  category: RejectionCategoryOrNull,
  resubmitOf: Type.Union([Type.Integer(), Type.Null()], { description: 'the rejected song this one replaces' }),
  replaces: ReplacedSubmissionSchema,
  resubmittedAs: Type.Union([Type.Integer(), Type.Null()], { description: 'the song that replaces this rejected one' }),
  timeline: Type.Array(SubmissionEventSchema),
});
export type MusicItem = Static<typeof MusicItemSchema>;

/** Submit an uploaded song for review. */
export const submitMusicPath = '/v1/music/submit';
export const SubmitMusicBody = signed({
  songName: Type.String({ minLength: 1, maxLength: SONG_NAME_MAX, pattern: '\\S' }),
  singer: Type.String({ minLength: 1, maxLength: SINGER_MAX, pattern: '\\S' }),
  language: MusicLanguageSchema,
  uploadId: Type.String({ pattern: '^[0-9a-z-]{8,64}$', description: 'a completed upload of fileType music' }),
  agreed: Type.Literal(true, { description: 'the music upload and sharing rules were accepted' }),
  resubmitOf: Type.Optional(Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX, description: "the user's rejected song this one replaces (once per rejection)" })),
});
export const SubmitMusicResponse = Ok(MusicItemSchema);

/** The logged-in user's songs, newest first. */
export const listMusicPath = '/v1/music/list';
export const MUSIC_PAGE_SIZE = 10;
export const ListMusicQuery = signed({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: MUSIC_PAGE_SIZE })),
});
export const MusicPageSchema = Type.Object({
  list: Type.Array(MusicItemSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type MusicPage = Static<typeof MusicPageSchema>;
export const ListMusicResponse = Ok(MusicPageSchema);
