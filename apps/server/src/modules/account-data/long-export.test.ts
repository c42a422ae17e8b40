import { desc, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { ledgerEntries } from '../wallet/wallet.schema';
import { users } from '../accounts/users.schema';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';

const ENTRIES = 10_000;

/**
 * A player's data export with a long history never holds the event loop (decision 0143): /healthz
 * is answered while it is built, and it holds what one read of the history holds, in the same text.
 */
describe.each(databaseTargets())('a long data export on $name', (target) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await target.open();
    t = await createTestApp({ database: { ...handle, close: async () => undefined } });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('answers /healthz while it builds the export of an account with 10,000 ledger entries, which holds them all, newest first', async () => {
    const [owner] = await handle.db.insert(users).values({ userName: 'long-history', email: 'long-history@example.com', nickname: 'Long', passwordHash: 'not-a-login' }).returning();
    // Microseconds apart, so that thousands share a millisecond: a page must end where it ended, not
    // where a Date (milliseconds) would say.
    for (let from = 0; from < ENTRIES; from += 1000) {
      await handle.db.insert(ledgerEntries).values(
        Array.from({ length: 1000 }, (_, i) => ({
          uid: owner!.uid,
          asset: 'diamonds',
          delta: 10,
          reason: 'topup',
          reference: `order:long-${from + i}`,
          createdAt: sql`timestamptz '2026-11-01 12:00:00+00' + ${(from + i) % 2500} * interval '1 microsecond'`,
        })),
      );
    }

    let done = false;
    const exporting = t.app.accountData.exportArchive(owner!.uid, 'http://localhost').finally(() => (done = true));
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(done).toBe(false);

    const files = unzipSync(new Uint8Array(Buffer.from((await exporting).archive, 'base64')));
    const oneRead = await handle.db
      .select({ asset: ledgerEntries.asset, delta: ledgerEntries.delta, reason: ledgerEntries.reason, reference: ledgerEntries.reference, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.uid, owner!.uid))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
    expect(oneRead).toHaveLength(ENTRIES);
    const expected = oneRead.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
    expect(strFromU8(files['ledger.json']!)).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });
});
