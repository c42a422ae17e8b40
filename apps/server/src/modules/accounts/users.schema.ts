import { sql } from 'drizzle-orm';
import type { OperatorRole } from '@vsp/contract/operator-roles';
import { USER_ROLES } from '@vsp/contract/user-roles';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    /** The public account ID players type on the top-up page. */
    uid: bigint('uid', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10_000_001 }),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('player'),
    blocked: boolean('blocked').notNull().default(false),
    /** An operator's roles (decision 0154); empty for everyone else and for a revoked operator. */
    operatorRoles: text('operator_roles').array().$type<OperatorRole[]>().notNull().default(sql`'{}'::text[]`),
    /**
     * When the account was erased at its owner's request (decision 0134): its personal data gone, its
     * name a pseudonym, blocked for good. Set with the erasure, never cleared.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    index('users_role').on(t.role),
  ],
);
