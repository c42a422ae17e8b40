import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

/** Every operator action (console and admin CLI): who, what (action and target), when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The operator's account ID; null when the actor has no account (the admin CLI). */
    actorUid: bigint('actor_uid', { mode: 'number' }).references(() => users.uid),
    /** Who acted when no account did: `admin-cli`. */
    actorName: text('actor_name'),
    action: text('action').notNull(),
    /** What the action touched, e.g. `music:12` or `user:10000003`. */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_target').on(t.target)],
);
