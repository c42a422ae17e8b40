import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedCatalogue } from '../../seed/seed-demo';
import { rechargeKit, rechargeTestApp } from '../../test/recharge-kit';

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
    await seedCatalogue(t.app.rechargeRepository);
    const [weekly] = await t.app.rechargeRepository.insertGiftPacks([
      { name: { en: 'Weekly pack' }, contents: [{ asset: 'diamonds', quantity: 7 }], priceMinor: 199, currency: 'USD', purchaseLimit: 1, limitPeriod: 'week', sort: 99 },
    ]);
    weeklyId = weekly!.id;
    uid = (await t.app.accounts.createUser({ userName: 'weekly', email: 'weekly@example.com', password: 'long-password-1', nickname: 'Weekly' })).uid;
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
    const operator = await t.app.accountsRepository.insert({ userName: 'limits-op', email: 'limits-op@example.com', nickname: 'Op', passwordHash: 'x', role: 'operator', operatorRoles: ['content'] });
    const headers = await kit.signIn(operator!.uid);
    const list = kit.body(await kit.get('/v1/console/gift-packs', {}, headers)).data.packs;
    expect(list.find((p: { id: number }) => p.id === weeklyId)).toMatchObject({ limit: 1, limitPeriod: 'week' });
    const set = (who: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/v1/console/gift-packs/limit', payload: t.sign({ id: weeklyId, limit: 2, limitPeriod: 'month' }), headers: who });
    expect((await set(await kit.signIn(uid))).statusCode).toBe(403);
    expect(kit.body(await set(headers)).data).toMatchObject({ id: weeklyId, limit: 2, limitPeriod: 'month' });
    expect(await packView()).toMatchObject({ limit: 2, limitPeriod: 'month', resetsAt: '2026-12-01T00:00:00.000Z' });
    const [entry] = await t.app.auditLog.of(`gift-pack:${weeklyId}`, 'gift-pack.limit');
    expect(entry).toMatchObject({ actorUid: operator!.uid, before: { limit: 1, limitPeriod: 'week' }, after: { limit: 2, limitPeriod: 'month' } });
  });

  it('keeps a limit without a period for good', async () => {
    const once = (await kit.catalogue()).giftPacks.find((p: { id: number; limit: number }) => p.limit === 1 && p.id !== weeklyId);
    expect(once).toMatchObject({ limitPeriod: 'once', resetsAt: null });
  });
});

describe.each(databaseTargets())('limits hold when money arrives on $name (issue 28, decision 0141)', (target) => {
  let app: Awaited<ReturnType<typeof rechargeTestApp>>;
  let onceId: number;
  let onceContents: { asset: string; quantity: number }[];

  beforeAll(async () => {
    app = await rechargeTestApp(await target.open());
    const once = app.catalogue.giftPacks.find((p: { limit: number; limitPeriod: string }) => p.limit === 1 && p.limitPeriod === 'once');
    onceId = once.id;
    onceContents = once.contents;
  });
  afterAll(() => app.t.close());

  it('credits a once-only pack once when three orders made before any was paid are all paid, and refunds the other two', async () => {
    const { t, kit, mails, cardId } = app;
    const { uid } = await t.app.accounts.createUser({ userName: 'threepaid', email: 'threepaid@example.com', password: 'long-password-1', nickname: 'Three' });
    const order = async (remoteAddress: string, email: string, headers: Record<string, string> = {}) => {
      const body = kit.body(await kit.createOrder({ uid, kind: 'gift_pack', itemId: onceId, paymentMethodId: cardId, email }, remoteAddress, headers));
      expect(body.status).toBe(1);
      return body.data as { orderNo: string; checkoutUrl: string };
    };
    // The owner signed in and two payers without a session: nothing is paid yet, so each is accepted.
    const orders = [
      await order('203.0.113.1', 'owner-pays@example.com', await kit.signIn(uid)),
      await order('203.0.113.2', 'friend-pays@example.com'),
      await order('198.51.100.3', 'stranger-pays@example.com'),
    ];
    for (const o of orders) await kit.checkout(o.checkoutUrl, 'pay');
    const deliveries = (await Promise.all(orders.map((o) => t.app.payments.sandbox!.deliveries(o.checkoutUrl.split('/').at(-1)!)))).map(([d]) => d!.body);
    // All three payments arrive at once.
    const answers = await Promise.all(deliveries.map((body) => kit.notify(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // The gateway's own deliveries (the refunds' notices among them) and a reconciler pass change nothing more.
    await kit.dispatch();
    await t.app.reconciler.reconcile({ notificationGraceMs: 0, checkEveryMs: 0 });

    const after = await Promise.all(orders.map((o) => kit.order(o.orderNo)));
    const credited = after.filter((o) => o.status === 'fulfilled');
    const refunded = after.filter((o) => o.status === 'refunded');
    expect(credited).toHaveLength(1);
    expect(refunded).toHaveLength(2);
    for (const o of refunded) expect(o).toMatchObject({ reason: 'pack_limit', fulfilledAt: null, refundedAt: expect.any(String) });
    // One pack's worth reached the account, and nothing was taken back from it.
    const holdings = await t.app.wallet.holdings(uid);
    for (const line of onceContents) expect(holdings.find((h) => h.asset === line.asset)?.amount).toBe(line.quantity);
    for (const o of refunded) {
      expect(await t.app.wallet.entriesFor(`order:${o.orderNo}`)).toEqual([]);
      expect(await t.app.wallet.entriesFor(`refund:${o.orderNo}`)).toEqual([]);
      const session = orders.find((placed) => placed.orderNo === o.orderNo)!.checkoutUrl.split('/').at(-1)!;
      expect(await t.app.payments.sandbox!.session(session)).toMatchObject({ status: 'refunded' });
      const [entry] = await t.app.auditLog.of(`order:${o.orderNo}`, 'order.refund');
      expect(entry).toMatchObject({ actorName: 'system:receiving-limit', after: { status: 'refunded', reason: 'pack_limit' } });
    }
    // Each payer of a refunded order is told of the refund, once; the payer of the credited one gets the receipt.
    const paidBy = new Map(orders.map((o, i) => [o.orderNo, ['owner-pays@example.com', 'friend-pays@example.com', 'stranger-pays@example.com'][i]!]));
    const mailsOf = (o: { orderNo: string }) => mails.filter((m) => m.to === paidBy.get(o.orderNo) && m.text.includes(o.orderNo)).map((m) => m.subject);
    for (const o of refunded) expect(mailsOf(o)).toEqual([expect.stringMatching(/refund/i)]);
    expect(mailsOf(credited[0]!)).toEqual([expect.not.stringMatching(/refund/i)]);
    // The refunded payments never count as purchases: the pack shows one bought, and stays closed.
    const pack = kit.body(await kit.get('/v1/recharge/catalogue', { uid }, await kit.signIn(uid))).data.giftPacks.find((p: { id: number }) => p.id === onceId);
    expect(pack).toMatchObject({ purchased: 1 });
    expect(kit.body(await kit.createOrder({ uid, kind: 'gift_pack', itemId: onceId, paymentMethodId: cardId })).errInfo?.code).toBe(Errors.GiftPackPurchaseLimitReached);
  });

  it('leaves a payment over the limit uncredited when the provider cannot refund it yet, and refunds it on a later pass', async () => {
    const { t, kit, cardId } = app;
    const { uid } = await t.app.accounts.createUser({ userName: 'laterefund', email: 'laterefund@example.com', password: 'long-password-1', nickname: 'Later' });
    const make = async () => kit.body(await kit.createOrder({ uid, kind: 'gift_pack', itemId: onceId, paymentMethodId: cardId })).data as { orderNo: string; checkoutUrl: string };
    const [first, second] = [await make(), await make()];
    // The second order replaced the first (same payer), so pay the second, then a friend's.
    expect((await kit.order(first!.orderNo)).status).toBe('cancelled');
    const friend = kit.body(await kit.createOrder({ uid, kind: 'gift_pack', itemId: onceId, paymentMethodId: cardId }, '192.0.2.9')).data as { orderNo: string; checkoutUrl: string };
    await kit.checkout(second!.checkoutUrl, 'pay');
    await kit.checkout(friend.checkoutUrl, 'pay');
    const sandbox = t.app.payments.sandbox!;
    const refundOf = sandbox.refund.bind(sandbox);
    let refusals = 0;
    sandbox.refund = async () => {
      refusals += 1;
      return { refused: 'gateway busy' };
    };
    try {
      for (const o of [second!, friend]) {
        const [delivery] = await sandbox.deliveries(o.checkoutUrl.split('/').at(-1)!);
        await kit.notify(delivery!.body);
      }
    } finally {
      sandbox.refund = refundOf;
    }
    expect(refusals).toBe(1);
    const states = await Promise.all([second!, friend].map((o) => kit.order(o.orderNo)));
    expect(states.map((o) => o.status).sort()).toEqual(['fulfilled', 'paid']);
    const held = states.find((o) => o.status === 'paid')!;
    expect(held.reason).toBe('pack_limit');
    expect(await t.app.wallet.entriesFor(`order:${held.orderNo}`)).toEqual([]);

    await t.app.reconciler.reconcile({ notificationGraceMs: 0, checkEveryMs: 0 });
    expect(await kit.order(held.orderNo)).toMatchObject({ status: 'refunded', reason: 'pack_limit' });
    expect(await t.app.wallet.entriesFor(`order:${held.orderNo}`)).toEqual([]);
  });
});
