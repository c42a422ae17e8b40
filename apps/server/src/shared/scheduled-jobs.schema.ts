import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last tick each timed job ran, across every process on this database: a process claims a tick
 * by moving `tick_at` forward, so a tick another process already ran is not run again (decision 0121).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  tickAt: timestamp('tick_at', { withTimezone: true }).notNull(),
});
