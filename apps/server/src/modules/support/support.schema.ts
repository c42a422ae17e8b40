import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SUPPORT_TOPICS } from '@vsp/contract/endpoints/support';

/** Messages left on the customer-service page; agents answer them by e-mail. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What the visitor quotes: CS-XXXX-XXXX from an unambiguous alphabet. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    /** The account ID the visitor gave, unchecked (a visitor may not be logged in). */
    uid: bigint('uid', { mode: 'number' }),
    topic: text('topic', { enum: SUPPORT_TOPICS }).notNull(),
    message: text('message').notNull(),
    lang: text('lang').notNull().default('en'),
    status: text('status', { enum: ['open', 'answered', 'closed'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_status_created').on(t.status, t.createdAt)],
);
