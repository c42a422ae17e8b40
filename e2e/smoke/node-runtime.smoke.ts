import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeCataloguePath, rechargeOrderPath, walletPath } from '@vsp/contract/endpoints/recharge';
import { DEMO_UID } from '../support/recharge';
import { startServer, type RunningServer } from '../support/server-process';
import { apiClient, apiLogin } from '../support/session';

/**
 * The production build on the Node that runs this test (CI runs it on Node 20 for as long as the
 * README promises Node 20; everything else runs on Node 24, decision 0138): it starts on an empty
 * folder, answers /healthz, signs a player in, and credits a sandbox top-up once paid.
 */
describe(`the production build on Node ${process.version}`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('starts, signs in and credits a sandbox top-up', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const session = await apiLogin(server.baseUrl, 'demo');
    expect(session.uid).toBe(DEMO_UID);

    const client = apiClient(server.baseUrl, session);
    const catalogue = await client.get(rechargeCataloguePath);
    const product = catalogue.products[0]!;
    const balance = async () => (await client.get(walletPath)).balances.find((b) => b.asset === product.asset)?.amount ?? 0;
    const before = await balance();
    const method = catalogue.paymentMethods.find((m) => m.provider === 'sandbox')!;
    const order = await client.post(rechargeOrderPath, {
      body: { uid: session.uid, kind: 'product', itemId: product.id, paymentMethodId: method.id, idempotencyKey: randomUUID().replaceAll('-', '') },
    });

    // The payer's button on the gateway's hosted checkout page.
    const paid = await fetch(new URL(order.checkoutUrl!, server.baseUrl), {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', lang: 'en' }),
      redirect: 'manual',
    });
    expect(paid.status).toBeLessThan(400);
    await expect.poll(async () => (await client.get(rechargeOrderPath, { query: { orderNo: order.orderNo } })).status).toBe('fulfilled');
    expect(await balance()).toBe(before + product.amount + product.bonus);
  });
});
