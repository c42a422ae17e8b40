import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

/**
 * An operator's second factors (decision 0155). An authenticator app's secret must be readable to
 * check its codes, so it is stored as is (like the password-reset mail, it is worth one account);
 * `confirmedAt` is null while an enrolment waits for its first code, and `lastStep` is the newest
 * time step a code was accepted for, so a code works once.
 */
export const operatorFactors = pgTable(
  'operator_factors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp'] }).notNull(),
    secret: text('secret').notNull(),
    lastStep: bigint('last_step', { mode: 'number' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_factors_uid').on(t.uid)],
);

/** An operator's recovery codes: only their SHA-256 is kept; each works once. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    position: integer('position').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_recovery_codes_uid').on(t.uid)],
);
