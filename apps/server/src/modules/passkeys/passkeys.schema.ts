import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

/**
 * Passkeys (WebAuthn credentials, decision 0156): a player signs in with one instead of the password,
 * an operator proves their second factor with one. Only the public key is kept; the signature
 * counter is the authenticator's own (0 for most synced passkeys).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The credential ID (base64url), unique across accounts. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_uid').on(t.uid)],
);
