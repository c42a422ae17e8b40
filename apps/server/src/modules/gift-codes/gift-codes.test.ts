import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/users.schema';
import { sql } from 'drizzle-orm';
import { Errors } from '@vsp/contract/error-codes';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { UNAMBIGUOUS_ALPHABET } from '../../shared/random-code';
import { databaseTargets, storeTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { WalletRepository } from '../wallet';
import { GiftCodesRepository } from './gift-codes.repository';
import { GiftCodesService, REDEMPTION_TRANSACTIONS_MAX, UNIQUE_CODE_LENGTH } from './gift-codes.service';

const HOUR = 3_600_000;
const pack = [
  { asset: 'diamonds' as const, quantity: 10 },
  { asset: 'gift_package' as const, quantity: 1 },
];

async function makeUsers(handle: DatabaseHandle, prefix: string, count: number): Promise<number[]> {
  const rows = await handle.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ userName: `${prefix}${i}`, email: `${prefix}${i}@example.com`, nickname: `${prefix}${i}`, passwordHash: 'not-a-login' })))
    .returning({ uid: users.uid });
  return rows.map((r) => r.uid);
}

/** Another connection pool on the same PostgreSQL database: what a second API process has. */
async function secondPool(handle: DatabaseHandle): Promise<DatabaseHandle> {
  const result = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
}

describe.each(databaseTargets())('gift codes on $name', (target) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  /** A second API instance on the same database with its own connection pool (PostgreSQL). */
  let other: TestApp;
  let seq = 0;

  beforeAll(async () => {
    handle = await target.open();
    const env = { GIFT_LIMIT_PER_ACCOUNT: '1000', GIFT_LIMIT_PER_ADDRESS: '100000' };
    t = await createTestApp({ database: { ...handle, close: async () => undefined }, env });
    other = target.name === 'postgres' ? await createTestApp({ database: await secondPool(handle), env }) : t;
  });
  afterAll(async () => {
    if (other !== t) await other.close();
    await t.close();
    await handle.close();
  });

  const campaign = (input: { totalCap?: number; sharedCode?: string; uniqueCount?: number; startsAt?: number; endsAt?: number; redemptionGroup?: string }) =>
    t.app.gifts.createCampaign({
      name: `campaign ${++seq}`,
      contents: pack,
      startsAt: new Date(input.startsAt ?? Date.now() - HOUR).toISOString(),
      endsAt: new Date(input.endsAt ?? Date.now() + HOUR).toISOString(),
      totalCap: input.totalCap ?? 1000,
      ...(input.sharedCode ? { sharedCode: input.sharedCode } : { uniqueCount: input.uniqueCount ?? 1 }),
      ...(input.redemptionGroup ? { redemptionGroup: input.redemptionGroup } : {}),
    });

  const redeem = (app: TestApp, uid: number, code: string, remoteAddress = `10.0.${uid % 250}.${uid % 199}`) =>
    app.app.inject({ method: 'POST', url: '/v1/gift/redeem', payload: app.sign({ uid, code }), remoteAddress });
  const outcome = async (response: Promise<{ json(): unknown }>) => {
    const body = (await response).json() as { status: number; errInfo?: { code: number } };
    return body.status === 1 ? 'ok' : body.errInfo!.code;
  };

  it('grants the pack once, through the ledger, and answers each of the five outcomes distinctly', async () => {
    const [alice, bob] = await makeUsers(handle, 'five', 2);
    const shared = 'Shared-Welcome-Code';
    await campaign({ sharedCode: shared });
    const success = await redeem(t, alice!, shared);
    expect(success.json()).toEqual({ status: 1, data: { campaign: `campaign ${seq}`, contents: pack } });
    expect(await t.app.wallet.holdings(alice!)).toEqual(expect.arrayContaining([{ asset: 'diamonds', amount: 10 }, { asset: 'gift_package', amount: 1 }]));

    expect(await outcome(redeem(t, alice!, 'no-such-code'))).toBe(Errors.GiftCodeInvalid);
    expect(await outcome(redeem(t, alice!, shared.toLowerCase()))).toBe(Errors.GiftCodeInvalid);
    expect(await outcome(redeem(t, alice!, shared))).toBe(Errors.GiftPackAlreadyRedeemed);

    await campaign({ sharedCode: 'Expired-Code', startsAt: Date.now() - 2 * HOUR, endsAt: Date.now() - HOUR });
    expect(await outcome(redeem(t, alice!, 'Expired-Code'))).toBe(Errors.GiftPackExpired);
    await campaign({ sharedCode: 'Not-Yet-Code', startsAt: Date.now() + HOUR, endsAt: Date.now() + 2 * HOUR });
    // A campaign that has not started answers its own code (issue 19), not "invalid".
    expect(await outcome(redeem(t, alice!, 'Not-Yet-Code'))).toBe(Errors.GiftPackNotStarted);

    await campaign({ sharedCode: 'Only-One', totalCap: 1 });
    expect(await outcome(redeem(t, alice!, 'Only-One'))).toBe('ok');
    expect(await outcome(redeem(t, bob!, 'Only-One'))).toBe(Errors.GiftPackFullyClaimed);

    const unique = await campaign({ uniqueCount: 2 });
    const [first, second] = (await t.app.gifts.codesOf(unique.id)).map((c) => c.code);
    expect(await outcome(redeem(t, alice!, first!))).toBe('ok');
    expect(await outcome(redeem(t, bob!, first!))).toBe(Errors.GiftCodeAlreadyUsed);
    expect(await outcome(redeem(t, alice!, second!))).toBe(Errors.GiftPackAlreadyRedeemed);
    expect(await outcome(redeem(t, bob!, second!))).toBe('ok');
    expect(await outcome(redeem(t, 99_999_999, first!))).toBe(Errors.AccountIdNotFound);
  });

  it('answers each campaign\'s state: scheduled, active, claimed out, ended and disabled', async () => {
    const [carol] = await makeUsers(handle, 'state', 1);
    const later = await campaign({ sharedCode: 'State-Later', startsAt: Date.now() + HOUR, endsAt: Date.now() + 2 * HOUR });
    const over = await campaign({ sharedCode: 'State-Over', startsAt: Date.now() - 2 * HOUR, endsAt: Date.now() - HOUR });
    const open = await campaign({ sharedCode: 'State-Open' });
    const single = await campaign({ sharedCode: 'State-Single', totalCap: 1 });
    expect(later.state).toBe('scheduled');
    expect(over.state).toBe('ended');
    expect(open.state).toBe('active');
    expect(single.state).toBe('active');
    expect(await outcome(redeem(t, carol!, 'State-Single'))).toBe('ok');
    expect((await t.app.gifts.campaign(single.id))?.state).toBe('claimed_out');
    expect((await t.app.gifts.disableCampaign(open.id)).state).toBe('disabled');
  });

  it('generates single-use codes in bulk from the unambiguous alphabet, all distinct', async () => {
    const made = await campaign({ uniqueCount: 2000 });
    const codes = (await t.app.gifts.codesOf(made.id)).map((c) => c.code);
    expect(codes).toHaveLength(2000);
    expect(new Set(codes).size).toBe(2000);
    const allowed = new RegExp(`^[${UNAMBIGUOUS_ALPHABET}]{${UNIQUE_CODE_LENGTH}}$`);
    expect(codes.every((c) => allowed.test(c))).toBe(true);
    expect(codes.join('')).not.toMatch(/[01OIl]/);
  });

  it('gives exactly 100 of 500 concurrent redemptions of a shared code with cap 100, across two API instances', async () => {
    const uids = await makeUsers(handle, 'race', 500);
    const made = await campaign({ sharedCode: 'RACE-100', totalCap: 100 });
    const outcomes = await Promise.all(uids.map((uid, i) => outcome(redeem(i % 2 === 0 ? t : other, uid, 'RACE-100'))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(100);
    expect(outcomes.filter((o) => o === Errors.GiftPackFullyClaimed)).toHaveLength(400);
    expect(await t.app.gifts.campaigns().then((list) => list.find((c) => c.id === made.id)?.claimed)).toBe(100);
    const granted = await Promise.all(uids.map((uid) => t.app.wallet.holdings(uid)));
    expect(granted.filter((h) => h.some((x) => x.asset === 'diamonds')).length).toBe(100);
  });

  it('runs at most REDEMPTION_TRANSACTIONS_MAX redemption transactions at once, so a race leaves connections for other requests', async () => {
    const uids = await makeUsers(handle, 'gate', 40);
    await campaign({ sharedCode: 'GATE-30', totalCap: 30 });
    let running = 0;
    let most = 0;
    const gifts = new GiftCodesService({
      gifts: new GiftCodesRepository(handle.db),
      audit: async () => undefined,
      transaction: async (work) => {
        running += 1;
        most = Math.max(most, running);
        try {
          return await handle.db.transaction((tx) => work({ gifts: new GiftCodesRepository(tx), wallet: new WalletRepository(tx), on: tx }));
        } finally {
          running -= 1;
        }
      },
    });
    const outcomes = await Promise.all(uids.map((uid) => gifts.redeem(uid, 'GATE-30').then(() => 'ok', (error: { code?: number }) => error.code)));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(30);
    expect(outcomes.filter((o) => o === Errors.GiftPackFullyClaimed)).toHaveLength(10);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(REDEMPTION_TRANSACTIONS_MAX);
  });

  it('grants again at once when an operator raises the cap of a campaign this process just saw fully claimed', async () => {
    const racers = await makeUsers(handle, 'raise', 20);
    const [second, third] = await makeUsers(handle, 'raise-after', 2);
    const made = await campaign({ sharedCode: 'RAISE-1', totalCap: 1 });
    // A race: every racer reads the campaign open, one wins, and the losers learn the cap is full.
    const outcomes = await Promise.all(racers.map((uid) => outcome(redeem(t, uid, 'RAISE-1'))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === Errors.GiftPackFullyClaimed)).toHaveLength(19);
    // The operator raises the cap right away: the next redemptions are counted by the database again.
    await t.app.gifts.updateCampaign(made.id, { totalCap: 3 });
    expect(await outcome(redeem(t, second!, 'RAISE-1'))).toBe('ok');
    expect(await outcome(redeem(t, third!, 'RAISE-1'))).toBe('ok');
    expect(await t.app.gifts.campaign(made.id).then((c) => c?.claimed)).toBe(3);
  });

  it('redeems once per account for a whole redemption group, also when its codes race each other across two instances', async () => {
    const [ann, ben] = await makeUsers(handle, 'grp', 2);
    const first = await campaign({ sharedCode: 'Group-First', redemptionGroup: 'launch-week' });
    expect(first.redemptionGroup).toBe('launch-week');
    await campaign({ sharedCode: 'Group-Second', redemptionGroup: 'launch-week' });
    await campaign({ sharedCode: 'Group-Other', redemptionGroup: 'another-group' });
    expect(await outcome(redeem(t, ann!, 'Group-First'))).toBe('ok');
    expect(await outcome(redeem(t, ann!, 'Group-Second'))).toBe(Errors.GiftPackAlreadyRedeemed);
    expect(await outcome(redeem(t, ann!, 'Group-Other'))).toBe('ok');

    const racers = await makeUsers(handle, 'grprace', 10);
    const codes = await Promise.all(Array.from({ length: 5 }, (_, i) => campaign({ sharedCode: `Group-Race-${i}`, redemptionGroup: 'race-group' })));
    const outcomes = await Promise.all(
      racers.flatMap((uid, r) => codes.map((c, i) => outcome(redeem((r + i) % 2 ? other : t, uid, c.sharedCode!)))),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(racers.length);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === Errors.GiftPackAlreadyRedeemed)).toBe(true);
    for (const uid of racers) expect((await t.app.wallet.holdings(uid)).find((h) => h.asset === 'diamonds')?.amount).toBe(10);

    // Taken out of its group, a campaign counts for itself again; another account is never bound by ann's.
    await t.app.gifts.updateCampaign(first.id + 1, { clearRedemptionGroup: true });
    expect(await outcome(redeem(t, ann!, 'Group-Second'))).toBe('ok');
    expect(await outcome(redeem(t, ben!, 'Group-Second'))).toBe('ok');
  });

  it('lets an account racing itself redeem once', async () => {
    const [racer] = await makeUsers(handle, 'self', 1);
    await campaign({ sharedCode: 'SELF-RACE', totalCap: 50 });
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => outcome(redeem(i % 2 ? other : t, racer!, 'SELF-RACE'))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === Errors.GiftPackAlreadyRedeemed)).toHaveLength(19);
    expect((await t.app.wallet.holdings(racer!)).find((h) => h.asset === 'diamonds')?.amount).toBe(10);
  });

  it('uses a single-use code once when two accounts race for it', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await makeUsers(handle, `pair${round}-`, 2);
      const made = await campaign({ uniqueCount: 1 });
      const [code] = (await t.app.gifts.codesOf(made.id)).map((c) => c.code);
      const outcomes = await Promise.all([outcome(redeem(t, a!, code!)), outcome(redeem(other, b!, code!))]);
      expect(outcomes.sort()).toEqual([Errors.GiftCodeAlreadyUsed, 'ok'].sort());
    }
  });
});

describe.each(storeTargets())('gift code guessing limits with the $name store', (storeTarget) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ store: storeTarget.open(), env: { GIFT_LIMIT_PER_ACCOUNT: '3', GIFT_LIMIT_PER_ADDRESS: '5' } });
  });
  afterAll(() => t.close());

  it('refuses a redeemer after its attempts for one account and an address after its own, with 42900 and Retry-After', async () => {
    const [a, b, c] = await Promise.all(['g1', 'g2', 'g3'].map((n) => t.app.accountsRepository.insert({ userName: n, email: `${n}@example.com`, nickname: n, passwordHash: 'x', role: 'player' })));
    const attempt = (uid: number, address: string) => t.app.inject({ method: 'POST', url: '/v1/gift/redeem', payload: t.sign({ uid, code: 'GUESS' }), remoteAddress: address });
    for (let i = 0; i < 3; i++) expect((await attempt(a!.uid, '192.0.2.1')).json().errInfo.code).toBe(Errors.GiftCodeInvalid);
    const limited = await attempt(a!.uid, '192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errInfo.code).toBe(Errors.TooManyAttempts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A stranger's guesses spend the stranger's allowance, not the account owner's.
    expect((await attempt(a!.uid, '192.0.2.2')).json().errInfo.code).toBe(Errors.GiftCodeInvalid);
    // One address spreading guesses over accounts is limited too.
    for (let i = 0; i < 3; i++) await attempt(b!.uid, '198.51.100.7');
    await attempt(c!.uid, '198.51.100.7');
    await attempt(c!.uid, '198.51.100.7');
    expect((await attempt(c!.uid, '198.51.100.7')).json().errInfo.code).toBe(Errors.TooManyAttempts);
  });
});
