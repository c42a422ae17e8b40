import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { sandboxSessions } from '../payments/sandbox/sandbox.schema';
import { users } from '../accounts/users.schema';
import { databaseTargets } from '../../test/databases';
import type { TestApp } from '../../test/test-app';
import { signedBody } from '../../test/upload-client';
import { rechargeTestApp, type rechargeKit, type SentMail } from '../../test/recharge-kit';

/** Issue 19: an operator refunds a fulfilled order in full; the ledger reverses its credit once (decision 0133). */
describe.each(databaseTargets())('refunds on $name', (target) => {
  let t: TestApp;
  let handle: DatabaseHandle;
  let kit: ReturnType<typeof rechargeKit>;
  let mails: SentMail[];
  let operator: Record<string, string>;
  let operatorUid: number;
  let player: Record<string, string>;
  let uid: number;
  let cardId: number;
  let productId: number;
  let packId: number;

  beforeAll(async () => {
    let catalogue;
    ({ t, kit, mails, catalogue, cardId, productId } = await rechargeTestApp((handle = await target.open())));
    operatorUid = (await t.app.accounts.createUser({ userName: 'refunder', email: 'refunder@example.com', password: 'long-password-9', role: 'operator' })).uid;
    operator = await kit.signIn(operatorUid);
    uid = (await t.app.accounts.createUser({ userName: 'refundee', email: 'refundee@example.com', password: 'long-password-9' })).uid;
    player = await kit.signIn(uid);
    packId = catalogue.giftPacks.find((p: { limit: number; limitPeriod: string }) => p.limit === 1 && p.limitPeriod === 'once').id;
  });
  afterAll(() => t?.close());

  const refund = (orderNo: string, as: Record<string, string> = operator) =>
    t.app.inject({ method: 'POST', url: '/v1/console/orders/refund', payload: signedBody(t, { orderNo }), headers: as });
  const holdings = async () => Object.fromEntries((await t.app.wallet.holdings(uid)).map((h) => [h.asset, h.amount]));
  const reversalsOf = async (orderNo: string) => t.app.wallet.entriesFor(`refund:${orderNo}`);

  async function fulfilledOrder(input: { kind?: 'product' | 'gift_pack'; itemId: number; email?: string }) {
    const created = kit.body(await kit.createOrder({ uid, paymentMethodId: cardId, ...input })).data;
    await kit.checkout(created.checkoutUrl, 'pay');
    await kit.dispatch();
    expect((await kit.order(created.orderNo)).status).toBe('fulfilled');
    return created.orderNo as string;
  }

  it('returns the money at the sandbox gateway, reverses the credit, marks the order refunded, mails the payer and audits it', async () => {
    const before = await holdings();
    const orderNo = await fulfilledOrder({ itemId: productId, email: 'payer@example.com' });
    expect((await holdings()).diamonds).toBe((before.diamonds ?? 0) + 330);

    const response = await refund(orderNo);
    expect(response.statusCode).toBe(200);
    const detail = kit.body(response).data;
    expect(detail.order).toMatchObject({ orderNo, status: 'refunded' });
    expect(Date.parse(detail.order.refundedAt)).toBeGreaterThan(0);
    const refunded = detail.timeline.find((e: { kind: string }) => e.kind === 'refunded');
    expect(refunded.assets).toEqual([{ asset: 'diamonds', quantity: -330 }]);
    expect(refunded.detail).toContain(`operator ${operatorUid}`);
    expect(refunded.detail).toMatch(/\(re_[0-9a-f]+\)/);

    expect((await holdings()).diamonds).toBe(before.diamonds ?? 0);
    expect((await reversalsOf(orderNo)).map((e) => [e.asset, e.delta, e.reason])).toEqual([['diamonds', -330, 'refund']]);
    // The gateway holds the payment as refunded: it would refuse a second refund of it as another payment.
    const sessionId = (await t.app.rechargeRepository.order(orderNo))!.providerRef!;
    expect((await t.app.payments.sandbox!.session(sessionId))?.status).toBe('refunded');

    const mail = mails.find((m) => m.subject.includes('refund') && m.text.includes(orderNo));
    expect(mail?.to).toBe('payer@example.com');
    expect(mail?.text).toContain('4.99');
    expect(mail?.text).toMatch(/\/receipt\?order=TU-[0-9]{8}-[A-Z0-9]{10}&token=/);

    const audit = (await t.app.auditLog.of(`order:${orderNo}`, 'order.refund'))[0];
    expect(audit).toMatchObject({ actorUid: operatorUid, before: { status: 'fulfilled' }, after: { status: 'refunded' } });

    // The payer's history and receipt say so, with the step and its time.
    const mine = kit.body(await kit.get('/v1/recharge/orders/mine', {}, player)).data;
    const record = mine.orders.find((r: { order: { orderNo: string } }) => r.order.orderNo === orderNo);
    expect(record.order.status).toBe('refunded');
    expect(record.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'paid', 'fulfilled', 'refunded']);
  });

  it('refunds once however often and however many operators ask at the same moment (50 calls)', async () => {
    const orderNo = await fulfilledOrder({ itemId: productId });
    const sent = mails.length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => refund(orderNo)));
    // One call refunded it; every other one is told the order is no longer refundable (issue 31).
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(kit.body(answers.find((a) => a.statusCode === 200)!).data.order.status).toBe('refunded');
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => kit.body(a).errInfo?.code)).toEqual(Array(49).fill(Errors.OrderNotRefundable));
    expect(await reversalsOf(orderNo)).toHaveLength(1);
    expect(await t.app.auditLog.of(`order:${orderNo}`, 'order.refund')).toHaveLength(1);
    // No e-mail on the order: the notice goes to the account's address, once.
    expect(mails.slice(sent).filter((m) => m.text.includes(orderNo)).map((m) => m.to)).toEqual(['refundee@example.com']);
    expect(kit.body(await refund(orderNo)).errInfo?.code).toBe(Errors.OrderNotRefundable);
    expect(await reversalsOf(orderNo)).toHaveLength(1);
  });

  it('lets a balance go below zero when the currency was spent, and shows it so', async () => {
    const orderNo = await fulfilledOrder({ itemId: productId });
    const spendable = (await holdings()).diamonds!;
    // The app spends currency through the same ledger.
    await t.app.wallet.grant(uid, [{ asset: 'diamonds', quantity: -spendable }], `spend:test-${orderNo}`, 'spend');
    expect((await holdings()).diamonds).toBe(0);
    expect((await refund(orderNo)).statusCode).toBe(200);
    expect((await holdings()).diamonds).toBe(-330);
    const wallet = kit.body(await kit.get('/v1/console/users/wallet', { uid }, operator)).data;
    expect(wallet.balances.find((b: { asset: string }) => b.asset === 'diamonds').amount).toBe(-330);
  });

  it('never gives a limited pack back: a refunded purchase still counts against its limit', async () => {
    const orderNo = await fulfilledOrder({ kind: 'gift_pack', itemId: packId });
    expect((await refund(orderNo)).statusCode).toBe(200);
    const again = await kit.createOrder({ uid, kind: 'gift_pack', itemId: packId, paymentMethodId: cardId });
    expect(kit.body(again).errInfo?.code).toBe(Errors.GiftPackPurchaseLimitReached);
  });

  it('refuses what is not a fulfilled order, and anyone who is not an operator, changing nothing', async () => {
    const open = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId })).data.orderNo;
    const notFulfilled = await refund(open);
    expect(notFulfilled.statusCode).toBe(409);
    expect(kit.body(notFulfilled).errInfo?.code).toBe(Errors.OrderNotRefundable);
    expect((await kit.order(open)).status).toBe('awaiting_payment');

    const unknown = await refund('TU-19990101-NOPENOPENO');
    expect(unknown.statusCode).toBe(404);
    expect(kit.body(unknown).errInfo?.code).toBe(Errors.OrderNotFound);

    const orderNo = await fulfilledOrder({ itemId: productId });
    const byPlayer = await refund(orderNo, player);
    expect(byPlayer.statusCode).toBe(403);
    expect((await kit.order(orderNo)).status).toBe('fulfilled');
    expect(await reversalsOf(orderNo)).toHaveLength(0);
  });

  it('takes a refund made at the gateway (not in the console) from its notification: reversed once, mailed, audited as the gateway’s', async () => {
    const before = await holdings();
    const orderNo = await fulfilledOrder({ itemId: productId, email: 'gateway-refund@example.com' });
    const order = (await t.app.rechargeRepository.order(orderNo))!;
    // Someone at the gateway (its dashboard, its support) returns the payment.
    const made = await t.app.payments.sandbox!.refund(order.providerRef!, order.priceMinor, order.currency);
    expect(made).toEqual({ refundId: expect.stringMatching(/^re_/) });
    expect(await kit.dispatch()).toBe(1);

    expect((await kit.order(orderNo)).status).toBe('refunded');
    expect((await holdings()).diamonds).toBe(before.diamonds ?? 0);
    expect(await reversalsOf(orderNo)).toHaveLength(1);
    expect((await t.app.rechargeRepository.order(orderNo))!.refundRef).toBe((made as { refundId: string }).refundId);
    expect(mails.filter((m) => m.to === 'gateway-refund@example.com' && m.subject.includes('refund'))).toHaveLength(1);
    const audit = await t.app.auditLog.of(`order:${orderNo}`, 'order.refund');
    expect(audit).toEqual([expect.objectContaining({ actorUid: null, actorName: 'provider:sandbox', before: { status: 'fulfilled' }, after: expect.objectContaining({ status: 'refunded' }) })]);
    const detail = kit.body(await kit.get('/v1/console/orders/detail', { orderNo }, operator)).data;
    expect(detail.timeline.find((e: { kind: string }) => e.kind === 'refunded').detail).toContain('reported by sandbox');

    // The console then has nothing left to refund (10120), and the notification again changes nothing.
    expect(kit.body(await refund(orderNo)).errInfo?.code).toBe(Errors.OrderNotRefundable);
    const [stored] = await t.app.rechargeRepository.notificationsFor(orderNo).then((rows) => rows.filter((n) => n.type === 'payment.refunded'));
    expect(stored?.outcome).toBe('refunded');
    expect(await reversalsOf(orderNo)).toHaveLength(1);
  });

  it('takes the echo of its own refund as a duplicate, and a payment notified after a refund credits nothing', async () => {
    const orderNo = await fulfilledOrder({ itemId: productId });
    expect((await refund(orderNo)).statusCode).toBe(200);
    // The gateway notifies the refund it made for the console.
    expect(await kit.dispatch()).toBe(1);
    const notes = await t.app.rechargeRepository.notificationsFor(orderNo);
    expect(notes.find((n) => n.type === 'payment.refunded')?.outcome).toBe('duplicate');
    expect(await t.app.auditLog.of(`order:${orderNo}`, 'order.refund')).toEqual([expect.objectContaining({ actorUid: operatorUid })]);

    // A payment notification delivered late (a new event for the same checkout) must not credit again.
    const order = (await t.app.rechargeRepository.order(orderNo))!;
    const late = await kit.notify({ id: `evt_late_paid_${orderNo}`, type: 'payment.succeeded', data: { session: order.providerRef!, merchantRef: orderNo, amountMinor: order.priceMinor, currency: order.currency } });
    expect(late.statusCode).toBe(200);
    expect((await kit.order(orderNo)).status).toBe('refunded');
    expect(await t.app.wallet.entriesFor(`order:${orderNo}`)).toHaveLength(1);
    expect(await reversalsOf(orderNo)).toHaveLength(1);
  });

  it('applies one refund however many notices of it arrive at once (50 copies, 50 distinct events), and answers odd ones below 500', async () => {
    const orderNo = await fulfilledOrder({ itemId: productId, email: 'crowd-refund@example.com' });
    const order = (await t.app.rechargeRepository.order(orderNo))!;
    const event = (id: string) => ({ id, type: 'payment.refunded' as const, data: { session: order.providerRef!, merchantRef: orderNo, amountMinor: order.priceMinor, currency: order.currency, refund: `re_${id}` } });
    const copy = JSON.stringify({ created: Date.now(), ...event(`same_${orderNo}`) });
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => kit.notify(copy)),
      ...Array.from({ length: 50 }, (_, i) => kit.notify(event(`distinct_${i}_${orderNo}`))),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    expect((await kit.order(orderNo)).status).toBe('refunded');
    expect(await reversalsOf(orderNo)).toHaveLength(1);
    expect(await t.app.auditLog.of(`order:${orderNo}`, 'order.refund')).toHaveLength(1);
    expect(mails.filter((m) => m.to === 'crowd-refund@example.com' && m.subject.includes('refund'))).toHaveLength(1);

    // Signed but odd: a NUL in the order number, an amount beyond any number, a huge reference.
    const odd = [
      event(`nul_${orderNo}`),
      { ...event(`nul2_${orderNo}`), data: { ...event('x').data, merchantRef: `${orderNo}\u0000` } },
      { ...event(`big_${orderNo}`), data: { ...event('x').data, refund: 'r'.repeat(100_000) } },
    ];
    for (const body of [...odd.map((e) => JSON.stringify({ created: Date.now(), ...e })), JSON.stringify({ created: Date.now(), ...event(`inf_${orderNo}`) }).replace(`"amountMinor":${order.priceMinor}`, '"amountMinor":1e999')]) {
      expect((await kit.notify(body)).statusCode).toBeLessThan(500);
    }
    expect(await reversalsOf(orderNo)).toHaveLength(1);
  });

  it('refunds a paid order not yet credited without ever crediting it, and ignores a partial refund', async () => {
    const created = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId })).data;
    const { orderNo } = created;
    const order = (await t.app.rechargeRepository.order(orderNo))!;
    const event = (id: string, amountMinor: number) => ({ id, type: 'payment.refunded' as const, data: { session: order.providerRef!, merchantRef: orderNo, amountMinor, currency: order.currency, refund: `re_${id}` } });
    // Paid, and the process stopped before crediting (the reconcile job would credit it next).
    await t.app.rechargeRepository.transition(orderNo, ['awaiting_payment'], { status: 'paid', paidAt: new Date() });

    // Part of the money returned is no refund of the order: it stays as it was, for an operator.
    expect((await kit.notify(event(`part_${orderNo}`, 100))).statusCode).toBe(200);
    expect((await kit.order(orderNo)).status).toBe('paid');
    expect((await t.app.rechargeRepository.notificationsFor(orderNo)).find((n) => n.eventId === `part_${orderNo}`)?.outcome).toBe('amount_mismatch');

    expect((await kit.notify(event(`full_${orderNo}`, order.priceMinor))).statusCode).toBe(200);
    expect((await kit.order(orderNo)).status).toBe('refunded');
    await t.app.reconciler.reconcile({ notificationGraceMs: 0 });
    expect((await kit.order(orderNo)).status).toBe('refunded');
    expect(await t.app.wallet.entriesFor(`order:${orderNo}`)).toEqual([]);
    expect(await reversalsOf(orderNo)).toEqual([]);
  });

  it('mails no refund notice to an erased account’s pseudonymous address', async () => {
    const gone = (await t.app.accounts.createUser({ userName: 'leaving', email: 'leaving@example.com', password: 'long-password-9' })).uid;
    const created = kit.body(await kit.createOrder({ uid: gone, itemId: productId, paymentMethodId: cardId })).data;
    await kit.checkout(created.checkoutUrl, 'pay');
    await kit.dispatch();
    expect((await kit.order(created.orderNo)).status).toBe('fulfilled');
    // Erased meanwhile (decision 0134): its address is now deleted-<ID>@deleted.invalid.
    await handle.db.update(users).set({ email: `deleted-${gone}@deleted.invalid`, erasedAt: new Date(), blocked: true }).where(eq(users.uid, gone));
    const sent = mails.length;
    expect((await refund(created.orderNo)).statusCode).toBe(200);
    expect((await kit.order(created.orderNo)).status).toBe('refunded');
    expect(mails.slice(sent)).toEqual([]);
  });

  it('keeps the order and the wallet unchanged when the gateway refuses the refund', async () => {
    const orderNo = await fulfilledOrder({ itemId: productId });
    // The gateway no longer holds the payment as paid (a chargeback there, say).
    const sessionId = (await t.app.rechargeRepository.order(orderNo))!.providerRef!;
    await handle.db.update(sandboxSessions).set({ status: 'declined' }).where(eq(sandboxSessions.id, sessionId));
    const before = await holdings();
    const refused = await refund(orderNo);
    expect(refused.statusCode).toBe(409);
    expect(kit.body(refused).errInfo?.code).toBe(Errors.RefundRefused);
    expect((await kit.order(orderNo)).status).toBe('fulfilled');
    expect(await holdings()).toEqual(before);
    expect(await reversalsOf(orderNo)).toHaveLength(0);
  });
});
