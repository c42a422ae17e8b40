import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import type { Params } from '@vsp/contract/signing';
import { databaseTargets } from './databases';
import { createTestApp, type TestApp } from './test-app';
import { signedBody, type UserHeaders } from './upload-client';
import { rechargeKit } from './recharge-kit';
import { seedCatalogue } from '../seed/seed-demo';

const HOUR = 3_600_000;

describe.each(databaseTargets())('console orders, wallets and campaign changes ($name)', (db) => {
  let t: TestApp;
  let kit: ReturnType<typeof rechargeKit>;
  let operator: UserHeaders & { n: number };
  let player: UserHeaders & { n: number };
  let cardId: number;
  let productId: number;


  beforeAll(async () => {
    t = await createTestApp({ database: await db.open(), env: { SANDBOX_CONFIRM_DELAY_MS: '0', RECHARGE_LIMIT_PER_ADDRESS: '100000' } });
    kit = rechargeKit(t);
    await seedCatalogue(t.app.rechargeRepository);
    const catalogue = await kit.catalogue();
    cardId = catalogue.paymentMethods.find((m: { name: string }) => m.name === 'Sandbox Card').id;
    productId = catalogue.products[1].id;
    operator = await t.signedIn('olive', 'operator');
    player = await t.signedIn('paul', 'player');
  });
  afterAll(() => t?.close());

  const headersOf = (as: UserHeaders | null) => (as ? { token: as.token, uid: as.uid } : {});
  const get = (url: string, query: Record<string, string | number> = {}, as: UserHeaders | null = operator) =>
    t.app.inject({ method: 'GET', url, query: t.sign(query), headers: headersOf(as) });
  const post = (url: string, body: Params, as: UserHeaders | null = operator) =>
    t.app.inject({ method: 'POST', url, payload: signedBody(t, body), headers: headersOf(as) });
  const latestAudit = async () => (await get('/v1/console/audit', { limit: 1 })).json().data.entries[0];
  const diamondsOf = async (uid: number) => (await t.app.wallet.holdings(uid)).find((h) => h.asset === 'diamonds')?.amount ?? 0;
  const newOrder = async () => kit.body(await kit.createOrder({ uid: player.n, itemId: productId, paymentMethodId: cardId })).data as { orderNo: string; checkoutUrl: string };

  /** Every new endpoint with a valid input: a player gets 403 and no session 401, before any validation. */
  const calls: [string, 'GET' | 'POST', Params][] = [
    ['/v1/console/orders/search', 'GET', { q: '10000001' }],
    ['/v1/console/orders/detail', 'GET', { orderNo: 'TU-20250101-AAAAAAAAAA' }],
    ['/v1/console/orders/recheck', 'POST', { orderNo: 'TU-20250101-AAAAAAAAAA' }],
    ['/v1/console/orders/refund', 'POST', { orderNo: 'TU-20250101-AAAAAAAAAA' }],
    ['/v1/console/users/wallet', 'GET', { uid: 10000001 }],
    ['/v1/console/gift/campaigns/update', 'POST', { id: 1, totalCap: 5 }],
    ['/v1/console/gift/campaigns/codes', 'POST', { id: 1, count: 1 }],
    ['/v1/console/gift/campaigns/disable', 'POST', { id: 1 }],
  ];
  it.each(calls)('%s answers 403 to a player and 401 without a session', async (url, method, input) => {
    const call = (as: UserHeaders | null) => (method === 'GET' ? get(url, input as Record<string, string | number>, as) : post(url, input, as));
    const asPlayer = await call(player);
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().errInfo.code).toBe(Errors.Forbidden);
    expect((await call(null)).statusCode).toBe(401);
  });

  it.each([
    ['/v1/console/orders/search', 'GET', { q: 'not an order!' }, 'q'],
    ['/v1/console/orders/detail', 'GET', { orderNo: 'x' }, 'orderNo'],
    ['/v1/console/orders/recheck', 'POST', {}, 'orderNo'],
    ['/v1/console/orders/refund', 'POST', { orderNo: 'tu 1' }, 'orderNo'],
    ['/v1/console/users/wallet', 'GET', { uid: 1, pageSize: 1000 }, 'pageSize'],
    ['/v1/console/gift/campaigns/update', 'POST', { id: 1, totalCap: 0 }, 'totalCap'],
    ['/v1/console/gift/campaigns/codes', 'POST', { id: 1, count: 0 }, 'count'],
    ['/v1/console/gift/campaigns/disable', 'POST', { id: 'one' }, 'id'],
  ] as [string, 'GET' | 'POST', Params, string][])('%s refuses a bad input with 40000 naming the field', async (url, method, input, field) => {
    const response = method === 'GET' ? await get(url, input as Record<string, string | number>) : await post(url, input);
    expect(response.statusCode).toBe(400);
    expect(response.json().errInfo.code).toBe(Errors.ValidationFailed);
    expect(JSON.stringify(response.json().errInfo)).toContain(field);
  });

  it('finds orders by account ID (newest first) and by order number, and shows a paid order’s timeline', async () => {
    const first = await newOrder();
    await kit.checkout(first.checkoutUrl, 'pay');
    await kit.dispatch();
    const second = await newOrder();

    const byAccount = (await get('/v1/console/orders/search', { q: String(player.n) })).json().data.orders;
    expect(byAccount.map((o: { orderNo: string }) => o.orderNo).slice(0, 2)).toEqual([second.orderNo, first.orderNo]);
    const byNumber = (await get('/v1/console/orders/search', { q: ` ${first.orderNo.toLowerCase()} ` })).json().data.orders;
    expect(byNumber).toEqual([expect.objectContaining({ orderNo: first.orderNo, status: 'fulfilled', uid: player.n })]);
    expect((await get('/v1/console/orders/search', { q: 'TU-19990101-NOPENOPENO' })).json().data.orders).toEqual([]);

    const detail = (await get('/v1/console/orders/detail', { orderNo: first.orderNo })).json().data;
    expect(detail.provider).toBe('sandbox');
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'notification', 'paid', 'credited']);
    expect(detail.timeline[0]).toMatchObject({ assets: [{ asset: 'diamonds', quantity: 330 }] });
    expect(detail.timeline[0].detail).toContain('for 4.99 USD');
    expect(detail.timeline[1].detail).toMatch(/: paid$/);
    expect(detail.timeline[3]).toMatchObject({ assets: [{ asset: 'diamonds', quantity: 330 }], detail: `to account ${player.n}` });

    const unknown = await get('/v1/console/orders/detail', { orderNo: 'TU-19990101-NOPENOPENO' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errInfo.code).toBe(Errors.OrderNotFound);
  });

  it('shows a declined order’s failure in its timeline', async () => {
    const order = await newOrder();
    await kit.checkout(order.checkoutUrl, 'decline');
    await kit.dispatch();
    const timeline = (await get('/v1/console/orders/detail', { orderNo: order.orderNo })).json().data.timeline;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'notification', 'failed']);
    expect(timeline[2]).toMatchObject({ detail: 'declined', at: timeline[1].at });
  });

  it('re-checks an order whose notification was lost: credits it once, audited, and a late notification changes nothing', async () => {
    const order = await newOrder();
    const before = await diamondsOf(player.n);
    const open = (await post('/v1/console/orders/recheck', { orderNo: order.orderNo })).json().data;
    expect(open).toMatchObject({ providerState: 'open', outcome: 'open', detail: { order: { status: 'awaiting_payment' } } });

    await kit.checkout(order.checkoutUrl, 'pay'); // the sandbox's notification is never dispatched
    const rechecked = (await post('/v1/console/orders/recheck', { orderNo: order.orderNo })).json().data;
    expect(rechecked).toMatchObject({ providerState: 'paid', outcome: 'paid', detail: { order: { status: 'fulfilled' } } });
    expect(await diamondsOf(player.n)).toBe(before + 330);
    expect(await latestAudit()).toMatchObject({
      action: 'order.recheck',
      target: `order:${order.orderNo}`,
      actorUid: operator.n,
      before: { status: 'awaiting_payment' },
      after: { status: 'fulfilled', providerState: 'paid', outcome: 'paid' },
    });

    const again = (await post('/v1/console/orders/recheck', { orderNo: order.orderNo })).json().data;
    expect(again).toMatchObject({ providerState: 'paid', outcome: 'paid' });
    await kit.dispatch();
    expect(await diamondsOf(player.n)).toBe(before + 330);
    const kinds = again.detail.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds.filter((k: string) => k === 'recheck')).toHaveLength(3);
    expect(kinds.filter((k: string) => k === 'credited')).toHaveLength(1);

    const unknown = await post('/v1/console/orders/recheck', { orderNo: 'TU-19990101-NOPENOPENO' });
    expect(unknown.json().errInfo.code).toBe(Errors.OrderNotFound);
  });

  it('pages a user’s ledger newest first next to their balances', async () => {
    const wallet = (await get('/v1/console/users/wallet', { uid: player.n, pageSize: 2 })).json().data;
    expect(wallet).toMatchObject({ uid: player.n, page: 1, pageSize: 2, total: 2 });
    expect(wallet.balances).toContainEqual({ asset: 'diamonds', amount: 660 });
    expect(wallet.ledger).toHaveLength(2);
    expect(wallet.ledger[0].id).toBeGreaterThan(wallet.ledger[1].id);
    expect(wallet.ledger[0]).toMatchObject({ asset: 'diamonds', delta: 330, reason: 'topup' });
    expect(wallet.ledger[0].reference).toMatch(/^order:TU-/);

    const page2 = (await get('/v1/console/users/wallet', { uid: player.n, pageSize: 1, page: 2 })).json().data;
    expect(page2.ledger).toEqual([wallet.ledger[1]]);
    const empty = (await get('/v1/console/users/wallet', { uid: operator.n })).json().data;
    expect(empty).toMatchObject({ ledger: [], total: 0 });
    expect(empty.balances.every((b: { amount: number }) => b.amount === 0)).toBe(true);
    expect((await get('/v1/console/users/wallet', { uid: 99_999_999 })).json().errInfo.code).toBe(Errors.NotFound);
  });

  describe('gift campaigns', () => {
    let campaignId: number;
    const redeem = (uid: number, code: string) => t.app.inject({ method: 'POST', url: '/v1/gift/redeem', payload: t.sign({ uid, code }) });

    beforeAll(async () => {
      const created = await post('/v1/console/gift/campaigns', {
        name: 'Editable',
        contents: [{ asset: 'gold_coins', quantity: 5 }],
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + HOUR).toISOString(),
        totalCap: 3,
        sharedCode: 'EDIT-ME-1',
      });
      campaignId = created.json().data.id;
      expect((await redeem(player.n, 'EDIT-ME-1')).json().status).toBe(1);
    });

    it('changes the cap and window, shows claimed and remaining, and audits before and after', async () => {
      const endsAt = new Date(Date.now() + 5 * HOUR).toISOString();
      const updated = await post('/v1/console/gift/campaigns/update', { id: campaignId, totalCap: 10, endsAt });
      expect(updated.json().data).toMatchObject({ id: campaignId, totalCap: 10, claimed: 1, remaining: 9, endsAt, disabled: false });
      expect(await latestAudit()).toMatchObject({ action: 'campaign.update', target: `campaign:${campaignId}`, before: { totalCap: 3, remaining: 2 }, after: { totalCap: 10, remaining: 9, endsAt } });
    });

    it('refuses a cap below the claims, a window ending before it starts, and an unknown campaign', async () => {
      const atClaims = await post('/v1/console/gift/campaigns/update', { id: campaignId, totalCap: 1 });
      expect(atClaims.json().data).toMatchObject({ totalCap: 1, claimed: 1, remaining: 0 });
      await post('/v1/console/gift/campaigns/update', { id: campaignId, totalCap: 10 });

      const other = await t.signedIn('cora', 'player');
      expect((await redeem(other.n, 'EDIT-ME-1')).json().status).toBe(1);
      const refused = await post('/v1/console/gift/campaigns/update', { id: campaignId, totalCap: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'totalCap', rule: 'belowClaimed' }] });

      const backwards = await post('/v1/console/gift/campaigns/update', { id: campaignId, endsAt: new Date(Date.now() - 2 * HOUR).toISOString() });
      expect(backwards.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'endsAt', rule: 'afterStart' }] });
      expect((await post('/v1/console/gift/campaigns/update', { id: 999_999, totalCap: 5 })).json().errInfo.code).toBe(Errors.NotFound);
    });

    it('generates N more unique codes for a unique-code campaign only', async () => {
      const unique = (
        await post('/v1/console/gift/campaigns', {
          name: 'More codes',
          contents: [{ asset: 'gold_coins', quantity: 1 }],
          startsAt: new Date(Date.now() - HOUR).toISOString(),
          endsAt: new Date(Date.now() + HOUR).toISOString(),
          totalCap: 100,
          uniqueCount: 2,
        })
      ).json().data;
      const grown = (await post('/v1/console/gift/campaigns/codes', { id: unique.id, count: 3 })).json().data;
      expect(grown).toMatchObject({ id: unique.id, codes: 5 });
      const codes = (await get(`/v1/gift/campaigns/${unique.id}/codes`)).json().data as { code: string }[];
      expect(new Set(codes.map((c) => c.code)).size).toBe(5);
      expect(await latestAudit()).toMatchObject({ action: 'campaign.add-codes', before: { codes: 2 }, after: { codes: 5 } });

      const shared = await post('/v1/console/gift/campaigns/codes', { id: campaignId, count: 3 });
      expect(shared.statusCode).toBe(400);
      expect(shared.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'id' }] });
    });

    it('disables a campaign: its codes then answer 280001002, audited', async () => {
      const late = await t.signedIn('lena', 'player');
      const disabled = (await post('/v1/console/gift/campaigns/disable', { id: campaignId })).json().data;
      expect(disabled).toMatchObject({ id: campaignId, disabled: true });
      expect(await latestAudit()).toMatchObject({ action: 'campaign.disable', before: { disabled: false }, after: { disabled: true } });
      const refused = await redeem(late.n, 'EDIT-ME-1');
      expect(refused.statusCode).toBe(410);
      expect(refused.json().errInfo.code).toBe(Errors.GiftPackExpired);
    });
  });
});
