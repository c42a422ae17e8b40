import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { databaseTargets } from '../../test/databases';
import { rechargeTestApp } from '../../test/recharge-kit';

const DAY = 86_400_000;

/** The one-time token of the last mailed link to `to`. */
function tokenIn(mails: { to: string; text: string }[], to: string): string {
  const mail = mails.filter((m) => m.to === to).at(-1);
  const token = mail?.text.match(/\/parent\?(?:confirm|token)=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no parent link mailed to ${to}`);
  return token;
}

describe.each(databaseTargets())('parents in control on $name (issue 32)', (target) => {
  let app: Awaited<ReturnType<typeof rechargeTestApp>>;
  // Mid-November, UTC: the month turns on 1 December.
  let clock = Date.parse('2026-11-20T10:00:00Z');

  beforeAll(async () => {
    app = await rechargeTestApp(await target.open(), { now: () => clock });
  });
  afterAll(() => app.t.close());

  const post = async (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) => app.kit.body(await app.t.app.inject({ method: 'POST', url, payload: app.t.sign(payload as never), headers }));
  const parentGet = async (sessionToken: string) => app.kit.body(await app.kit.get('/v1/parent/account', {}, { 'parent-token': sessionToken }));

  /** A player whose parent confirmed: answers the player, the parent's address and session. */
  async function managedPlayer(name: string) {
    const { t, kit, mails } = app;
    const player = await t.app.accounts.createUser({ userName: name, email: `${name}@example.com`, password: 'long-password-1', nickname: `Nick ${name}` });
    const headers = await kit.signIn(player.uid);
    const parentEmail = `parent-of-${name}@example.org`;
    const linked = await post('/v1/user/parent/link', { email: parentEmail, lang: 'tr' }, headers);
    expect(linked).toMatchObject({ status: 1, data: { link: { state: 'pending', since: null } } });
    const mail = mails.filter((m) => m.to === parentEmail).at(-1)!;
    // The parent's language, as the player chose it: Turkish.
    expect(mail.subject).toContain('hesabını yönetmeni istiyor');
    const session = await post('/v1/parent/confirm', { token: tokenIn(mails, parentEmail), pin: '4321' });
    expect(session.status).toBe(1);
    return { player, headers, parentEmail, sessionToken: session.data.sessionToken as string };
  }

  it('links a parent by a one-time mailed link and PIN; the player sees it masked; operators see since when; all audited', async () => {
    const { t, kit, mails } = app;
    const { player, headers, parentEmail, sessionToken } = await managedPlayer('linkee');
    // The link works once.
    const again = await post('/v1/parent/confirm', { token: tokenIn(mails, parentEmail), pin: '4321' });
    expect(again.errInfo?.code).toBe(Errors.ParentLinkInvalid);
    const view = kit.body(await kit.get('/v1/user/parent', {}, headers)).data.link;
    expect(view).toMatchObject({ state: 'active', maskedEmail: 'p•••e@e•••.org', since: clock });
    expect(JSON.stringify(view)).not.toContain(parentEmail);
    // The player cannot name another parent now.
    expect((await post('/v1/user/parent/link', { email: 'someone-else@example.org', lang: 'en' }, headers)).errInfo?.code).toBe(Errors.ParentAlreadyLinked);
    // The parent page.
    const page = await parentGet(sessionToken);
    expect(page.data).toMatchObject({ child: { uid: player.uid, nickname: 'Nick linkee' }, email: parentEmail, lang: 'tr', monthlyLimitMinor: null, giftPacksAllowed: true, spentThisMonthMinor: 0 });
    // The default catalogue's currency first: what most payers pay in.
    expect(page.data).toMatchObject({ currency: 'USD', currencies: ['USD', 'MYR'] });
    // Operators see it in the console.
    const operator = await t.app.accounts.createUser({ userName: 'parental-op', email: 'parental-op@example.com', password: 'operator-password-1', role: 'operator' });
    const [found] = kit.body(await kit.get('/v1/console/users/search', { q: String(player.uid) }, await kit.signIn(operator.uid))).data.users;
    expect(found).toMatchObject({ uid: player.uid, parentManagedSince: clock });
    const [entry] = await t.app.auditLog.of(`user:${player.uid}`, 'parent.link');
    expect(entry).toMatchObject({ actorName: 'parent', after: { parentManaged: true } });
    expect(JSON.stringify(entry)).not.toContain(parentEmail);
  });

  it('signs a parent in by a mailed link and the PIN; a wrong PIN is refused; the player’s own session opens nothing', async () => {
    const { kit, mails } = app;
    const { player, headers, parentEmail } = await managedPlayer('signer');
    expect((await post('/v1/parent/sign-in/request', { email: parentEmail })).status).toBe(1);
    // The same answer for an address that manages nothing, and no mail to it.
    expect((await post('/v1/parent/sign-in/request', { email: 'nobody-manages@example.org' })).status).toBe(1);
    expect(mails.some((m) => m.to === 'nobody-manages@example.org')).toBe(false);
    const token = tokenIn(mails, parentEmail);
    expect((await post('/v1/parent/sign-in', { token, pin: '0000' })).errInfo?.code).toBe(Errors.ParentPinWrong);
    const signedIn = await post('/v1/parent/sign-in', { token, pin: '4321' });
    expect(signedIn).toMatchObject({ status: 1, data: { uid: player.uid } });
    expect((await post('/v1/parent/sign-in', { token, pin: '4321' })).errInfo?.code).toBe(Errors.ParentLinkInvalid);
    // A player's session is not a parent's: settings and unlinking answer 10127 to it.
    const playerSession = { ...headers, 'parent-token': headers.token! };
    expect((await post('/v1/parent/settings', { monthlyLimitMinor: 100000, currency: 'USD' }, headers)).errInfo?.code).toBe(Errors.ParentSignInRequired);
    expect((await post('/v1/parent/settings', { noLimit: true }, playerSession)).errInfo?.code).toBe(Errors.ParentSignInRequired);
    expect((await post('/v1/parent/unlink', {}, playerSession)).errInfo?.code).toBe(Errors.ParentSignInRequired);
    expect(kit.body(await kit.get('/v1/user/parent', {}, headers)).data.link.state).toBe('active');
  });

  it('holds the monthly limit for every payer, tells a payer only when it lifts, notices the parent, and lifts next month', async () => {
    const { t, kit, mails, cardId, catalogue } = app;
    const { player, parentEmail, sessionToken } = await managedPlayer('limited');
    const product = (price: number) => catalogue.products.find((p: { priceMinor: number; currency: string }) => p.priceMinor === price && p.currency === 'USD').id as number;
    const set = await post('/v1/parent/settings', { monthlyLimitMinor: 1000, currency: 'USD', giftPacksAllowed: false, lang: 'en' }, { 'parent-token': sessionToken });
    expect(set.data).toMatchObject({ monthlyLimitMinor: 1000, currency: 'USD', giftPacksAllowed: false, lang: 'en' });
    const [audited] = await t.app.auditLog.of(`user:${player.uid}`, 'parent.settings');
    expect(audited).toMatchObject({ actorName: 'parent', before: { monthlyLimitMinor: null }, after: { monthlyLimitMinor: 1000, currency: 'USD', giftPacksAllowed: false } });

    // Strangers top up 4.99 twice (within the limit): credited, and the parent is told of each.
    const buy = async (price: number, address = '198.51.100.7') => kit.body(await kit.createOrder({ uid: player.uid, itemId: product(price), paymentMethodId: cardId, email: 'stranger@example.net' }, address));
    const credited: string[] = [];
    for (const address of ['198.51.100.7', '198.51.100.17']) {
      const order = await buy(499, address);
      expect(order.status).toBe(1);
      await kit.checkout(order.data.checkoutUrl, 'pay');
      await kit.dispatch();
      expect((await kit.order(order.data.orderNo)).status).toBe('fulfilled');
      credited.push(order.data.orderNo);
    }
    const notice = mails.filter((m) => m.to === parentEmail && m.text.includes(credited[0]!));
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toContain('$4.99');

    // 4.99 more would pass 10.00: refused, saying when it changes and nothing of the limit.
    const refused = kit.body(
      await t.app.inject({
        method: 'POST',
        url: '/v1/recharge/order',
        payload: t.sign({ kind: 'product', idempotencyKey: 'over-the-limit-1', returnPath: '/recharge', uid: player.uid, itemId: product(499), paymentMethodId: cardId } as never),
        remoteAddress: '198.51.100.8',
      }),
    );
    expect(refused.errInfo).toMatchObject({ code: Errors.AccountMonthlyLimitReached, params: { date: '2026-12-01' } });
    expect(JSON.stringify(refused)).not.toMatch(/1000|10\.00|998|9\.98/);
    // Gift packs are off.
    const pack = catalogue.giftPacks.find((p: { currency: string }) => p.currency === 'USD');
    const packOrder = kit.body(await kit.createOrder({ uid: player.uid, kind: 'gift_pack', itemId: pack.id, paymentMethodId: cardId }, '198.51.100.9'));
    expect(packOrder.errInfo?.code).toBe(Errors.GiftPacksNotAllowed);

    // The parent page counts what was credited.
    const page = await parentGet(sessionToken);
    expect(page.data).toMatchObject({ spentThisMonthMinor: 998, monthResetsAt: Date.parse('2026-12-01T00:00:00Z') });
    expect(page.data.ordersThisMonth.map((o: { orderNo: string }) => o.orderNo).sort()).toEqual([...credited].sort());
    expect(page.data.notices.map((n: { orderNo: string }) => n.orderNo).sort()).toEqual([...credited].sort());

    // Next month the limit allows purchases again.
    clock = Date.parse('2026-12-01T00:00:01Z');
    const next = await buy(499);
    expect(next.status).toBe(1);
    await kit.checkout(next.data.checkoutUrl, 'pay');
    await kit.dispatch();
    expect((await kit.order(next.data.orderNo)).status).toBe('fulfilled');
    // The parent's session of November is long over: a new mailed link and the PIN.
    expect((await parentGet(sessionToken)).errInfo?.code).toBe(Errors.ParentSignInRequired);
    await post('/v1/parent/sign-in/request', { email: parentEmail });
    const renewed = await post('/v1/parent/sign-in', { token: tokenIn(mails, parentEmail), pin: '4321' });
    const december = await parentGet(renewed.data.sessionToken);
    expect(december.data.spentThisMonthMinor).toBe(499);
    expect(december.data.ordersBefore.map((o: { orderNo: string }) => o.orderNo)).toContain(credited[0]);
    clock = Date.parse('2026-11-20T10:00:00Z') + 20 * DAY;
  });

  it('refunds a payment that arrives over the limit, and a limit of 0 allows nothing', async () => {
    const { kit, cardId, catalogue } = app;
    const { player, sessionToken } = await managedPlayer('racer');
    const productId = catalogue.products.find((p: { priceMinor: number; currency: string }) => p.priceMinor === 499 && p.currency === 'USD').id as number;
    await post('/v1/parent/settings', { monthlyLimitMinor: 500, currency: 'USD' }, { 'parent-token': sessionToken });
    // Two payers order before either pays: both fit at order time, only one fits when credited.
    const orders = [
      kit.body(await kit.createOrder({ uid: player.uid, itemId: productId, paymentMethodId: cardId }, '203.0.113.10')).data,
      kit.body(await kit.createOrder({ uid: player.uid, itemId: productId, paymentMethodId: cardId }, '203.0.113.11')).data,
    ];
    for (const o of orders) await kit.checkout(o.checkoutUrl, 'pay');
    await kit.dispatch();
    const states = await Promise.all(orders.map((o) => kit.order(o.orderNo)));
    expect(states.map((o) => o.status).sort()).toEqual(['fulfilled', 'refunded']);
    expect(states.find((o) => o.status === 'refunded')).toMatchObject({ reason: 'parent_limit' });

    await post('/v1/parent/settings', { monthlyLimitMinor: 0 }, { 'parent-token': sessionToken });
    expect(kit.body(await kit.createOrder({ uid: player.uid, itemId: productId, paymentMethodId: cardId }, '203.0.113.12')).errInfo?.code).toBe(Errors.AccountMonthlyLimitReached);
  });

  it('lets only the parent unlink; export and erasure hold the link, the limit and the notices', async () => {
    const { t, kit } = app;
    const { player, headers, sessionToken } = await managedPlayer('leaver');
    const archive = kit.body(await kit.get('/v1/user/data/export', {}, headers)).data.archive;
    const files = unzipSync(new Uint8Array(Buffer.from(archive, 'base64')));
    const exported = JSON.parse(strFromU8(files['parental-controls.json']!));
    expect(exported.link).toMatchObject({ uid: player.uid, email: 'parent-of-leaver@example.org', state: 'active' });
    expect(JSON.stringify(exported)).not.toMatch(/pinHash|tokenHash|\$argon2/);

    expect((await post('/v1/parent/unlink', {}, { 'parent-token': sessionToken })).data).toEqual({ unlinked: true });
    expect(kit.body(await kit.get('/v1/user/parent', {}, headers)).data.link).toBeNull();
    const [entry] = await t.app.auditLog.of(`user:${player.uid}`, 'parent.unlink');
    expect(entry).toMatchObject({ actorName: 'parent', after: { parentManaged: false } });
    // The old session is over with the link.
    expect((await parentGet(sessionToken)).errInfo?.code).toBe(Errors.ParentSignInRequired);
  });
});
