import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uploadSessions } from './uploads';
import { users } from './users';

export const MUSIC_STATES = ['pending', 'approved', 'rejected'] as const;
export type MusicState = (typeof MUSIC_STATES)[number];

/** Songs players submitted; each waits for an operator's review (approved, or rejected with a reason). */
export const musicSubmissions = pgTable(
  'music_submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    uploadId: text('upload_id')
      .notNull()
      .unique()
      .references(() => uploadSessions.id),
    songName: text('song_name').notNull(),
    singer: text('singer').notNull(),
    language: text('language').notNull(),
    objectKey: text('object_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    bitrate: integer('bitrate'),
    state: text('state', { enum: MUSIC_STATES }).notNull().default('pending'),
    reviewReason: text('review_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.uid),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('music_submissions_uid_created').on(t.uid, t.createdAt), index('music_submissions_state').on(t.state)],
);
