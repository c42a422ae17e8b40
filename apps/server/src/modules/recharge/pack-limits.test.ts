import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedCatalogue } from '../seed/seed-demo';
import { rechargeKit } from './recharge-test-kit';

const DAY = 86_400_000;

describe.each(databaseTargets())('gift pack limits that reset (UTC periods) on $name', (target) => {
  let t: TestApp;
  let kit: ReturnType<typeof rechargeKit>;
  // A Wednesday noon, UTC: the week began on Monday the 23rd and ends on Monday the 30th.
  let clock = Date.parse('2026-11-25T12:00:00Z');
  let uid: number;
  let cardId: number;
  let weeklyId: number;

  beforeAll(async () => {
    t = await createTestApp({ database: await target.open(), now: () => clock, env: { SANDBOX_CONFIRM_DELAY_MS: '0', RECHARGE_LIMIT_PER_ADDRESS: '100000' } });
    kit = rechargeKit(t);
    await seedCatalogue(t.services.rechargeRepository);
    const [weekly] = await t.services.rechargeRepository.insertGiftPacks([
      { name: { en: 'Weekly pack' }, contents: [{ asset: 'diamonds', quantity: 7 }], priceMinor: 199, currency: 'USD', purchaseLimit: 1, limitPeriod: 'week', sort: 99 },
    ]);
    weeklyId = weekly!.id;
    uid = (await t.services.accounts.createUser({ userName: 'weekly', email: 'weekly@example.com', password: 'long-password-1', nickname: 'Weekly' })).uid;
    cardId = (await kit.catalogue()).paymentMethods.find((m: { name: string }) => m.name === 'Sandbox Card').id;
  });
  afterAll(() => t.close());

  const buy = async () => {
    const response = await kit.createOrder({ uid, kind: 'gift_pack', itemId: weeklyId, paymentMethodId: cardId }, undefined, await kit.signIn(uid));
    const body = kit.body(response);
    if (body.status !== 1) return body.errInfo!.code;
    await kit.checkout(body.data.checkoutUrl, 'pay');
    await kit.dispatch();
    return 'ok';
  };
  const packView = async () =>
    kit.body(await kit.get('/v1/recharge/catalogue', { uid }, await kit.signIn(uid))).data.giftPacks.find((p: { id: number }) => p.id === weeklyId);

  it('refuses a second purchase in the same UTC week and accepts it once the week has turned', async () => {
    expect(await packView()).toMatchObject({ limit: 1, limitPeriod: 'week', purchased: 0, resetsAt: '2026-11-30T00:00:00.000Z' });
    expect(await buy()).toBe('ok');
    expect(await packView()).toMatchObject({ purchased: 1 });
    clock += 4 * DAY + 11 * 3_600_000; // Sunday 23:00 UTC: still the same week
    expect(await buy()).toBe(Errors.GiftPackPurchaseLimitReached);
    clock += 2 * 3_600_000; // Monday 01:00 UTC
    expect(await packView()).toMatchObject({ purchased: 0, resetsAt: '2026-12-07T00:00:00.000Z' });
    expect(await buy()).toBe('ok');
    expect(await buy()).toBe(Errors.GiftPackPurchaseLimitReached);
  });

  it('lets an operator set a pack’s limit and period from the console, audited; nobody else', async () => {
    const operator = await t.services.accountsRepository.insert({ userName: 'limits-op', email: 'limits-op@example.com', nickname: 'Op', passwordHash: 'x', role: 'operator' });
    const headers = await kit.signIn(operator!.uid);
    const list = kit.body(await kit.get('/v1/console/gift-packs', {}, headers)).data.packs;
    expect(list.find((p: { id: number }) => p.id === weeklyId)).toMatchObject({ limit: 1, limitPeriod: 'week' });
    const set = (who: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/v1/console/gift-packs/limit', payload: t.sign({ id: weeklyId, limit: 2, limitPeriod: 'month' }), headers: who });
    expect((await set(await kit.signIn(uid))).statusCode).toBe(403);
    expect(kit.body(await set(headers)).data).toMatchObject({ id: weeklyId, limit: 2, limitPeriod: 'month' });
    expect(await packView()).toMatchObject({ limit: 2, limitPeriod: 'month', resetsAt: '2026-12-01T00:00:00.000Z' });
    const [entry] = await t.services.auditLog.of(`gift-pack:${weeklyId}`, 'gift-pack.limit');
    expect(entry).toMatchObject({ actorUid: operator!.uid, before: { limit: 1, limitPeriod: 'week' }, after: { limit: 2, limitPeriod: 'month' } });
  });

  it('keeps a limit without a period for good', async () => {
    const once = (await kit.catalogue()).giftPacks.find((p: { id: number; limit: number }) => p.limit === 1 && p.id !== weeklyId);
    expect(once).toMatchObject({ limitPeriod: 'once', resetsAt: null });
  });
});
