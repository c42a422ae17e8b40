import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OperatorRole } from '@vsp/contract/operator-roles';
import { users } from '../accounts/users.schema';

/**
 * Invitations to become an operator (issue 30, decision 0158). An administrator names an address and
 * the roles; the link in the mail carries a token stored here only as its SHA-256. It works once
 * (acceptedUid) until expiresAt, unless an administrator cancels it first (cancelledAt).
 */
export const operatorInvitations = pgTable(
  'operator_invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    roles: text('roles').array().$type<OperatorRole[]>().notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedUid: bigint('accepted_uid', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('operator_invitations_email').on(t.email)],
);
