import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Errors } from '@vsp/contract/error-codes';
import { paymentNotifications } from './recharge.schema';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedCatalogue } from '../../seed/seed-demo';
import { signSandboxPayload } from '../payments/sandbox/sandbox-signature';
import { reconcileJob } from './recharge-jobs';
import { rechargeKit } from '../../test/recharge-kit';
import { SETTING_PAUSED } from './top-up-switches';

describe.each(databaseTargets())('top-up orders and payments on $name', (target) => {
  let t: TestApp;
  let kit: ReturnType<typeof rechargeKit>;
  let uid: number;
  let clock = Date.now();
  let cardId: number;
  let productId: number;
  let starterPackId: number;

  beforeAll(async () => {
    t = await createTestApp({
      database: await target.open(),
      now: () => clock,
      env: { SANDBOX_CONFIRM_DELAY_MS: '0', RECHARGE_LIMIT_PER_ADDRESS: '100000' },
    });
    kit = rechargeKit(t);
    await seedCatalogue(t.app.rechargeRepository);
    uid = (await t.app.accounts.createUser({ userName: 'payee', email: 'payee@example.com', password: 'payee-password', nickname: 'Payee' })).uid;
    const catalogue = await kit.catalogue();
    cardId = catalogue.paymentMethods.find((m: { name: string }) => m.name === 'Sandbox Card').id;
    productId = catalogue.products[1].id;
    starterPackId = catalogue.giftPacks.find((p: { limit: number }) => p.limit === 1).id;
  });
  afterAll(() => t.close());

  const newUser = async (name: string) => (await t.app.accounts.createUser({ userName: name, email: `${name}@example.com`, password: 'long-password-1' })).uid;
  const diamondsOf = async (who: number) => (await t.app.wallet.holdings(who)).find((h) => h.asset === 'diamonds')?.amount ?? 0;

  it('verifies an account ID with its nickname and answers 10094 for one that does not exist', async () => {
    expect(kit.body(await kit.get('/v1/recharge/account', { uid })).data).toEqual({ uid, nickname: 'Payee' });
    const missing = await kit.get('/v1/recharge/account', { uid: 99_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(kit.body(missing).errInfo?.code).toBe(Errors.AccountIdNotFound);
  });

  it('tells a payer that a blocked account is blocked (10064), as the product description asks, and takes no order for it', async () => {
    const blocked = await newUser('blockedpayee');
    await t.app.accounts.setBlocked(blocked, true);
    expect(kit.body(await kit.get('/v1/recharge/account', { uid: blocked })).errInfo?.code).toBe(Errors.AccountBlocked);
    expect(kit.body(await kit.createOrder({ uid: blocked, itemId: productId, paymentMethodId: cardId })).errInfo?.code).toBe(Errors.AccountBlocked);
  });

  it('serves the catalogue per country with integer prices, and the default one elsewhere', async () => {
    const fallback = await kit.catalogue('FR');
    expect(fallback.country).toBe('*');
    expect(fallback.products[0]).toMatchObject({ asset: 'diamonds', amount: 60, priceMinor: 99, currency: 'USD' });
    expect(fallback.paymentMethods.map((m: { name: string }) => m.name)).not.toContain('Card (Stripe)');
    const my = await kit.catalogue('MY');
    expect(my.country).toBe('MY');
    expect(my.countries).toContain('MY');
    expect(my.products.every((p: { currency: string }) => p.currency === 'MYR')).toBe(true);
    expect(my.giftPacks[0]).toMatchObject({ limit: 1, purchased: 0 });
  });

  it('takes an order through the sandbox checkout to fulfilled and credits the wallet once', async () => {
    const before = await diamondsOf(uid);
    const created = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId }));
    expect(created.data).toMatchObject({ status: 'awaiting_payment', priceMinor: 499, currency: 'USD', contents: [{ asset: 'diamonds', quantity: 330 }] });
    const page = await t.app.inject({ method: 'GET', url: created.data.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$4.99');
    const paid = await kit.checkout(created.data.checkoutUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/recharge');
    expect(await kit.dispatch()).toBe(1);
    const order = await kit.order(created.data.orderNo);
    expect(order).toMatchObject({ status: 'fulfilled', checkoutUrl: null });
    expect(await diamondsOf(uid)).toBe(before + 330);
    expect(await kit.dispatch()).toBe(0);
  });

  it('marks a declined payment failed and credits nothing', async () => {
    const before = await diamondsOf(uid);
    const created = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId })).data;
    await kit.checkout(created.checkoutUrl, 'decline');
    await kit.dispatch();
    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'failed', reason: 'declined' });
    expect(await diamondsOf(uid)).toBe(before);
  });

  it('answers the same order for a repeated idempotency key, and 10046 for an unknown order', async () => {
    const input = { uid, itemId: productId, paymentMethodId: cardId, idempotencyKey: 'same-key-0123456789' };
    const [a, b] = await Promise.all([kit.createOrder(input), kit.createOrder(input)]);
    expect(kit.body(a).data.orderNo).toBe(kit.body(b).data.orderNo);
    const unknown = await kit.get('/v1/recharge/order', { orderNo: 'TU-20250101-NOSUCHORDR' });
    expect(kit.body(unknown).errInfo?.code).toBe(Errors.OrderNotFound);
  });

  it('answers an inquiry by order number with its state and contents, never its account, price or method (issue 28)', async () => {
    const created = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId })).data;
    const inquiry = await kit.order(created.orderNo);
    expect(Object.keys(inquiry).sort()).toEqual(['checkoutUrl', 'contents', 'createdAt', 'expiresAt', 'fulfilledAt', 'kind', 'orderNo', 'paidAt', 'reason', 'refundedAt', 'status']);
    expect(inquiry).toMatchObject({ orderNo: created.orderNo, status: 'awaiting_payment', contents: created.contents, checkoutUrl: created.checkoutUrl });
    expect(JSON.stringify(inquiry)).not.toContain(String(uid));
  });

  it('refuses an idempotency key reused for another item or by another payer, and leaks no checkout (issue 28)', async () => {
    const who = await newUser('keyed');
    const key = 'reused-key-0123456789';
    const first = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId, idempotencyKey: key }, '203.0.113.10'));
    expect(first.data.checkoutUrl).toBeTruthy();
    const refused = { code: Errors.ValidationFailed, fields: [{ field: 'idempotencyKey', rule: 'reused' }] };
    const otherItem = kit.body(await kit.createOrder({ uid: who, itemId: starterPackId, kind: 'gift_pack', paymentMethodId: cardId, idempotencyKey: key }, '203.0.113.10'));
    expect(otherItem.errInfo).toMatchObject(refused);
    const otherPayer = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId, idempotencyKey: key }, '198.51.100.20'));
    expect(otherPayer.errInfo).toMatchObject(refused);
    expect(JSON.stringify(otherPayer)).not.toContain(first.data.orderNo);
    // The same request again still answers its own order.
    const again = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId, idempotencyKey: key }, '203.0.113.10'));
    expect(again.data.orderNo).toBe(first.data.orderNo);
  });

  it('refuses the 21st unpaid order with 10091, and allows new ones after they expire', async () => {
    const who = await newUser('many');
    const results = await Promise.all(Array.from({ length: 22 }, () => kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })));
    const codes = results.map((r) => kit.body(r).errInfo?.code ?? 'ok');
    expect(codes.filter((c) => c === 'ok')).toHaveLength(20);
    expect(codes.filter((c) => c === Errors.TooManyUnpaidOrders)).toHaveLength(2);
    clock += t.config.RECHARGE_ORDER_TTL_MINUTES * 60_000 + 1000;
    try {
      const after = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId }));
      expect(after.data.status).toBe('awaiting_payment');
      const old = kit.body(results.find((r) => kit.body(r).status === 1)!).data;
      expect(await kit.order(old.orderNo)).toMatchObject({ status: 'expired' });
    } finally {
      clock = Date.now();
    }
  });

  it('sells a gift pack up to its limit per account and refuses it after (10096)', async () => {
    const who = await newUser('packbuyer');
    const owner = await kit.signIn(who);
    const first = kit.body(await kit.createOrder({ uid: who, kind: 'gift_pack', itemId: starterPackId, paymentMethodId: cardId }, undefined, owner)).data;
    await kit.checkout(first.checkoutUrl, 'pay');
    await kit.dispatch();
    expect(await kit.order(first.orderNo)).toMatchObject({ status: 'fulfilled' });
    const holdings = await t.app.wallet.holdings(who);
    expect(holdings).toEqual(expect.arrayContaining([{ asset: 'party_hat', amount: 1 }, { asset: 'gold_coins', amount: 100 }]));
    const packs = kit.body(await kit.get('/v1/recharge/catalogue', { uid: who }, owner)).data.giftPacks;
    expect(packs.find((p: { id: number }) => p.id === starterPackId)).toMatchObject({ purchased: 1, limit: 1 });
    expect(kit.body(await kit.createOrder({ uid: who, kind: 'gift_pack', itemId: starterPackId, paymentMethodId: cardId }, undefined, owner)).errInfo?.code).toBe(Errors.GiftPackPurchaseLimitReached);
    expect(kit.body(await kit.createOrder({ uid: who, kind: 'gift_pack', itemId: starterPackId, paymentMethodId: cardId }, '203.0.113.40')).errInfo?.code).toBe(Errors.GiftPackPurchaseLimitReached);
  });

  it("does not let 21 strangers' unpaid orders for an account stop its signed-in owner (10091 per payer)", async () => {
    const victim = await newUser('victim');
    const stranger = '203.0.113.7';
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await kit.createOrder({ uid: victim, itemId: productId, paymentMethodId: cardId }, stranger));
    const codes = results.map((r) => kit.body(r).errInfo?.code ?? 'ok');
    expect(codes.filter((c) => c === 'ok')).toHaveLength(20);
    expect(codes.at(-1)).toBe(Errors.TooManyUnpaidOrders);
    // The owner, signed in, orders; so does another anonymous payer, on an allowance of their own.
    const owner = kit.body(await kit.createOrder({ uid: victim, itemId: productId, paymentMethodId: cardId }, stranger, await kit.signIn(victim)));
    expect(owner.data?.status).toBe('awaiting_payment');
    const other = kit.body(await kit.createOrder({ uid: victim, itemId: productId, paymentMethodId: cardId }, '198.51.100.70'));
    expect(other.data?.status).toBe('awaiting_payment');
  });

  it("does not count a stranger's unpaid pack order toward the owner's pack limit", async () => {
    const victim = await newUser('packvictim');
    const stranger = kit.body(await kit.createOrder({ uid: victim, kind: 'gift_pack', itemId: starterPackId, paymentMethodId: cardId }, '203.0.113.8')).data;
    expect(stranger.status).toBe('awaiting_payment');
    const owner = await kit.signIn(victim);
    const packs = kit.body(await kit.get('/v1/recharge/catalogue', { uid: victim }, owner)).data.giftPacks;
    expect(packs.find((p: { id: number }) => p.id === starterPackId)).toMatchObject({ purchased: 0, limit: 1 });
    const own = kit.body(await kit.createOrder({ uid: victim, kind: 'gift_pack', itemId: starterPackId, paymentMethodId: cardId }, undefined, owner));
    expect(own.data?.status).toBe('awaiting_payment');
  });

  it('shows an abandoned pack checkout as not bought, and a new order of the pack replaces it', async () => {
    const who = await newUser('abandoner');
    const owner = await kit.signIn(who);
    const abandoned = kit.body(await kit.createOrder({ uid: who, kind: 'gift_pack', itemId: starterPackId, paymentMethodId: cardId }, undefined, owner)).data;
    await kit.checkout(abandoned.checkoutUrl, 'abandon');
    expect(await kit.order(abandoned.orderNo)).toMatchObject({ status: 'awaiting_payment' });
    const packs = kit.body(await kit.get('/v1/recharge/catalogue', { uid: who }, owner)).data.giftPacks;
    expect(packs.find((p: { id: number }) => p.id === starterPackId)).toMatchObject({ purchased: 0, limit: 1 });
    const again = kit.body(await kit.createOrder({ uid: who, kind: 'gift_pack', itemId: starterPackId, paymentMethodId: cardId }, undefined, owner)).data;
    expect(again.status).toBe('awaiting_payment');
    // The replaced checkout takes no payment: the pack cannot be paid twice by one payer.
    expect(await kit.order(abandoned.orderNo)).toMatchObject({ status: 'cancelled', reason: 'replaced' });
    await kit.checkout(abandoned.checkoutUrl, 'pay');
    await kit.checkout(again.checkoutUrl, 'pay');
    await kit.dispatch();
    expect(await kit.order(again.orderNo)).toMatchObject({ status: 'fulfilled' });
    expect(await kit.order(abandoned.orderNo)).toMatchObject({ status: 'cancelled' });
  });

  it("answers an account's pack purchase counts only to its signed-in owner", async () => {
    const who = await newUser('private');
    const owner = await kit.signIn(who);
    const bought = kit.body(await kit.createOrder({ uid: who, kind: 'gift_pack', itemId: starterPackId, paymentMethodId: cardId }, undefined, owner)).data;
    await kit.checkout(bought.checkoutUrl, 'pay');
    await kit.dispatch();
    const purchasedAs = async (headers: Record<string, string>) =>
      kit.body(await kit.get('/v1/recharge/catalogue', { uid: who }, headers)).data.giftPacks.find((p: { id: number }) => p.id === starterPackId).purchased;
    expect(await purchasedAs(owner)).toBe(1);
    expect(await purchasedAs({})).toBe(0);
    expect(await purchasedAs(await kit.signIn(await newUser('nosy')))).toBe(0);
  });

  it('answers 70001 for an item that is not for sale and 10048 for an unknown payment method', async () => {
    expect(kit.body(await kit.createOrder({ uid, itemId: 99_999, paymentMethodId: cardId })).errInfo?.code).toBe(Errors.PurchaseInfoUnavailable);
    expect(kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: 99_999 })).errInfo?.code).toBe(Errors.OrderConfigurationNotFound);
  });

  it('pauses order creation while recharge.paused.open is on; unpaid orders from before become invalid when it ends', async () => {
    const who = await newUser('paused');
    const before = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })).data;
    clock += 1000;
    await t.app.siteSettingsRepository.put(SETTING_PAUSED, true, new Date(clock));
    try {
      expect(kit.body(await kit.get('/v1/recharge/status')).data).toMatchObject({ paused: true, iosNotice: true });
      const refused = await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId });
      expect(refused.statusCode).toBe(503);
      expect(kit.body(refused).errInfo?.code).toBe(Errors.TopUpPausedForMaintenance);
      // During the maintenance the order stands as it was, through inquiries and sweeps alike.
      clock += 60_000;
      expect(await kit.order(before.orderNo)).toMatchObject({ status: 'awaiting_payment' });
      await t.app.reconciler.reconcile();
      expect(await kit.order(before.orderNo)).toMatchObject({ status: 'awaiting_payment', reason: null });
    } finally {
      clock += 60_000;
      await t.app.siteSettingsRepository.put(SETTING_PAUSED, { en: 'false' }, new Date(clock));
    }
    // The maintenance ended: the sweep invalidates the order, the inquiry says so, the checkout is closed.
    await t.app.reconciler.reconcile();
    expect(await kit.order(before.orderNo)).toMatchObject({ status: 'cancelled', reason: 'maintenance' });
    await kit.checkout(before.checkoutUrl, 'pay');
    expect(await kit.dispatch()).toBe(0);
    expect(kit.body(await kit.get('/v1/recharge/status')).data.paused).toBe(false);
    const fresh = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })).data;
    expect(fresh.status).toBe('awaiting_payment');
    clock = Date.now();
  });

  it('invalidates unpaid orders from before the maintenance when the operator ends it, not when it begins', async () => {
    const who = await newUser('pausedswitch');
    const before = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })).data;
    clock += 1000;
    await t.app.topUpSwitches.setSwitches({ paused: true });
    await t.app.reconciler.reconcile();
    expect(await kit.order(before.orderNo)).toMatchObject({ status: 'awaiting_payment' });
    clock += 1000;
    await t.app.topUpSwitches.setSwitches({ paused: false });
    // Ended by the switch itself: no sweep needed.
    const stored = await t.app.rechargeRepository.order(before.orderNo);
    expect(stored).toMatchObject({ status: 'cancelled', reason: 'maintenance' });
    // An order started after the maintenance ended is untouched by the next sweep and the next maintenance's start.
    const after = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })).data;
    clock += 1000;
    await t.app.topUpSwitches.setSwitches({ paused: true });
    await t.app.reconciler.reconcile();
    expect(await kit.order(after.orderNo)).toMatchObject({ status: 'awaiting_payment' });
    clock += 1000;
    await t.app.topUpSwitches.setSwitches({ paused: false });
    expect(await kit.order(after.orderNo)).toMatchObject({ status: 'cancelled', reason: 'maintenance' });
    clock = Date.now();
  });

  it('refuses a forged notification and stores nothing', async () => {
    const created = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId })).data;
    const forged = JSON.stringify({ id: 'evt_forged', type: 'payment.succeeded', created: clock, data: { session: 'x', merchantRef: created.orderNo, amountMinor: 499, currency: 'USD' } });
    for (const signature of [signSandboxPayload('not-the-secret-at-all', forged, Date.now()), signSandboxPayload(t.config.SANDBOX_SECRET, forged, Date.now() - 3_600_000), undefined]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/payment/notify/sandbox',
        payload: forged,
        headers: { 'content-type': 'application/json', ...(signature ? { 'sandbox-signature': signature } : {}) },
      });
      expect(response.statusCode).toBe(401);
      expect(kit.body(response).errInfo?.code).toBe(Errors.PaymentNotificationUnverified);
    }
    // A body changed after signing does not verify either.
    const signed = signSandboxPayload(t.config.SANDBOX_SECRET, forged, Date.now());
    const tampered = await t.app.inject({ method: 'POST', url: '/v1/payment/notify/sandbox', payload: forged.replace('499', '1'), headers: { 'content-type': 'application/json', 'sandbox-signature': signed } });
    expect(tampered.statusCode).toBe(401);
    expect(await t.app.rechargeRepository.notificationsFor(created.orderNo)).toEqual([]);
    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'awaiting_payment' });
  });

  it('credits once for 50 concurrent deliveries of one notification, replays and out-of-order events', async () => {
    const who = await newUser('concurrent');
    const created = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })).data;
    await kit.checkout(created.checkoutUrl, 'pay');
    const [delivery] = await t.app.payments.sandbox!.deliveries(created.checkoutUrl.split('/').at(-1));
    const responses = await Promise.all(Array.from({ length: 50 }, () => kit.notify(delivery!.body)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    // A late failure event for the same order, and the gateway's own retry, change nothing.
    const failed = JSON.stringify({ ...JSON.parse(delivery!.body), id: 'evt_late_failure', type: 'payment.failed' });
    expect((await kit.notify(failed)).statusCode).toBe(200);
    await kit.dispatch();
    await t.app.reconciler.reconcile({ notificationGraceMs: 0, checkEveryMs: 0 });

    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'fulfilled' });
    expect(await diamondsOf(who)).toBe(330);
    const ledger = await t.app.wallet.entriesFor(`order:${created.orderNo}`);
    expect(ledger).toHaveLength(1);
    const stored = await t.app.rechargeRepository.notificationsFor(created.orderNo);
    const paidRow = stored.find((n) => n.type === 'payment.succeeded')!;
    expect(paidRow.deliveries).toBeGreaterThanOrEqual(51);
    expect(stored.find((n) => n.eventId === 'evt_late_failure')?.outcome).toBe('stale');
  });

  it('credits a payment that arrives after a decline on the same checkout (out of order)', async () => {
    const who = await newUser('retrier');
    const created = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })).data;
    const sessionId = created.checkoutUrl.split('/').at(-1);
    const paidEvent = JSON.stringify({ id: 'evt_paid_after_fail', type: 'payment.succeeded', created: clock, data: { session: sessionId, merchantRef: created.orderNo, amountMinor: 499, currency: 'USD' } });
    const failEvent = JSON.stringify({ id: 'evt_fail_first', type: 'payment.failed', created: clock - 1, data: { session: sessionId, merchantRef: created.orderNo, amountMinor: 499, currency: 'USD' } });
    for (const payload of [failEvent, paidEvent, failEvent]) {
      await kit.notify(payload);
    }
    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'fulfilled' });
    expect(await diamondsOf(who)).toBe(330);
  });

  it('does not credit a payment whose amount differs from the order', async () => {
    const who = await newUser('mismatch');
    const created = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })).data;
    const payload = JSON.stringify({ id: 'evt_cheap', type: 'payment.succeeded', created: clock, data: { session: 'x', merchantRef: created.orderNo, amountMinor: 1, currency: 'USD' } });
    await kit.notify(payload);
    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'awaiting_payment' });
    expect(await diamondsOf(who)).toBe(0);
  });

  it('refuses a signed payment notification that states no amount or currency, and stores it refused', async () => {
    const who = await newUser('noamount');
    const created = kit.body(await kit.createOrder({ uid: who, itemId: productId, paymentMethodId: cardId })).data;
    const sessionId = created.checkoutUrl.split('/').at(-1);
    const events = [
      { id: 'evt_no_amount', data: { session: sessionId, merchantRef: created.orderNo, currency: 'USD' } },
      { id: 'evt_no_currency', data: { session: sessionId, merchantRef: created.orderNo, amountMinor: 499 } },
    ];
    for (const event of events) {
      const payload = JSON.stringify({ ...event, type: 'payment.succeeded', created: clock });
      const response = await kit.notify(payload);
      expect(response.statusCode).toBe(200);
    }
    await t.app.reconciler.reconcile({ notificationGraceMs: 0 });
    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'awaiting_payment' });
    expect(await diamondsOf(who)).toBe(0);
    const stored = await t.app.rechargeRepository.notificationsFor(created.orderNo);
    expect(stored.map((n) => [n.eventId, n.outcome]).sort()).toEqual([
      ['evt_no_amount', 'amount_missing'],
      ['evt_no_currency', 'amount_missing'],
    ]);
  });

  it('retries a delivery the merchant did not accept on a growing schedule', async () => {
    const created = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId })).data;
    await kit.checkout(created.checkoutUrl, 'pay');
    const gateway = t.app.payments.sandbox!;
    const sessionId = created.checkoutUrl.split('/').at(-1);
    const statuses = [500, 503];
    for (const status of statuses) {
      expect(await gateway.dispatchDue(async () => status)).toBe(0);
      clock += 24 * 3_600_000;
    }
    try {
      const [row] = await gateway.deliveries(sessionId);
      expect(row).toMatchObject({ attempts: 2, deliveredAt: null, lastError: 'HTTP 503' });
      expect(row!.nextAttemptAt.getTime() - (clock - 24 * 3_600_000)).toBe(t.config.sandboxRetryScheduleMs[1]);
    } finally {
      clock = Date.now() + 2 * 24 * 3_600_000;
    }
    expect(await gateway.dispatchDue(kit.deliver)).toBe(1);
    clock = Date.now();
    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'fulfilled' });
  });

  it('hands the listener its timed work: the sandbox deliveries, the reconcile, the parent notices and the account deletion sweep', () => {
    expect(t.app.jobs.map((job) => [job.name, job.everyMs])).toEqual([
      ['sandbox dispatch', 1000],
      ['top-up reconcile', t.config.RECONCILE_INTERVAL_MS],
      ['parent notices', 5 * 60_000],
      ['account deletion sweep', t.config.ACCOUNT_DELETION_SWEEP_MS],
    ]);
  });
});

describe('the reconcile job', () => {
  it('takes no grace on its first run in a process (a crash may have left notifications) and 30 s after', async () => {
    const graces: (number | undefined)[] = [];
    const job = reconcileJob(
      {
        reconcile: async (options) => {
          graces.push(options?.notificationGraceMs);
          return { applied: 0, fulfilled: 0, checked: 0 };
        },
      },
      30_000,
    );
    await job.run(undefined);
    await job.run(new Date());
    expect(graces).toEqual([0, 30_000]);
  });
});

describe.each(databaseTargets())('crash recovery on $name', (target) => {
  it('completes the credit after a restart when the process died between payment and credit', async () => {
    const database = await target.open();
    let crash = true;
    const env = { SANDBOX_CONFIRM_DELAY_MS: '0' };
    const first = await createTestApp({ database: { ...database, close: async () => undefined }, env });
    await seedCatalogue(first.app.rechargeRepository);
    const kit = rechargeKit(first);
    const who = (await first.app.accounts.createUser({ userName: 'crashy', email: 'crashy@example.com', password: 'long-password-1' })).uid;
    const catalogue = await kit.catalogue();
    // The first process "dies" right after marking the order paid: the seam throws before the credit.
    (first.app.crediting as unknown as { deps: { afterPaid: () => Promise<void> } }).deps.afterPaid = async () => {
      if (crash) throw new Error('killed');
    };
    const created = kit.body(await kit.createOrder({ uid: who, itemId: catalogue.products[0].id, paymentMethodId: catalogue.paymentMethods[0].id })).data;
    await kit.checkout(created.checkoutUrl, 'pay');
    await kit.dispatch();
    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'paid' });
    crash = false;
    await first.close();

    // A notification stored but never applied (killed between storing and applying) is finished too.
    const second = await createTestApp({ database, env });
    const kit2 = rechargeKit(second);
    const other = kit2.body(await kit2.createOrder({ uid: who, itemId: catalogue.products[0].id, paymentMethodId: catalogue.paymentMethods[0].id })).data;
    await second.app.rechargeRepository.recordNotification({
      provider: 'sandbox',
      eventId: 'evt_stored_only',
      orderNo: other.orderNo,
      type: 'payment.succeeded',
      payload: '{}',
      event: { eventId: 'evt_stored_only', orderNo: other.orderNo, reference: '', outcome: 'paid', amountMinor: 99, currency: 'USD', type: 'payment.succeeded' },
    });
    const result = await second.app.reconciler.reconcile({ notificationGraceMs: 0 });
    expect(result).toMatchObject({ applied: 1 });
    expect(await kit2.order(created.orderNo)).toMatchObject({ status: 'fulfilled' });
    expect(await kit2.order(other.orderNo)).toMatchObject({ status: 'fulfilled' });
    expect((await second.app.wallet.holdings(who)).find((h) => h.asset === 'diamonds')?.amount).toBe(120);
    await second.app.reconciler.reconcile({ notificationGraceMs: 0 });
    expect((await second.app.wallet.holdings(who)).find((h) => h.asset === 'diamonds')?.amount).toBe(120);
    const rows = await database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, other.orderNo));
    expect(rows[0]?.processedAt).not.toBeNull();
    await second.close();
  });

  it('credits an order whose notification never arrived, by asking the provider', async () => {
    const t = await createTestApp({ database: await target.open(), env: { SANDBOX_CONFIRM_DELAY_MS: '0' } });
    await seedCatalogue(t.app.rechargeRepository);
    const kit = rechargeKit(t);
    const who = (await t.app.accounts.createUser({ userName: 'lost', email: 'lost@example.com', password: 'long-password-1' })).uid;
    const catalogue = await kit.catalogue();
    const created = kit.body(await kit.createOrder({ uid: who, itemId: catalogue.products[0].id, paymentMethodId: catalogue.paymentMethods[0].id })).data;
    await kit.checkout(created.checkoutUrl, 'pay');
    // No dispatch: the notification is lost. The reconciler asks the gateway instead.
    expect((await t.app.reconciler.reconcile({ checkEveryMs: 0 })).checked).toBeGreaterThanOrEqual(1);
    expect(await kit.order(created.orderNo)).toMatchObject({ status: 'fulfilled' });
    // The late notification then changes nothing.
    await kit.dispatch();
    expect((await t.app.wallet.holdings(who)).find((h) => h.asset === 'diamonds')?.amount).toBe(60);
    await t.close();
  });
});

describe('Stripe webhook through the API (offline, signed fixture)', () => {
  it('credits a Stripe order once from its signed checkout.session.completed, and refuses a forged one', async () => {
    const webhookSecret = 'whsec_offline_route_fixture';
    const t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_offline_route', STRIPE_WEBHOOK_SECRET: webhookSecret } });
    const kit = rechargeKit(t);
    const who = (await t.app.accounts.createUser({ userName: 'striper', email: 'striper@example.com', password: 'long-password-1' })).uid;
    const order = await t.app.rechargeRepository.insertOrder({
      orderNo: 'TU-20250601-STRIPE0001',
      uid: who,
      kind: 'product',
      itemId: 1,
      contents: [{ asset: 'diamonds', quantity: 60 }],
      priceMinor: 99,
      currency: 'USD',
      paymentMethodId: 1,
      paymentMethodName: 'Card (Stripe)',
      provider: 'stripe',
      providerRef: 'cs_test_route',
      status: 'awaiting_payment',
      idempotencyKey: 'stripe-route-0000000001',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const payload = JSON.stringify({
      id: 'evt_route_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { object: 'checkout.session', id: 'cs_test_route', client_reference_id: order.orderNo, payment_status: 'paid', amount_total: 99, currency: 'usd' } },
    });
    const { default: Stripe } = await import('stripe');
    const sign = (secret: string) => new Stripe('sk_test_offline_route').webhooks.generateTestHeaderString({ payload, secret });
    const forged = await t.app.inject({ method: 'POST', url: '/v1/payment/notify/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': sign('whsec_not_ours') } });
    expect(forged.statusCode).toBe(401);
    for (let i = 0; i < 3; i++) {
      const ok = await t.app.inject({ method: 'POST', url: '/v1/payment/notify/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': sign(webhookSecret) } });
      expect(ok.statusCode).toBe(200);
    }
    expect(await kit.order(order.orderNo)).toMatchObject({ status: 'fulfilled' });
    expect(await t.app.wallet.holdings(who)).toEqual([{ asset: 'diamonds', amount: 60 }]);

    // Someone refunds the payment in Stripe's dashboard: the charge names the order (payment intent metadata).
    const refunded = JSON.stringify({
      id: 'evt_route_refund',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { object: 'charge', id: 'ch_test_route', payment_intent: 'pi_test_route', metadata: { orderNo: order.orderNo }, amount: 99, amount_refunded: 99, refunded: true, currency: 'usd' } },
    });
    const refundHeader = new Stripe('sk_test_offline_route').webhooks.generateTestHeaderString({ payload: refunded, secret: webhookSecret });
    for (let i = 0; i < 2; i++) {
      const ok = await t.app.inject({ method: 'POST', url: '/v1/payment/notify/stripe', payload: refunded, headers: { 'content-type': 'application/json', 'stripe-signature': refundHeader } });
      expect(ok.statusCode).toBe(200);
    }
    expect(await kit.order(order.orderNo)).toMatchObject({ status: 'refunded' });
    expect(await t.app.wallet.holdings(who)).toEqual([{ asset: 'diamonds', amount: 0 }]);
    expect(await t.app.auditLog.of(`order:${order.orderNo}`, 'order.refund')).toEqual([expect.objectContaining({ actorName: 'provider:stripe', after: { status: 'refunded', refundRef: 'ch_test_route' } })]);
    await t.close();
  });

  it('refuses a signed Stripe checkout.session.completed without amount_total or currency', async () => {
    const webhookSecret = 'whsec_offline_route_fixture';
    const t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_offline_route', STRIPE_WEBHOOK_SECRET: webhookSecret } });
    const kit = rechargeKit(t);
    const who = (await t.app.accounts.createUser({ userName: 'stripenoamt', email: 'stripenoamt@example.com', password: 'long-password-1' })).uid;
    const { default: Stripe } = await import('stripe');
    const stripe = new Stripe('sk_test_offline_route');
    const sessions = [
      { id: 'cs_test_no_amount', currency: 'usd' },
      { id: 'cs_test_no_currency', amount_total: 99 },
    ];
    for (const [i, session] of sessions.entries()) {
      const order = await t.app.rechargeRepository.insertOrder({
        orderNo: `TU-20250601-STRIPENA0${i}`,
        uid: who,
        kind: 'product',
        itemId: 1,
        contents: [{ asset: 'diamonds', quantity: 60 }],
        priceMinor: 99,
        currency: 'USD',
        paymentMethodId: 1,
        paymentMethodName: 'Card (Stripe)',
        provider: 'stripe',
        providerRef: session.id,
        status: 'awaiting_payment',
        idempotencyKey: `stripe-no-amount-000000${i}`,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const payload = JSON.stringify({
        id: `evt_no_amount_${i}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { object: 'checkout.session', client_reference_id: order.orderNo, payment_status: 'paid', ...session } },
      });
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const response = await t.app.inject({ method: 'POST', url: '/v1/payment/notify/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
      expect(response.statusCode).toBe(200);
      expect(await kit.order(order.orderNo)).toMatchObject({ status: 'awaiting_payment' });
      const [stored] = await t.app.rechargeRepository.notificationsFor(order.orderNo);
      expect(stored).toMatchObject({ eventId: `evt_no_amount_${i}`, outcome: 'amount_missing' });
    }
    expect(await t.app.wallet.holdings(who)).toEqual([]);
    await t.close();
  });
});
