import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox gateway's own state: its checkout sessions and its outbox of signed
 * notifications. It plays the external gateway; the shop side never reads these tables.
 */
export const sandboxSessions = pgTable('sandbox_sessions', {
  id: text('id').primaryKey(),
  merchantRef: text('merchant_ref').notNull().unique(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  notifyUrl: text('notify_url').notNull(),
  /** open, processing (paid, confirmation pending), paid, declined, expired, refunded (after a paid one) */
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When a payment made at the checkout counts as confirmed (configurable delay). */
  confirmAt: timestamp('confirm_at', { withTimezone: true }),
});

export const sandboxDeliveries = pgTable(
  'sandbox_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id').notNull(),
    eventId: text('event_id').notNull().unique(),
    notifyUrl: text('notify_url').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Set while the payer held the notification back at the checkout ("pay, hold the notification"):
     * it is not delivered until released, as a merchant's lost webhook (decision 0151).
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_deliveries_due').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);
