import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { COMPONENT_TYPE_CODES, OUTFIT_GENDERS } from '@vsp/contract/component-types';
import { OUTFIT_REVIEW_STATES, OUTFIT_UPLOAD_STATUSES } from '@vsp/contract/outfit-submissions';
import { REJECTION_CATEGORIES } from '@vsp/contract/review-reasons';
import { users } from '../accounts/users.schema';

/**
 * Outfit submissions of the creator platform: one row per submitted archive. A refused archive is
 * kept as a failed upload with the catalogue code of why (the creator sees it in their table); an
 * accepted one waits for review (pending, then approved or rejected with a reason).
 */
export const outfitSubmissions = pgTable(
  'outfit_submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gender: text('gender', { enum: OUTFIT_GENDERS }).notNull(),
    componentType: text('component_type', { enum: COMPONENT_TYPE_CODES as [string, ...string[]] }).notNull(),
    objectKey: text('object_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadStatus: text('upload_status', { enum: OUTFIT_UPLOAD_STATUSES }).notNull(),
    /** Catalogue code and parameters of why the server refused the archive (failed uploads only). */
    failureCode: integer('failure_code'),
    failureParams: jsonb('failure_params').$type<Record<string, string | number>>(),
    /** Null for failed uploads; pending until a reviewer decides. */
    reviewState: text('review_state', { enum: OUTFIT_REVIEW_STATES }),
    /** The rejection's category from the fixed list (rejections); reviewReason is the optional note. */
    reviewCategory: text('review_category', { enum: REJECTION_CATEGORIES }),
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** What the preflight measured on the server (triangles, materials, textures), for reviewers. */
    preflight: jsonb('preflight').$type<Record<string, unknown>>(),
    /**
     * The operator reviewing it now (the review queue's claim) and until when; a claim past its end
     * is free to take. Kept after the decision: when review started is the timeline's "in review".
     */
    claimedBy: bigint('claimed_by', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The rejected submission this one fixes (a resubmission), at most one per rejected row. */
    resubmitOf: bigint('resubmit_of', { mode: 'number' }).references((): AnyPgColumn => outfitSubmissions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outfit_submissions_uid_created').on(t.uid, t.createdAt),
    index('outfit_submissions_review_state').on(t.reviewState),
    // One accepted submission per stored archive: a repeated submit answers the first one.
    uniqueIndex('outfit_submissions_resubmit_of').on(t.resubmitOf),
    uniqueIndex('outfit_submissions_accepted_object').on(t.uid, t.objectKey).where(sql`${t.uploadStatus} = 'success'`),
  ],
);
