import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

export const PARENT_LINK_STATES = ['pending', 'active'] as const;
export type ParentLinkState = (typeof PARENT_LINK_STATES)[number];

/**
 * A parent linked to a young player's account (issue 32, decision 0152): asked for by the player
 * (`pending` until the parent opens the mailed confirmation link and sets a PIN), then `active`
 * until the parent unlinks (the row goes). One parent per account. The monthly limit is in
 * `limit_currency`, counted over UTC calendar months; null means no limit, 0 no purchases.
 */
export const parentLinks = pgTable('parent_links', {
  uid: bigint('uid', { mode: 'number' })
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  /** The parent's address: confirmation, sign-in links and purchase notices go there. */
  email: text('email').notNull(),
  /** The parent's language (the player's page language when linking; the parent page's since). */
  lang: text('lang').notNull(),
  state: text('state', { enum: PARENT_LINK_STATES }).notNull().default('pending'),
  /** scrypt hash of the parent's PIN, set with the confirmation. */
  pinHash: text('pin_hash'),
  monthlyLimitMinor: bigint('monthly_limit_minor', { mode: 'number' }),
  limitCurrency: text('limit_currency'),
  giftPacksAllowed: boolean('gift_packs_allowed').notNull().default(true),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  /** When the parent confirmed: parent-managed since. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const PARENT_TOKEN_PURPOSES = ['confirm', 'sign_in', 'session'] as const;
export type ParentTokenPurpose = (typeof PARENT_TOKEN_PURPOSES)[number];

/**
 * The parent's one-time mailed links (`confirm`, `sign_in`) and the sessions a link and the PIN
 * open (`session`). Like password resets only a SHA-256 of the token is stored; a link is used once
 * (used_at) and lapses at expires_at, a session lapses or is ended (used_at).
 */
export const parentTokens = pgTable(
  'parent_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PARENT_TOKEN_PURPOSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('parent_tokens_uid').on(t.uid)],
);

/**
 * One purchase notice per order credited to a parent-managed account, written in the transaction
 * that credits it (so exactly once), mailed after it (`sent_at`); the parent page's notice history.
 */
export const parentNotices = pgTable(
  'parent_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    kind: text('kind', { enum: ['product', 'gift_pack'] }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The address it was mailed to. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('parent_notices_order_no').on(t.orderNo), index('parent_notices_uid').on(t.uid, t.createdAt), index('parent_notices_unsent').on(t.id).where(sql`${t.sentAt} is null`)],
);
