import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeOrderPath } from '@vsp/contract/endpoints/recharge';
import { consoleAsOperator, openPage, useBrowser, viewports } from '../support/browser';
import { balanceOf, openShop, payForProduct, unexpectedErrors } from '../support/recharge';
import { startServer, type RunningServer } from '../support/server-process';
import { DEMO_PASSWORD, apiClient, apiRegister, loginContext } from '../support/session';

/**
 * Issue 31, "paid but not credited" shown from outside: a player pays at the sandbox checkout
 * holding its notification back (a lost webhook). Their order history says the order waits for the
 * provider's word and not to pay twice; the operators' list shows it as unheard of. Then the
 * notification is sent from the checkout page (one order), or an operator re-checks it with the
 * provider (another, whose notification is sent afterwards): each is credited exactly once.
 * Its own server, whose reconciler waits an hour between passes so it cannot credit them first.
 */
const run = Date.now().toString(36);
const PASSWORD = 'held-password-1';

describe('a payment whose notification is held back (issue 31)', () => {
  const b = useBrowser();
  let server: RunningServer;
  let player: { uid: number; userName: string };

  beforeAll(async () => {
    server = await startServer({ RECONCILE_INTERVAL_MS: '3600000', SANDBOX_CONFIRM_DELAY_MS: '0' });
    player = await apiRegister(server.baseUrl, `held_${run}`, `held-${run}@example.com`, PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Tops up as the signed-in player, paying at the checkout with the notification held back. */
  async function payHolding(page: Page): Promise<{ orderNo: string; checkoutUrl: string }> {
    await openShop(page, '/recharge', player.uid);
    await payForProduct(page);
    await page.getByText('Takes the payment but does not tell the shop yet').waitFor();
    const checkoutUrl = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Pay, hold the notification' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sandbox/'));
    await page.goto('/orders');
    const record = page.getByTestId('order-record').first();
    await record.waitFor();
    return { orderNo: (await record.getAttribute('data-order-no'))!, checkoutUrl };
  }

  /** The gateway's side: its checkout page of a held payment sends the notification now. */
  async function release(page: Page, checkoutUrl: string) {
    await page.goto(checkoutUrl);
    await page.getByText('Paid. The notification to the shop is held back.').waitFor();
    await page.getByRole('button', { name: 'Send the notification now' }).click();
    await page.getByText('This checkout is closed').waitFor();
  }

  const statusOf = async (orderNo: string) => (await apiClient(server.baseUrl).get(rechargeOrderPath, { query: { orderNo } })).status;
  const diamonds = () => balanceOf(server.baseUrl, player.userName, 'diamonds', PASSWORD);

  it('shows the order as waiting for the provider to the player and the operator, then credits it once when released or re-checked', async () => {
    const ctx = await b.context({ ...viewports.desktop, baseURL: server.baseUrl });
    await loginContext(ctx, server.baseUrl, player.userName, PASSWORD);
    const { page, problems } = await openPage(ctx);
    const before = await diamonds();

    // Paid, the shop not told: the player's history says it waits and that paying again is not needed.
    const { orderNo: released, checkoutUrl: releasedCheckout } = await payHolding(page);
    const record = page.locator(`[data-testid="order-record"][data-order-no="${released}"]`);
    expect(await record.getAttribute('data-status')).toBe('awaiting_payment');
    expect(await record.getByTestId('order-awaiting-note').textContent()).toContain('Already paid? There is no need to pay again');
    expect(await statusOf(released)).toBe('awaiting_payment');

    // The operator sees it among the orders with no word from the provider.
    const operator = await consoleAsOperator(b, DEMO_PASSWORD, { baseURL: server.baseUrl });
    const ops = operator.page;
    await ops.getByRole('link', { name: 'Orders' }).click();
    const unheard = ops.getByTestId('uncredited-orders').getByRole('row', { name: new RegExp(released) });
    await unheard.waitFor();
    expect(await unheard.textContent()).toContain('No word from the provider');

    // The payer (or whoever plays the gateway) sends the held notification from the checkout page.
    const gateway = await openPage(ctx);
    await release(gateway.page, releasedCheckout);
    await expect.poll(() => statusOf(released), { timeout: 120_000 }).toBe('fulfilled');
    await page.reload();
    await expect.poll(() => record.getAttribute('data-status')).toBe('fulfilled');
    expect(await record.getByTestId('order-awaiting-note').count()).toBe(0);
    await ops.reload();
    await ops.getByTestId('uncredited-orders').waitFor();
    await expect.poll(() => ops.getByTestId('uncredited-orders').getByRole('row', { name: new RegExp(released) }).count()).toBe(0);

    // Another held payment (a fresh tab: the shop would resume the first order), found by the
    // operator's re-check with the provider.
    const again = await b.context({ ...viewports.desktop, baseURL: server.baseUrl });
    await loginContext(again, server.baseUrl, player.userName, PASSWORD);
    const second = await openPage(again);
    const { orderNo: rechecked, checkoutUrl: recheckedCheckout } = await payHolding(second.page);
    await ops.reload();
    await ops.getByLabel('Order number or account ID').fill(rechecked);
    await ops.getByRole('button', { name: 'Search' }).click();
    await ops.getByRole('button', { name: `Timeline of ${rechecked}` }).click();
    const timeline = ops.getByRole('region', { name: `Timeline of order ${rechecked}` });
    await timeline.getByRole('button', { name: 'Re-check with the provider' }).click();
    await timeline.getByText(/^The provider says paid; result: (paid|credited)\.$/).waitFor();
    expect(await statusOf(rechecked)).toBe('fulfilled');

    // Its notification, sent late, arrives and changes nothing: each order was credited exactly once.
    const after = await diamonds();
    expect(after - before).toBeGreaterThan(0);
    expect((after - before) % 2).toBe(0);
    await release(gateway.page, recheckedCheckout);
    await timeline.getByRole('button', { name: 'Close timeline' }).click();
    const events = async () => {
      await ops.getByRole('button', { name: `Timeline of ${rechecked}` }).click();
      const rows = await ops.getByRole('region', { name: `Timeline of order ${rechecked}` }).getByRole('row').allTextContents();
      await ops.getByRole('button', { name: 'Close timeline' }).click();
      return rows;
    };
    await expect.poll(async () => (await events()).filter((row) => row.includes('Payment notification received')).length, { timeout: 120_000 }).toBe(1);
    expect((await events()).filter((row) => row.includes('Credited to the wallet'))).toHaveLength(1);
    expect(await diamonds()).toBe(after);

    expect(unexpectedErrors([...problems.consoleErrors, ...second.problems.consoleErrors])).toEqual([]);
    expect(operator.problems.consoleErrors).toEqual([]);
    await Promise.all([ctx.close(), again.close(), operator.context.close()]);
  });
});
