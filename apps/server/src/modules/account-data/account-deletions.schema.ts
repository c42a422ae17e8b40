import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

export const ACCOUNT_DELETION_STATES = ['pending', 'cancelled', 'completed'] as const;
export type AccountDeletionState = (typeof ACCOUNT_DELETION_STATES)[number];

/**
 * A player's request to delete their account (issue 20, decision 0134): pending for a grace period
 * (due at `due_at`), cancelled by signing in, or completed by the sweep, which erases the personal
 * data and pseudonymises the account. The rows stay: they are the record of what was erased when.
 */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No cascade: the account row is never deleted, only pseudonymised.
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid),
    state: text('state', { enum: ACCOUNT_DELETION_STATES }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The language the player asked in: the mails of the request, its cancellation and its completion use it. */
    lang: text('lang').notNull().default('en'),
  },
  (t) => [
    // One pending request per account: asking again answers the one there is.
    uniqueIndex('account_deletion_requests_pending_uid').on(t.uid).where(sql`${t.state} = 'pending'`),
    index('account_deletion_requests_pending_due').on(t.dueAt).where(sql`${t.state} = 'pending'`),
    index('account_deletion_requests_uid').on(t.uid),
  ],
);
