import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../apps/server/src/test/outbox';
import { openPage, useBrowser, viewports } from '../support/browser';
import { axeViolations } from '../support/axe';
import { gatewayAction, openShop, orderMessage, payForProduct, unexpectedErrors } from '../support/recharge';
import { SERVER_START_MS, startServer, type RunningServer } from '../support/server-process';
import { apiRegister, loginContext } from '../support/session';

/**
 * Issue 19, order history and receipts: a player tops up, finds the order in their history with its
 * steps, opens its printable receipt in English and Arabic; a payer without a session opens the same
 * receipt from the mailed link, and the order number alone opens nothing. A server of its own, so
 * the test reads its outbox.
 */
const run = Date.now().toString(36);
const PASSWORD = 'history-password-1';

describe('payers trust it (issue 19): order history, receipts, recent account IDs, pack limits', () => {
  const b = useBrowser();
  let server: RunningServer;
  let player: { uid: number; userName: string };
  const payerEmail = `payer-${run}@example.com`;

  beforeAll(async () => {
    server = await startServer();
    const registered = await apiRegister(server.baseUrl, `hist_${run}`, `hist-${run}@example.com`, PASSWORD);
    player = { uid: registered.uid, userName: registered.userName };
  }, SERVER_START_MS);
  afterAll(async () => {
    await server?.stop();
  });

  const context = (options = viewports.desktop) => b.context({ ...options, baseURL: server.baseUrl });

  let orderNo = '';

  it('tops up, sees the order in the history with its steps, and opens its receipt in en and ar', async () => {
    const ctx = await context();
    await loginContext(ctx, server.baseUrl, player.userName, PASSWORD);
    const { page, problems } = await openPage(ctx);
    await openShop(page, '/recharge', player.uid);
    await page.locator('input[type="email"]').fill(payerEmail);
    await payForProduct(page);
    await gatewayAction(page, 'Pay');
    expect(await orderMessage(page, 'success')).toMatch(/^Purchase successful/);

    await page.getByTestId('my-orders-link').click();
    await page.getByRole('heading', { name: 'My orders', level: 1 }).waitFor();
    const record = page.getByTestId('order-record').first();
    await record.waitFor();
    orderNo = (await record.getAttribute('data-order-no'))!;
    expect(orderNo).toMatch(/^TU-/);
    expect(await record.getAttribute('data-status')).toBe('fulfilled');
    expect(await record.getByTestId('order-status').textContent()).toBe('Completed');
    expect(await record.getByTestId('order-price').textContent()).toBe('$4.99');
    expect(await record.locator('[data-kind]').evaluateAll((steps) => steps.map((s) => s.getAttribute('data-kind')))).toEqual(['created', 'paid', 'fulfilled']);
    expect(await axeViolations(page)).toEqual([]);

    await record.getByTestId('open-receipt').click();
    await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
    const receipt = page.getByTestId('order-record');
    await receipt.waitFor();
    expect(await receipt.getAttribute('data-order-no')).toBe(orderNo);
    expect(await page.getByTestId('receipt-merchant').textContent()).toContain('Avatar Party Ltd.');
    expect(await page.getByTestId('receipt-support').textContent()).toContain('service@avatarparty.app');
    expect(await axeViolations(page)).toEqual([]);
    // On paper the receipt stands alone: no site header, footer or buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('site-footer').isVisible()).toBe(false);
    expect(await page.getByTestId('print-receipt').isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`/receipt?order=${orderNo}&lang=ar`);
    await page.getByRole('heading', { name: 'الإيصال', level: 1 }).waitFor();
    await page.getByTestId('order-record').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('order-status').textContent()).not.toBe('Completed');
    expect(await page.getByTestId('receipt-support').textContent()).toContain('service@avatarparty.app');
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await ctx.close();
  });

  it('opens the receipt from the mailed link without a session; the order number alone opens nothing', async () => {
    expect(orderNo).not.toBe('');
    const mail = readOutbox(`${server.dataDir}/outbox`).filter((m) => m.to.includes(payerEmail)).at(-1);
    expect(mail?.subject).toContain(orderNo);
    const link = /https?:\/\/\S+\/receipt\?order=[A-Z0-9-]+&token=[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const { pathname, search } = new URL(link!);

    const ctx = await context(viewports.phone);
    const { page, problems } = await openPage(ctx);
    await page.goto(`${pathname}${search}`);
    const receipt = page.getByTestId('order-record');
    await receipt.waitFor();
    expect(await receipt.getAttribute('data-order-no')).toBe(orderNo);
    expect(await receipt.getAttribute('data-status')).toBe('fulfilled');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/receipt?order=${orderNo}`);
    await page.getByTestId('receipt-not-found').waitFor();
    expect(await page.getByTestId('order-record').count()).toBe(0);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await ctx.close();
  });

  it('remembers a verified account ID on this device for one-tap reuse, repeats the recipient before paying, and forgets it', async () => {
    const ctx = await context(viewports.phone);
    const { page, problems } = await openPage(ctx);
    await page.goto('/recharge');
    expect(await page.getByTestId('recent-accounts').count()).toBe(0);
    await page.getByTestId('account-input').fill(String(player.uid));
    await page.getByTestId('account-confirm').click();
    await page.getByTestId('account-box').getByTestId('account-nickname').waitFor();
    expect(await page.getByTestId('account-box').getByTestId('account-avatar').textContent()).toBe('H');

    // The next visit, here the exchange page, offers it with its nickname; one tap verifies it again.
    await page.goto('/exchange');
    const remembered = page.locator(`[data-testid="recent-account"][data-uid="${player.uid}"]`);
    await remembered.waitFor();
    expect(await remembered.textContent()).toContain(player.userName);
    expect(await axeViolations(page)).toEqual([]);
    await remembered.getByTestId('recent-account-use').click();
    await page.getByTestId('account-box').getByTestId('account-nickname').waitFor();
    expect(await page.getByTestId('account-nickname').textContent()).toBe(`Nickname: ${player.userName}`);

    // The confirm step says once more who receives the currency.
    await page.goto('/recharge');
    await page.locator(`[data-testid="recent-account"][data-uid="${player.uid}"]`).getByTestId('recent-account-use').click();
    await page.getByTestId('next-step').click();
    await page.getByTestId('product').first().click();
    await page.getByTestId('pay').click();
    const recipient = page.getByTestId('confirm-dialog').getByTestId('confirm-recipient');
    await recipient.waitFor();
    expect(await recipient.textContent()).toContain(player.userName);
    expect(await recipient.textContent()).toContain(String(player.uid));
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/recharge');
    await page.locator(`[data-testid="recent-account"][data-uid="${player.uid}"]`).getByTestId('recent-account-forget').click();
    await expect.poll(() => page.getByTestId('recent-accounts').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('recentAccounts'))).toBeNull();
    await page.reload();
    expect(await page.getByTestId('recent-accounts').count()).toBe(0);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await ctx.close();
  });

  it('lets an operator give a pack a weekly limit in the console; the shop shows it with its reset and refuses a second purchase that week', async () => {
    const operatorContext = await context();
    const { page: consolePage, problems: consoleProblems } = await openPage(operatorContext);
    await consolePage.goto('/console/');
    await consolePage.getByLabel('E-mail or user name').fill('operator');
    await consolePage.getByLabel('Password').fill('demo12345');
    await consolePage.getByRole('button', { name: 'Log in' }).click();
    await consolePage.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    await consolePage.getByRole('link', { name: 'Gift campaigns' }).click();
    await consolePage.getByRole('heading', { name: 'Gift pack purchase limits' }).waitFor();
    const row = consolePage.locator('tr', { hasText: 'Starter Pack' }).filter({ hasText: '*' }).first();
    await row.getByLabel('Limit of Starter Pack', { exact: true }).fill('1');
    await row.getByLabel('Period of Starter Pack', { exact: true }).selectOption('week');
    await row.getByRole('button', { name: 'Save the limit of Starter Pack' }).click();
    await consolePage.getByText('Limit of Starter Pack saved.').waitFor();
    expect(await axeViolations(consolePage)).toEqual([]);
    expect(consoleProblems.failedRequests).toEqual([]);
    await operatorContext.close();

    const ctx = await context();
    await loginContext(ctx, server.baseUrl, player.userName, PASSWORD);
    const { page, problems } = await openPage(ctx);
    await openShop(page, '/recharge', player.uid);
    const pack = page.getByTestId('gift-pack').filter({ hasText: 'Starter Pack' });
    expect(await pack.getByTestId('gift-pack-limit').textContent()).toContain('Limit 1/week');
    expect(await pack.getByTestId('gift-pack-resets').textContent()).toMatch(/^Resets .+ \(UTC\)$/);
    await pack.getByTestId('gift-pack-buy').click();
    await page.getByTestId('confirm-order').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await gatewayAction(page, 'Pay');
    expect(await orderMessage(page, 'success')).toMatch(/^Gift pack purchased!/);

    await openShop(page, '/recharge', player.uid);
    const bought = page.getByTestId('gift-pack').filter({ hasText: 'Starter Pack' });
    await expect.poll(() => bought.getByTestId('gift-pack-buy').textContent()).toBe('Limit reached');
    expect(await bought.getByTestId('gift-pack-buy').isDisabled()).toBe(true);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await ctx.close();
  });
});
