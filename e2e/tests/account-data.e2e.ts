import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { rechargeAccountPath, rechargeCataloguePath, rechargeOrderPath } from '@vsp/contract/endpoints/recharge';
import { axeViolations } from '../support/axe';
import { consoleAsOperator, openPage, useBrowser, viewports } from '../support/browser';
import { advanceServerClock } from '../support/clock';
import { unexpectedErrors } from '../support/recharge';
import { startServer, type RunningServer } from '../support/server-process';
import { DEMO_PASSWORD, apiClient, apiLogin, apiRegister, loginContext } from '../support/session';

/**
 * Issue 20, players own their data: a player downloads their export from the account page and it
 * holds their order; a deletion request is cancelled by signing in; a second one completes once the
 * clock has passed 30 days: the account no longer signs in, and its order remains for the operator.
 * A server of its own, because the test moves its clock (TEST_CLOCK) and runs its sweep every second.
 */
const run = Date.now().toString(36);
const PASSWORD = 'data-owner-password-1';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('players own their data (issue 20): export and account deletion', () => {
  const b = useBrowser();
  let server: RunningServer;
  let player: { uid: number; userName: string };
  let orderNo = '';

  beforeAll(async () => {
    server = await startServer({ TEST_CLOCK: '1', ACCOUNT_DELETION_SWEEP_MS: '1000' });
    const registered = await apiRegister(server.baseUrl, `owner_${run}`, `owner-${run}@example.com`, PASSWORD);
    player = { uid: registered.uid, userName: registered.userName };
    const catalogue = await apiClient(server.baseUrl).get(rechargeCataloguePath);
    const method = catalogue.paymentMethods.find((m) => m.provider === 'sandbox')!;
    // Placed by the owner signed in: a stranger's unpaid order for the account is not the owner's to export (issue 28).
    const order = await apiClient(server.baseUrl, { token: registered.token, uid: registered.uid }).post(rechargeOrderPath, {
      body: { uid: player.uid, kind: 'product', itemId: catalogue.products[0]!.id, paymentMethodId: method.id, idempotencyKey: `data-${run}-order-1` },
    });
    orderNo = order.orderNo;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Asks for the deletion on the account page and waits for its notice. */
  async function requestDeletion(page: Page) {
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-dialog');
    await dialog.getByRole('heading', { name: 'Delete your account?' }).waitFor();
    expect(await dialog.textContent()).toContain('If you sign in again before then, the deletion is cancelled.');
    await dialog.getByTestId('confirm-delete').click();
    await page.getByTestId('deletion-pending').waitFor();
  }

  async function signIn(page: Page, password = PASSWORD) {
    await page.getByLabel('E-mail or user name').fill(player.userName);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  it('downloads the export from the account page: one zip archive that holds the order; a deletion request is cancelled by signing in', async () => {
    // Signed in through the page (a stored session would be written again on every load, after the
    // test has logged out and in).
    const ctx = await b.context({ ...viewports.desktop, baseURL: server.baseUrl, acceptDownloads: true });
    const { page, problems } = await openPage(ctx);
    // No call goes out without a session (after the logout, the page shows until the guard moves on).
    page.on('response', (response) => {
      if (response.status() === 401) problems.failedRequests.push(`401 ${response.url()}`);
    });
    await page.goto('/login?redirect=%2Forders');
    await signIn(page);
    await page.getByRole('heading', { name: 'My orders', level: 1 }).waitFor();
    // The nickname in the header leads to the account page.
    await page.locator('[data-testid="account-nickname"]:visible').click();
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await page.getByTestId('delete-section').waitFor();
    // The account page leads to the order history and back (issue 31).
    await page.getByRole('link', { name: 'See my orders and receipts' }).click();
    await page.getByRole('heading', { name: 'My orders', level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-data').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^avatar-party-data-${player.uid}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const orders = JSON.parse(strFromU8(files['orders.json']!)) as { orderNo: string }[];
    expect(orders.map((o) => o.orderNo)).toEqual([orderNo]);
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ uid: player.uid, userName: player.userName });
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'sessions.json', 'ledger.json', 'gift-code-redemptions.json', 'uploads/songs.json', 'uploads/outfits.json']));
    expect(await page.getByTestId('export-status').textContent()).toBe(`Downloaded: ${download.suggestedFilename()}`);

    await requestDeletion(page);
    expect(await page.getByTestId('deletion-pending').getByRole('heading').textContent()).toMatch(/^Your account will be deleted on /);
    expect(await axeViolations(page)).toEqual([]);
    // Log out from the header; signing in again cancels the deletion.
    await page.locator('[data-testid="account-menu"]:visible').getByRole('button', { name: 'Log out' }).click();
    await page.getByTestId('login-form').waitFor();
    await signIn(page);
    // The player is told that signing in kept the account.
    await page.getByTestId('toast').filter({ hasText: 'Signing in cancelled the deletion of your account' }).waitFor();
    await page.waitForURL((url) => url.pathname !== '/login');
    if (new URL(page.url()).pathname !== '/account') await page.goto('/account');
    await page.getByTestId('delete-section').waitFor();
    expect(await page.getByTestId('deletion-pending').count()).toBe(0);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await ctx.close();
  });

  it('a second request completes after 30 days: the account no longer signs in, and the operator still finds its order', async () => {
    const ctx = await b.context({ ...viewports.desktop, baseURL: server.baseUrl });
    await loginContext(ctx, server.baseUrl, player.userName, PASSWORD);
    const { page, problems } = await openPage(ctx);
    await page.goto('/account');
    await page.getByTestId('delete-section').waitFor();
    await requestDeletion(page);
    await ctx.close();

    await advanceServerClock(server.baseUrl, 30 * DAY_MS + 60_000);
    // The sweep runs every second on this server: wait until the account is erased (blocked), asking
    // the top-up account check, since a sign-in would cancel the deletion.
    const codeOf = (call: Promise<unknown>) => call.then(() => 1, (error: unknown) => (error instanceof AppError ? error.code : 0));
    const accountCheck = () => codeOf(apiClient(server.baseUrl).get(rechargeAccountPath, { query: { uid: player.uid } }));
    await expect.poll(accountCheck, { interval: 500 }).toBe(Errors.AccountBlocked);
    expect(await codeOf(apiLogin(server.baseUrl, player.userName, PASSWORD))).toBe(Errors.UserNotRegistered);

    const guest = await b.context({ ...viewports.desktop, baseURL: server.baseUrl });
    const { page: login, problems: loginProblems } = await openPage(guest);
    await login.goto('/login');
    await signIn(login);
    await login.getByText('User not registered').first().waitFor();
    expect(new URL(login.url()).pathname).toBe('/login');
    expect(unexpectedErrors(loginProblems.consoleErrors)).toEqual([]);
    await guest.close();

    const { context, page: operator, problems: operatorProblems } = await consoleAsOperator(b, DEMO_PASSWORD, { baseURL: server.baseUrl });
    await operator.getByRole('link', { name: 'Account deletions' }).click();
    await operator.getByRole('heading', { name: 'Account deletions', level: 1 }).waitFor();
    const erased = operator.getByTestId('completed-deletions').locator(`tr[data-uid="${player.uid}"]`);
    await erased.waitFor();
    expect(await erased.textContent()).toContain(`deleted-${player.uid}`);
    expect(await operator.getByTestId('pending-deletions').locator(`tr[data-uid="${player.uid}"]`).count()).toBe(0);

    // In Users the pseudonym shows as deleted, with no way to unblock it.
    await operator.getByRole('link', { name: 'Users' }).click();
    await operator.getByPlaceholder('Account ID, user name or e-mail').fill(String(player.uid));
    await operator.getByRole('button', { name: 'Search' }).click();
    const row = operator.getByRole('row', { name: new RegExp(`deleted-${player.uid}`) });
    await row.getByText('Deleted at the player’s request').waitFor();
    // No unblock and no sessions to end; the wallet (its ledger is kept) still opens.
    expect(await row.getByRole('button', { name: /block|Revoke/i }).count()).toBe(0);
    await row.getByRole('button', { name: 'Wallet' }).waitFor();

    await operator.getByRole('link', { name: 'Orders' }).click();
    await operator.getByLabel('Order number or account ID').fill(String(player.uid));
    await operator.getByRole('button', { name: 'Search' }).click();
    await operator.getByRole('row', { name: new RegExp(orderNo) }).waitFor();
    expect(unexpectedErrors(operatorProblems.consoleErrors)).toEqual([]);
    expect([...problems.failedRequests, ...operatorProblems.failedRequests]).toEqual([]);
    await context.close();
  });
});
