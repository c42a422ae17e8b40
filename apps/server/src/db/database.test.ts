import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets, storeTargets } from '../test/databases';
import { migrationsFolder } from './database';
import { accountDeletionRequests } from '../modules/account-data/account-deletions.schema';
import { analyticsPageViews } from '../modules/analytics/analytics.schema';
import { giftCampaigns, giftCodes } from '../modules/gift-codes/gift-codes.schema';
import { users } from '../modules/accounts/users.schema';

describe.each(databaseTargets())('data layer on $name', (target) => {
  it('applies the migrations and enforces case-insensitive unique user names and e-mails', async () => {
    const handle = await target.open();
    try {
      const [row] = await handle.db
        .insert(users)
        .values({ userName: 'Bob', email: 'bob@example.com', nickname: 'Bob', passwordHash: 'x' })
        .returning();
      expect(row!.uid).toBeGreaterThanOrEqual(10_000_001);
      expect(row!.role).toBe('player');
      await expect(
        handle.db.insert(users).values({ userName: 'bob', email: 'other@example.com', nickname: 'b', passwordHash: 'x' }),
      ).rejects.toThrow();
      await expect(
        handle.db.insert(users).values({ userName: 'bob2', email: 'BOB@example.com', nickname: 'b', passwordHash: 'x' }),
      ).rejects.toThrow();
      const found = await handle.db.select().from(users).where(eq(users.uid, row!.uid));
      expect(found).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it('migration 0017 marks the accounts erased before it as erased, and only those', async () => {
    const handle = await target.open();
    try {
      const at = new Date('2026-11-01T00:00:00Z');
      const [erased, kept] = await handle.db
        .insert(users)
        .values([
          { userName: 'deleted-x', email: 'deleted-x@deleted.invalid', nickname: 'deleted-x', passwordHash: '', blocked: true },
          { userName: 'keeper', email: 'keeper@example.com', nickname: 'keeper', passwordHash: 'x' },
        ])
        .returning();
      await handle.db.insert(accountDeletionRequests).values([
        { uid: erased!.uid, state: 'completed', requestedAt: at, dueAt: at, completedAt: at },
        { uid: kept!.uid, state: 'cancelled', requestedAt: at, dueAt: at, cancelledAt: at },
      ]);
      // As the data stood before 0017: the erasure recorded on its request only.
      const backfill = readFileSync(path.join(migrationsFolder(), '0017_account_erased_at.sql'), 'utf8').split('--> statement-breakpoint')[1]!;
      await handle.db.execute(sql.raw(backfill));
      const rows = await handle.db.select({ uid: users.uid, erasedAt: users.erasedAt }).from(users);
      expect(new Map(rows.map((r) => [r.uid, r.erasedAt?.toISOString() ?? null]))).toEqual(
        new Map([
          [erased!.uid, at.toISOString()],
          [kept!.uid, null],
        ]),
      );
    } finally {
      await handle.close();
    }
  });

  it('migrations 0018 and 0019 strip stored secrets from addresses and hidden characters from nicknames', async () => {
    const handle = await target.open();
    try {
      const [tricky, plain] = await handle.db
        .insert(users)
        .values([
          { userName: 'mallory', email: 'mallory@example.com', nickname: '\u202eyalP omeD', passwordHash: 'x' },
          { userName: 'plainly', email: 'plainly@example.com', nickname: 'وائل ☀️ \u{1F468}\u200d\u{1F469}', passwordHash: 'x' },
        ])
        .returning();
      await handle.db.insert(analyticsPageViews).values([
        { sessionId: 'session-migrate', path: '/reset-password?token=SEKRET#x', title: 't', referrer: 'https://mail.example/inbox?id=SEKRET', occurredAt: new Date() },
        { sessionId: 'session-migrate', path: '/about', title: 'a', occurredAt: new Date() },
      ]);
      for (const file of ['0018_scrub_stored_urls.sql', '0019_nicknames_without_hidden_characters.sql']) {
        for (const statement of readFileSync(path.join(migrationsFolder(), file), 'utf8').split('--> statement-breakpoint')) await handle.db.execute(sql.raw(statement));
      }
      const names = new Map((await handle.db.select({ uid: users.uid, nickname: users.nickname }).from(users)).map((r) => [r.uid, r.nickname]));
      expect(names.get(tricky!.uid)).toBe('yalP omeD');
      expect(names.get(plain!.uid)).toBe('وائل ☀️ \u{1F468}\u200d\u{1F469}');
      const views = await handle.db.select({ path: analyticsPageViews.path, referrer: analyticsPageViews.referrer }).from(analyticsPageViews);
      expect(views.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: '/about', referrer: null },
        { path: '/reset-password', referrer: 'https://mail.example/inbox' },
      ]);
    } finally {
      await handle.close();
    }
  });

  it('migration 0020 counts the codes of the campaigns made before it', async () => {
    const handle = await target.open();
    try {
      const campaign = { contents: [], startsAt: new Date(), endsAt: new Date(Date.now() + 60_000), totalCap: 1 };
      const [unique, shared, empty] = await handle.db
        .insert(giftCampaigns)
        .values([
          { ...campaign, name: 'unique', codeKind: 'unique' },
          { ...campaign, name: 'shared', codeKind: 'shared' },
          { ...campaign, name: 'empty', codeKind: 'unique' },
        ])
        .returning();
      // As the data stood before 0020: codes written without a count on their campaign.
      await handle.db.insert(giftCodes).values([...['A1', 'A2', 'A3'].map((code) => ({ code, campaignId: unique!.id })), { code: 'SHARED', campaignId: shared!.id }]);
      const backfill = readFileSync(path.join(migrationsFolder(), '0020_bulk_gift_codes.sql'), 'utf8').split('--> statement-breakpoint')[2]!;
      await handle.db.execute(sql.raw(backfill));
      const rows = await handle.db.select({ id: giftCampaigns.id, codeCount: giftCampaigns.codeCount, pendingUntil: giftCampaigns.pendingUntil }).from(giftCampaigns);
      expect(rows.sort((a, b) => a.id - b.id)).toEqual([
        { id: unique!.id, codeCount: 3, pendingUntil: null },
        { id: shared!.id, codeCount: 1, pendingUntil: null },
        { id: empty!.id, codeCount: 0, pendingUntil: null },
      ]);
    } finally {
      await handle.close();
    }
  });

  it('rolls a failed transaction back', async () => {
    const handle = await target.open();
    try {
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.insert(users).values({ userName: 'carol', email: 'carol@example.com', nickname: 'c', passwordHash: 'x' });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await handle.db.select().from(users)).toHaveLength(0);
    } finally {
      await handle.close();
    }
  });
});

describe.each(storeTargets())('key-value store on $name', (target) => {
  it('stores a key once within its lifetime', async () => {
    const store = target.open();
    try {
      expect(await store.setIfAbsent('k', 200)).toBe(true);
      expect(await store.setIfAbsent('k', 200)).toBe(false);
      await new Promise((r) => setTimeout(r, 250));
      expect(await store.setIfAbsent('k', 200)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('counts hits in a window and reports the time left', async () => {
    const store = target.open();
    try {
      expect((await store.hit('h', 1000)).count).toBe(1);
      const second = await store.hit('h', 1000);
      expect(second.count).toBe(2);
      expect(second.resetMs).toBeGreaterThan(0);
      expect(second.resetMs).toBeLessThanOrEqual(1000);
      const peeked = await store.peek('h');
      expect(peeked.count).toBe(2);
      expect(peeked.resetMs).toBeGreaterThan(0);
      expect((await store.peek('h')).count).toBe(2);
      expect(await store.peek('never-hit')).toEqual({ count: 0, resetMs: 0 });
    } finally {
      await store.close();
    }
  });
});
