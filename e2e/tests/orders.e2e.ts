import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../apps/server/src/test/outbox';
import { consoleAsOperator, openPage, useBrowser, viewports } from '../support/browser';
import { axeViolations } from '../support/axe';
import { gatewayAction, openShop, orderMessage, payForProduct, unexpectedErrors } from '../support/recharge';
import { advanceServerClock } from '../support/clock';
import { startServer, type RunningServer } from '../support/server-process';
import { rechargeCataloguePath, rechargeOrderPath, walletPath } from '@vsp/contract/endpoints/recharge';
import { DEMO_PASSWORD, apiClient, apiLogin, apiRegister, loginContext } from '../support/session';

/**
 * Issue 19, order history and receipts: a player tops up, finds the order in their history with its
 * steps, opens its printable receipt in English and Arabic; a payer without a session opens the same
 * receipt from the mailed link, and the order number alone opens nothing; an operator refunds it and
 * the wallet, the history and a mail say so. A server of its own, so
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
    // Its clock moves a week in the last test (decision 0135).
    server = await startServer({ TEST_CLOCK: '1' });
    const registered = await apiRegister(server.baseUrl, `hist_${run}`, `hist-${run}@example.com`, PASSWORD);
    player = { uid: registered.uid, userName: registered.userName };
  });
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
    // A signed-in payer's own address is the receipt's default, shown and changeable (issue 31).
    const receiptEmail = page.locator('input[type="email"]');
    await expect.poll(() => receiptEmail.inputValue()).toBe(`hist-${run}@example.com`);
    await receiptEmail.fill(payerEmail);
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

  it('lets an operator refund the order in the console; the player’s wallet, history (en, ar) and mail show it', async () => {
    expect(orderNo).not.toBe('');
    const session = await apiLogin(server.baseUrl, player.userName, PASSWORD);
    const diamonds = async () => (await apiClient(server.baseUrl, session).get(walletPath)).balances.find((b) => b.asset === 'diamonds')?.amount;
    const before = await diamonds();

    const { context: operator, page: consolePage, problems: consoleProblems } = await consoleAsOperator(b, DEMO_PASSWORD, { baseURL: server.baseUrl });
    await consolePage.getByRole('link', { name: 'Orders' }).click();
    await consolePage.getByLabel('Order number or account ID').fill(orderNo);
    await consolePage.getByRole('button', { name: 'Search' }).click();
    await consolePage.getByRole('button', { name: `Timeline of ${orderNo}` }).click();
    const timeline = consolePage.getByRole('region', { name: `Timeline of order ${orderNo}` });
    let asked = '';
    consolePage.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await timeline.getByRole('button', { name: 'Refund in full' }).click();
    await timeline.getByText('Refunded: the credit is reversed and the payer is told by mail.').waitFor();
    expect(asked).toContain(`Refund order ${orderNo} in full (4.99 USD)?`);
    await timeline.getByRole('row', { name: /Refunded; credit reversed/ }).waitFor();
    expect(await timeline.getByRole('row', { name: /Refunded; credit reversed/ }).textContent()).toContain('Diamond ×-330');
    // Refunded once: the button is gone, and the audit log names the operator's action.
    expect(await timeline.getByRole('button', { name: 'Refund in full' }).count()).toBe(0);
    expect(await axeViolations(consolePage)).toEqual([]);
    await consolePage.getByRole('link', { name: 'Audit log' }).click();
    await consolePage.getByRole('row', { name: new RegExp(`order\\.refund.*${orderNo}`) }).waitFor();
    expect(consoleProblems.failedRequests).toEqual([]);
    await operator.close();

    // The wallet the app reads lost what the order credited.
    expect(await diamonds()).toBe(before! - 330);
    const mail = readOutbox(`${server.dataDir}/outbox`).filter((m) => m.to.includes(payerEmail) && m.subject.includes('refund')).at(-1);
    expect(mail?.subject).toContain(orderNo);
    expect(mail?.text).toContain('$4.99 goes back to your Sandbox Card');
    // Items named as the site names them, in the language the order was placed in (issue 31).
    expect([mail?.kind, mail?.lang]).toEqual(['refund', 'en']);
    expect(mail?.plain).toContain('Diamond ×330');

    const ctx = await context(viewports.phone);
    await loginContext(ctx, server.baseUrl, player.userName, PASSWORD);
    const { page, problems } = await openPage(ctx);
    for (const [lang, status] of [
      ['en', 'Refunded'],
      ['ar', 'تم الاسترداد'],
    ] as const) {
      await page.goto(`/orders?lang=${lang}`);
      const record = page.locator(`[data-testid="order-record"][data-order-no="${orderNo}"]`);
      await record.waitFor();
      expect(await record.getAttribute('data-status')).toBe('refunded');
      expect(await record.getByTestId('order-status').textContent()).toBe(status);
      expect(await record.locator('[data-kind]').evaluateAll((steps) => steps.map((s) => s.getAttribute('data-kind')))).toEqual(['created', 'paid', 'fulfilled', 'refunded']);
      await record.getByTestId('order-refunded-note').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
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

  it('lets an operator give a pack a weekly limit in the console; the shop shows it with its reset, refuses a second purchase that week and accepts it the next', async () => {
    const { context: operatorContext, page: consolePage, problems: consoleProblems } = await consoleAsOperator(b, DEMO_PASSWORD, { baseURL: server.baseUrl });
    await consolePage.getByRole('link', { name: 'Gift campaigns' }).click();
    await consolePage.getByRole('heading', { name: 'Gift pack purchase limits' }).waitFor();
    // At 1440 px the limits table has the page's width: no sideways scroll, Period and Save in view (issue 31).
    await consolePage.setViewportSize({ width: 1440, height: 900 });
    const limitsTable = consolePage.getByTestId('pack-limits').locator('.table-wrap');
    expect(await limitsTable.evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth)).toBe(true);
    expect(await limitsTable.evaluate((wrap) => wrap.getBoundingClientRect().width)).toBeGreaterThan(700);
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

    // A week later the limit has reset: the same pack can be bought again, and then not a third time.
    await advanceServerClock(server.baseUrl, 7 * 24 * 3_600_000);
    await openShop(page, '/recharge', player.uid);
    const nextWeek = page.getByTestId('gift-pack').filter({ hasText: 'Starter Pack' });
    await expect.poll(() => nextWeek.getByTestId('gift-pack-buy').isEnabled()).toBe(true);
    expect(await nextWeek.getByTestId('gift-pack-limit').textContent()).toContain('Limit 1/week');
    await nextWeek.getByTestId('gift-pack-buy').click();
    await page.getByTestId('confirm-order').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await gatewayAction(page, 'Pay');
    expect(await orderMessage(page, 'success')).toMatch(/^Gift pack purchased!/);
    await openShop(page, '/recharge', player.uid);
    await expect.poll(() => page.getByTestId('gift-pack').filter({ hasText: 'Starter Pack' }).getByTestId('gift-pack-buy').textContent()).toBe('Limit reached');
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await ctx.close();
  });

  it('pages a history longer than a page: 20 orders and the pager in Malay on a phone, from the keyboard, mirrored in Arabic', async () => {
    const registered = await apiRegister(server.baseUrl, `pages_${run}`, `pages-${run}@example.com`, PASSWORD);
    const session = await apiLogin(server.baseUrl, registered.userName, PASSWORD);
    const catalogue = await apiClient(server.baseUrl).get(rechargeCataloguePath);
    const method = catalogue.paymentMethods.find((m) => m.provider === 'sandbox')!;
    const order = (key: string, as: typeof session) =>
      apiClient(server.baseUrl, as).post(rechargeOrderPath, {
        body: { uid: registered.uid, kind: 'product', itemId: catalogue.products[0]!.id, paymentMethodId: method.id, idempotencyKey: `pages-${run}-${key}` },
      });
    // 21 orders of the player's own: twenty (their cap of unpaid ones), which expire unpaid two hours
    // later on the server's clock, and one more.
    for (let i = 0; i < 20; i++) await order(`own-${String(i).padStart(4, '0')}`, session);
    await advanceServerClock(server.baseUrl, 2 * 3_600_000);
    await order('own-after-expiry', session);

    const phone = await b.context({ ...viewports.phone, baseURL: server.baseUrl, lang: 'ms' });
    await loginContext(phone, server.baseUrl, registered.userName, PASSWORD);
    const { page, problems } = await openPage(phone);
    await page.goto('/orders');
    const records = page.getByTestId('order-record');
    const pager = page.getByRole('navigation', { name: 'Halaman pesanan' });
    const position = pager.locator('[aria-live="polite"]');
    const previous = pager.getByRole('button', { name: 'Halaman sebelumnya' });
    const next = pager.getByRole('button', { name: 'Halaman seterusnya' });
    await pager.waitFor();
    expect(await records.count()).toBe(20);
    expect(await position.textContent()).toBe('Halaman 1 daripada 2');
    expect(await previous.isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // From the keyboard: the last page disables "next", so the focus moves to "previous" instead of the page's top.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => records.count()).toBe(1);
    expect(await position.textContent()).toBe('Halaman 2 daripada 2');
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => records.count()).toBe(20);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await phone.close();

    // Right to left: the previous page is on the right.
    const desktop = await b.context({ ...viewports.desktop, baseURL: server.baseUrl, lang: 'ar' });
    await loginContext(desktop, server.baseUrl, registered.userName, PASSWORD);
    const { page: arabic } = await openPage(desktop);
    await arabic.goto('/orders');
    const arabicPager = arabic.getByRole('navigation', { name: 'صفحات الطلبات' });
    await arabicPager.waitFor();
    const [before, after] = await Promise.all([arabicPager.getByRole('button', { name: 'الصفحة السابقة' }).boundingBox(), arabicPager.getByRole('button', { name: 'الصفحة التالية' }).boundingBox()]);
    expect(before!.x).toBeGreaterThan(after!.x);
    await desktop.close();
  });
});
