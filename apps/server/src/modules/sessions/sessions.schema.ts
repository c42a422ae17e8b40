import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SECOND_FACTORS } from '@vsp/contract/operator-roles';
import { users } from '../accounts/users.schema';

/** Login sessions. Only a SHA-256 of the token is stored; the raw token exists only on the client. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    device: text('device').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** How an operator's session proved its second factor (decision 0155), null until it did. */
    secondFactor: text('second_factor', { enum: SECOND_FACTORS }),
    /** When it last did: sign-in, or the latest step-up. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_uid').on(t.uid)],
);
