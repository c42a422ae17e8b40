import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { consoleSwitchesPath, walletPath } from '@vsp/contract/endpoints/recharge';
import { apiClient, apiLogin } from './session';

/** The demo world's first account (the player "demo"), the one the top-up tests credit. */
export const DEMO_UID = 10_000_001;
export const OPERATOR_UID = 10_000_002;

export async function balanceOf(baseUrl: string, userName: string, asset: string, password?: string): Promise<number> {
  const wallet = await apiClient(baseUrl, await apiLogin(baseUrl, userName, password)).get(walletPath);
  const holdings = [...wallet.balances, ...wallet.backpack.map((b) => ({ asset: b.asset, amount: b.quantity }))];
  return holdings.find((h) => h.asset === asset)?.amount ?? 0;
}

export async function setSwitches(baseUrl: string, switches: { paused?: boolean; iosNotice?: boolean }) {
  await apiClient(baseUrl, await apiLogin(baseUrl, 'operator')).post(consoleSwitchesPath, { body: switches });
}

/** Steps 1 and 2 as a payer does them: account ID, confirm, nickname, next step, catalogue loaded. */
export async function openShop(page: Page, path: string, uid: number) {
  await page.goto(path);
  await page.getByTestId('account-input').fill(String(uid));
  await page.getByTestId('account-confirm').click();
  await page.getByTestId('account-box').getByTestId('account-nickname').waitFor();
  const next = page.getByTestId('next-step');
  if (await next.isVisible()) await next.click();
  await page.getByTestId('product').first().waitFor();
}

/** /exchange with the account verified (nickname shown), ready for a gift code. */
export async function openExchange(page: Page, uid: number) {
  await page.goto('/exchange');
  await page.getByTestId('account-input').fill(String(uid));
  await page.getByTestId('account-confirm').click();
  await page.getByTestId('account-box').getByTestId('account-nickname').waitFor();
}

/** Chooses the second amount and pays: the confirm box, then the sandbox checkout page. */
export async function payForProduct(page: Page, index = 1) {
  await page.getByTestId('product').nth(index).click();
  await page.getByTestId('pay').click();
  await page.getByTestId('confirm-order').click();
  await page.waitForURL(/\/sandbox\/checkout\//);
}

export async function gatewayAction(page: Page, action: 'Pay' | 'Decline' | 'Leave without paying') {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sandbox/'));
}

export async function orderMessage(page: Page, phase: string) {
  const progress = page.locator(`[data-testid="order-progress"][data-phase="${phase}"]`);
  await progress.waitFor();
  return (await progress.getByTestId('order-message').textContent())?.trim();
}

/** Console errors other than the browser's note on a refused request the page handles itself. */
export function unexpectedErrors(errors: readonly string[]) {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of (400|404|409|410|429|503)/.test(e));
}

export { expect };

