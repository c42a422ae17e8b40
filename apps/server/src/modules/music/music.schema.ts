import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { REJECTION_CATEGORIES } from '@vsp/contract/review-reasons';
import { uploadSessions } from '../uploads/uploads.schema';
import { users } from '../accounts/users.schema';

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
    /** The rejection's category from the fixed list (rejections); reviewReason is the optional note. */
    reviewCategory: text('review_category', { enum: REJECTION_CATEGORIES }),
    reviewReason: text('review_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.uid),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * The operator reviewing it now (the review queue's claim) and until when; a claim past its end
     * is free to take. Kept after the decision: when review started is the timeline's "in review".
     */
    claimedBy: bigint('claimed_by', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The rejected song this one replaces (a resubmission), at most one per rejected row. */
    resubmitOf: bigint('resubmit_of', { mode: 'number' }).references((): AnyPgColumn => musicSubmissions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('music_submissions_uid_created').on(t.uid, t.createdAt),
    index('music_submissions_state').on(t.state),
    uniqueIndex('music_submissions_resubmit_of').on(t.resubmitOf),
  ],
);
