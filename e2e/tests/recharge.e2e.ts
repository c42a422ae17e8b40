import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeCataloguePath, rechargeOrderPath } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import { openPage, useBrowser, viewports } from '../support/browser';
import { DEMO_UID, OPERATOR_UID, balanceOf, gatewayAction, openShop, orderMessage, payForProduct, setSwitches, unexpectedErrors } from '../support/recharge';
import { axeViolations } from '../support/axe';
import { startServer, type RunningServer } from '../support/server-process';
import { apiClient, loginContext } from '../support/session';

const SUCCESS = 'Purchase successful! Thank you for your use and support, please return to the app to check';

describe('top-up by account ID through the sandbox gateway', () => {
  const b = useBrowser();

  it.each(Object.entries(viewports))('tops up on %s: account, method, amount, confirm, pay, inquiry, success, credited', async (_name, options) => {
    const before = await balanceOf(b.baseUrl, 'demo', 'diamonds');
    const context = await b.context(options);
    const { page, problems } = await openPage(context);
    await page.goto('/recharge');
    await page.getByRole('button', { name: 'How do I find my account ID?' }).click();
    expect(await page.getByTestId('account-help').textContent()).toContain('account ID');
    await openShop(page, '/recharge', DEMO_UID);
    expect(await page.getByTestId('account-nickname').textContent()).toBe('Nickname: Demo Player');
    expect(await page.getByText('Choose a payment method').isVisible()).toBe(true);
    const featured = await page.getByTestId('payment-method').count();
    await page.getByTestId('more-payment-methods').click();
    expect(await page.getByTestId('payment-method').count()).toBeGreaterThan(featured);
    await page.getByTestId('product').nth(1).click();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByTestId('summary-total').textContent()).toBe('$4.99');
    expect(await page.getByTestId('summary-amount').textContent()).toBe('330 Diamond');
    await page.getByTestId('pay').click();
    expect(await page.getByTestId('confirm-dialog').textContent()).toContain('10000001');
    await page.getByTestId('confirm-order').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    expect(await page.getByTestId('sandbox-amount').textContent()).toBe('$4.99');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('payOrder') ?? '{}').orderNo)).toMatch(/^TU-/);
    await gatewayAction(page, 'Pay');
    expect(new URL(page.url()).pathname).toBe('/recharge');
    expect(await orderMessage(page, 'success')).toBe(SUCCESS);
    expect(await page.evaluate(() => localStorage.getItem('payOrder'))).toBeNull();
    expect(await balanceOf(b.baseUrl, 'demo', 'diamonds')).toBe(before + 330);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it('opens the sandbox checkout page without asking for anything it lacks (no favicon request)', async () => {
    const catalogue = await apiClient(b.baseUrl).get(rechargeCataloguePath);
    const method = catalogue.paymentMethods.find((m) => m.provider === 'sandbox')!;
    const made = await apiClient(b.baseUrl).post(rechargeOrderPath, {
      body: { uid: DEMO_UID, kind: 'product', itemId: catalogue.products[0]!.id, paymentMethodId: method.id, idempotencyKey: `favicon-${Date.now().toString(36)}-abc` },
    });
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) notFound.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(made.checkoutUrl!, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Pay', exact: true }).waitFor();
    // Without an icon of its own a browser asks for /favicon.ico, which nothing serves (headless
    // Chromium never asks, so the page's declared icon is what is checked).
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? null);
    expect(icon).not.toBeNull();
    if (!icon!.startsWith('data:')) expect((await fetch(icon!)).status).toBe(200);
    expect(requested.filter((p) => p.includes('favicon'))).toEqual([]);
    expect(notFound).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it('shows a declined payment and credits nothing', async () => {
    const before = await balanceOf(b.baseUrl, 'demo', 'diamonds');
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    await openShop(page, '/recharge', DEMO_UID);
    await payForProduct(page);
    await gatewayAction(page, 'Decline');
    expect(await orderMessage(page, 'failed')).toBe('The payment was declined. Please try again or choose another payment method');
    expect(await balanceOf(b.baseUrl, 'demo', 'diamonds')).toBe(before);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });

  it('answers an unknown account ID with "This account ID does not exist"', async () => {
    const context = await b.context(viewports.phone);
    const { page, problems } = await openPage(context);
    await page.goto('/recharge');
    await page.getByTestId('account-input').fill('99999999');
    await page.getByTestId('account-confirm').click();
    expect(await page.getByTestId('account-problem').textContent()).toBe('This account ID does not exist');
    expect(await page.getByTestId('next-step').count()).toBe(0);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });

  it('sells a gift pack up to its limit, then refuses it', async () => {
    const context = await b.context(viewports.desktop);
    // Purchase counts are shown to the account's signed-in owner only (decision 0095).
    await loginContext(context, b.baseUrl, 'demo');
    const { page } = await openPage(context);
    await openShop(page, '/recharge', DEMO_UID);
    const starter = page.getByTestId('gift-pack').filter({ hasText: 'Starter Pack' });
    expect(await starter.getByTestId('gift-pack-limit').textContent()).toContain('Limit: 1');
    await starter.getByTestId('gift-pack-buy').click();
    await page.getByTestId('confirm-order').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await gatewayAction(page, 'Pay');
    expect(await orderMessage(page, 'success')).toBe('Gift pack purchased! Please return to the app to check your backpack');
    expect(await balanceOf(b.baseUrl, 'demo', 'party_hat')).toBe(1);
    await page.getByTestId('new-topup').click();
    const again = page.getByTestId('gift-pack').filter({ hasText: 'Starter Pack' });
    await again.getByText('Bought 1/1').waitFor();
    expect(await again.getByTestId('gift-pack-buy').isDisabled()).toBe(true);
    expect(await again.getByTestId('gift-pack-buy').textContent()).toBe('Limit reached');
    // The server refuses it too, whatever the page shows.
    const catalogue = await apiClient(b.baseUrl).get(rechargeCataloguePath, { query: { uid: DEMO_UID } });
    const pack = catalogue.giftPacks.find((p) => p.name.en === 'Starter Pack')!;
    const refused = apiClient(b.baseUrl).post(rechargeOrderPath, {
      body: { uid: DEMO_UID, kind: 'gift_pack', itemId: pack.id, paymentMethodId: catalogue.paymentMethods[0]!.id, idempotencyKey: `limit-${Date.now()}-abcdef` },
    });
    await expect(refused).rejects.toMatchObject({ code: Errors.GiftPackPurchaseLimitReached });
    await context.close();
  });

  it('refuses the 21st unpaid order of an account with the 10091 message', async () => {
    const catalogue = await apiClient(b.baseUrl).get(rechargeCataloguePath, { query: { uid: OPERATOR_UID } });
    for (let i = 0; i < 20; i++) {
      const made = await apiClient(b.baseUrl).post(rechargeOrderPath, {
        body: { uid: OPERATOR_UID, kind: 'product', itemId: catalogue.products[0]!.id, paymentMethodId: catalogue.paymentMethods[0]!.id, idempotencyKey: `unpaid-${i}-${Date.now()}-x` },
      });
      expect(made.status).toBe('awaiting_payment');
    }
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    await openShop(page, '/recharge', OPERATOR_UID);
    await page.getByTestId('product').first().click();
    await page.getByTestId('pay').click();
    await page.getByTestId('confirm-order').click();
    await page.getByTestId('toast').filter({ hasText: 'You have more than 20 unpaid orders' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/recharge');
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });

  it('looks up an order by its order number', async () => {
    const catalogue = await apiClient(b.baseUrl).get(rechargeCataloguePath);
    const made = await apiClient(b.baseUrl).post(rechargeOrderPath, {
      body: { uid: DEMO_UID, kind: 'product', itemId: catalogue.products[0]!.id, paymentMethodId: catalogue.paymentMethods[0]!.id, idempotencyKey: `lookup-${Date.now()}-abcd` },
    });
    const context = await b.context(viewports.phone);
    const { page } = await openPage(context);
    await page.goto('/recharge');
    await page.getByTestId('lookup-input').fill(made.orderNo);
    await page.getByTestId('lookup-submit').click();
    expect(await page.getByTestId('lookup-status').textContent()).toBe('Awaiting payment');
    await context.close();
  });

  it('blocks order creation while maintenance is on, with the banner, and resumes after', async () => {
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    await openShop(page, '/recharge', DEMO_UID);
    await page.getByTestId('product').first().click();
    await setSwitches(b.baseUrl, { paused: true });
    try {
      await page.getByTestId('pay').click();
      await page.getByTestId('confirm-order').click();
      await page.getByTestId('toast').filter({ hasText: 'Top-up is paused for maintenance' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/recharge');
      await page.reload();
      expect(await page.getByTestId('maintenance-banner').textContent()).toContain('Unpaid orders started before the maintenance will become invalid afterwards');
    } finally {
      await setSwitches(b.baseUrl, { paused: false });
    }
    await page.reload();
    await page.getByTestId('recharge-page').waitFor();
    expect(await page.getByTestId('maintenance-banner').count()).toBe(0);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });

  it('shows the iOS maintenance notice to iOS visitors while its switch is on', async () => {
    const iphone = { ...viewports.phone, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' };
    const context = await b.context(iphone);
    const { page } = await openPage(context);
    await page.goto('/recharge');
    const notice = page.getByTestId('recharge-ios-notice');
    await notice.getByText('May 20, 2025').waitFor();
    await notice.getByRole('button', { name: 'Got it' }).click();
    expect(await notice.isVisible()).toBe(false);
    await setSwitches(b.baseUrl, { iosNotice: false });
    try {
      await page.reload();
      await page.getByTestId('recharge-page').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await notice.isVisible()).toBe(false);
    } finally {
      await setSwitches(b.baseUrl, { iosNotice: true });
    }
    await context.close();
  });

  it('serves the legacy page at /oldRecharge in the production build', async () => {
    const context = await b.context(viewports.desktop);
    const { page } = await openPage(context);
    await openShop(page, '/oldRecharge', DEMO_UID);
    expect(await page.getByTestId('legacy-recharge-page').isVisible()).toBe(true);
    await context.close();
  });
});

describe('slow confirmations and the inquiry timeout', () => {
  const b = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SANDBOX_CONFIRM_DELAY_MS: '7000', RECHARGE_INQUIRY_WINDOW_MS: '5000' });
  });
  afterAll(() => server?.stop());

  it('times out, continues on confirmation, and then succeeds', async () => {
    const context = await b.context({ ...viewports.desktop, baseURL: server.baseUrl });
    const { page, problems } = await openPage(context);
    await openShop(page, '/recharge', DEMO_UID);
    await payForProduct(page);
    await gatewayAction(page, 'Pay');
    await page.getByTestId('timeout-dialog').getByText('The order inquiry timed out. Confirm to continue checking?').waitFor();
    await page.getByTestId('timeout-continue').click();
    expect(await orderMessage(page, 'success')).toBe(SUCCESS);
    expect(await balanceOf(server.baseUrl, 'demo', 'diamonds')).toBe(330);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });

  it('tells the payer to contact customer service after a second timeout', async () => {
    const context = await b.context({ ...viewports.phone, baseURL: server.baseUrl });
    const { page } = await openPage(context);
    await openShop(page, '/recharge', DEMO_UID);
    await payForProduct(page);
    await gatewayAction(page, 'Leave without paying');
    await page.getByTestId('timeout-continue').click();
    expect(await orderMessage(page, 'timeout_again')).toBe('The order inquiry timed out again. Please contact customer service in the app');
    await context.close();
  });
});

describe('a server killed between payment and credit', () => {
  const b = useBrowser();

  it('credits the payment after it restarts on the same data', async () => {
    const first = await startServer({ SANDBOX_CONFIRM_DELAY_MS: '5000', DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/vsp-e2e-crash-${Date.now()}` });
    const dataDir = first.dataDir;
    const context = await b.context({ ...viewports.desktop, baseURL: first.baseUrl });
    const { page } = await openPage(context);
    await openShop(page, '/recharge', DEMO_UID);
    await payForProduct(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sandbox/'));
    await context.close();
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));

    // The gateway notifies the address it was given, so the new process listens where the old one did.
    const second = await startServer({ SANDBOX_CONFIRM_DELAY_MS: '5000', DATA_DIR: dataDir, PORT: new URL(first.baseUrl).port });
    try {
      const deadline = Date.now() + 30_000;
      let diamonds = 0;
      while (Date.now() < deadline && diamonds === 0) {
        diamonds = await balanceOf(second.baseUrl, 'demo', 'diamonds');
        if (diamonds === 0) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(diamonds).toBe(330);
    } finally {
      await second.stop();
      const { rmSync } = await import('node:fs');
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two server starts, on fresh and on reopened data.
  });
});
