import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

/**
 * The only way a balance or a backpack changes: an append-only entry whose reference (an order
 * number, a redemption id) is unique per asset, so applying the same grant twice is impossible.
 * Balances and backpack counts are sums over these entries.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** A currency or an item code of packages/contract/src/wallet-assets.ts. */
    asset: text('asset').notNull(),
    delta: integer('delta').notNull(),
    /** Why: topup, gift_pack, gift_code. */
    reason: text('reason').notNull(),
    /** What caused it: `order:<orderNo>` or `redemption:<id>`; unique per asset. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_entries_reference_asset').on(t.reference, t.asset), index('ledger_entries_uid_asset').on(t.uid, t.asset)],
);
