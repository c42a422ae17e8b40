import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { databaseTargets } from '../../test/databases';
import { runAdminCommand } from '../../admin-cli/admin-commands';
import { rechargeTestApp } from '../../test/recharge-kit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every text and JSON column of every table of the schema, read from the database itself. */
async function textColumns(db: Database): Promise<{ table: string; column: string }[]> {
  const result = await db.execute(
    sql`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb') order by 1, 2`,
  );
  return (result as unknown as { rows: { table: string; column: string }[] }).rows;
}

/** Where any of `needles` still appears, as `table.column: needle`. */
async function findEverywhere(db: Database, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(db)) {
    for (const needle of needles) {
      const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where position(${needle.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0`);
      if ((result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) found.push(`${table}.${column}: ${needle}`);
    }
  }
  return found;
}

describe.each(databaseTargets())('erasure leaves nothing of the person, in any column of any table, on $name (issue 28)', (target) => {
  let app: Awaited<ReturnType<typeof rechargeTestApp>>;
  let db: Database;
  let clock = Date.now();

  beforeAll(async () => {
    const database = await target.open();
    db = database.db;
    app = await rechargeTestApp(database, { now: () => clock });
  });
  afterAll(() => app.t.close());

  it('finds none of their e-mails, names or message texts after the sweep; orders they paid for others stay without the address', async () => {
    const { t, kit, cardId, productId } = app;
    const tag = randomBytes(5).toString('hex');
    const person = {
      userName: `erasee${tag}`,
      email: `erasee-${tag}@example.com`,
      nickname: `Nick ${tag}`,
      otherEmail: `other-address-${tag}@example.net`,
      receiptForFriend: `receipts-${tag}@example.org`,
      parentEmail: `their-parent-${tag}@example.org`,
      messages: [`First message ${tag} about my diamonds`, `Second message ${tag} sent from my other address`],
    };
    // Made by the admin CLI, whose audit entry names the user.
    const created = await runAdminCommand(t.app, { command: 'create-user', userName: person.userName, email: person.email, password: 'erasee-password-1', nickname: person.nickname });
    const uid = created.uid;
    const friend = await t.app.accounts.createUser({ userName: `friend${tag}`, email: `friend-${tag}@example.com`, password: 'friend-password-1', nickname: 'Friend' });
    const signedIn = await kit.signIn(uid);
    // A parent who confirmed (issue 32): the link, a limit, and a notice of the top-up below.
    const linked = await t.app.inject({ method: 'POST', url: '/v1/user/parent/link', payload: t.sign({ email: person.parentEmail, lang: 'en' }), headers: signedIn });
    expect(linked.json().status).toBe(1);
    const confirmToken = app.mails.filter((m) => m.to === person.parentEmail).at(-1)!.text.match(/confirm=([A-Za-z0-9_-]+)/)![1]!;
    const parentSession = (await t.app.inject({ method: 'POST', url: '/v1/parent/confirm', payload: t.sign({ token: confirmToken, pin: '2468' }) })).json().data.sessionToken as string;
    const limited = await t.app.inject({ method: 'POST', url: '/v1/parent/settings', payload: t.sign({ monthlyLimitMinor: 100_000, currency: 'USD' }), headers: { 'parent-token': parentSession } });
    expect(limited.json().status).toBe(1);

    const pay = async (order: { data: { checkoutUrl: string; orderNo: string } }) => {
      await kit.checkout(order.data.checkoutUrl, 'pay');
      await kit.dispatch();
      return order.data.orderNo;
    };
    // A top-up for themselves, one for a friend signed in with another receipt address, and one
    // for the friend without a session, with their own address.
    await pay(kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId, email: person.email }, undefined, signedIn)));
    const forFriend = await pay(kit.body(await kit.createOrder({ uid: friend.uid, itemId: productId, paymentMethodId: cardId, email: person.receiptForFriend }, undefined, signedIn)));
    const anonymousForFriend = await pay(kit.body(await kit.createOrder({ uid: friend.uid, itemId: productId, paymentMethodId: cardId, email: person.email }, '203.0.113.77')));
    // Customer-service messages: one with the account's address, one under another address naming the account.
    for (const [email, message] of [[person.email, person.messages[0]!], [person.otherEmail, person.messages[1]!]] as const) {
      const sent = await t.app.inject({ method: 'POST', url: '/v1/support/message', payload: t.sign({ name: person.nickname, email, uid: String(uid), topic: 'recharge', message, lang: 'en' }) });
      expect(sent.json().status).toBe(1);
    }
    // A password reset mailed to the account.
    expect((await t.app.inject({ method: 'POST', url: '/v1/user/official/password/sendResetEmail', payload: t.sign({ email: person.email }) })).json().status).toBe(1);

    const needles = [person.userName, person.email, person.nickname, person.otherEmail, person.receiptForFriend, person.parentEmail, ...person.messages];
    // The scan sees the person before the erasure (so it would see them after).
    expect((await findEverywhere(db, needles)).length).toBeGreaterThanOrEqual(needles.length);

    await t.app.inject({ method: 'POST', url: '/v1/user/deletion/request', payload: t.sign(), headers: signedIn });
    clock += 31 * DAY_MS;
    expect(await t.app.accountData.sweep()).toBe(1);

    expect(await findEverywhere(db, needles)).toEqual([]);
    // The orders they paid for the friend are kept for accounting, without the address.
    for (const orderNo of [forFriend, anonymousForFriend]) expect(await t.app.rechargeRepository.order(orderNo)).toMatchObject({ uid: friend.uid, status: 'fulfilled', email: null });
    // A refund of one of them later mails nobody (the address is gone).
    const operator = await t.app.accounts.createUser({ userName: `op${tag}`, email: `op-${tag}@example.com`, password: 'operator-password-1', role: 'operator' });
    const sentBefore = app.mails.length;
    const refunded = await t.app.inject({ method: 'POST', url: '/v1/console/orders/refund', payload: t.sign({ orderNo: forFriend }), headers: await kit.signIn(operator.uid) });
    expect(refunded.json().status).toBe(1);
    expect(app.mails.slice(sentBefore).map((m) => m.to)).not.toContain(person.receiptForFriend);
    expect(await findEverywhere(db, needles)).toEqual([]);
  });

  it("keeps a stranger's orders and addresses out of a player's history and data export", async () => {
    const { t, kit, cardId, productId } = app;
    const tag = randomBytes(5).toString('hex');
    const player = await t.app.accounts.createUser({ userName: `owner${tag}`, email: `owner-${tag}@example.com`, password: 'owner-password-1', nickname: 'Owner' });
    const headers = await kit.signIn(player.uid);
    // The owner's own order, with their own address.
    const own = kit.body(await kit.createOrder({ uid: player.uid, itemId: productId, paymentMethodId: cardId, email: `owner-${tag}@example.com` }, undefined, headers)).data.orderNo;
    // Strangers leave unpaid orders with addresses of their choosing, and one pays.
    for (let i = 0; i < 25; i += 1) expect(kit.body(await kit.createOrder({ uid: player.uid, itemId: productId, paymentMethodId: cardId, email: `spam${i}-${tag}@example.com` }, `198.51.100.${i + 1}`)).status).toBe(1);
    const gift = kit.body(await kit.createOrder({ uid: player.uid, itemId: productId, paymentMethodId: cardId, email: `generous-${tag}@example.com` }, '192.0.2.200'));
    await kit.checkout(gift.data.checkoutUrl, 'pay');
    await kit.dispatch();

    const history = kit.body(await kit.get('/v1/recharge/orders/mine', { page: 1, pageSize: 50 }, headers)).data;
    expect(history.total).toBe(2);
    expect(history.orders.map((r: { order: { orderNo: string } }) => r.order.orderNo).sort()).toEqual([own, gift.data.orderNo].sort());

    const archive = kit.body(await kit.get('/v1/user/data/export', {}, headers)).data.archive;
    const files = unzipSync(new Uint8Array(Buffer.from(archive, 'base64')));
    const orders = JSON.parse(strFromU8(files['orders.json']!)) as { orderNo: string; receiptEmail: string | null }[];
    expect(orders.map((o) => o.orderNo).sort()).toEqual([own, gift.data.orderNo].sort());
    expect(orders.find((o) => o.orderNo === own)?.receiptEmail).toBe(`owner-${tag}@example.com`);
    expect(orders.find((o) => o.orderNo === gift.data.orderNo)?.receiptEmail).toBeNull();
    const everything = Object.values(files).map((bytes) => strFromU8(bytes)).join('\n');
    expect(everything).not.toMatch(/spam\d+-|generous-/);
  });
});
