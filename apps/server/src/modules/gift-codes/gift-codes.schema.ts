import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PackLine } from '@vsp/contract/wallet-assets';
import { users } from '../accounts/users.schema';

/** A gift campaign: one pack, a validity window, a total cap, one redemption per account. */
export const giftCampaigns = pgTable('gift_campaigns', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  contents: jsonb('contents').$type<PackLine[]>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** Packs that may be claimed in total. */
  totalCap: integer('total_cap').notNull(),
  /** Claimed so far; only ever raised by a conditional update that keeps it <= totalCap. */
  claimed: integer('claimed').notNull().default(0),
  /** Its codes, counted by the statement that writes them: listing campaigns reads no codes (decision 0143). */
  codeCount: integer('code_count').notNull().default(0),
  /** shared: one public code; unique: many single-use codes. */
  codeKind: text('code_kind', { enum: ['shared', 'unique'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When an operator disabled it; its codes then answer as expired. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /**
   * Campaigns sharing a group redeem once per account for the whole group (issue 19); null: the
   * campaign stands alone (once per account for itself).
   */
  redemptionGroup: text('redemption_group'),
  /**
   * Set while the campaign's codes are being written, a statement at a time (decision 0143): until
   * one statement clears it, the campaign is not listed and its codes do not redeem. That statement
   * clears it only before this moment (the database's clock); a campaign still pending after it was
   * abandoned (its process died or failed) and the next creation deletes it with its codes.
   */
  pendingUntil: timestamp('pending_until', { withTimezone: true }),
});

/** Codes, compared byte for byte (case sensitive). A unique code records who used it. */
export const giftCodes = pgTable(
  'gift_codes',
  {
    code: text('code').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => giftCampaigns.id, { onDelete: 'cascade' }),
    usedBy: bigint('used_by', { mode: 'number' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // A campaign's codes in code order: its count, and its export read a page at a time (decision 0143).
  (t) => [index('gift_codes_campaign_code').on(t.campaignId, t.code)],
);

export const giftRedemptions = pgTable(
  'gift_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => giftCampaigns.id, { onDelete: 'cascade' }),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The campaign's group when redeemed: one redemption per account and group (nulls never collide). */
    redemptionGroup: text('redemption_group'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gift_redemptions_campaign_uid').on(t.campaignId, t.uid), uniqueIndex('gift_redemptions_group_uid').on(t.redemptionGroup, t.uid)],
);
