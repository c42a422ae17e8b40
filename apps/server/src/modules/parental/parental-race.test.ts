import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { Errors } from '@vsp/contract/error-codes';
import { computeSign, type Params } from '@vsp/contract/signing';
import { signSandboxPayload } from '../payments/sandbox/sandbox-signature';
import { databaseTargets, type DatabaseTarget } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rechargeTestApp } from '../../test/recharge-kit';

const apiProcessEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'api-process.ts');

const ORDERS = 50;
const PRICE = 499;
/** Ten of the fifty fit. */
const LIMIT = 10 * PRICE;

/** What the test asks of the second API process: order creation and provider notifications. */
interface SecondProcess {
  createOrder(payload: Record<string, string>, headers: Record<string, string>): Promise<{ status: number; errInfo?: { code: number } }>;
  notify(body: string, headers: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

/** Another app on the same PGlite database, in this process: PGlite is one process's database. */
async function secondApp(handle: DatabaseHandle): Promise<SecondProcess> {
  const other: TestApp = await createTestApp({ database: { ...handle, close: async () => undefined }, env: { SANDBOX_CONFIRM_DELAY_MS: '0', RECHARGE_LIMIT_PER_ADDRESS: '100000' } });
  return {
    async createOrder(payload, headers) {
      return (await other.app.inject({ method: 'POST', url: '/v1/recharge/order', payload, headers })).json();
    },
    async notify(body, headers) {
      return (await other.app.inject({ method: 'POST', url: '/v1/payment/notify/sandbox', payload: body, headers })).statusCode;
    },
    close: () => other.close(),
  };
}

/** A real second API process on the same PostgreSQL database, over HTTP. */
async function secondProcess(url: string): Promise<SecondProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', apiProcessEntry], { env: { ...process.env, DATABASE_URL: url } });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`second API process did not start: ${output}`)), 120_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`second API process ended (${code}): ${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    async createOrder(payload, headers) {
      const response = await fetch(`${base}/v1/recharge/order`, { method: 'POST', body: JSON.stringify(payload), headers: { ...headers, 'content-type': 'application/json' } });
      return (await response.json()) as { status: number; errInfo?: { code: number } };
    },
    async notify(body, headers) {
      return (await fetch(`${base}/v1/payment/notify/sandbox`, { method: 'POST', body, headers })).status;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}

/** The database a target opens, with where a second process reaches it (PostgreSQL only). */
async function openShared(target: DatabaseTarget): Promise<{ handle: DatabaseHandle; second: (handle: DatabaseHandle) => Promise<SecondProcess> }> {
  if (target.name === 'pglite') return { handle: await target.open(), second: secondApp };
  const { createFreshPostgres } = await import('../../test/databases');
  const { openDatabase } = await import('../../db/database');
  const fresh = await createFreshPostgres(process.env.DATABASE_URL!);
  const handle = await openDatabase({ databaseUrl: fresh.url, poolSize: 20 });
  return {
    handle: {
      ...handle,
      async close() {
        await handle.close();
        await fresh.drop();
      },
    },
    second: () => secondProcess(fresh.url),
  };
}

describe.each(databaseTargets())("a parent's monthly limit under 50 concurrent orders across two API processes on $name (issue 32)", (target) => {
  let app: Awaited<ReturnType<typeof rechargeTestApp>>;
  let other: SecondProcess;

  beforeAll(async () => {
    const shared = await openShared(target);
    app = await rechargeTestApp(shared.handle);
    other = await shared.second(shared.handle);
  });
  afterAll(async () => {
    await other?.close();
    await app?.t.close();
  });

  it('credits exactly up to the limit and refunds every other payment, once each', async () => {
    const { t, kit, mails, cardId, catalogue } = app;
    const productId = catalogue.products.find((p: { priceMinor: number; currency: string }) => p.priceMinor === PRICE && p.currency === 'USD').id as number;
    const contents = catalogue.products.find((p: { id: number }) => p.id === productId) as { amount: number; bonus: number };
    const player = await t.app.accounts.createUser({ userName: 'racelimited', email: 'racelimited@example.com', password: 'long-password-1', nickname: 'Race' });
    const owner = await kit.signIn(player.uid);

    // The parent links and sets the limit.
    await t.app.inject({ method: 'POST', url: '/v1/user/parent/link', payload: t.sign({ email: 'race-parent@example.org', lang: 'en' }), headers: owner });
    const token = mails.filter((m) => m.to === 'race-parent@example.org').at(-1)!.text.match(/confirm=([A-Za-z0-9_-]+)/)![1]!;
    const session = (await t.app.inject({ method: 'POST', url: '/v1/parent/confirm', payload: t.sign({ token, pin: '13579' }) })).json().data.sessionToken as string;
    const limited = await t.app.inject({ method: 'POST', url: '/v1/parent/settings', payload: t.sign({ monthlyLimitMinor: LIMIT, currency: 'USD' }), headers: { 'parent-token': session } });
    expect(limited.json().status).toBe(1);

    // Fifty orders at once: forty by strangers on this process, ten by the owner on the other.
    const sign = (params: Params) => {
      const base = { ...params, appId: 1004, timestamp: Date.now(), random: t.nextRandom() };
      return Object.fromEntries(Object.entries({ ...base, sign: computeSign(base, t.config.signSecrets.get(1004)!) }).map(([k, v]) => [k, String(v)]));
    };
    const body = (i: number) => ({ kind: 'product', idempotencyKey: `race-order-key-${String(i).padStart(4, '0')}`, returnPath: '/recharge', uid: player.uid, itemId: productId, paymentMethodId: cardId });
    const created = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) =>
        i % 5 === 4
          ? other.createOrder(sign(body(i)), owner)
          : kit.body(await t.app.inject({ method: 'POST', url: '/v1/recharge/order', payload: sign(body(i)), remoteAddress: `198.51.100.${i + 1}` })),
      ),
    );
    // None is paid yet, so none is over the limit: all fifty are made.
    expect(created.filter((c) => c.status !== 1)).toEqual([]);
    const orders = created.map((c) => (c as unknown as { data: { orderNo: string; checkoutUrl: string } }).data);

    // Every payer pays; the fifty payment notifications arrive at once, half at each process.
    for (const order of orders) await kit.checkout(order.checkoutUrl, 'pay');
    const sandbox = t.app.payments.sandbox!;
    const notices = await Promise.all(orders.map(async (o) => (await sandbox.deliveries(o.checkoutUrl.split('/').at(-1)!))[0]!.body));
    const statuses = await Promise.all(
      notices.map((payload, i) => {
        const headers = { 'content-type': 'application/json', 'sandbox-signature': signSandboxPayload(t.config.SANDBOX_SECRET, payload, Date.now()) };
        return i % 2 === 0 ? other.notify(payload, headers) : kit.notify(payload).then((r) => r.statusCode);
      }),
    );
    expect(statuses).toEqual(Array.from({ length: ORDERS }, () => 200));
    // A reconciler pass afterwards changes nothing.
    await t.app.reconciler.reconcile({ notificationGraceMs: 0, checkEveryMs: 0 });

    const after = await Promise.all(orders.map((o) => kit.order(o.orderNo)));
    const credited = after.filter((o) => o.status === 'fulfilled');
    const refunded = after.filter((o) => o.status === 'refunded');
    expect(credited).toHaveLength(LIMIT / PRICE);
    expect(refunded).toHaveLength(ORDERS - LIMIT / PRICE);
    for (const o of refunded) expect(o).toMatchObject({ reason: 'parent_limit', fulfilledAt: null });
    // Exactly ten credits reached the account, none twice, and nothing of the refunded ones.
    const [diamonds] = (await t.app.wallet.holdings(player.uid)).filter((h) => h.asset === 'diamonds');
    expect(diamonds?.amount).toBe((LIMIT / PRICE) * (contents.amount + contents.bonus));
    for (const o of refunded) expect(await t.app.wallet.entriesFor(`order:${o.orderNo}`)).toEqual([]);
    for (const o of refunded) expect(await sandbox.session(orders.find((p) => p.orderNo === o.orderNo)!.checkoutUrl.split('/').at(-1)!)).toMatchObject({ status: 'refunded' });
    // One notice per credited order, none for a refunded one; the parent page counts the limit used up.
    const page = (await t.app.inject({ method: 'GET', url: '/v1/parent/account', query: t.sign(), headers: { 'parent-token': session } })).json().data;
    expect(page.spentThisMonthMinor).toBe(LIMIT);
    expect(page.notices.map((n: { orderNo: string }) => n.orderNo).sort()).toEqual(credited.map((o) => o.orderNo).sort());
    // And the next order is refused until next month.
    const next = kit.body(await t.app.inject({ method: 'POST', url: '/v1/recharge/order', payload: sign(body(ORDERS)), remoteAddress: '203.0.113.99' }));
    expect(next.errInfo?.code).toBe(Errors.AccountMonthlyLimitReached);
  });
});
