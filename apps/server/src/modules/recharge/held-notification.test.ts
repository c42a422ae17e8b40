import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleOrderRecheckPath, consoleUncreditedOrdersPath } from '@vsp/contract/endpoints/console-operations';
import { databaseTargets } from '../../test/databases';
import type { TestApp } from '../../test/test-app';
import { rechargeTestApp, type rechargeKit } from '../../test/recharge-kit';

/**
 * Issue 31, "paid but not credited" from outside: the sandbox checkout pays while holding its
 * notification back, as a merchant's lost webhook. The order is then unheard of (awaiting payment,
 * in the operators' list), and is credited exactly once whichever finds the payment first: the
 * released notification, the reconciler's inquiry, or an operator's re-check.
 */
describe.each(databaseTargets())('a payment whose notification is held back on $name', (target) => {
  let t: TestApp;
  let kit: ReturnType<typeof rechargeKit>;
  let clock = Date.now();
  let cardId: number;
  let productId: number;
  let uid: number;
  let operator: Record<string, string>;

  beforeAll(async () => {
    ({ t, kit, cardId, productId } = await rechargeTestApp(await target.open(), { now: () => clock }));
    uid = (await t.app.accounts.createUser({ userName: 'holder', email: 'holder@example.com', password: 'holder-password-1' })).uid;
    const op = await t.app.accounts.createUser({ userName: 'held-op', email: 'held-op@example.com', password: 'held-op-password-1', role: 'operator' });
    operator = await kit.signIn(op.uid);
  });
  afterAll(() => t.close());

  const diamonds = async () => (await t.app.wallet.holdings(uid)).find((h) => h.asset === 'diamonds')?.amount ?? 0;
  const credits = async (orderNo: string) => (await t.app.wallet.entriesFor(`order:${orderNo}`)).length;
  const unheard = async () => kit.body(await kit.get(consoleUncreditedOrdersPath, {}, operator)).data.orders as { orderNo: string; status: string }[];

  /** An order paid at the sandbox checkout with its notification held back. */
  async function heldPayment() {
    const created = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId }, undefined, await kit.signIn(uid))).data;
    const paid = await kit.checkout(created.checkoutUrl, 'pay_hold');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/recharge');
    return created as { orderNo: string; checkoutUrl: string };
  }

  it('takes the money, tells the shop nothing until released, and then credits once', async () => {
    const before = await diamonds();
    const { orderNo, checkoutUrl } = await heldPayment();
    expect(await kit.dispatch()).toBe(0);
    expect(await kit.order(orderNo)).toMatchObject({ status: 'awaiting_payment' });
    expect(await diamonds()).toBe(before);
    // Operators see it among the orders the provider has said nothing about; the payer's history too.
    expect(await unheard()).toContainEqual(expect.objectContaining({ orderNo, status: 'awaiting_payment' }));
    const mine = kit.body(await kit.get('/v1/recharge/orders/mine', {}, await kit.signIn(uid))).data.orders;
    expect(mine.find((o: { order: { orderNo: string } }) => o.order.orderNo === orderNo).order.status).toBe('awaiting_payment');

    // The checkout page says the notification is held and offers to send it.
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.body).toContain('The notification to the shop is held back.');
    expect(page.body).toContain('value="release"');
    const released = await kit.checkout(checkoutUrl, 'release');
    expect(released.statusCode).toBe(303);
    expect(released.headers.location).toBe(`${checkoutUrl}?lang=en`);
    expect((await t.app.inject({ method: 'GET', url: checkoutUrl })).body).not.toContain('value="release"');

    expect(await kit.dispatch()).toBe(1);
    expect(await kit.order(orderNo)).toMatchObject({ status: 'fulfilled' });
    expect(await diamonds()).toBe(before + 330);
    expect(await credits(orderNo)).toBe(1);
    expect((await unheard()).map((o) => o.orderNo)).not.toContain(orderNo);
    expect(await kit.checkout(checkoutUrl, 'release')).toMatchObject({ statusCode: 303 });
    expect(await kit.dispatch()).toBe(0);
  });

  it('is found by the reconciler asking the provider, and the notification released later credits nothing more', async () => {
    const before = await diamonds();
    const { orderNo, checkoutUrl } = await heldPayment();
    clock += 5 * 60_000;
    await t.app.reconciler.reconcile();
    expect(await kit.order(orderNo)).toMatchObject({ status: 'fulfilled' });
    await kit.checkout(checkoutUrl, 'release');
    expect(await kit.dispatch()).toBe(1);
    expect(await diamonds()).toBe(before + 330);
    expect(await credits(orderNo)).toBe(1);
  });

  it("is found by an operator's re-check, and the notification released later credits nothing more", async () => {
    const before = await diamonds();
    const { orderNo, checkoutUrl } = await heldPayment();
    const recheck = await t.app.inject({ method: 'POST', url: consoleOrderRecheckPath, payload: t.sign({ orderNo }), headers: operator });
    expect(kit.body(recheck).data).toMatchObject({ providerState: 'paid' });
    expect(await kit.order(orderNo)).toMatchObject({ status: 'fulfilled' });
    await kit.checkout(checkoutUrl, 'release');
    expect(await kit.dispatch()).toBe(1);
    expect(await kit.order(orderNo)).toMatchObject({ status: 'fulfilled' });
    expect(await diamonds()).toBe(before + 330);
    expect(await credits(orderNo)).toBe(1);
  });
});
