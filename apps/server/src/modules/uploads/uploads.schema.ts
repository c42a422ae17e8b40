import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

export const UPLOAD_STATES = ['open', 'completed', 'aborted', 'discarded'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/**
 * Multipart uploads straight to object storage (DESIGN.md section 6). The parts themselves are
 * not copied here: the store (S3 ListParts or the local driver's part markers) is the one truth
 * about what arrived, so a restart or a second API process can never disagree with it.
 * `fingerprint` lets the same file, picked again after a failure or a page reload, find its open
 * upload and send only the missing parts.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    /** The public upload id: time plus randomness (spec section 7). */
    id: text('id').primaryKey(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    fileType: text('file_type').notNull(),
    objectKey: text('object_key').notNull().unique(),
    /** The store's own multipart id (S3 UploadId, or the local driver's folder). */
    storageUploadId: text('storage_upload_id').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    partSize: integer('part_size').notNull(),
    partCount: integer('part_count').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: UPLOAD_STATES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('upload_sessions_uid').on(t.uid),
    uniqueIndex('upload_sessions_open_fingerprint')
      .on(t.uid, t.fileType, t.fingerprint)
      .where(sql`${t.state} = 'open'`),
  ],
);
