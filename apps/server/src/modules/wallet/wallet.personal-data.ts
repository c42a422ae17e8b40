import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { eventLoopTurn } from '../../shared/event-loop-turn';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { ledgerEntries } from './wallet.schema';

/** Ledger entries read by one statement of an export (decision 0143). */
const LEDGER_PAGE = 500;

/**
 * Every change of the account's balances and backpack. The longest list of an export, read a page
 * at a time with a turn of the event loop between (decision 0143); the cursor keeps the time as the
 * database's text, to the microsecond a Date would lose. The erasure keeps the entries for
 * accounting, under the account ID whose name becomes the pseudonym (decision 0134).
 */
export const walletPersonalData = (db: Database): PersonalData => ({
  tables: [ledgerEntries],
  async export({ uid }) {
    const entries: { asset: string; delta: number; reason: string; reference: string; createdAt: string | null }[] = [];
    for (let after: { at: string; id: number } | null = null; ; ) {
      await eventLoopTurn();
      const page = await db
        .select({
          asset: ledgerEntries.asset,
          delta: ledgerEntries.delta,
          reason: ledgerEntries.reason,
          reference: ledgerEntries.reference,
          createdAt: ledgerEntries.createdAt,
          cursor: { at: sql<string>`${ledgerEntries.createdAt}::text`, id: ledgerEntries.id },
        })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.uid, uid), after ? sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (${after.at}::timestamptz, ${after.id})` : undefined))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(LEDGER_PAGE);
      for (const { cursor: _cursor, ...entry } of page) entries.push({ ...entry, createdAt: isoOf(entry.createdAt) });
      if (page.length < LEDGER_PAGE) break;
      after = page.at(-1)!.cursor;
    }
    return [{ path: 'ledger.json', about: 'every change of your balances and backpack, with what caused it', content: entries }];
  },
  // Kept for accounting: the entries name the account ID only, whose name becomes the pseudonym.
  async erase() {},
});
