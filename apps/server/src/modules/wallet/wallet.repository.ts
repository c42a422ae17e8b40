import { desc, eq, sql } from 'drizzle-orm';
import { CURRENCY_ASSETS, ITEM_ASSETS, type PackLine } from '@vsp/contract/wallet-assets';
import type { Queryable } from '../../db/database';
import { ledgerEntries } from './wallet.schema';

/**
 * Balances and the backpack, changed only by ledger entries. Grant inserts one entry per line of
 * a pack under one reference; the unique (reference, asset) index makes a repeated grant a no-op,
 * so callers may retry freely. Pass a transaction's handle to grant inside that transaction.
 */
export class WalletRepository {
  constructor(private readonly db: Queryable) {}

  /** Applies the lines once; answers false when this reference was already applied. */
  async grant(uid: number, lines: readonly PackLine[], reference: string, reason: string): Promise<boolean> {
    if (lines.length === 0) return false;
    const merged = new Map<string, number>();
    for (const line of lines) merged.set(line.asset, (merged.get(line.asset) ?? 0) + line.quantity);
    const inserted = await this.db
      .insert(ledgerEntries)
      .values([...merged].map(([asset, delta]) => ({ uid, asset, delta, reason, reference })))
      .onConflictDoNothing({ target: [ledgerEntries.reference, ledgerEntries.asset] })
      .returning({ id: ledgerEntries.id });
    return inserted.length > 0;
  }

  /** What the user holds of each asset they ever had: the sum of its ledger entries. */
  async holdings(uid: number) {
    return this.db
      .select({ asset: ledgerEntries.asset, amount: sql<number>`sum(${ledgerEntries.delta})::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.uid, uid))
      .groupBy(ledgerEntries.asset);
  }

  async entriesFor(reference: string) {
    return this.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, reference));
  }

  /** A user's ledger a page at a time, newest first (the console's wallet view). */
  async ledgerPage(uid: number, offset: number, limit: number) {
    return this.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.uid, uid))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .offset(offset)
      .limit(limit);
  }

  async ledgerCount(uid: number): Promise<number> {
    return this.db.$count(ledgerEntries, eq(ledgerEntries.uid, uid));
  }
}

/** Splits holdings into the wallet (every currency, zero included) and the backpack (items held). */
export function walletView(holdings: readonly { asset: string; amount: number }[]) {
  const amountOf = (asset: string) => holdings.find((h) => h.asset === asset)?.amount ?? 0;
  return {
    balances: CURRENCY_ASSETS.map((asset) => ({ asset, amount: amountOf(asset) })),
    backpack: ITEM_ASSETS.map((asset) => ({ asset, quantity: amountOf(asset) })).filter((item) => item.quantity > 0),
  };
}
